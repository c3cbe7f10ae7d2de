/* A simavr harness for the bridge firmware: runs an AVR ELF in real time, joins its USART0 to
 * a pseudo-terminal, and takes commands on stdin so tests can press buttons and read needles,
 * lamps, memory and a WS2812 line.
 *
 *   harness [--mcu atmega328p] [--freq 16000000] [--baud 250000] [--ws2812 A0] FIRMWARE.elf
 *
 * The first line on stdout is "pty /dev/pts/N": open it with pyserial. Then one reply line per
 * command (README.md lists them). simavr's own chatter goes to stderr.
 *
 * Received bytes reach the UART at the line rate the firmware configured and never faster than
 * a real USART's two-byte buffer drains (see feed_uart). The simulation sleeps whenever it runs
 * ahead of the wall clock, so its timers (the 1 s failsafe) take real time. */
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_irq.h>

#define RXQ 65536u /* bytes from the pty not yet given to the UART */
#define BURST 2u /* bytes the line may get ahead of its rate */
#define SERVICE_US 250u

static avr_t *avr;
static elf_firmware_t fw;
static FILE *out; /* replies: the real stdout */
static int master = -1, slave = -1;
static uint8_t rxq[RXQ];
static size_t rx_head, rx_len;
static int xoff;
static uint64_t cycles_per_byte;
static double tokens;
static avr_cycle_count_t tokens_at;
static uint64_t wall_start_us;
static uint8_t pressed[12]; /* per port A..L: pins the harness drives low */
static int quit;

static uint64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static uint64_t sim_us(void)
{
    return avr->cycle * 1000000u / avr->frequency;
}

static void uart_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
    uint8_t b = (uint8_t)value;
    (void)irq;
    (void)param;
    /* The harness keeps the slave open, so a write fails only when nobody reads and the
     * pty buffer is full: the byte is lost, as on a line with nobody listening. */
    if (write(master, &b, 1) != 1 && errno != EAGAIN) {
        perror("pty write");
    }
}

static void uart_xoff(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)param;
    xoff = value != 0;
}

static void uart_xon(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)param;
    if (value) {
        xoff = 0;
    }
}

static avr_uart_t *uart0;

/* Bytes waiting in simavr's receive FIFO (a ring of uart_fifo_fifo_size slots). */
static unsigned fifo_level(void)
{
    return (unsigned)(uart0->input.write - uart0->input.read) & (uart_fifo_fifo_size - 1u);
}

/* Gives queued bytes to the UART at the line rate the firmware configured (simavr's own
 * cycles_per_byte, from UBRR), and only while its receive FIFO holds less than the two bytes
 * a real USART buffers: the firmware gets bytes as a line delivers them, and simavr's 64-byte
 * FIFO never fills (it would drop bytes silently). XOFF is respected too. */
static void feed_uart(void)
{
    avr_irq_t *in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    uint64_t per_byte = uart0->cycles_per_byte ? uart0->cycles_per_byte : cycles_per_byte;
    tokens += (double)(avr->cycle - tokens_at) / (double)per_byte;
    tokens_at = avr->cycle;
    if (tokens > BURST) {
        tokens = BURST;
    }
    if (fifo_level() == 0) {
        xoff = 0;
    }
    while (rx_len > 0 && tokens >= 1.0 && !xoff && fifo_level() < 2) {
        uint8_t b = rxq[rx_head];
        rx_head = (rx_head + 1u) % RXQ;
        rx_len--;
        tokens -= 1.0;
        avr_raise_irq(in, b);
    }
}

static void read_pty(void)
{
    uint8_t buf[4096];
    ssize_t n = read(master, buf, sizeof buf);
    ssize_t i;
    for (i = 0; i < n; i++) {
        if (rx_len == RXQ) {
            break; /* the host is flooding a stopped line: drop, the framing recovers */
        }
        rxq[(rx_head + rx_len) % RXQ] = buf[i];
        rx_len++;
    }
}

/* ---- WS2812 capture: a strip on one output pin, decoded from its edges ---- */

#define WS_MAX (512u * 24u) /* bits: the protocol's 512 LEDs */
static uint8_t ws_level;
static avr_cycle_count_t ws_rise, ws_fall;
static uint8_t ws_bits[WS_MAX];
static size_t ws_nbits;
static uint8_t ws_frame[WS_MAX / 8];
static size_t ws_frame_len;
static unsigned ws_frames, ws_bad;

