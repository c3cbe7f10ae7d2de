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
static void reply(AwcDevice *d, uint8_t type, uint16_t seq, uint8_t code, uint32_t nonce)
{
    AwcReply *r;
    if (d->reply_len >= AWC_REPLY_QUEUE) {
        return;
    }
    r = &d->replies[(d->reply_head + d->reply_len) % AWC_REPLY_QUEUE];
    r->type = type;
    r->seq = seq;
    r->code = code;
    r->nonce = nonce;
    d->reply_len++;
}

/* A NACK: the message is not accepted. */
static int nack(AwcDevice *d, uint16_t ref_seq, uint8_t code)
{
    reply(d, AWC_NACK, ref_seq, code, 0);
    return 0;
}

/* The LED answer owed (sent once however many messages it covers). */
static void ack_leds(AwcDevice *d, uint16_t frame_id, uint8_t shown)
{
    d->ack_due = 1;
    d->ack_frame = frame_id;
    d->ack_shown = shown;
}

/* Records host frame `seq` as accepted: the last one and the 32 before it. */
static void accepted(AwcDevice *d, uint16_t seq)
{
    int16_t diff;
    if (!d->rx_any) {
        d->rx_any = 1;
        d->rx_last = seq;
        d->rx_bits = 0;
        return;
    }
    diff = awc_seq_diff(seq, d->rx_last);
    if (diff > 0) {
        uint32_t shifted = diff >= 32 ? 0ul : d->rx_bits << diff;
        d->rx_bits = shifted | (diff <= 32 ? (uint32_t)1 << (diff - 1) : 0ul);
        d->rx_last = seq;
    } else if (diff < 0 && diff >= -32) {
        d->rx_bits |= (uint32_t)1 << (-diff - 1);
    }
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

#if AWC_DEVICE_MAX_LEDS > 0
static int bit(const uint8_t *bits, uint16_t i)
{
    return (bits[i / 8u] >> (i % 8u)) & 1u;
}

/* Sets bits start .. start + n - 1; returns how many were not set before. */
static uint16_t set_bits(uint8_t *bits, uint16_t start, uint16_t n)
{
    uint16_t i, added = 0;
    for (i = start; i < (uint16_t)(start + n); i++) {
        if (!bit(bits, i)) {
            bits[i / 8u] = (uint8_t)(bits[i / 8u] | (1u << (i % 8u)));
            added++;
        }
    }
    return added;
}

static void clear_bits(uint8_t *bits, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        bits[i] = 0;
    }
}
#endif

static int led_key(AwcDevice *d, uint16_t seq, const AwcLedKey *k)
{
    uint8_t bpl = awc_bytes_per_led(k->format);
    uint8_t same_shape = d->led_format == k->format && d->led_count == k->led_count;
    if (k->len == 0) {
        /* A poke: the host asks where frame `frame_id` stands. Nothing to store, so it is
         * answered even while the strip latches. */
        ack_leds(d, k->frame_id, (uint8_t)(d->shown_id != 0 && d->shown_id == k->frame_id));
        return 1;
    }
    if (d->showing) {
        return nack(d, seq, AWC_BUSY);
    }
    if (!(d->info.led_formats & (1u << k->format))) {
        return nack(d, seq, AWC_UNSUPPORTED);
    }
    if (k->led_count > d->info.led_count || k->led_count > AWC_DEVICE_MAX_LEDS) {
        return nack(d, seq, AWC_BAD_RANGE);
    }
    if (d->shown_id != 0 && k->frame_id == d->shown_id && same_shape) {
        ack_leds(d, k->frame_id, 1); /* resent after the frame was complete */
        return 1;
    }
    if (d->assembling && d->asm_frame == k->frame_id) {
        if (!same_shape) {
            return nack(d, seq, AWC_BAD_RANGE);
        }
    } else if (!d->has_newest || awc_seq_diff(k->frame_id, d->newest) > 0) {
        /* A new frame: the buffer is rewritten in place, so it no longer holds the one shown. */
        d->assembling = 1;
        d->asm_frame = k->frame_id;
        d->has_newest = 1;
        d->newest = k->frame_id;
        d->led_format = k->format;
        d->led_count = k->led_count;
        d->leds_have_count = 0;
#if AWC_DEVICE_MAX_LEDS > 0
        clear_bits(d->leds_have, sizeof d->leds_have);
#endif
        d->shown_id = 0;
    } else {
        ack_leds(d, k->frame_id, 0); /* a chunk of a frame given up: nothing to store */
        return 1;
    }
#if AWC_DEVICE_MAX_LEDS > 0
    {
        /* The codec checked offset + len against led_count, and led_count fits the buffer. */
        uint16_t i, start = (uint16_t)(k->offset * bpl);
        for (i = 0; i < k->len; i++) {
            d->leds[start + i] = k->data[i];
        }
        d->leds_have_count =
            (uint16_t)(d->leds_have_count + set_bits(d->leds_have, k->offset, (uint16_t)(k->len / bpl)));
    }
#else
    (void)bpl;
#endif
    if (d->leds_have_count >= k->led_count) {
        d->assembling = 0;
        d->showing = 1;
        d->show_frame = k->frame_id;
        event(d, AWC_EV_SHOW, k->frame_id);
    } else {
        ack_leds(d, k->frame_id, 0);
    }
    return 1;
}

