/* WS2812 output, bit-banged at 16 MHz: 20 cycles (1.25 us) per bit, a 0 high for 5 cycles
 * (0.31 us), a 1 high for 13 (0.81 us). Interrupts are off while it sends. */
#ifndef FW_WS2812_H
#define FW_WS2812_H

#include <stdint.h>

/* Sends n bytes (green, red, blue per LED) on pin WS2812_BIT of WS2812_PORT. */
void ws2812_send(const uint8_t *grb, uint16_t n);

#endif
