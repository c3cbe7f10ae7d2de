/* Bridge v1 codec (see awc_codec.h): framing, varints and every message. */
#include "awc_codec.h"

#define ENVELOPE_LEN 4u
#define CRC_LEN 4u

enum { ST_IDLE, ST_CODE, ST_DATA, ST_DISCARD };

/* Bitwise CRC-32/ISO-HDLC: no table, because 1 KB of table is half an ATmega328P's RAM. */
static uint32_t crc_update(uint32_t crc, uint8_t b)
{
    uint8_t i;
    crc ^= b;
    for (i = 0; i < 8; i++) {
        crc = (crc >> 1) ^ (0xEDB88320ul & (0ul - (crc & 1ul)));
    }
    return crc;
}

uint32_t awc_crc32(const uint8_t *data, size_t len)
{
    uint32_t crc = 0xFFFFFFFFul;
    size_t i;
    for (i = 0; i < len; i++) {
        crc = crc_update(crc, data[i]);
    }
    return crc ^ 0xFFFFFFFFul;
}

uint8_t awc_bytes_per_led(uint8_t format)
{
    return format == AWC_RGB888 ? 3u : format == AWC_PAL8 ? 1u : 0u;
}

int16_t awc_seq_diff(uint16_t a, uint16_t b)
{
    uint16_t d = (uint16_t)(a - b);
    return (int16_t)(d >= 0x8000u ? (int32_t)d - 65536l : (int32_t)d);
}

/* ---- Writing: the body goes straight through CRC and COBS into the caller's buffer. ---- */

typedef struct {
    uint8_t *out;
    size_t cap;
    size_t pos;     /* next free byte of out */
    size_t code_at; /* where the current block's code byte goes */
    uint8_t code;
    uint32_t crc;
    size_t body; /* body bytes so far */
    int err;
    uint8_t raw; /* payload bytes only: no COBS */
} Writer;

static void w_stuff(Writer *w, uint8_t b)
{
    if (w->err) {
        return;
    }
    if (w->body >= AWC_PROTO_MAX_FRAME) {
        w->err = AWC_ERR_TOO_LONG;
        return;
    }
    w->body++;
    if (w->pos >= w->cap) {
        w->err = AWC_ERR_BUFFER;
        return;
    }
    if (w->raw) {
        w->out[w->pos++] = b;
        return;
    }
    if (b == 0) {
        w->out[w->code_at] = w->code;
        w->code_at = w->pos++;
        w->code = 1;
        return;
    }
    w->out[w->pos++] = b;
    if (++w->code == 0xFF) {
        w->out[w->code_at] = w->code;
        if (w->pos >= w->cap) {
            w->err = AWC_ERR_BUFFER;
            return;
        }
        w->code_at = w->pos++;
        w->code = 1;
    }
}

static void w_u8(Writer *w, uint8_t b)
{
    w->crc = crc_update(w->crc, b);
    w_stuff(w, b);
}

static void w_bytes(Writer *w, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        w_u8(w, p[i]);
    }
}

static void w_bool(Writer *w, uint8_t v)
{
    if (v > 1) {
        w->err = w->err ? w->err : AWC_ERR_INVALID;
    }
    w_u8(w, v);
}

static void w_var(Writer *w, uint32_t v)
{
    while (v >= 0x80u) {
        w_u8(w, (uint8_t)(v | 0x80u));
        v >>= 7;
    }
    w_u8(w, (uint8_t)v);
}

static void w_i16(Writer *w, int16_t v)
{
    uint16_t u = (uint16_t)v;
    uint16_t zigzag = (uint16_t)((uint16_t)(u << 1) ^ (v < 0 ? 0xFFFFu : 0u));
    w_var(w, zigzag);
}

static void w_invalid(Writer *w)
{
    if (!w->err) {
        w->err = AWC_ERR_INVALID;
    }
}

/* The range rules of a palette part and a HELLO_ACK part, shared by encoder and decoder. */
static int palette_ok(const AwcLedPalette *p)
{
    return p->size >= 1 && p->size <= AWC_PALETTE_MAX && p->count >= 1 &&
           (uint32_t)p->first + p->count <= p->size;
}

static int hello_part_ok(const AwcHelloPart *h)
{
    return h->len <= AWC_HELLO_PART_MAX && (uint16_t)h->offset + h->len <= h->total;
}