/* A strip latches after 50 us low; its data is the bits before. */
static void ws_latch(void)
{
    size_t i;
    if (ws_nbits == 0 || avr->cycle - ws_fall < avr->frequency / 20000u) {
        return;
    }
    ws_frame_len = ws_nbits / 8u;
    for (i = 0; i < ws_frame_len; i++) {
        uint8_t v = 0, j;
        for (j = 0; j < 8; j++) {
            v = (uint8_t)(v << 1 | ws_bits[8u * i + j]);
        }
        ws_frame[i] = v;
    }
    if (ws_nbits % 8u) {
        ws_bad++;
    }
    ws_nbits = 0;
    ws_frames++;
}

/* A 0 is high 0.25-0.55 us, a 1 is high 0.65-0.95 us (WS2812B); anything else is counted bad. */
static void ws_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
    uint8_t level = value != 0;
    (void)irq;
    (void)param;
    if (level == ws_level) {
        return;
    }
    ws_level = level;
    if (level) {
        ws_latch();
        ws_rise = avr->cycle;
        return;
    }
    {
        uint64_t ns = (avr->cycle - ws_rise) * 1000000000ull / avr->frequency;
        ws_fall = avr->cycle;
        if (ws_nbits == WS_MAX) {
            ws_bad++;
            return;
        }
        if (ns >= 250 && ns <= 550) {
            ws_bits[ws_nbits] = 0;
        } else if (ns >= 650 && ns <= 950) {
            ws_bits[ws_nbits] = 1;
        } else {
            ws_bad++;
            return;
        }
        ws_nbits++;
    }
}

static void cmd_strip(void)
{
    size_t i;
    ws_latch();
    fprintf(out, "strip %u %u ", ws_frames, ws_bad);
    for (i = 0; i < ws_frame_len; i++) {
        fprintf(out, "%02x", ws_frame[i]);
    }
    fprintf(out, "\n");
}

/* ---- Commands ---- */

static avr_ioport_state_t port_state(char name, int *ok)
{
    avr_ioport_state_t st;
    memset(&st, 0, sizeof st);
    *ok = avr_ioctl(avr, AVR_IOCTL_IOPORT_GETSTATE(name), &st) == 0;
    return st;
}

static int drive(char port, int bit, int low)
{
    avr_irq_t *irq;
    int ok;
    if (port < 'A' || port > 'L' || bit < 0 || bit > 7) {
        return 0;
    }
    (void)port_state(port, &ok);
    if (!ok) {
        return 0;
    }
    irq = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), bit);
    if (irq == NULL) {
        return 0;
    }
    if (low) {
        pressed[port - 'A'] |= (uint8_t)(1u << bit);
    } else {
        pressed[port - 'A'] &= (uint8_t)~(1u << bit);
    }
    avr_raise_irq(irq, low ? 0 : 1);
    return 1;
}

/* simavr does not model pull-ups: an input pin with its PORT bit set that the harness does not
 * hold low is driven high, as the pull-up would. */
static void pull_ups(void)
{
    char p;
    for (p = 'A'; p <= 'L'; p++) {
        int ok, bit;
        avr_ioport_state_t st = port_state(p, &ok);
        uint8_t up;
        if (!ok) {
            continue;
        }
        up = (uint8_t)(~st.ddr & st.port & ~pressed[p - 'A'] & ~st.pin);
        for (bit = 0; bit < 8; bit++) {
            if (up & (1u << bit)) {
                avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(p), bit), 1);
            }
        }
    }
}

static unsigned reg16(unsigned lo)
{
    return avr->data[lo] | (unsigned)avr->data[lo + 1] << 8;
}

static void cmd_pins(void)
{
    char p;
    /* Timers 0, 1 and 2 sit at the same addresses on the ATmega328P and ATmega2560. */
    fprintf(out, "pins OCR0A=%u OCR0B=%u OCR1A=%u OCR1B=%u OCR2A=%u OCR2B=%u ICR1=%u "
                 "TCCR0A=%u TCCR1A=%u TCCR2A=%u",
            avr->data[0x47], avr->data[0x48], reg16(0x88), reg16(0x8A), avr->data[0xB3],
            avr->data[0xB4], reg16(0x86), avr->data[0x44], avr->data[0x80], avr->data[0xB0]);
    for (p = 'A'; p <= 'L'; p++) {
        int ok;
        avr_ioport_state_t st = port_state(p, &ok);
        if (ok) {
            fprintf(out, " PORT%c=%u DDR%c=%u PIN%c=%u", p, (unsigned)st.port, p,
                    (unsigned)st.ddr, p, (unsigned)st.pin);
        }
    }
    fprintf(out, "\n");
}

