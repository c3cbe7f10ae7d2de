/* Device session of bridge v1 (see awc_device.h); rule for rule as rust/wire/src/device.rs. */
#include "awc_device.h"

/* now - then >= period on a wrapping millisecond clock. */
static int elapsed(uint32_t now, uint32_t then, uint32_t period)
{
    return (uint32_t)(now - then) >= period;
}

static void event(AwcDevice *d, uint8_t kind, uint16_t frame_id)
{
    AwcEvent *e;
    if (d->event_len >= AWC_EVENT_QUEUE) {
        d->events_dropped++;
        return;
    }
    e = &d->events[(d->event_head + d->event_len) % AWC_EVENT_QUEUE];
    e->kind = kind;
    e->frame_id = frame_id;
    d->event_len++;
}

/* Replies are small and drained on every poll; if 8 are waiting the host is flooding us, and a
 * dropped one is recovered by the host's timers. */
static void reply(AwcDevice *d, uint8_t type, uint16_t id, uint16_t seq, uint8_t b, uint32_t v)
{
    AwcReply *r;
    if (d->reply_len >= AWC_REPLY_QUEUE) {
        return;
    }
    r = &d->replies[(d->reply_head + d->reply_len) % AWC_REPLY_QUEUE];
    r->type = type;
    r->id = id;
    r->seq = seq;
    r->shown_or_code = b;
    r->nonce_or_us = v;
    d->reply_len++;
}

static void nack(AwcDevice *d, uint16_t ref_seq, uint8_t code)
{
    reply(d, AWC_NACK, 0, ref_seq, code, 0);
}

void awc_device_init(AwcDevice *d, const AwcDeviceInfo *info)
{
    size_t i;
    uint8_t *p = (uint8_t *)d;
    for (i = 0; i < sizeof *d; i++) {
        p[i] = 0;
    }
    d->info = *info;
    awc_decoder_init(&d->decoder);
    d->failsafe = 1; /* from power-up until the first valid host frame */
    d->config.failsafe_ms = AWC_FAILSAFE_MS;
    d->config.brightness = 255;
    d->config.status_interval_ms = AWC_STATUS_INTERVAL_MS;
    d->led_format = AWC_RGB888;
}

void awc_device_tick(AwcDevice *d, uint32_t now_ms)
{
    d->now_ms = now_ms;
    if (!d->started) {
        d->started = 1;
        d->start_ms = now_ms;
    }
    if (d->has_rx && !d->failsafe && elapsed(now_ms, d->last_rx_ms, d->config.failsafe_ms)) {
        d->failsafe = 1;
        event(d, AWC_EV_FAILSAFE, 0);
    }
}

static void led_key(AwcDevice *d, uint16_t seq, const AwcLedKey *k)
{
    uint8_t bpl = awc_bytes_per_led(k->format);
    uint16_t next;
    if (d->showing) {
        nack(d, seq, AWC_BUSY);
        return;
    }
    if (!(d->info.led_formats & (1u << k->format))) {
        nack(d, seq, AWC_UNSUPPORTED);
        return;
    }
    if (k->led_count > d->info.led_count || k->led_count > AWC_DEVICE_MAX_LEDS) {
        nack(d, seq, AWC_BAD_RANGE);
        return;
    }
    if (k->offset == 0) {
        /* The buffer is rewritten in place: it no longer holds the shown frame. */
        d->assembling = 1;
        d->asm_frame = k->frame_id;
        d->asm_next = 0;
        d->led_format = k->format;
        d->led_count = k->led_count;
        d->shown_id = 0;
    } else if (!d->assembling || d->asm_frame != k->frame_id || d->asm_next != k->offset ||
               d->led_format != k->format || d->led_count != k->led_count) {
        d->assembling = 0;
        nack(d, seq, AWC_NEED_KEYFRAME);
        return;
    }
#if AWC_DEVICE_MAX_LEDS > 0
    {
        /* The codec checked offset + len against led_count, and led_count fits the buffer. */
        uint16_t i, start = (uint16_t)(k->offset * bpl);
        for (i = 0; i < k->len; i++) {
            d->leds[start + i] = k->data[i];
        }
    }
#endif
    next = (uint16_t)(k->offset + k->len / bpl);
    if (k->last) {
        d->assembling = 0;
        if (next != k->led_count) {
            nack(d, seq, AWC_NEED_KEYFRAME);
            return;
        }
        d->showing = 1;
        d->show_frame = k->frame_id;
        d->show_seq = seq;
        event(d, AWC_EV_SHOW, k->frame_id);
    } else {
        d->asm_next = next;
        reply(d, AWC_FRAME_SHOWN, k->frame_id, seq, 0, 0);
    }
}