static void check_key(Writer *w, const AwcLedKey *k)
{
    uint8_t bpl = awc_bytes_per_led(k->format);
    if (bpl == 0 || k->len > AWC_LED_CHUNK_MAX || k->len % bpl != 0 || k->led_count > AWC_MAX_LEDS ||
        (uint32_t)k->offset + k->len / bpl > k->led_count ||
        (k->len > 0 && k->data == NULL)) {
        w_invalid(w);
    }
}

static void enc_payload(Writer *w, const AwcMsg *m)
{
    uint16_t i;
    switch (m->type) {
    case AWC_HELLO:
        w_u8(w, m->u.hello.major);
        w_u8(w, m->u.hello.minor);
        w_var(w, m->u.hello.schema_hash);
        w_var(w, m->u.hello.nonce);
        break;
    case AWC_HELLO_ACK: {
        const AwcHelloAck *a = &m->u.hello_ack;
        if (a->kind != AWC_KIND_DASHBOARD && a->kind != AWC_KIND_TRACK) {
            w_invalid(w);
        }
        w_u8(w, a->major);
        w_u8(w, a->minor);
        w_var(w, a->schema_hash);
        w_var(w, a->nonce);
        w_u8(w, a->kind);
        w_bytes(w, a->uid, AWC_UID_LEN);
        w_var(w, a->fw_version);
        w_var(w, a->boot_id);
        w_var(w, a->input_base);
        w_var(w, a->max_frame);
        w_var(w, a->rx_window);
        w_var(w, a->led_count);
        w_u8(w, a->led_formats);
        w_u8(w, a->outputs);
        w_u8(w, a->inputs);
        break;
    }
    case AWC_CONFIG:
        w_var(w, m->u.config.failsafe_ms);
        w_u8(w, m->u.config.brightness);
        w_var(w, m->u.config.status_interval_ms);
        break;
    case AWC_HEARTBEAT:
        w_var(w, m->u.heartbeat.host_ms);
        break;
    case AWC_STATUS: {
        const AwcStatus *s = &m->u.status;
        w_var(w, s->uptime_ms);
        w_var(w, s->boot_id);
        w_var(w, s->rx_ok);
        w_var(w, s->crc_err);
        w_var(w, s->cobs_err);
        w_var(w, s->overflow);
        w_var(w, s->bad_payload);
        w_var(w, s->shown_frame_id);
        w_var(w, s->state_id);
        w_u8(w, s->palette_id);
        w_bool(w, s->failsafe);
        w_var(w, s->inputs);
        w_i16(w, s->encoder);
        break;
    }
    case AWC_HELLO_PART: {
        const AwcHelloPart *h = &m->u.hello_part;
        if (!hello_part_ok(h) || (h->len > 0 && h->data == NULL)) {
            w_invalid(w);
            break;
        }
        w_var(w, h->check);
        w_u8(w, h->total);
        w_u8(w, h->offset);
        w_var(w, h->len);
        w_bytes(w, h->data, h->len);
        break;
    }
    case AWC_DASH_STATE: {
        const AwcDashState *d = &m->u.dash;
        w_var(w, d->state_id);
        w_var(w, d->speed);
        w_u8(w, d->turn_pins);
        w_u8(w, d->temperature);
        w_u8(w, d->engine);
        w_u8(w, d->brakes);
        w_u8(w, d->tyres);
        w_var(w, d->switches);
        w_u8(w, d->pace);
        w_var(w, d->lamps);
        break;
    }
    case AWC_LED_PALETTE: {
        const AwcLedPalette *p = &m->u.palette;
        if (!palette_ok(p) || p->colors == NULL) {
            w_invalid(w);
            break;
        }
        w_u8(w, p->palette_id);
        w_var(w, p->size);
        w_u8(w, p->first);
        w_var(w, p->count);
        w_bytes(w, p->colors, (size_t)p->count * 3u);
        break;
    }
    case AWC_LED_KEY: {
        const AwcLedKey *k = &m->u.key;
        check_key(w, k);
        if (w->err) {
            break;
        }
        w_var(w, k->frame_id);
        w_u8(w, k->format);
        w_var(w, k->led_count);
        w_var(w, k->offset);
        w_var(w, k->len);
        w_bytes(w, k->data, k->len);
        break;
    }
    case AWC_LED_DELTA: {
        const AwcLedDelta *d = &m->u.delta;
        if (d->count > AWC_MAX_RUNS || (d->count > 0 && d->runs == NULL && d->wire == NULL)) {
            w_invalid(w);
            break;
        }
        w_var(w, d->frame_id);
        w_var(w, d->base_id);
        w_var(w, d->count);
        if (d->runs != NULL) {
            for (i = 0; i < d->count; i++) {
                w_var(w, d->runs[i].start);
                w_var(w, d->runs[i].len);
                w_var(w, d->runs[i].value);
            }
        } else if (d->count > 0) {
            w_bytes(w, d->wire, d->wire_len); /* as decoded: already canonical */
        }
        break;
    }
    case AWC_FRAME_SHOWN:
        w_var(w, m->u.frame_shown.frame_id);
        w_var(w, m->u.frame_shown.ack_seq);
        w_var(w, m->u.frame_shown.ack_bits);
        w_bool(w, m->u.frame_shown.shown);
        w_var(w, m->u.frame_shown.show_us);
        break;
    case AWC_INPUT_EVENT:
        if (m->u.input.kind > AWC_TURN) {
            w_invalid(w);
        }
        w_var(w, m->u.input.ev_seq);
        w_var(w, m->u.input.t_ms);
        w_u8(w, m->u.input.control);
        w_u8(w, m->u.input.kind);
        w_i16(w, m->u.input.value);
        break;
    case AWC_ACK_INPUT:
        w_var(w, m->u.ack_input.upto);
        break;
    case AWC_NACK:
        w_var(w, m->u.nack.ref_seq);
        w_u8(w, m->u.nack.code);
        break;
    default:
        w_invalid(w);
        break;
    }
}