static long symbol_addr(const char *name)
{
    uint32_t i;
    for (i = 0; i < fw.symbolcount; i++) {
        if (strcmp(fw.symbol[i]->symbol, name) == 0) {
            uint32_t a = fw.symbol[i]->addr;
            return a >= 0x800000u ? (long)(a - 0x800000u) : -1;
        }
    }
    return -1;
}

static void cmd_mem(long addr, long len)
{
    long i;
    if (addr < 0 || len < 0 || len > 4096 || addr + len > (long)avr->ramend + 1) {
        fprintf(out, "error bad range\n");
        return;
    }
    fprintf(out, "mem ");
    for (i = 0; i < len; i++) {
        fprintf(out, "%02x", avr->data[addr + i]);
    }
    fprintf(out, "\n");
}

static void command(char *line)
{
    char verb[16], arg[64];
    char port;
    int bit;
    long a, b;
    if (sscanf(line, "%15s", verb) != 1) {
        return;
    }
    if (strcmp(verb, "quit") == 0) {
        fprintf(out, "bye\n");
        quit = 1;
    } else if ((strcmp(verb, "press") == 0 || strcmp(verb, "release") == 0) &&
               sscanf(line, "%*s %c %d", &port, &bit) == 2) {
        if (drive(port, bit, verb[0] == 'p')) {
            fprintf(out, "ok %s %c%d\n", verb, port, bit);
        } else {
            fprintf(out, "error no pin %c%d\n", port, bit);
        }
    } else if (strcmp(verb, "pins") == 0) {
        cmd_pins();
    } else if (strcmp(verb, "strip") == 0) {
        cmd_strip();
    } else if (strcmp(verb, "time") == 0) {
        fprintf(out, "time %llu\n", (unsigned long long)(sim_us() / 1000u));
    } else if (strcmp(verb, "mem") == 0 && sscanf(line, "%*s %li %li", &a, &b) == 2) {
        cmd_mem(a, b);
    } else if (strcmp(verb, "dump") == 0 && sscanf(line, "%*s %63s %li", arg, &b) == 2) {
        a = symbol_addr(arg);
        if (a < 0) {
            fprintf(out, "error no symbol %s\n", arg);
        } else {
            cmd_mem(a, b);
        }
    } else {
        fprintf(out, "error unknown command: %s", line);
        if (line[strlen(line) - 1] != '\n') {
            fprintf(out, "\n");
        }
    }
    fflush(out);
}

static void read_stdin(void)
{
    static char line[256];
    static size_t len;
    char buf[256];
    ssize_t n = read(0, buf, sizeof buf), i;
    if (n == 0) {
        quit = 1; /* the test went away */
        return;
    }
    for (i = 0; i < n; i++) {
        if (len < sizeof line - 1) {
            line[len++] = buf[i];
        }
        if (buf[i] == '\n') {
            line[len] = 0;
            command(line);
            len = 0;
        }
    }
}

/* Polls the pty and stdin for up to timeout_us, feeding the UART as the line allows. */
static void service(uint64_t timeout_us)
{
    struct pollfd fds[2];
    fds[0].fd = master;
    fds[0].events = POLLIN;
    fds[1].fd = 0;
    fds[1].events = POLLIN;
    struct timespec ts;
    ts.tv_sec = (time_t)(timeout_us / 1000000u);
    ts.tv_nsec = (long)(timeout_us % 1000000u) * 1000l;
    if (ppoll(fds, 2, &ts, NULL) > 0) {
        if (fds[0].revents & POLLIN) {
            read_pty();
        }
        if (fds[1].revents & (POLLIN | POLLHUP)) {
            read_stdin();
        }
    }
    pull_ups();
    feed_uart();
}

/* Waits, serving I/O, until the wall clock reaches the simulated time of `cycle`: simulated
 * time never runs ahead of real time by more than one service period. */
static void pace_to(avr_cycle_count_t cycle)
{
    uint64_t target = cycle * 1000000u / avr->frequency;
    for (;;) {
        uint64_t wall = now_us() - wall_start_us;
        service(target > wall ? target - wall : 0);
        if (target <= wall || quit) {
            return;
        }
    }
}

static avr_cycle_count_t next_service, service_cycles;

