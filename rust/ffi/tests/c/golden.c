/* Re-encodes the golden frames through the C ABI from the same fixed values as
 * rust/wire/src/golden.rs and checks them byte for byte against rust/wire/golden/frames.txt;
 * decodes each one back (whole and byte by byte), checks that every single-bit flip is
 * rejected, and drives the device session through a handshake.
 *
 * Build (as `make test-wire` does):
 *   gcc -std=c99 -Wall -Werror -I rust/ffi/include rust/ffi/tests/c/golden.c \
 *       target/debug/libautodromo_ffi.a -lpthread -ldl -lm -o target/golden_c
 *   target/golden_c rust/wire/golden/frames.txt
 */
#include "autodromo_wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 4096

static int failures = 0;

#define CHECK(cond, ...)                                 \
    do {                                                 \
        if (!(cond)) {                                   \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                \
            fprintf(stderr, "\n");                       \
            failures++;                                  \
        }                                                \
    } while (0)

/* Builds golden message `name` into `msg`; 0 if the name is unknown. */
static int build(const char *name, AwMsg *msg) {
    memset(msg, 0, sizeof *msg);
    if (strcmp(name, "HELLO") == 0) {
        AwHello *m = &msg->payload.hello;
        msg->msg_type = AW_HELLO;
        m->major = AW_VERSION_MAJOR;
        m->minor = AW_VERSION_MINOR;
        m->schema_hash = AW_SCHEMA_HASH;
        m->nonce = 0x12345678u;
    } else if (strcmp(name, "HELLO_ACK") == 0) {
        static const uint8_t uid[AW_UID_LEN] = {0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7,
                                                0, 0, 0, 0, 0x0C, 0x0D, 0x0E, 0x0F};
        AwHelloAck *m = &msg->payload.hello_ack;
        msg->msg_type = AW_HELLO_ACK;
        m->major = AW_VERSION_MAJOR;
        m->minor = AW_VERSION_MINOR;
        m->schema_hash = AW_SCHEMA_HASH;
        m->nonce = 0x12345678u;
        m->kind = AW_KIND_TRACK;
        memcpy(m->uid, uid, sizeof uid);
        m->fw_version = 0x0102;
        m->boot_id = 0xDEADBEEFu;
        m->input_base = 65535;
        m->caps.max_frame = 1024;
        m->caps.rx_window = 2048;
        m->caps.led_count = 300;
        m->caps.led_formats = 3;
        m->caps.outputs = 0;
        m->caps.inputs = 2;
    } else if (strcmp(name, "CONFIG") == 0) {
        msg->msg_type = AW_CONFIG;
        msg->payload.config.failsafe_ms = 1000;
        msg->payload.config.brightness = 128;
        msg->payload.config.status_interval_ms = 250;
    } else if (strcmp(name, "HEARTBEAT") == 0) {
        msg->msg_type = AW_HEARTBEAT;
        msg->payload.heartbeat.host_ms = 123456;
    } else if (strcmp(name, "STATUS") == 0) {
        AwStatus *m = &msg->payload.status;
        msg->msg_type = AW_STATUS;
        m->uptime_ms = 3600000;
        m->boot_id = 0xDEADBEEFu;
        m->rx_ok = 1000;
        m->crc_err = 3;
        m->cobs_err = 2;
        m->overflow = 1;
        m->bad_payload = 0;
        m->shown_frame_id = 7;
        m->state_id = 42;
        m->palette_id = 3;
        m->failsafe = 0;
        m->inputs = 5;
        m->encoder = -3;
    } else if (strcmp(name, "HELLO_PART") == 0) {
        static const uint8_t data[4] = {0x00, 0x01, 0xFF, 0x80};
        AwHelloPart *m = &msg->payload.hello_part;
        msg->msg_type = AW_HELLO_PART;
        m->check = 0xBEEF;
        m->total = 52;
        m->offset = 48;
        m->len = 4;
        memcpy(m->data, data, sizeof data);
    } else if (strcmp(name, "DASH_STATE") == 0) {
        AwDashState *m = &msg->payload.dash_state;
        msg->msg_type = AW_DASH_STATE;
        m->state_id = 42;
        m->speed = 180;
        m->turn_pins = 3;
        m->temperature = 5;
        m->engine = 4;
        m->brakes = 2;
        m->tyres = 0;
        m->switches = 0x0101;
        m->pace = 2;
        m->lamps = 0x80000001u;
    } else if (strcmp(name, "LED_PALETTE") == 0) {
        static const uint8_t colors[4][3] = {{0, 0, 0}, {255, 0, 0}, {0, 128, 255}, {255, 255, 255}};
        AwLedPalette *m = &msg->payload.led_palette;
        msg->msg_type = AW_LED_PALETTE;
        m->palette_id = 3;
        m->size = 22;
        m->first = 18;
        m->count = 4;
        memcpy(m->colors, colors, sizeof colors);
    } else if (strcmp(name, "LED_KEY") == 0) {
        static const uint8_t data[12] = {255, 0, 0, 0, 255, 0, 0, 0, 255, 16, 32, 48};
        AwLedKey *m = &msg->payload.led_key;
        msg->msg_type = AW_LED_KEY;
        m->frame_id = 7;
        m->format = AW_FORMAT_RGB888;
        m->led_count = 300;
        m->offset = 296;
        m->len = 12;
        memcpy(m->data, data, sizeof data);
    } else if (strcmp(name, "LED_DELTA") == 0) {
        AwLedDelta *m = &msg->payload.led_delta;
        msg->msg_type = AW_LED_DELTA;
        m->frame_id = 8;
        m->base_id = 7;
        m->count = 3;
        m->runs[0].start = 0;
        m->runs[0].len = 1;
        m->runs[0].value = 0xFF0000u;
        m->runs[1].start = 120;
        m->runs[1].len = 5;
        m->runs[1].value = 0x0080FFu;
        m->runs[2].start = 299;
        m->runs[2].len = 1;
        m->runs[2].value = 0;
    } else if (strcmp(name, "FRAME_SHOWN") == 0) {
        msg->msg_type = AW_FRAME_SHOWN;
        msg->payload.frame_shown.frame_id = 7;
        msg->payload.frame_shown.ack_seq = 65535;
        msg->payload.frame_shown.ack_bits = 0x80000005u;
        msg->payload.frame_shown.shown = 1;
        msg->payload.frame_shown.show_us = 9000;
    } else if (strcmp(name, "INPUT_EVENT") == 0) {
        msg->msg_type = AW_INPUT_EVENT;
        msg->payload.input_event.ev_seq = 65535;
        msg->payload.input_event.t_ms = 5000;
        msg->payload.input_event.control = 2;
        msg->payload.input_event.kind = AW_INPUT_TURN;
        msg->payload.input_event.value = -2;
    } else if (strcmp(name, "ACK_INPUT") == 0) {
        msg->msg_type = AW_ACK_INPUT;
        msg->payload.ack_input.upto = 65535;
    } else if (strcmp(name, "NACK") == 0) {
        msg->msg_type = AW_NACK;
        msg->payload.nack.ref_seq = 300;
        msg->payload.nack.code = AW_NACK_NEED_KEYFRAME;
    } else {
        return 0;
    }
    return 1;
}