static int led_delta(AwcDevice *d, uint16_t seq, const AwcLedDelta *m)
{
    AwcRunIter it;
    AwcLedRun r;
    uint32_t max_value = d->led_format == AWC_PAL8 ? 0xFFul : 0xFFFFFFul;
    if (d->showing) {
        return nack(d, seq, AWC_BUSY);
    }
    if (d->shown_id != 0 && m->frame_id == d->shown_id) {
        ack_leds(d, m->frame_id, 1); /* resent after it was shown */
        return 1;
    }
    if (d->shown_id == 0 || m->base_id != d->shown_id) {
        return nack(d, seq, AWC_NEED_KEYFRAME);
    }
    awc_run_iter_init(&it, m);
    while (awc_run_next(&it, &r)) {
        if ((uint32_t)r.start + r.len > d->led_count || r.value > max_value) {
            return nack(d, seq, AWC_BAD_RANGE);
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
    d->has_newest = 1;
    d->newest = m->frame_id;
    d->assembling = 0;
    d->showing = 1;
    d->show_frame = m->frame_id;
    event(d, AWC_EV_SHOW, m->frame_id);
    return 1;
}

static int dash_equal(const AwcDashState *a, const AwcDashState *b)
{
    return a->state_id == b->state_id && a->speed == b->speed && a->turn_pins == b->turn_pins &&
           a->temperature == b->temperature && a->engine == b->engine &&
           a->brakes == b->brakes && a->tyres == b->tyres && a->switches == b->switches &&
           a->pace == b->pace && a->lamps == b->lamps;
}

/* A palette part: stored aside until every entry has come, then the palette in use. A device
 * without LEDs keeps no colours, and answers only. */
static void palette_part(AwcDevice *d, const AwcLedPalette *p)
{
#if AWC_DEVICE_MAX_LEDS > 0
    uint16_t i, n = (uint16_t)(p->count * 3u), at = (uint16_t)(p->first * 3u);
    if (d->palette_id != 0 && d->palette_id == p->palette_id && d->palette_count == p->size) {
        ack_leds(d, 0, 0); /* a part resent after its palette was complete */
        return;
    }
    if (!d->palette_parts || d->next_id != p->palette_id || d->next_size != p->size) {
        d->palette_parts = 1;
        d->next_id = p->palette_id;
        d->next_size = p->size;
        clear_bits(d->palette_have, sizeof d->palette_have);
    }
    for (i = 0; i < n; i++) {
        d->next_palette[at + i] = p->colors[i];
    }
    (void)set_bits(d->palette_have, p->first, p->count);
    for (i = 0; i < p->size && bit(d->palette_have, i); i++) {
    }
    if (i == p->size) {
        for (i = 0; i < (uint16_t)(p->size * 3u); i++) {
            d->palette[i] = d->next_palette[i];
        }
        d->palette_id = p->palette_id;
        d->palette_count = p->size;
        d->palette_parts = 0;
        event(d, AWC_EV_PALETTE, 0);
    }
#else
    (void)p;
#endif
    ack_leds(d, 0, 0);
}

static void hello(AwcDevice *d, const AwcHello *h, uint32_t now_ms)
{
    uint8_t again = d->has_hello && d->hello_nonce == h->nonce;
    /* Answered either way, so an incompatible host learns why; but its other messages may
     * mean something else in its schema, so they are ignored. */
    d->incompatible_host = h->major != AWC_VERSION_MAJOR || h->schema_hash != AWC_SCHEMA_HASH;
    d->linked = !d->incompatible_host;
    reply(d, AWC_HELLO_ACK, 0, 0, h->nonce);
    if (!d->linked) {
        return;
    }
    if (!again) {
        /* Another host session: its frame, palette and sequence numbers start afresh. */
        d->shown_id = 0;
        d->palette_id = 0;
        d->assembling = 0;
        d->palette_parts = 0;
        d->has_newest = 0;
        d->rx_any = 0;
        d->next_part = 0;
    }
    /* The same HELLO again while no other host frame came: the host did not get our
     * HELLO_ACK, so the parts start now (and go on from where they were). */
    d->hello_ms = again && !d->host_heard_us ? now_ms - AWC_HELLO_PART_DELAY_MS : now_ms;
    d->has_hello = 1;
    d->hello_nonce = h->nonce;
    d->host_heard_us = 0;
    event(d, AWC_EV_LINKED, 0);
}

/* Acts on one valid frame; returns whether it was accepted (a NACKed one is not). */
static int handle(AwcDevice *d, const AwcMsg *m, uint32_t now_ms)
{
    if (m->type != AWC_HELLO && !d->incompatible_host) {
        d->host_heard_us = 1;
    }
    if (m->type == AWC_HELLO) {
        hello(d, &m->u.hello, now_ms);
        return 1;
    }
    if (d->incompatible_host) {
        return 1;
    }
    switch (m->type) {
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
        d->led_rx = 1;
        d->last_led_rx_ms = now_ms;
        palette_part(d, &m->u.palette);
        break;
    case AWC_LED_KEY:
        d->led_rx = 1;
        d->last_led_rx_ms = now_ms;
        return led_key(d, m->seq, &m->u.key);
    case AWC_LED_DELTA:
        d->led_rx = 1;
        d->last_led_rx_ms = now_ms;
        return led_delta(d, m->seq, &m->u.delta);
    case AWC_ACK_INPUT:
        /* Only events that went out: an acknowledgement from before this boot's link cannot
         * cover events the host has never seen. It covers at most the ring's events: one that
         * seems to cover more is from before a jump of the numbering. */
        while (d->input_len > 0 && d->inputs[d->input_head].sent &&
               awc_seq_diff(m->u.ack_input.upto, d->inputs[d->input_head].ev.ev_seq) >= 0 &&
               awc_seq_diff(m->u.ack_input.upto, d->inputs[d->input_head].ev.ev_seq) <
                   (int16_t)AWC_INPUT_RING) {
            d->input_head = (uint8_t)((d->input_head + 1) % AWC_INPUT_RING);
            d->input_len--;
        }
        break;
    default:
        /* Heartbeats only feed the failsafe timer; device-to-host types are ignored. */
        break;
    }
    return 1;
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
        if (handle(d, &m, now_ms)) {
            accepted(d, m.seq);
        }
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
    d->last_show_us = show_us;
    ack_leds(d, frame_id, 1);
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

/* A keyframe or palette arriving in parts, or LED messages lately. */
static int led_transfer(const AwcDevice *d, uint32_t now_ms)
{
    return d->assembling || d->palette_parts ||
           (d->led_rx && !elapsed(now_ms, d->last_led_rx_ms, AWC_LED_ANSWER_AFTER_MS));
}

/* The LED answer, if one is due: to say a frame is shown at once; else at most every
 * AWC_LED_ANSWER_INTERVAL_MS, and that often anyway during an LED transfer. */
static int led_answer(AwcDevice *d, uint32_t now_ms, AwcMsg *m)
{
    int due = !d->ack_sent || elapsed(now_ms, d->last_ack_ms, AWC_LED_ANSWER_INTERVAL_MS);
    if (!d->ack_due && due && led_transfer(d, now_ms)) {
        if (d->assembling) {
            ack_leds(d, d->asm_frame, 0);
        } else if (!d->showing && d->shown_id != 0) {
            ack_leds(d, d->shown_id, 1);
        } else {
            ack_leds(d, d->showing ? d->show_frame : 0, 0);
        }
    }
    if (!d->ack_due || !(d->ack_shown || due)) {
        return 0;
    }
    m->type = AWC_FRAME_SHOWN;
    m->u.frame_shown.frame_id = d->ack_frame;
    m->u.frame_shown.ack_seq = d->rx_any ? d->rx_last : 0;
    m->u.frame_shown.ack_bits = d->rx_bits;
    m->u.frame_shown.shown = d->ack_shown;
    m->u.frame_shown.show_us = d->ack_shown ? d->last_show_us : 0;
    return 1;
}

/* The next HELLO_ACK part, if one is due: after a HELLO that nothing else followed. */
static int hello_part(AwcDevice *d, uint32_t now_ms, AwcMsg *m, uint8_t *payload)
{
    AwcMsg ack;
    int total;
    uint8_t len;
    if (!d->has_hello || d->host_heard_us || !elapsed(now_ms, d->hello_ms, AWC_HELLO_PART_DELAY_MS) ||
        elapsed(now_ms, d->hello_ms, AWC_HELLO_PART_GIVE_UP_MS) ||
        (d->part_sent && !elapsed(now_ms, d->last_part_ms, AWC_HELLO_PART_INTERVAL_MS))) {
        return 0;
    }
    hello_ack(d, d->hello_nonce, &ack);
    total = awc_encode_payload(&ack, payload, AWC_HELLO_ACK_MAX_PAYLOAD);
    if (total <= 0) {
        return 0;
    }
    if (d->next_part >= total) {
        d->next_part = 0;
    }
    len = (uint8_t)(total - d->next_part < (int)AWC_HELLO_PART_LEN ? total - d->next_part
                                                                   : (int)AWC_HELLO_PART_LEN);
    m->type = AWC_HELLO_PART;
    m->u.hello_part.check = (uint16_t)awc_crc32(payload, (size_t)total);
    m->u.hello_part.total = (uint8_t)total;
    m->u.hello_part.offset = d->next_part;
    m->u.hello_part.len = len;
    m->u.hello_part.data = payload + d->next_part;
    return 1;
}

size_t awc_device_poll_transmit(AwcDevice *d, uint32_t now_ms, uint8_t *out, size_t cap)
{
    AwcMsg m;
    uint8_t payload[AWC_HELLO_ACK_MAX_PAYLOAD];
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
        const AwcReply *r = &d->replies[d->reply_head];
        if (r->type == AWC_HELLO_ACK) {
            hello_ack(d, r->nonce, &m);
        } else {
            m.type = AWC_NACK;
            m.u.nack.ref_seq = r->seq;
            m.u.nack.code = r->code;
        }
        if (!send(d, &m, 0, out, cap, &pos)) {
            return pos;
        }
        d->reply_head = (uint8_t)((d->reply_head + 1) % AWC_REPLY_QUEUE);
        d->reply_len--;
    }
    if (led_answer(d, now_ms, &m)) {
        if (!send(d, &m, 0, out, cap, &pos)) {
            return pos;
        }
        d->ack_due = 0;
        d->ack_sent = 1;
        d->last_ack_ms = now_ms;
    }
    if (hello_part(d, now_ms, &m, payload)) {
        if (!send(d, &m, 0, out, cap, &pos)) {
            return pos;
        }
        d->next_part = (uint8_t)(d->next_part + m.u.hello_part.len);
        d->part_sent = 1;
        d->last_part_ms = now_ms;
    }
    for (i = 0; d->linked && i < d->input_len; i++) {
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
