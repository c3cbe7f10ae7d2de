/* Runs a corpus through the C codec under AddressSanitizer: each record (u32 little-endian
 * length, then the bytes) is decoded as one frame, fed byte by byte to a fresh decoder between
 * delimiters, and to a device session. Prints how many were accepted; exits non-zero if an
 * accepted frame does not re-encode to the same bytes or a decoder holds more than its
 * buffer. The sanitizers abort on any out-of-bounds access or undefined behaviour. */
#include <stdio.h>
#include <stdlib.h>

#include "awc_device.h"

static AwcDecoder scratch, stream;
static AwcDevice dev;

static int same_frame(const uint8_t *rec, size_t len, const AwcMsg *m)
{
    static uint8_t out[AWC_MAX_WIRE];
    int n = awc_encode(m, out, sizeof out);
    size_t body = len > 0 && rec[len - 1] == 0 ? len - 1 : len;
    size_t i;
    if (n <= 0 || (size_t)n != body + 1) {
        return 0;
    }
    for (i = 0; i < body; i++) {
        if (out[i] != rec[i]) {
            return 0;
        }
    }
    return 1;
}

int main(int argc, char **argv)
{
    static uint8_t rec[1u << 16];
    static uint8_t tx[256];
    AwcDeviceInfo info = {0};
    AwcMsg m;
    AwcEvent ev;
    unsigned long records = 0, whole = 0, streamed = 0, bad = 0;
    uint32_t now = 0;
    FILE *f;
    info.kind = AWC_KIND_TRACK;
    info.max_frame = AWC_MAX_FRAME;
    info.led_count = AWC_DEVICE_MAX_LEDS;
    info.led_formats = AWC_DEVICE_MAX_LEDS > 0 ? 3 : 0;
    if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL) {
        fprintf(stderr, "usage: fuzz_driver CORPUS\n");
        return 2;
    }
    awc_device_init(&dev, &info);
    for (;;) {
        uint8_t hdr[4];
        size_t len, i;
        if (fread(hdr, 1, 4, f) != 4) {
            break;
        }
        len = (size_t)hdr[0] | (size_t)hdr[1] << 8 | (size_t)hdr[2] << 16 | (size_t)hdr[3] << 24;
        if (len > sizeof rec || fread(rec, 1, len, f) != len) {
            fprintf(stderr, "truncated corpus\n");
            return 2;
        }
        records++;
        if (awc_decode_frame(&scratch, rec, len, &m) == 0) {
            whole++;
            if (!same_frame(rec, len, &m)) {
                fprintf(stderr, "record %lu: accepted but re-encodes differently\n", records);
                bad++;
            }
        }
        awc_decoder_init(&stream);
        (void)awc_decoder_feed(&stream, 0, &m);
        for (i = 0; i <= len; i++) {
            if (awc_decoder_feed(&stream, i < len ? rec[i] : 0, &m) == 1) {
                streamed++;
            }
            if (stream.len > AWC_MAX_FRAME) {
                fprintf(stderr, "record %lu: decoder holds %u bytes\n", records, stream.len);
                bad++;
            }
        }
        now += 7;
        awc_device_receive(&dev, rec, len, now);
        (void)awc_device_poll_transmit(&dev, now, tx, sizeof tx);
        while (awc_device_poll_event(&dev, &ev)) {
            if (ev.kind == AWC_EV_SHOW) {
                (void)awc_device_frame_shown(&dev, ev.frame_id, 9000, now);
            }
        }
    }
    fclose(f);
    printf("records %lu whole %lu stream %lu bad %lu\n", records, whole, streamed, bad);
    return bad ? 1 : 0;
}