/* The typed encoder of a message (each `aw_encode_*` is exercised once). */
static int32_t encode_typed(const AwMsg *msg, uint16_t seq, uint8_t *out, size_t len) {
    const AwPayload *p = &msg->payload;
    switch (msg->msg_type) {
    case AW_HELLO: return aw_encode_hello(&p->hello, seq, out, len);
    case AW_HELLO_ACK: return aw_encode_hello_ack(&p->hello_ack, seq, out, len);
    case AW_CONFIG: return aw_encode_config(&p->config, seq, out, len);
    case AW_HEARTBEAT: return aw_encode_heartbeat(&p->heartbeat, seq, out, len);
    case AW_STATUS: return aw_encode_status(&p->status, seq, out, len);
    case AW_HELLO_PART: return aw_encode_hello_part(&p->hello_part, seq, out, len);
    case AW_DASH_STATE: return aw_encode_dash_state(&p->dash_state, seq, out, len);
    case AW_LED_PALETTE: return aw_encode_led_palette(&p->led_palette, seq, out, len);
    case AW_LED_KEY: return aw_encode_led_key(&p->led_key, seq, out, len);
    case AW_LED_DELTA: return aw_encode_led_delta(&p->led_delta, seq, out, len);
    case AW_FRAME_SHOWN: return aw_encode_frame_shown(&p->frame_shown, seq, out, len);
    case AW_INPUT_EVENT: return aw_encode_input_event(&p->input_event, seq, out, len);
    case AW_ACK_INPUT: return aw_encode_ack_input(&p->ack_input, seq, out, len);
    case AW_NACK: return aw_encode_nack(&p->nack, seq, out, len);
    default: return AW_ERR_UNKNOWN_TYPE;
    }
}

