/* The device side of bridge v1, sans-IO, in C99 (the rules of rust/wire/src/device.rs and
 * PROTOCOL.md section 6): feed it received bytes and the time, take the bytes to send and the
 * events to act on. The firmware owns the hardware; this owns the protocol.
 *
 *   for (;;) {
 *       while (uart_has_byte()) awc_device_receive_byte(&dev, uart_get(), millis());
 *       while (awc_device_poll_event(&dev, &ev)) { ... move needles, push the strip ... }
 *       n = awc_device_poll_transmit(&dev, millis(), tx, sizeof tx);
 *       uart_write(tx, n);
 *   }
 */
#ifndef AWC_DEVICE_H
#define AWC_DEVICE_H

#include "awc_codec.h"

/* LEDs this build can hold (0 for a dashboard: no LED buffer and no palette colours). */
#ifndef AWC_DEVICE_MAX_LEDS
#define AWC_DEVICE_MAX_LEDS AWC_MAX_LEDS
#endif

#define AWC_FAILSAFE_MS 1000u
#define AWC_STATUS_INTERVAL_MS 250u
#define AWC_INPUT_RESEND_MS 100u
#define AWC_INPUT_RING 16u
#define AWC_REPLY_QUEUE 8u
#define AWC_EVENT_QUEUE 8u
/* LED answers (FRAME_SHOWN) at most this often, but a frame shown at once; during an LED
 * transfer and for AWC_LED_ANSWER_AFTER_MS after the last LED message, this often anyway. */
#define AWC_LED_ANSWER_INTERVAL_MS 4u
#define AWC_LED_ANSWER_AFTER_MS 100u
/* After a HELLO that no other host frame follows within AWC_HELLO_PART_DELAY_MS, the
 * HELLO_ACK goes again in parts of AWC_HELLO_PART_LEN bytes, one every
 * AWC_HELLO_PART_INTERVAL_MS, for up to AWC_HELLO_PART_GIVE_UP_MS after the HELLO. */
#define AWC_HELLO_PART_DELAY_MS 30u
#define AWC_HELLO_PART_INTERVAL_MS 2u
#define AWC_HELLO_PART_GIVE_UP_MS 2000u
#define AWC_HELLO_PART_LEN 8u
/* The longest HELLO_ACK payload. */
#define AWC_HELLO_ACK_MAX_PAYLOAD 52u

typedef struct {
    uint8_t kind;
    uint8_t uid[AWC_UID_LEN];
    uint16_t fw_version;
    uint32_t boot_id; /* random per power-up */
    uint16_t max_frame, rx_window, led_count;
    uint8_t led_formats, outputs, inputs;
} AwcDeviceInfo;

enum awc_event {
    AWC_EV_LINKED = 1, /* a host said HELLO (and was answered) */
    AWC_EV_CONFIG,     /* new settings (already applied to the timers) */
    AWC_EV_DASH,       /* a new dashboard state: read it from dev->dash */
    AWC_EV_PALETTE,    /* a new palette, complete */
    AWC_EV_SHOW,       /* push frame `frame_id` to the strip, then call awc_device_frame_shown */
    AWC_EV_FAILSAFE,   /* no valid host frame for failsafe_ms */
    AWC_EV_RESTORED    /* valid host frames again */
};

typedef struct {
    uint8_t kind; /* enum awc_event */
    uint16_t frame_id;
} AwcEvent;

/* Small replies (HELLO_ACK, NACK) waiting to go out. */
typedef struct {
    uint8_t type;
    uint8_t code;
    uint16_t seq;
    uint32_t nonce;
} AwcReply;

typedef struct {
    AwcInputEvent ev;
    uint32_t sent_ms;
    uint8_t sent;
} AwcPendingInput;

