/* USART0 for the bridge firmware: interrupt-driven receive into a ring buffer (the UART itself
 * holds only two bytes), blocking transmit. 8N1 at BAUD. */
#ifndef FW_SERIAL_H
#define FW_SERIAL_H

#include <stdint.h>

#ifndef BAUD
#define BAUD 250000ul
#endif
/* Must be a power of two. */
#ifndef SERIAL_RX_RING
#define SERIAL_RX_RING 128u
#endif

void serial_init(void);
/* The next received byte into *b: 1, or 0 if none waits. */
uint8_t serial_read(uint8_t *b);
uint8_t serial_available(void);
void serial_write(const uint8_t *data, uint16_t n);
/* Bytes lost because the ring was full (a hardware overrun counts too). */
uint16_t serial_dropped(void);

#endif
