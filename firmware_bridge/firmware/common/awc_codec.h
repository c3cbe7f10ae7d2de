/* Bridge v1 codec in C99 for firmware that cannot link the Rust codec (AVR): COBS, CRC-32
 * (zlib), the 4-byte envelope, postcard varints and every message of
 * firmware_bridge/PROTOCOL.md. No malloc, no recursion; the only buffer is the decoder's
 * AWC_MAX_FRAME bytes. Correct when it reproduces rust/wire/golden/frames.txt byte for byte.
 *
 * Byte arrays inside messages (palette colours, keyframe data, delta runs) are not copied:
 * a decoded message points into the decoder's buffer, valid until the next byte is fed. That
 * keeps a message struct under 64 bytes, which matters on a 2 KB ATmega328P. */
#ifndef AWC_CODEC_H
#define AWC_CODEC_H

#include <stddef.h>
#include <stdint.h>

/* The longest body (envelope + payload + CRC) the protocol allows: the encoder's limit. */
#define AWC_PROTO_MAX_FRAME 1024u
/* The longest body this build receives (a device advertises it as max_frame). */
#ifndef AWC_MAX_FRAME
#define AWC_MAX_FRAME AWC_PROTO_MAX_FRAME
#endif
#if AWC_MAX_FRAME > 1024 || AWC_MAX_FRAME < 64
#error "AWC_MAX_FRAME must be within 64..1024"
#endif
/* Longest wire frame: COBS adds one byte per 254 (at least one), the delimiter one more. */
#define AWC_MAX_WIRE (AWC_PROTO_MAX_FRAME + (AWC_PROTO_MAX_FRAME + 253u) / 254u + 1u)

#define AWC_VERSION 0x10u
#define AWC_VERSION_MAJOR 1u
#define AWC_VERSION_MINOR 1u
#define AWC_SCHEMA_HASH 0xEDC6806Aul

#define AWC_UID_LEN 16u
#define AWC_MAX_LEDS 512u
#define AWC_LED_CHUNK_MAX 960u
#define AWC_MAX_RUNS 64u
#define AWC_PALETTE_MAX 256u
#define AWC_HELLO_PART_MAX 16u

enum awc_type {
    AWC_HELLO = 0x01,
    AWC_HELLO_ACK = 0x02,
    AWC_CONFIG = 0x03,
    AWC_HEARTBEAT = 0x04,
    AWC_STATUS = 0x05,
    AWC_HELLO_PART = 0x06,
    AWC_DASH_STATE = 0x10,
    AWC_LED_PALETTE = 0x20,
    AWC_LED_KEY = 0x21,
    AWC_LED_DELTA = 0x22,
    AWC_FRAME_SHOWN = 0x23,
    AWC_INPUT_EVENT = 0x30,
    AWC_ACK_INPUT = 0x31,
    AWC_NACK = 0x7F
};

enum awc_kind { AWC_KIND_DASHBOARD = 1, AWC_KIND_TRACK = 2 };
enum awc_format { AWC_RGB888 = 0, AWC_PAL8 = 1 };
enum awc_input { AWC_PRESS = 0, AWC_RELEASE = 1, AWC_TURN = 2 };
enum awc_nack { AWC_NEED_KEYFRAME = 1, AWC_BAD_RANGE = 2, AWC_UNSUPPORTED = 3, AWC_BUSY = 4 };

/* Negative results. Decoding failures map onto the STATUS counters: COBS and SHORT count as
 * cobs_err, CRC as crc_err, VERSION and PAYLOAD as bad_payload, OVERFLOW as overflow. */
enum awc_err {
    AWC_ERR_COBS = -1,
    AWC_ERR_SHORT = -2,
    AWC_ERR_CRC = -3,
    AWC_ERR_VERSION = -4,
    AWC_ERR_PAYLOAD = -5,
    AWC_ERR_OVERFLOW = -6,
    AWC_ERR_BUFFER = -7,  /* the caller's output buffer is too small */
    AWC_ERR_INVALID = -8, /* a field out of range (encoding) */
    AWC_ERR_TOO_LONG = -9 /* the body would exceed AWC_PROTO_MAX_FRAME (encoding) */
};

typedef struct {
    uint8_t major, minor;
    uint32_t schema_hash, nonce;
} AwcHello;

typedef struct {
    uint8_t major, minor;
    uint32_t schema_hash, nonce;
    uint8_t kind;
    uint8_t uid[AWC_UID_LEN];
    uint16_t fw_version;
    uint32_t boot_id;
    uint16_t input_base;
    uint16_t max_frame, rx_window, led_count;
    uint8_t led_formats, outputs, inputs;
} AwcHelloAck;

typedef struct {
    uint16_t failsafe_ms;
    uint8_t brightness;
    uint16_t status_interval_ms;
} AwcConfig;

typedef struct {
    uint32_t host_ms;
} AwcHeartbeat;

typedef struct {
    uint32_t uptime_ms, boot_id, rx_ok, crc_err, cobs_err, overflow, bad_payload;
    uint16_t shown_frame_id, state_id;
    uint8_t palette_id, failsafe;
    uint32_t inputs;
    int16_t encoder;
} AwcStatus;

