/* Dashboard firmware for an ATmega328P at 16 MHz (an Arduino Uno): bridge v1 over USART0,
 * needles on the PWM outputs of Timers 0, 1 and 2, lamps on port pins, pace buttons and a
 * rotary encoder on inputs with pull-ups. Pins: README.md. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <avr/sleep.h>

#include "awc_device.h"
#include "board.h"
#include "serial.h"

#define FW_VERSION 0x0100u
/* Needle full scale of DASH_STATE.speed (the speed dial's last mark). */
#define SPEED_FULL_SCALE 400u
/* Timer1 counts 0..TOP at 2 MHz: one overflow per millisecond, and 11-bit PWM. */
#define T1_TOP 1999u
#define DEBOUNCE_MS 5u
#define BUTTONS 4u
#define ENCODER_CONTROL 8u /* the host binding's SELECTOR (docs/bridge.md) */
#define OUTPUTS 6u /* five needles and the backlight */
#define INPUTS 5u  /* four buttons and the encoder */

static AwcDevice dev;

ISR(TIMER1_OVF_vect)
{
    board_ms_ticks++;
}

static void timers_init(void)
{
    /* Timer1: fast PWM with ICR1 as TOP (mode 14), /8: 1 kHz, OC1A speed, OC1B temperature. */
    ICR1 = T1_TOP;
    TCCR1A = _BV(COM1A1) | _BV(COM1B1) | _BV(WGM11);
    TCCR1B = _BV(WGM13) | _BV(WGM12) | _BV(CS11);
    TIMSK1 = _BV(TOIE1);
    /* Timers 0 and 2: 8-bit fast PWM, /64: OC0A engine, OC0B brakes, OC2A tyres, OC2B light. */
    TCCR0A = _BV(COM0A1) | _BV(COM0B1) | _BV(WGM01) | _BV(WGM00);
    TCCR0B = _BV(CS01) | _BV(CS00);
    TCCR2A = _BV(COM2A1) | _BV(COM2B1) | _BV(WGM21) | _BV(WGM20);
    TCCR2B = _BV(CS22);
}

static void pins_init(void)
{
    /* Outputs: PB0 failsafe lamp, PB1 OC1A, PB2 OC1B, PB3 OC2A, PB5 link lamp; PD3 OC2B,
     * PD5 OC0B, PD6 OC0A; PC0..PC3 lamps 0..3. */
    DDRB = _BV(PB0) | _BV(PB1) | _BV(PB2) | _BV(PB3) | _BV(PB5);
    DDRD = _BV(PD3) | _BV(PD5) | _BV(PD6);
    DDRC = _BV(PC0) | _BV(PC1) | _BV(PC2) | _BV(PC3);
    /* Inputs with pull-ups, active low: PD2, PD4, PD7, PB4 buttons; PC4, PC5 encoder A, B. */
    PORTD = _BV(PD2) | _BV(PD4) | _BV(PD7);
    PORTB = _BV(PB4);
    PORTC = _BV(PC4) | _BV(PC5);
}

static void needles(const AwcDashState *d, uint8_t live)
{
    uint32_t speed = live ? d->speed : 0;
    if (speed > SPEED_FULL_SCALE) {
        speed = SPEED_FULL_SCALE;
    }
    OCR1A = (uint16_t)(speed * T1_TOP / SPEED_FULL_SCALE);
    OCR1B = live ? (uint16_t)((uint32_t)d->temperature * T1_TOP / 255u) : 0;
    OCR0A = live ? d->engine : 0;
    OCR0B = live ? d->brakes : 0;
    OCR2A = live ? d->tyres : 0;
}

/* PB0 (red) is the failsafe lamp, PB5 (green) the link lamp: host frames within failsafe_ms. */
static void lamps(void)
{
    uint8_t bits = (uint8_t)(dev.dash.lamps & 0x0Fu);
    PORTC = (uint8_t)((PORTC & 0xF0u) | (dev.failsafe ? 0u : bits));
    if (dev.failsafe) {
        PORTB = (uint8_t)((PORTB | _BV(PB0)) & ~_BV(PB5));
    } else {
        PORTB = (uint8_t)((PORTB | _BV(PB5)) & ~_BV(PB0));
    }
}

/* Failsafe zeroes the needles (a stale speed is worse than none) but the session keeps the
 * last state, so the first valid frame after it puts them back. */
static void show(void)
{
    needles(&dev.dash, !dev.failsafe);
    OCR2B = dev.config.brightness;
    lamps();
}

/* ---- Inputs: sampled once a millisecond ---- */

static uint8_t raw_buttons(void)
{
    uint8_t pd = PIND, pb = PINB, v = 0;
    if (!(pd & _BV(PD2))) v |= 1u;
    if (!(pd & _BV(PD4))) v |= 2u;
    if (!(pd & _BV(PD7))) v |= 4u;
    if (!(pb & _BV(PB4))) v |= 8u;
    return v;
}

static uint8_t stable_buttons, debounce[BUTTONS];
static uint8_t enc_last;
static int8_t enc_quarters;

static void sample_inputs(uint32_t now)
{
    /* Quadrature: index (previous AB << 2 | current AB) -> quarter step. */
    static const int8_t steps[16] = {0, 1, -1, 0, -1, 0, 0, 1, 1, 0, 0, -1, 0, -1, 1, 0};
    uint8_t raw = raw_buttons();
    uint8_t i, ab;
    for (i = 0; i < BUTTONS; i++) {
        uint8_t bit = (uint8_t)(1u << i);
        if ((raw & bit) == (stable_buttons & bit)) {
            debounce[i] = 0;
        } else if (++debounce[i] >= DEBOUNCE_MS) {
            debounce[i] = 0;
            stable_buttons ^= bit;
            (void)awc_device_push_input(&dev, i, (stable_buttons & bit) ? AWC_PRESS : AWC_RELEASE,
                                        0, now);
        }
    }
    ab = (uint8_t)((PINC >> PC4) & 3u);
    enc_quarters = (int8_t)(enc_quarters + steps[(enc_last << 2) | ab]);
    enc_last = ab;
    /* One detent is a full cycle of four transitions. */
    if (enc_quarters >= 4 || enc_quarters <= -4) {
        int16_t detents = enc_quarters / 4;
        enc_quarters = (int8_t)(enc_quarters - detents * 4);
        (void)awc_device_push_input(&dev, ENCODER_CONTROL, AWC_TURN, detents, now);
    }
}

static void device_init(void)
{
    AwcDeviceInfo info = {.kind = AWC_KIND_DASHBOARD, .fw_version = FW_VERSION,
                          .outputs = OUTPUTS, .inputs = INPUTS};
    board_start(&dev, &info, PSTR("DSH28P"));
}

int main(void)
{
    static uint8_t tx[72];
    uint32_t last_sample = 0;
    pins_init();
    timers_init();
    serial_init();
    device_init();
    enc_last = (uint8_t)((PINC >> PC4) & 3u);
    show();
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();
    for (;;) {
        AwcEvent ev;
        uint8_t changed = 0;
        uint32_t now = board_millis();
        size_t n;
        board_receive(&dev, now);
        while (awc_device_poll_event(&dev, &ev)) {
            changed = 1;
        }
        if (changed) {
            show();
        }
        if (now != last_sample) {
            last_sample = now;
            sample_inputs(now);
        }
        while ((n = awc_device_poll_transmit(&dev, now, tx, sizeof tx)) > 0) {
            serial_write(tx, (uint16_t)n);
        }
        board_idle(now);
    }
}
