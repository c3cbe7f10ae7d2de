/* LED track board firmware for an ATmega2560 at 16 MHz (an Arduino Mega): bridge v1 over
 * USART0, a strip of up to 512 WS2812 LEDs under the printed track. The host renders; this
 * stores palette keyframes and deltas in the session's LED buffer, pushes each frame to the
 * strip and reports FRAME_SHOWN. Pins: README.md. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <avr/sleep.h>

#include "awc_device.h"
#include "board.h"
#include "serial.h"
#include "ws2812.h"

#define FW_VERSION 0x0100u
/* The protocol's most (AWC_MAX_LEDS), so every LED map the bridge takes fits: the longest
 * shipped one has 336. 6 bytes a LED of 8 KB RAM (session buffer,
 * strip), 15 ms a frame on the strip. */
#define LED_COUNT 512u
/* Most LED-message wire bytes in flight: one full keyframe chunk and a bit. The firmware
 * stores chunks as they arrive, so the receive ring only has to cover the gaps. */
#define RX_WINDOW 1100u
/* Brightness of the strip in failsafe, out of 255: a dim copy of the last frame ("paused"). */
#define FAILSAFE_BRIGHTNESS 32u

static AwcDevice dev;
/* The frame as sent to the strip: green, red, blue per LED, palette and brightness applied. */
uint8_t strip[LED_COUNT * 3];
/* Frames pushed to the strip (for the tests: failsafe pushes a dim frame without a report). */
volatile uint16_t shows;

ISR(TIMER1_COMPA_vect)
{
    board_ms_ticks++;
}

/* Renders the session's LED buffer into `strip` and sends it; returns the microseconds the
 * strip took (30 per LED). The timer cannot count while interrupts are off, so the time is
 * added to the clock afterwards. */
static uint32_t push_strip(uint8_t brightness)
{
    static uint16_t carry_us;
    uint16_t i, n = dev.led_count;
    uint32_t us;
    for (i = 0; i < n; i++) {
        uint8_t rgb[3];
        awc_device_pixel(&dev, i, rgb);
        strip[3u * i] = (uint8_t)((uint16_t)rgb[1] * brightness / 255u);
        strip[3u * i + 1] = (uint8_t)((uint16_t)rgb[0] * brightness / 255u);
        strip[3u * i + 2] = (uint8_t)((uint16_t)rgb[2] * brightness / 255u);
    }
    ws2812_send(strip, (uint16_t)(n * 3u));
    shows++;
    us = 30ul * n + 50ul; /* the data, then the 50 us latch */
    cli();
    TIFR1 = _BV(OCF1A); /* a tick that came due while sending is in the sum below */
    carry_us = (uint16_t)(carry_us + us % 1000u);
    board_ms_ticks += us / 1000u + carry_us / 1000u;
    carry_us %= 1000u;
    sei();
    return us;
}

static void lamps(void)
{
    /* PB7 (the Mega's LED) lit while host frames arrive, PB6 in failsafe. */
    if (dev.failsafe) {
        PORTB = (uint8_t)((PORTB | _BV(PB6)) & ~_BV(PB7));
    } else {
        PORTB = (uint8_t)((PORTB | _BV(PB7)) & ~_BV(PB6));
    }
}

static void device_init(void)
{
    AwcDeviceInfo info = {.kind = AWC_KIND_TRACK, .fw_version = FW_VERSION, .rx_window = RX_WINDOW,
                          .led_count = LED_COUNT,
                          .led_formats = (1u << AWC_RGB888) | (1u << AWC_PAL8)};
    board_start(&dev, &info, PSTR("TRK256"));
}

int main(void)
{
    static uint8_t tx[72];
    DDRB = _BV(PB6) | _BV(PB7);
    /* Timer1 CTC at OCR1A = 1999, clock / 8: the 1 ms tick. */
    OCR1A = 1999;
    TCCR1B = _BV(WGM12) | _BV(CS11);
    TIMSK1 = _BV(OCIE1A);
    serial_init();
    device_init();
    lamps();
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();
    for (;;) {
        AwcEvent ev;
        uint32_t now = board_millis();
        size_t n;
        board_receive(&dev, now);
        while (awc_device_poll_event(&dev, &ev)) {
            switch (ev.kind) {
            case AWC_EV_SHOW: {
                uint32_t us = push_strip(dev.failsafe ? FAILSAFE_BRIGHTNESS : dev.config.brightness);
                (void)awc_device_frame_shown(&dev, ev.frame_id, us, board_millis());
                break;
            }
            case AWC_EV_FAILSAFE:
            case AWC_EV_RESTORED:
            case AWC_EV_CONFIG:
            case AWC_EV_PALETTE: /* PAL8 colours on the strip change with the palette */
                lamps();
                if (dev.shown_id != 0) {
                    push_strip(dev.failsafe ? FAILSAFE_BRIGHTNESS : dev.config.brightness);
                }
                break;
            default:
                break;
            }
        }
        while ((n = awc_device_poll_transmit(&dev, board_millis(), tx, sizeof tx)) > 0) {
            serial_write(tx, (uint16_t)n);
        }
        board_idle(now);
    }
}