static void led_delta(AwcDevice *d, uint16_t seq, const AwcLedDelta *m)
{
    AwcRunIter it;
    AwcLedRun r;
    uint32_t max_value = d->led_format == AWC_PAL8 ? 0xFFul : 0xFFFFFFul;
    if (d->showing) {
        nack(d, seq, AWC_BUSY);
        return;
    }
    if (d->shown_id == 0 || m->base_id != d->shown_id) {
        nack(d, seq, AWC_NEED_KEYFRAME);
        return;
    }
    awc_run_iter_init(&it, m);
    while (awc_run_next(&it, &r)) {
        if ((uint32_t)r.start + r.len > d->led_count || r.value > max_value) {
            nack(d, seq, AWC_BAD_RANGE);
            return;
        }
    }
#if AWC_DEVICE_MAX_LEDS > 0
    awc_run_iter_init(&it, m);
    while (awc_run_next(&it, &r)) {
        uint16_t i;
        for (i = r.start; i < (uint16_t)(r.start + r.len); i++) {
            if (d->led_format == AWC_PAL8) {
                d->leds[i] = (uint8_t)r.value;
            } else {
                d->leds[3u * i] = (uint8_t)(r.value >> 16);
                d->leds[3u * i + 1] = (uint8_t)(r.value >> 8);
                d->leds[3u * i + 2] = (uint8_t)r.value;
            }
        }
    }
#endif
    d->shown_id = 0;
    d->showing = 1;
    d->show_frame = m->frame_id;
    d->show_seq = seq;
    event(d, AWC_EV_SHOW, m->frame_id);
}

static int dash_equal(const AwcDashState *a, const AwcDashState *b)
{
    return a->state_id == b->state_id && a->speed == b->speed && a->turn_pins == b->turn_pins &&
           a->temperature == b->temperature && a->engine == b->engine &&
           a->brakes == b->brakes && a->tyres == b->tyres && a->switches == b->switches &&
           a->pace == b->pace && a->lamps == b->lamps;
}

static void palette(AwcDevice *d, const AwcLedPalette *p)
{
    uint16_t i, n = (uint16_t)(p->count * 3u);
    int same = p->palette_id == d->palette_id && p->count == d->palette_count;
#if AWC_DEVICE_MAX_LEDS > 0
    for (i = 0; same && i < n; i++) {
        same = d->palette[i] == p->colors[i];
    }
    for (i = 0; !same && i < n; i++) {
        d->palette[i] = p->colors[i];
    }
#else
    (void)i;
    (void)n;
#endif
    if (!same) {
        d->palette_id = p->palette_id;
        d->palette_count = p->count;
        event(d, AWC_EV_PALETTE, 0);
    }
}

static void handle(AwcDevice *d, const AwcMsg *m)
{
    switch (m->type) {
    case AWC_HELLO:
        d->linked = 1;
        reply(d, AWC_HELLO_ACK, 0, 0, 0, m->u.hello.nonce);
        event(d, AWC_EV_LINKED, 0);
        break;
    case AWC_CONFIG:
        d->config.failsafe_ms = m->u.config.failsafe_ms < 100 ? 100 : m->u.config.failsafe_ms;
        d->config.brightness = m->u.config.brightness;
        d->config.status_interval_ms =
            m->u.config.status_interval_ms < 50 ? 50 : m->u.config.status_interval_ms;
        event(d, AWC_EV_CONFIG, 0);
        break;
    case AWC_DASH_STATE:
        if (!dash_equal(&m->u.dash, &d->dash)) {
            d->dash = m->u.dash;
            event(d, AWC_EV_DASH, 0);
        }
        break;
    case AWC_LED_PALETTE:
        palette(d, &m->u.palette);
        break;
    case AWC_LED_KEY:
        led_key(d, m->seq, &m->u.key);
        break;
    case AWC_LED_DELTA:
        led_delta(d, m->seq, &m->u.delta);
        break;
    case AWC_ACK_INPUT:
        while (d->input_len > 0 &&
               awc_seq_diff(m->u.ack_input.upto, d->inputs[d->input_head].ev.ev_seq) >= 0) {
            d->input_head = (uint8_t)((d->input_head + 1) % AWC_INPUT_RING);
            d->input_len--;
        }
        break;
    default:
        /* Heartbeats only feed the failsafe timer; device-to-host types are ignored. */
        break;
    }
}