static size_t unhex(const char *hex, uint8_t *out, size_t cap) {
    size_t n = 0;
    while (hex[0] && hex[1] && n < cap) {
        unsigned int b;
        if (sscanf(hex, "%2x", &b) != 1) break;
        out[n++] = (uint8_t)b;
        hex += 2;
    }
    return n;
}

/* Feeds bytes to a fresh decoder (after a delimiter); returns the number of frames accepted. */
static int accepted(const uint8_t *bytes, size_t len, AwMsg *last) {
    AwDecoder *dec = aw_decoder_new();
    uint16_t seq;
    int frames = 0;
    size_t i;
    aw_decoder_feed(dec, 0, last, &seq);
    for (i = 0; i < len; i++) {
        if (aw_decoder_feed(dec, bytes[i], last, &seq) == 1) frames++;
    }
    if (aw_decoder_feed(dec, 0, last, &seq) == 1) frames++;
    aw_decoder_free(dec);
    return frames;
}

static void check_frame(const char *name, unsigned seq, const uint8_t *wire, size_t n) {
    static AwMsg msg, decoded, again;
    static uint8_t out[AW_MAX_WIRE], flipped[AW_MAX_WIRE];
    uint16_t got_seq = 0;
    int32_t len;
    size_t bit;

    CHECK(build(name, &msg), "%s: no fixed value", name);
    len = encode_typed(&msg, (uint16_t)seq, out, sizeof out);
    CHECK(len == (int32_t)n && memcmp(out, wire, n) == 0, "%s: typed encoding differs (%d bytes)", name, (int)len);
    len = aw_encode(&msg, (uint16_t)seq, out, sizeof out);
    CHECK(len == (int32_t)n && memcmp(out, wire, n) == 0, "%s: aw_encode differs", name);
    CHECK(aw_encode(&msg, (uint16_t)seq, out, n - 1) == AW_ERR_BUFFER_TOO_SMALL, "%s: short buffer", name);

    CHECK(aw_decode_frame(wire, n, &decoded, &got_seq) == 0, "%s: does not decode", name);
    CHECK(got_seq == seq && decoded.msg_type == msg.msg_type, "%s: wrong seq or type", name);
    len = aw_encode(&decoded, got_seq, out, sizeof out);
    CHECK(len == (int32_t)n && memcmp(out, wire, n) == 0, "%s: decode then encode differs", name);

    CHECK(accepted(wire, n, &again) == 1, "%s: byte-by-byte decoding", name);
    len = aw_encode(&again, (uint16_t)seq, out, sizeof out);
    CHECK(len == (int32_t)n && memcmp(out, wire, n) == 0, "%s: fed frame re-encodes differently", name);

    for (bit = 0; bit < n * 8; bit++) {
        memcpy(flipped, wire, n);
        flipped[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        CHECK(accepted(flipped, n, &again) == 0, "%s: flip of bit %u accepted", name, (unsigned)bit);
    }
}

static void check_device(void) {
    AwDeviceInfo info;
    AwDevice *dev;
    AwDeviceEvent ev;
    AwMsg hello, msg;
    static uint8_t wire[AW_MAX_WIRE], out[4 * AW_MAX_WIRE];
    int32_t n, i, events = 0, acks = 0;
    uint16_t seq;
    AwDecoder *dec;

    memset(&info, 0, sizeof info);
    info.kind = AW_KIND_DASHBOARD;
    info.boot_id = 77;
    info.caps.max_frame = 256;
    info.caps.inputs = 4;
    dev = aw_device_new(&info);
    CHECK(dev != NULL, "aw_device_new");
    CHECK(aw_device_in_failsafe(dev) == 1, "failsafe before any host frame");

    build("HELLO", &hello);
    n = aw_encode(&hello, 1, wire, sizeof wire);
    CHECK(aw_device_receive(dev, wire, (size_t)n, 10) == 0, "receive");
    CHECK(aw_device_in_failsafe(dev) == 0, "a valid frame ends the failsafe");
    while (aw_device_poll_event(dev, &ev) == 1) events++;
    CHECK(events == 2, "Restored and Linked events, got %d", (int)events);

    CHECK(aw_device_push_input(dev, 1, AW_INPUT_PRESS, 0, 11) == 0, "first input event is seq 0");
    n = aw_device_poll_transmit(dev, 12, out, sizeof out);
    CHECK(n > 0, "device transmits");
    dec = aw_decoder_new();
    for (i = 0; i < n; i++) {
        if (aw_decoder_feed(dec, out[i], &msg, &seq) == 1 && msg.msg_type == AW_HELLO_ACK &&
            msg.payload.hello_ack.nonce == 0x12345678u) {
            acks++;
        }
    }
    aw_decoder_free(dec);
    CHECK(acks == 1, "one HELLO_ACK answering the nonce");

    CHECK(aw_device_tick(dev, 1009) == 0 && aw_device_in_failsafe(dev) == 0, "no failsafe at 999 ms");
    CHECK(aw_device_tick(dev, 1010) == 0 && aw_device_in_failsafe(dev) == 1, "failsafe at 1000 ms");
    CHECK(aw_device_frame_shown(dev, 5, 0, 1011) == AW_ERR_STATE, "no frame waiting");

    /* Every pointer is checked. */
    CHECK(aw_device_receive(NULL, wire, 1, 0) == AW_ERR_NULL, "null device");
    CHECK(aw_device_receive(dev, NULL, 1, 0) == AW_ERR_NULL, "null bytes");
    CHECK(aw_device_poll_event(dev, NULL) == AW_ERR_NULL, "null event");
    CHECK(aw_encode(NULL, 0, out, sizeof out) == AW_ERR_NULL, "null message");
    CHECK(aw_encode(&hello, 0, NULL, 10) == AW_ERR_NULL, "null output");
    CHECK(aw_decode_frame(NULL, 4, &msg, NULL) == AW_ERR_NULL, "null input");
    CHECK(aw_decoder_feed(NULL, 0, &msg, NULL) == AW_ERR_NULL, "null decoder");
    CHECK(aw_device_new(NULL) == NULL, "null info");
    CHECK(strcmp(aw_error_name(AW_ERR_CRC), "CRC") == 0, "error names");
    CHECK(aw_crc32((const uint8_t *)"123456789", 9) == 0xCBF43926u, "zlib CRC-32");
    aw_device_free(dev);
    aw_device_free(NULL);
}

int main(int argc, char **argv) {
    FILE *f;
    char line[MAX_LINE], name[64], hex[MAX_LINE];
    static uint8_t wire[AW_MAX_WIRE];
    unsigned seq;
    int frames = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: %s rust/wire/golden/frames.txt\n", argv[0]);
        return 2;
    }
    f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    while (fgets(line, sizeof line, f)) {
        size_t n;
        if (line[0] == '#' || line[0] == '\n') continue;
        if (sscanf(line, "%63s %u %4095s", name, &seq, hex) != 3) {
            fprintf(stderr, "bad line: %s", line);
            failures++;
            continue;
        }
        n = unhex(hex, wire, sizeof wire);
        check_frame(name, seq, wire, n);
        frames++;
    }
    fclose(f);
    CHECK(frames == 14, "14 golden frames, found %d", frames);
    check_device();
    if (failures) {
        fprintf(stderr, "golden.c: %d failure(s)\n", failures);
        return 1;
    }
    printf("golden.c: %d golden frames byte-identical through the C ABI; device session OK\n", frames);
    return 0;
}