typedef struct {
    AwcDeviceInfo info;
    AwcDecoder decoder;
    uint16_t tx_seq;
    uint8_t announced, linked, incompatible_host, failsafe, has_rx, started, status_sent;
    uint32_t last_rx_ms, start_ms, now_ms, last_status_ms;
    AwcConfig config;
    AwcDashState dash;
    uint8_t palette_id;
    uint16_t palette_count;
#if AWC_DEVICE_MAX_LEDS > 0
    uint8_t palette[AWC_PALETTE_MAX * 3];
    uint8_t next_palette[AWC_PALETTE_MAX * 3]; /* a palette arriving in parts */
    uint8_t palette_have[AWC_PALETTE_MAX / 8];
    uint8_t leds[AWC_DEVICE_MAX_LEDS * 3];
    uint8_t leds_have[(AWC_DEVICE_MAX_LEDS + 7) / 8];
#endif
    uint8_t palette_parts; /* a palette is arriving: next_id, next_size */
    uint8_t next_id;
    uint16_t next_size;
    uint8_t led_format;
    uint16_t led_count;
    uint16_t leds_have_count;
    uint16_t shown_id;
    uint8_t assembling, showing, has_newest;
    uint16_t asm_frame;  /* keyframe being received in place */
    uint16_t newest;     /* the newest frame id of this host session */
    uint16_t show_frame; /* frame handed to the strip, not yet shown */
    uint32_t last_show_us;
    /* Host frames accepted: the last (rx_last) and the 32 before it (rx_bits). */
    uint8_t rx_any;
    uint16_t rx_last;
    uint32_t rx_bits;
    /* The LED answer owed, and when LED answers and messages last went and came. */
    uint8_t ack_due, ack_shown, ack_sent, led_rx;
    uint16_t ack_frame;
    uint32_t last_ack_ms, last_led_rx_ms;
    /* The last compatible HELLO: its nonce and time; the HELLO_ACK parts after it. */
    uint8_t has_hello, host_heard_us, part_sent, next_part;
    uint32_t hello_nonce, hello_ms, last_part_ms;
    AwcReply replies[AWC_REPLY_QUEUE];
    uint8_t reply_head, reply_len;
    AwcPendingInput inputs[AWC_INPUT_RING];
    uint8_t input_head, input_len;
    uint16_t next_ev_seq;
    uint32_t input_levels;
    int16_t encoder;
    AwcEvent events[AWC_EVENT_QUEUE];
    uint8_t event_head, event_len;
    uint32_t events_dropped;
} AwcDevice;

void awc_device_init(AwcDevice *d, const AwcDeviceInfo *info);
/* Advances the clock: the failsafe timer. */
void awc_device_tick(AwcDevice *d, uint32_t now_ms);
void awc_device_receive_byte(AwcDevice *d, uint8_t byte, uint32_t now_ms);
void awc_device_receive(AwcDevice *d, const uint8_t *bytes, size_t n, uint32_t now_ms);
/* The next event into *out: 1, or 0 if none. */
int awc_device_poll_event(AwcDevice *d, AwcEvent *out);
/* The strip latched frame `frame_id`: 1, or 0 (nothing done) if it was not waiting. */
int awc_device_frame_shown(AwcDevice *d, uint16_t frame_id, uint32_t show_us, uint32_t now_ms);
/* Records a control change and queues its INPUT_EVENT: its ev_seq (0..65535), or a negative
 * awc_err (AWC_ERR_INVALID for a bad kind, AWC_ERR_BUFFER while 16 events wait). */
int32_t awc_device_push_input(AwcDevice *d, uint8_t control, uint8_t kind, int16_t value,
                              uint32_t now_ms);
/* Writes the whole frames due now into out; the bytes written. 72 bytes always progress.
 * Input events go out only once a compatible host has said HELLO in this boot. */
size_t awc_device_poll_transmit(AwcDevice *d, uint32_t now_ms, uint8_t *out, size_t cap);
/* What STATUS would report now. */
void awc_device_status(const AwcDevice *d, AwcStatus *out);
/* Colour of LED i after the palette (black when out of range). */
void awc_device_pixel(const AwcDevice *d, uint16_t i, uint8_t rgb[3]);
/* Input events not yet acknowledged. */
uint8_t awc_device_inputs_pending(const AwcDevice *d);

#endif