/* simavr calls this when the firmware sleeps, before it advances the clock by how_long (a
 * single cycle while Timer2 runs: simavr 1.6 steps it cycle by cycle), so the wall clock is
 * only consulted once per service period. */
static void on_sleep(avr_t *a, avr_cycle_count_t how_long)
{
    avr_cycle_count_t wake = a->cycle + 1 + how_long;
    if (wake >= next_service) {
        next_service = wake + service_cycles;
        pace_to(wake);
    }
}

int main(int argc, char **argv)
{
    const char *mcu = "atmega328p", *elf = NULL, *ws = NULL;
    unsigned long freq = 16000000ul, baud = 250000ul;
    uint32_t flags = 0;
    struct termios tio;
    int i, fd;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--mcu") == 0 && i + 1 < argc) {
            mcu = argv[++i];
        } else if (strcmp(argv[i], "--freq") == 0 && i + 1 < argc) {
            freq = strtoul(argv[++i], NULL, 0);
        } else if (strcmp(argv[i], "--ws2812") == 0 && i + 1 < argc) {
            ws = argv[++i];
        } else if (strcmp(argv[i], "--baud") == 0 && i + 1 < argc) {
            baud = strtoul(argv[++i], NULL, 0);
        } else if (argv[i][0] != '-' && elf == NULL) {
            elf = argv[i];
        } else {
            fprintf(stderr, "usage: %s [--mcu M] [--freq HZ] [--baud B] [--ws2812 PORTBIT] FIRMWARE.elf\n", argv[0]);
            return 2;
        }
    }
    if (elf == NULL || freq == 0 || baud == 0) {
        fprintf(stderr, "usage: %s [--mcu M] [--freq HZ] [--baud B] [--ws2812 PORTBIT] FIRMWARE.elf\n", argv[0]);
        return 2;
    }
    /* Our replies keep the real stdout; simavr's printf chatter goes to stderr. */
    fd = dup(1);
    out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (out == NULL || dup2(2, 1) < 0) {
        perror("stdout");
        return 1;
    }
    if (elf_read_firmware(elf, &fw) != 0) {
        fprintf(stderr, "cannot read %s\n", elf);
        return 1;
    }
    avr = avr_make_mcu_by_name(mcu);
    if (avr == NULL) {
        fprintf(stderr, "unknown mcu %s\n", mcu);
        return 1;
    }
    avr_init(avr);
    fw.frequency = (uint32_t)freq;
    avr_load_firmware(avr, &fw);
    avr->frequency = (uint32_t)freq;
    avr->sleep = on_sleep;
    /* No console echo of UART bytes and no usleep when the firmware polls the UART. */
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart_output, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF),
                            uart_xoff, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON),
                            uart_xon, NULL);
    for (avr_io_t *io = avr->io_port; io != NULL; io = io->next) {
        if (strcmp(io->kind, "uart") == 0 && ((avr_uart_t *)io)->name == '0') {
            uart0 = (avr_uart_t *)io;
        }
    }
    if (uart0 == NULL) {
        fprintf(stderr, "%s has no USART0\n", mcu);
        return 1;
    }
    if (ws != NULL) {
        avr_irq_t *pin = NULL;
        if (strlen(ws) == 2 && ws[0] >= 'A' && ws[0] <= 'L' && ws[1] >= '0' && ws[1] <= '7') {
            pin = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(ws[0]), ws[1] - '0');
        }
        if (pin == NULL) {
            fprintf(stderr, "no pin %s for --ws2812\n", ws);
            return 1;
        }
        avr_irq_register_notify(pin, ws_pin, NULL);
    }
    if (openpty(&master, &slave, NULL, NULL, NULL) != 0) {
        perror("openpty");
        return 1;
    }
    tcgetattr(slave, &tio);
    cfmakeraw(&tio);
    tcsetattr(slave, TCSANOW, &tio);
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
    cycles_per_byte = (uint64_t)freq * 10u / baud; /* until the firmware sets UBRR: 8N1 */
    service_cycles = (avr_cycle_count_t)freq / (1000000u / SERVICE_US);
    fprintf(out, "pty %s\n", ttyname(slave));
    fflush(out);
    wall_start_us = now_us();
    while (!quit) {
        int state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed) {
            fprintf(out, "stopped %s\n", state == cpu_Done ? "done" : "crashed");
            fflush(out);
            return state == cpu_Done ? 0 : 1;
        }
        if (avr->cycle >= next_service) {
            next_service = avr->cycle + service_cycles;
            pace_to(avr->cycle);
        }
    }
    return 0;
}