void awc_device_receive_byte(AwcDevice *d, uint8_t byte, uint32_t now_ms)
{
    AwcMsg m;
    awc_device_tick(d, now_ms);
    if (awc_decoder_feed(&d->decoder, byte, &m) == 1) {
        d->has_rx = 1;
        d->last_rx_ms = now_ms;
        if (d->failsafe) {
            d->failsafe = 0;
            event(d, AWC_EV_RESTORED, 0);
        }
        handle(d, &m);
    }
}

void awc_device_receive(AwcDevice *d, const uint8_t *bytes, size_t n, uint32_t now_ms)
{
    size_t i;
    awc_device_tick(d, now_ms);
    for (i = 0; i < n; i++) {
        awc_device_receive_byte(d, bytes[i], now_ms);
    }
}

int awc_device_poll_event(AwcDevice *d, AwcEvent *out)
{
    if (d->event_len == 0) {
        return 0;
    }
    *out = d->events[d->event_head];
    d->event_head = (uint8_t)((d->event_head + 1) % AWC_EVENT_QUEUE);
    d->event_len--;
    return 1;
}

int awc_device_frame_shown(AwcDevice *d, uint16_t frame_id, uint32_t show_us, uint32_t now_ms)
{
    awc_device_tick(d, now_ms);
    if (!d->showing || d->show_frame != frame_id) {
        return 0;
    }
    d->showing = 0;
    d->shown_id = frame_id;
    reply(d, AWC_FRAME_SHOWN, frame_id, d->show_seq, 1, show_us);
    return 1;
}

int32_t awc_device_push_input(AwcDevice *d, uint8_t control, uint8_t kind, int16_t value,
                              uint32_t now_ms)
{
    uint32_t bit = control < 32 ? (uint32_t)1 << control : 0;
    AwcPendingInput *p;
    awc_device_tick(d, now_ms);
    if (kind > AWC_TURN) {
        return AWC_ERR_INVALID;
    }
    if (kind == AWC_PRESS) {
        d->input_levels |= bit;
    } else if (kind == AWC_RELEASE) {
        d->input_levels &= ~bit;
    } else {
        d->encoder = (int16_t)(uint16_t)((uint16_t)d->encoder + (uint16_t)value);
    }
    if (d->input_len >= AWC_INPUT_RING) {
        return AWC_ERR_BUFFER;
    }
    p = &d->inputs[(d->input_head + d->input_len) % AWC_INPUT_RING];
    p->ev.ev_seq = d->next_ev_seq;
    p->ev.t_ms = now_ms;
    p->ev.control = control;
    p->ev.kind = kind;
    p->ev.value = value;
    p->sent = 0;
    d->input_len++;
    d->next_ev_seq++;
    return p->ev.ev_seq;
}

void awc_device_status(const AwcDevice *d, AwcStatus *s)
{
    const AwcCounters *c = &d->decoder.counters;
    s->uptime_ms = d->started ? d->now_ms - d->start_ms : 0;
    s->boot_id = d->info.boot_id;
    s->rx_ok = c->rx_ok;
    s->crc_err = c->crc_err;
    s->cobs_err = c->cobs_err;
    s->overflow = c->overflow;
    s->bad_payload = c->bad_payload;
    s->shown_frame_id = d->shown_id;
    s->state_id = d->dash.state_id;
    s->palette_id = d->palette_id;
    s->failsafe = d->failsafe;
    s->inputs = d->input_levels;
    s->encoder = d->encoder;
}

static void hello_ack(const AwcDevice *d, uint32_t nonce, AwcMsg *m)
{
    AwcHelloAck *a = &m->u.hello_ack;
    uint8_t i;
    m->type = AWC_HELLO_ACK;
    a->major = AWC_VERSION_MAJOR;
    a->minor = AWC_VERSION_MINOR;
    a->schema_hash = AWC_SCHEMA_HASH;
    a->nonce = nonce;
    a->kind = d->info.kind;
    for (i = 0; i < AWC_UID_LEN; i++) {
        a->uid[i] = d->info.uid[i];
    }
    a->fw_version = d->info.fw_version;
    a->boot_id = d->info.boot_id;
    a->input_base = d->input_len > 0 ? d->inputs[d->input_head].ev.ev_seq : d->next_ev_seq;
    a->max_frame = d->info.max_frame;
    a->rx_window = d->info.rx_window;
    a->led_count = d->info.led_count;
    a->led_formats = d->info.led_formats;
    a->outputs = d->info.outputs;
    a->inputs = d->info.inputs;
}