int awc_encode(const AwcMsg *m, uint8_t *out, size_t cap)
{
    Writer w;
    uint32_t crc;
    if (m == NULL || out == NULL || cap < 2) {
        return m == NULL || out == NULL ? AWC_ERR_INVALID : AWC_ERR_BUFFER;
    }
    w.out = out;
    w.cap = cap;
    w.pos = 1;
    w.code_at = 0;
    w.code = 1;
    w.crc = 0xFFFFFFFFul;
    w.body = 0;
    w.err = 0;
    w.raw = 0;
    w_u8(&w, AWC_VERSION);
    w_u8(&w, m->type);
    w_u8(&w, (uint8_t)(m->seq & 0xFFu));
    w_u8(&w, (uint8_t)(m->seq >> 8));
    enc_payload(&w, m);
    /* The payload alone must leave room for the CRC within the protocol's maximum body. */
    if (!w.err && w.body + CRC_LEN > AWC_PROTO_MAX_FRAME) {
        w.err = AWC_ERR_TOO_LONG;
    }
    crc = w.crc ^ 0xFFFFFFFFul;
    w_stuff(&w, (uint8_t)crc);
    w_stuff(&w, (uint8_t)(crc >> 8));
    w_stuff(&w, (uint8_t)(crc >> 16));
    w_stuff(&w, (uint8_t)(crc >> 24));
    if (w.err) {
        return w.err;
    }
    if (w.pos >= w.cap) {
        return AWC_ERR_BUFFER;
    }
    w.out[w.code_at] = w.code;
    w.out[w.pos++] = 0;
    return (int)w.pos;
}

int awc_encode_payload(const AwcMsg *m, uint8_t *out, size_t cap)
{
    Writer w;
    if (m == NULL || out == NULL) {
        return AWC_ERR_INVALID;
    }
    w.out = out;
    w.cap = cap;
    w.pos = 0;
    w.code_at = 0;
    w.code = 1;
    w.crc = 0xFFFFFFFFul;
    w.body = ENVELOPE_LEN;
    w.err = 0;
    w.raw = 1;
    enc_payload(&w, m);
    return w.err ? w.err : (int)w.pos;
}

int awc_cobs_encode(const uint8_t *src, size_t len, uint8_t *out, size_t cap)
{
    size_t i, pos = 1, code_at = 0;
    uint8_t code = 1;
    if (cap < len + len / 254u + 1u) {
        return AWC_ERR_BUFFER;
    }
    for (i = 0; i < len; i++) {
        if (src[i] == 0) {
            out[code_at] = code;
            code_at = pos++;
            code = 1;
        } else {
            out[pos++] = src[i];
            if (++code == 0xFF) {
                out[code_at] = code;
                code_at = pos++;
                code = 1;
            }
        }
    }
    out[code_at] = code;
    return (int)pos;
}

/* ---- Reading: every read is bounds-checked, errors are sticky. ---- */

typedef struct {
    const uint8_t *p;
    uint16_t n, pos;
    int err;
} Reader;

