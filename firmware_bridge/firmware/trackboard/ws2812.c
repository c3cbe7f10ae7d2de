#include "ws2812.h"

#include <avr/interrupt.h>
#include <avr/io.h>

#if F_CPU != 16000000UL
#error "the WS2812 timing below counts cycles at 16 MHz"
#endif

/* PA0, digital pin 22 on an Arduino Mega. */
#define WS2812_PORT PORTA
#define WS2812_DDR DDRA
#define WS2812_BIT 0

void ws2812_send(const uint8_t *grb, uint16_t n)
{
    uint8_t sreg = SREG, hi, lo, byte, bits;
    if (n == 0) {
        return;
    }
    WS2812_DDR |= _BV(WS2812_BIT);
    cli();
    hi = (uint8_t)(WS2812_PORT | _BV(WS2812_BIT));
    lo = (uint8_t)(WS2812_PORT & ~_BV(WS2812_BIT));
    /* Per bit (cycle at which each instruction ends): out hi 1, nop 2-4, sbrs 5 (6 when it
     * skips), out lo 6 (ends a 0), lsl 7, nop 8-13, out lo 14 (ends a 1), nop 15-17, dec 18,
     * brne 20. Between bytes the line stays low 6 cycles longer, well within the tolerance. */
    __asm__ __volatile__(
        "byte_%=:               \n\t"
        "ld   %[byte], %a[ptr]+ \n\t"
        "ldi  %[bits], 8        \n\t"
        "bit_%=:                \n\t"
        "out  %[port], %[hi]    \n\t"
        "nop                    \n\t"
        "nop                    \n\t"
        "nop                    \n\t"
        "sbrs %[byte], 7        \n\t"
        "out  %[port], %[lo]    \n\t"
        "lsl  %[byte]           \n\t"
        "nop                    \n\t"
        "nop                    \n\t"
        "nop                    \n\t"
        "nop                    \n\t"
        "nop                    \n\t"
        "nop                    \n\t"
        "out  %[port], %[lo]    \n\t"
        "nop                    \n\t"
        "nop                    \n\t"
        "nop                    \n\t"
        "dec  %[bits]           \n\t"
        "brne bit_%=            \n\t"
        "sbiw %[n], 1           \n\t"
        "brne byte_%=           \n\t"
        : [ptr] "+e"(grb), [n] "+w"(n), [byte] "=&d"(byte), [bits] "=&d"(bits)
        : [port] "I"(_SFR_IO_ADDR(WS2812_PORT)), [hi] "r"(hi), [lo] "r"(lo));
    SREG = sreg;
}
