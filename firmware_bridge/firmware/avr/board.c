#include "board.h"

#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <avr/sleep.h>
#include <string.h>

#include "serial.h"

#define UID_PREFIX_LEN 9u
#define MODEL_LEN 6u
#if UID_PREFIX_LEN + MODEL_LEN + 1u != AWC_UID_LEN
#error "the uid is the prefix, the model and one byte"
#endif

volatile uint32_t board_ms_ticks;
/* Kept in EEPROM so every power-up gets a new boot_id. */
static uint32_t EEMEM boot_counter;
static const char uid_prefix[UID_PREFIX_LEN + 1u] PROGMEM = "AUTODROMO";

uint32_t board_millis(void)
{
    uint32_t v;
    uint8_t sreg = SREG;
    cli();
    v = board_ms_ticks;
    SREG = sreg;
    return v;
}

void board_start(AwcDevice *dev, AwcDeviceInfo *info, const char *model)
{
    uint32_t boots = eeprom_read_dword(&boot_counter) + 1u;
    eeprom_write_dword(&boot_counter, boots);
    memcpy_P(info->uid, uid_prefix, UID_PREFIX_LEN);
    memcpy_P(info->uid + UID_PREFIX_LEN, model, MODEL_LEN);
    /* The device signature row would give a per-chip serial on real hardware; a fixed tail
     * keeps the emulated device's uid stable. */
    info->uid[UID_PREFIX_LEN + MODEL_LEN] = 0x01;
    info->boot_id = awc_crc32((const uint8_t *)&boots, sizeof boots);
    info->max_frame = AWC_MAX_FRAME;
    awc_device_init(dev, info);
}

void board_receive(AwcDevice *dev, uint32_t now)
{
    uint8_t b;
    while (serial_read(&b)) {
        awc_device_receive_byte(dev, b, now);
    }
    awc_device_tick(dev, now);
}

void board_idle(uint32_t now)
{
    /* Interrupts stay off between the check and the sleep so a byte arriving in between
     * still wakes us. */
    cli();
    if (!serial_available() && board_millis() == now) {
        sleep_enable();
        sei();
        sleep_cpu();
        sleep_disable();
    }
    sei();
}