static uint8_t r_u8(Reader *r)
{
    if (r->err || r->pos >= r->n) {
        r->err = 1;
        return 0;
    }
    return r->p[r->pos++];
}

static const uint8_t *r_bytes(Reader *r, uint16_t len)
{
    const uint8_t *p;
    if (r->err || len > r->n - r->pos) {
        r->err = 1;
        return NULL;
    }
    p = r->p + r->pos;
    r->pos = (uint16_t)(r->pos + len);
    return p;
}

static uint8_t r_bool(Reader *r)
{
    uint8_t b = r_u8(r);
    if (b > 1) {
        r->err = 1;
    }
    return b;
}

/* A shortest-form varint of at most `max_bytes` bytes whose value is at most `max`. */
static uint32_t r_var(Reader *r, uint8_t max_bytes, uint32_t max)
{
    uint32_t v = 0;
    uint8_t i;
    for (i = 0; i < max_bytes; i++) {
        uint8_t b = r_u8(r);
        uint32_t part = b & 0x7Fu;
        uint8_t shift = (uint8_t)(7u * i);
        if (r->err) {
            return 0;
        }
        if ((shift > 0 && part == 0 && !(b & 0x80u)) || ((part << shift) >> shift) != part) {
            break;
        }
        v |= part << shift;
        if (!(b & 0x80u)) {
            if (v > max) {
                break;
            }
            return v;
        }
    }
    r->err = 1;
    return 0;
}

static uint16_t r_u16(Reader *r)
{
    return (uint16_t)r_var(r, 3, 0xFFFFu);
}

static uint32_t r_u32(Reader *r)
{
    return r_var(r, 5, 0xFFFFFFFFul);
}

static int16_t r_i16(Reader *r)
{
    uint16_t z = r_u16(r);
    uint16_t mag = (uint16_t)(z >> 1);
    /* -(mag) - 1 for odd z: never overflows int16_t since mag <= 32767. */
    return (z & 1u) ? (int16_t)(-(int16_t)mag - 1) : (int16_t)mag;
}

static int key_ok(const AwcLedKey *k)
{
    uint8_t bpl = awc_bytes_per_led(k->format);
    return bpl != 0 && k->len <= AWC_LED_CHUNK_MAX && k->len % bpl == 0 &&
           k->led_count <= AWC_MAX_LEDS && (uint32_t)k->offset + k->len / bpl <= k->led_count;
}

