/* What the dashboard and the track board do alike around the device session: the millisecond
 * clock, the HELLO_ACK identity with a boot_id new each power-up, and the main loop's receive
 * and sleep steps. Each board keeps its own timer, pins, events and transmit step. */
#ifndef FW_BOARD_H
#define FW_BOARD_H

#include <stdint.h>

#include "awc_device.h"

/* Milliseconds since power-up: the board's 1 ms timer interrupt increments it, and the track
 * board adds the time its strip kept interrupts off. */
extern volatile uint32_t board_ms_ticks;

uint32_t board_millis(void);

/* Starts the session for the board described by *info (kind, fw_version, rx_window, led_count,
 * led_formats, outputs, inputs), which this completes: uid "AUTODROMO", the six characters of
 * `model` (in program memory, e.g. PSTR("DSH28P")), then 0x01; boot_id the CRC-32 of a boot
 * counter kept in EEPROM; max_frame this build's AWC_MAX_FRAME. */
void board_start(AwcDevice *dev, AwcDeviceInfo *info, const char *model);

/* Feeds every received byte to the session, then advances its clock to `now`. */
void board_receive(AwcDevice *dev, uint32_t now);

/* Sleeps until the next byte or tick, unless one has come since `now` was read. Returns with
 * interrupts on. */
void board_idle(uint32_t now);

#endif
