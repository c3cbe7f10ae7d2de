#include "serial.h"

#include <avr/interrupt.h>
#include <avr/io.h>

#if defined(USART0_RX_vect)
#define RX_VECTOR USART0_RX_vect
#else
#define RX_VECTOR USART_RX_vect
#endif

static volatile uint8_t ring[SERIAL_RX_RING];
static volatile uint8_t head, tail; /* written by the ISR, by the main loop */
static volatile uint16_t dropped;

ISR(RX_VECTOR)
{
    uint8_t status = UCSR0A;
    uint8_t b = UDR0;
    uint8_t next = (uint8_t)((head + 1u) & (SERIAL_RX_RING - 1u));
    if (status & _BV(DOR0)) {
        dropped++;
    }
    if (next == tail) {
        dropped++; /* the decoder resyncs at the next delimiter */
        return;
    }
    ring[head] = b;
    head = next;
}

void serial_init(void)
{
    /* U2X halves the divider error at high rates. */
    uint16_t ubrr = (uint16_t)((F_CPU + 4ul * BAUD) / (8ul * BAUD) - 1ul);
    UBRR0H = (uint8_t)(ubrr >> 8);
    UBRR0L = (uint8_t)ubrr;
    UCSR0A = _BV(U2X0);
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

uint8_t serial_available(void)
{
    return head != tail;
}

uint8_t serial_read(uint8_t *b)
{
    uint8_t t = tail;
    if (head == t) {
        return 0;
    }
    *b = ring[t];
    tail = (uint8_t)((t + 1u) & (SERIAL_RX_RING - 1u));
    return 1;
}

void serial_write(const uint8_t *data, uint16_t n)
{
    uint16_t i;
    for (i = 0; i < n; i++) {
        while (!(UCSR0A & _BV(UDRE0))) {
        }
        UDR0 = data[i];
    }
}

uint16_t serial_dropped(void)
{
    uint16_t v;
    uint8_t sreg = SREG;
    cli();
    v = dropped;
    SREG = sreg;
    return v;
}