static int dec_payload(uint8_t type, Reader *r, AwcMsg *m)
{
    uint16_t i;
    switch (type) {
    case AWC_HELLO:
        m->u.hello.major = r_u8(r);
        m->u.hello.minor = r_u8(r);
        m->u.hello.schema_hash = r_u32(r);
        m->u.hello.nonce = r_u32(r);
        break;
    case AWC_HELLO_ACK: {
        AwcHelloAck *a = &m->u.hello_ack;
        const uint8_t *uid;
        a->major = r_u8(r);
        a->minor = r_u8(r);
        a->schema_hash = r_u32(r);
        a->nonce = r_u32(r);
        a->kind = r_u8(r);
        if (a->kind != AWC_KIND_DASHBOARD && a->kind != AWC_KIND_TRACK) {
            r->err = 1;
        }
        uid = r_bytes(r, AWC_UID_LEN);
        for (i = 0; uid != NULL && i < AWC_UID_LEN; i++) {
            a->uid[i] = uid[i];
        }
        a->fw_version = r_u16(r);
        a->boot_id = r_u32(r);
        a->input_base = r_u16(r);
        a->max_frame = r_u16(r);
        a->rx_window = r_u16(r);
        a->led_count = r_u16(r);
        a->led_formats = r_u8(r);
        a->outputs = r_u8(r);
        a->inputs = r_u8(r);
        break;
    }
    case AWC_CONFIG:
        m->u.config.failsafe_ms = r_u16(r);
        m->u.config.brightness = r_u8(r);
        m->u.config.status_interval_ms = r_u16(r);
        break;
    case AWC_HEARTBEAT:
        m->u.heartbeat.host_ms = r_u32(r);
        break;
    case AWC_STATUS: {
        AwcStatus *s = &m->u.status;
        s->uptime_ms = r_u32(r);
        s->boot_id = r_u32(r);
        s->rx_ok = r_u32(r);
        s->crc_err = r_u32(r);
        s->cobs_err = r_u32(r);
        s->overflow = r_u32(r);
        s->bad_payload = r_u32(r);
        s->shown_frame_id = r_u16(r);
        s->state_id = r_u16(r);
        s->palette_id = r_u8(r);
        s->failsafe = r_bool(r);
        s->inputs = r_u32(r);
        s->encoder = r_i16(r);
        break;
    }
    case AWC_HELLO_PART: {
        AwcHelloPart *h = &m->u.hello_part;
        uint16_t len;
        h->check = r_u16(r);
        h->total = r_u8(r);
        h->offset = r_u8(r);
        len = r_u16(r);
        if (r->err || len > AWC_HELLO_PART_MAX) {
            return 0;
        }
        h->len = (uint8_t)len;
        if (!hello_part_ok(h)) {
            return 0;
        }
        h->data = r_bytes(r, h->len);
        break;
    }
    case AWC_DASH_STATE: {
        AwcDashState *d = &m->u.dash;
        d->state_id = r_u16(r);
        d->speed = r_u16(r);
        d->turn_pins = r_u8(r);
        d->temperature = r_u8(r);
        d->engine = r_u8(r);
        d->brakes = r_u8(r);
        d->tyres = r_u8(r);
        d->switches = r_u16(r);
        d->pace = r_u8(r);
        d->lamps = r_u32(r);
        break;
    }
    case AWC_LED_PALETTE: {
        AwcLedPalette *p = &m->u.palette;
        p->palette_id = r_u8(r);
        p->size = r_u16(r);
        p->first = r_u8(r);
        p->count = r_u16(r);
        if (r->err || !palette_ok(p)) {
            return 0;
        }
        p->colors = r_bytes(r, (uint16_t)(p->count * 3u));
        break;
    }
    case AWC_LED_KEY: {
        AwcLedKey *k = &m->u.key;
        k->frame_id = r_u16(r);
        k->format = r_u8(r);
        k->led_count = r_u16(r);
        k->offset = r_u16(r);
        k->len = r_u16(r);
        if (r->err || !key_ok(k)) {
            return 0;
        }
        k->data = r_bytes(r, k->len);
        break;
    }
    case AWC_LED_DELTA: {
        AwcLedDelta *d = &m->u.delta;
        uint16_t start;
        d->frame_id = r_u16(r);
        d->base_id = r_u16(r);
        d->count = r_u16(r);
        d->runs = NULL;
        if (r->err || d->count > AWC_MAX_RUNS) {
            return 0;
        }
        start = r->pos;
        for (i = 0; i < d->count && !r->err; i++) {
            (void)r_u16(r);
            (void)r_u16(r);
            (void)r_u32(r);
        }
        d->wire = r->p + start;
        d->wire_len = (uint16_t)(r->pos - start);
        break;
    }
    case AWC_FRAME_SHOWN:
        m->u.frame_shown.frame_id = r_u16(r);
        m->u.frame_shown.ack_seq = r_u16(r);
        m->u.frame_shown.ack_bits = r_u32(r);
        m->u.frame_shown.shown = r_bool(r);
        m->u.frame_shown.show_us = r_u32(r);
        break;
    case AWC_INPUT_EVENT:
        m->u.input.ev_seq = r_u16(r);
        m->u.input.t_ms = r_u32(r);
        m->u.input.control = r_u8(r);
        m->u.input.kind = r_u8(r);
        m->u.input.value = r_i16(r);
        if (m->u.input.kind > AWC_TURN) {
            return 0;
        }
        break;
    case AWC_ACK_INPUT:
        m->u.ack_input.upto = r_u16(r);
        break;
    case AWC_NACK:
        m->u.nack.ref_seq = r_u16(r);
        m->u.nack.code = r_u8(r);
        break;
    default:
        return 0;
    }
    return !r->err && r->pos == r->n;
}

void awc_run_iter_init(AwcRunIter *it, const AwcLedDelta *delta)
{
    it->delta = delta;
    it->index = 0;
    it->pos = 0;
}

int awc_run_next(AwcRunIter *it, AwcLedRun *out)
{
    const AwcLedDelta *d = it->delta;
    Reader r;
    if (it->index >= d->count) {
        return 0;
    }
    if (d->runs != NULL) {
        *out = d->runs[it->index++];
        return 1;
    }
    r.p = d->wire;
    r.n = d->wire_len;
    r.pos = it->pos;
    r.err = 0;
    out->start = r_u16(&r);
    out->len = r_u16(&r);
    out->value = r_u32(&r);
    if (r.err) {
        return 0; /* unreachable for a decoded delta: its runs were checked */
    }
    it->pos = r.pos;
    it->index++;
    return 1;
}