static void reply_msg(const AwcDevice *d, const AwcReply *r, AwcMsg *m)
{
    switch (r->type) {
    case AWC_HELLO_ACK:
        hello_ack(d, r->nonce_or_us, m);
        break;
    case AWC_NACK:
        m->type = AWC_NACK;
        m->u.nack.ref_seq = r->seq;
        m->u.nack.code = r->shown_or_code;
        break;
    default:
        m->type = AWC_FRAME_SHOWN;
        m->u.frame_shown.frame_id = r->id;
        m->u.frame_shown.ack_seq = r->seq;
        m->u.frame_shown.shown = r->shown_or_code;
        m->u.frame_shown.show_us = r->nonce_or_us;
        break;
    }
}

/* Encodes m (after a 0x00 if `lead`) if the whole frame fits; advances tx_seq. */
static int send(AwcDevice *d, AwcMsg *m, int lead, uint8_t *out, size_t cap, size_t *pos)
{
    int n;
    size_t start = *pos + (lead ? 1u : 0u);
    if (start >= cap) {
        return 0;
    }
    m->seq = d->tx_seq;
    n = awc_encode(m, out + start, cap - start);
    if (n <= 0) {
        return 0;
    }
    if (lead) {
        out[*pos] = 0;
    }
    *pos = start + (size_t)n;
    d->tx_seq++;
    return 1;
}

size_t awc_device_poll_transmit(AwcDevice *d, uint32_t now_ms, uint8_t *out, size_t cap)
{
    AwcMsg m;
    size_t pos = 0;
    uint8_t i;
    awc_device_tick(d, now_ms);
    if (!d->announced) {
        /* Unsolicited at boot, after a delimiter that ends any boot garbage. */
        hello_ack(d, 0, &m);
        if (!send(d, &m, 1, out, cap, &pos)) {
            return pos;
        }
        d->announced = 1;
    }
    while (d->reply_len > 0) {
        reply_msg(d, &d->replies[d->reply_head], &m);
        if (!send(d, &m, 0, out, cap, &pos)) {
            return pos;
        }
        d->reply_head = (uint8_t)((d->reply_head + 1) % AWC_REPLY_QUEUE);
        d->reply_len--;
    }
    for (i = 0; i < d->input_len; i++) {
        AwcPendingInput *p = &d->inputs[(d->input_head + i) % AWC_INPUT_RING];
        if (p->sent && !elapsed(now_ms, p->sent_ms, AWC_INPUT_RESEND_MS)) {
            continue;
        }
        m.type = AWC_INPUT_EVENT;
        m.u.input = p->ev;
        if (!send(d, &m, 0, out, cap, &pos)) {
            return pos;
        }
        p->sent = 1;
        p->sent_ms = now_ms;
    }
    if (!d->status_sent || elapsed(now_ms, d->last_status_ms, d->config.status_interval_ms)) {
        m.type = AWC_STATUS;
        awc_device_status(d, &m.u.status);
        if (send(d, &m, 0, out, cap, &pos)) {
            d->status_sent = 1;
            d->last_status_ms = now_ms;
        }
    }
    return pos;
}

void awc_device_pixel(const AwcDevice *d, uint16_t i, uint8_t rgb[3])
{
    rgb[0] = rgb[1] = rgb[2] = 0;
#if AWC_DEVICE_MAX_LEDS > 0
    if (i >= d->led_count) {
        return;
    }
    if (d->led_format == AWC_PAL8) {
        uint8_t idx = d->leds[i];
        if (idx < d->palette_count) {
            rgb[0] = d->palette[3u * idx];
            rgb[1] = d->palette[3u * idx + 1];
            rgb[2] = d->palette[3u * idx + 2];
        }
    } else {
        rgb[0] = d->leds[3u * i];
        rgb[1] = d->leds[3u * i + 1];
        rgb[2] = d->leds[3u * i + 2];
    }
#else
    (void)d;
    (void)i;
#endif
}

uint8_t awc_device_inputs_pending(const AwcDevice *d)
{
    return d->input_len;
}