typedef struct {
    uint16_t state_id, speed;
    uint8_t turn_pins, temperature, engine, brakes, tyres;
    uint16_t switches;
    uint8_t pace;
    uint32_t lamps;
} AwcDashState;

/* Colours first .. first + count - 1 of palette palette_id (size entries in all). */
typedef struct {
    uint8_t palette_id;
    uint16_t size;         /* 1..=256 */
    uint8_t first;
    uint16_t count;        /* at least 1, first + count <= size */
    const uint8_t *colors; /* count * 3 bytes: red, green, blue */
} AwcLedPalette;

typedef struct {
    uint16_t frame_id;
    uint8_t format;
    uint16_t led_count, offset;
    uint16_t len;        /* bytes of data */
    const uint8_t *data; /* len bytes */
} AwcLedKey;

typedef struct {
    uint16_t start, len;
    uint32_t value;
} AwcLedRun;

/* Encoding takes `runs` (count entries). Decoding leaves `runs` NULL and points `wire` at the
 * runs as they are on the wire (already checked); read them with awc_run_next. */
typedef struct {
    uint16_t frame_id, base_id;
    uint16_t count;
    const AwcLedRun *runs;
    const uint8_t *wire;
    uint16_t wire_len;
} AwcLedDelta;

typedef struct {
    uint16_t frame_id, ack_seq;
    uint32_t ack_bits; /* bit i: host frame ack_seq - 1 - i accepted too */
    uint8_t shown;
    uint32_t show_us;
} AwcFrameShown;

/* Bytes offset .. offset + len - 1 of a HELLO_ACK payload of total bytes. */
typedef struct {
    uint16_t check; /* low 16 bits of the CRC-32 of the whole payload */
    uint8_t total, offset, len;
    const uint8_t *data;
} AwcHelloPart;

typedef struct {
    uint16_t ev_seq;
    uint32_t t_ms;
    uint8_t control, kind;
    int16_t value;
} AwcInputEvent;

typedef struct {
    uint16_t upto;
} AwcAckInput;

typedef struct {
    uint16_t ref_seq;
    uint8_t code;
} AwcNack;

typedef struct {
    uint8_t type; /* enum awc_type */
    uint16_t seq; /* envelope sequence number */
    union {
        AwcHello hello;
        AwcHelloAck hello_ack;
        AwcConfig config;
        AwcHeartbeat heartbeat;
        AwcStatus status;
        AwcHelloPart hello_part;
        AwcDashState dash;
        AwcLedPalette palette;
        AwcLedKey key;
        AwcLedDelta delta;
        AwcFrameShown frame_shown;
        AwcInputEvent input;
        AwcAckInput ack_input;
        AwcNack nack;
    } u;
} AwcMsg;

typedef struct {
    uint32_t rx_ok, crc_err, cobs_err, overflow, bad_payload;
} AwcCounters;

/* Byte-at-a-time receiver: holds at most AWC_MAX_FRAME body bytes, resyncs at every 0x00. */
typedef struct {
    uint8_t buf[AWC_MAX_FRAME];
    uint16_t len;
    uint8_t state;     /* idle, code, data, discard */
    uint8_t remaining; /* data bytes left in the current COBS block */
    uint8_t zero_pending;
    uint32_t crc; /* running over buf, not yet final-XORed */
    AwcCounters counters;
} AwcDecoder;

/* Iterates the runs of a decoded (or encoded-from-runs) delta. */
typedef struct {
    const AwcLedDelta *delta;
    uint16_t index;
    uint16_t pos;
} AwcRunIter;

uint32_t awc_crc32(const uint8_t *data, size_t len);

/* COBS of `len` bytes into `out` (no delimiter); the encoded length or AWC_ERR_BUFFER. */
int awc_cobs_encode(const uint8_t *src, size_t len, uint8_t *out, size_t cap);

/* One whole wire frame (delimiter included) for `m` with sequence m->seq; its length, or a
 * negative awc_err. A buffer of AWC_MAX_WIRE bytes always suffices. */
int awc_encode(const AwcMsg *m, uint8_t *out, size_t cap);

/* The payload alone of `m` (no envelope, CRC or COBS): its length, or a negative awc_err. */
int awc_encode_payload(const AwcMsg *m, uint8_t *out, size_t cap);

void awc_decoder_init(AwcDecoder *d);
/* Feeds one byte: 1 when a delimiter completes a valid frame (stored in *out, its pointers
 * into d->buf), a negative awc_err when it completes a bad one (counted, dropped), else 0. */
int awc_decoder_feed(AwcDecoder *d, uint8_t byte, AwcMsg *out);

/* Decodes exactly one wire frame (the trailing 0x00 optional) with a scratch decoder;
 * 0 or a negative awc_err. */
int awc_decode_frame(AwcDecoder *scratch, const uint8_t *wire, size_t len, AwcMsg *out);

void awc_run_iter_init(AwcRunIter *it, const AwcLedDelta *delta);
/* The next run into *out: 1, or 0 when there are no more. */
int awc_run_next(AwcRunIter *it, AwcLedRun *out);

/* Bytes per LED of a format, 0 if unknown. */
uint8_t awc_bytes_per_led(uint8_t format);

/* `a` minus `b` on a wrapping 16-bit sequence. */
int16_t awc_seq_diff(uint16_t a, uint16_t b);

#endif