/* ---- Deframing ---- */

/* The CRC-32 of any data followed by its own CRC (little-endian), before the final XOR: the
 * decoder runs the CRC over every body byte as it arrives, so no frame-sized burst of work
 * waits at the delimiter (a 1 KB frame would take 5 ms on an AVR). */
#define CRC_RESIDUE 0xDEBB20E3ul

static int decode_body(const uint8_t *body, uint16_t len, uint32_t running_crc, AwcMsg *out)
{
    Reader r;
    if (len < ENVELOPE_LEN + CRC_LEN) {
        return AWC_ERR_SHORT;
    }
    if (running_crc != CRC_RESIDUE) {
        return AWC_ERR_CRC;
    }
    if (body[0] != AWC_VERSION) {
        return AWC_ERR_VERSION;
    }
    out->type = body[1];
    out->seq = (uint16_t)(body[2] | (body[3] << 8));
    r.p = body + ENVELOPE_LEN;
    r.n = (uint16_t)(len - CRC_LEN - ENVELOPE_LEN);
    r.pos = 0;
    r.err = 0;
    return dec_payload(body[1], &r, out) ? 1 : AWC_ERR_PAYLOAD;
}

void awc_decoder_init(AwcDecoder *d)
{
    d->len = 0;
    d->state = ST_IDLE;
    d->remaining = 0;
    d->zero_pending = 0;
    d->crc = 0xFFFFFFFFul;
    d->counters.rx_ok = 0;
    d->counters.crc_err = 0;
    d->counters.cobs_err = 0;
    d->counters.overflow = 0;
    d->counters.bad_payload = 0;
}

static int push(AwcDecoder *d, uint8_t b)
{
    if (d->len >= AWC_MAX_FRAME) {
        d->state = ST_DISCARD;
        d->len = 0;
        d->crc = 0xFFFFFFFFul;
        d->counters.overflow++;
        return 0;
    }
    d->buf[d->len++] = b;
    d->crc = crc_update(d->crc, b);
    return 1;
}

int awc_decoder_feed(AwcDecoder *d, uint8_t byte, AwcMsg *out)
{
    if (byte == 0) {
        uint8_t state = d->state;
        uint16_t len = d->len;
        uint32_t crc = d->crc;
        int rc;
        d->len = 0;
        d->crc = 0xFFFFFFFFul;
        d->state = ST_IDLE;
        d->zero_pending = 0;
        if (state == ST_IDLE || state == ST_DISCARD) {
            return 0;
        }
        if (state == ST_DATA) {
            d->counters.cobs_err++;
            return AWC_ERR_COBS;
        }
        rc = decode_body(d->buf, len, crc, out);
        switch (rc) {
        case 1: d->counters.rx_ok++; break;
        case AWC_ERR_CRC: d->counters.crc_err++; break;
        case AWC_ERR_SHORT: d->counters.cobs_err++; break;
        default: d->counters.bad_payload++; break;
        }
        return rc;
    }
    switch (d->state) {
    case ST_DISCARD:
        return 0;
    case ST_IDLE:
    case ST_CODE:
        if (d->zero_pending && !push(d, 0)) {
            return AWC_ERR_OVERFLOW;
        }
        d->zero_pending = byte != 0xFF;
        if (byte == 1) {
            d->state = ST_CODE;
        } else {
            d->state = ST_DATA;
            d->remaining = (uint8_t)(byte - 1);
        }
        return 0;
    default: /* ST_DATA */
        if (!push(d, byte)) {
            return AWC_ERR_OVERFLOW;
        }
        if (--d->remaining == 0) {
            d->state = ST_CODE;
        }
        return 0;
    }
}

int awc_decode_frame(AwcDecoder *scratch, const uint8_t *wire, size_t len, AwcMsg *out)
{
    size_t i;
    int rc;
    awc_decoder_init(scratch);
    if (len > 0 && wire[len - 1] == 0) {
        len--;
    }
    for (i = 0; i < len; i++) {
        if (wire[i] == 0) {
            return AWC_ERR_COBS;
        }
        rc = awc_decoder_feed(scratch, wire[i], out);
        if (rc < 0) {
            return rc;
        }
    }
    rc = awc_decoder_feed(scratch, 0, out);
    return rc == 1 ? 0 : rc == 0 ? AWC_ERR_SHORT : rc;
}
