//! Issue 17, items 1 to 4, on the sans-IO sessions and a fake clock: a reset whose boot
//! HELLO_ACK is lost, frames from an older boot, `max_frame` kept by every message, devices the
//! host cannot drive refused with their reason, a device that numbers past its input events.
mod common;

use autodromo_wire::device::DeviceSession;
use autodromo_wire::frame::Decoder;
use autodromo_wire::host::{Dropped, HostEvent, LinkState, Refusal, MIN_FRAME};
use autodromo_wire::*;
use common::{track_info, Sim};

const FAST: usize = 100; // bytes per ms: 1 Mbaud

fn dashboard_info(boot_id: u32) -> device::DeviceInfo {
    device::DeviceInfo {
        kind: device_kind::DASHBOARD,
        uid: [3; 16],
        fw_version: 1,
        boot_id,
        caps: Caps {
            max_frame: 128,
            rx_window: 0,
            led_count: 0,
            led_formats: 0,
            outputs: 8,
            inputs: 9,
        },
    }
}

fn linked(info: device::DeviceInfo) -> Sim {
    let mut sim = Sim::new(1, info, FAST);
    sim.run(50);
    assert_eq!(sim.host.state(), LinkState::Linked);
    sim
}

/// Presses button 1 `n` times, 10 ms apart; returns the ev_seqs given.
fn press(sim: &mut Sim, n: usize) -> Vec<u16> {
    let mut seqs = vec![];
    for _ in 0..n {
        seqs.push(
            sim.dev
                .push_input(1, input_kind::PRESS, 0, sim.now)
                .unwrap(),
        );
        sim.run(10);
    }
    seqs
}

/// The device reboots on the same line; its boot HELLO_ACK is lost on the way.
fn reset_losing_the_boot_hello_ack(sim: &mut Sim, boot_id: u32) {
    sim.dev = DeviceSession::new(dashboard_info(boot_id));
    let mut buf = vec![0u8; 4 * MAX_WIRE];
    let n = sim.dev.poll_transmit(sim.now, &mut buf);
    // The lead delimiter, the HELLO_ACK and its delimiter go; what follows (STATUS) stays.
    let after_ack = 1 + buf[1..n].iter().position(|&b| b == 0).unwrap() + 1;
    let mut d = Decoder::new();
    let dropped: Vec<_> = buf[..after_ack].iter().filter_map(|&b| d.feed(b)).collect();
    assert!(matches!(
        dropped[..],
        [Ok(Frame {
            message: Message::HelloAck(_),
            ..
        })]
    ));
    sim.d2h.queue.extend(&buf[after_ack..n]);
}

#[test]
fn presses_after_a_reset_whose_hello_ack_was_lost_all_arrive() {
    let mut sim = linked(dashboard_info(0xB001));
    press(&mut sim, 5);
    sim.run(200);
    assert_eq!(sim.inputs_received.len(), 5);
    reset_losing_the_boot_hello_ack(&mut sim, 0xB002);
    let before = sim.inputs_received.len();
    press(&mut sim, 10);
    sim.run(500);
    let after: Vec<u16> = sim.inputs_received[before..]
        .iter()
        .map(|e| e.ev_seq)
        .collect();
    assert_eq!(
        after,
        (0..10).collect::<Vec<u16>>(),
        "every press after the reset, once"
    );
    assert!(sim
        .host_events
        .iter()
        .any(|e| matches!(e, HostEvent::DeviceReset(a) if a.boot_id == 0xB002)));
    assert_eq!(sim.dev.inputs_pending(), 0);
}

#[test]
fn a_reset_32768_or_more_behind_the_old_numbering_does_not_fill_the_ring() {
    let info = dashboard_info(0xB001);
    let mut sim = Sim::new(2, info, FAST);
    sim.dev.set_next_input_seq(40_000).unwrap();
    sim.run(50);
    press(&mut sim, 3);
    reset_losing_the_boot_hello_ack(&mut sim, 0xB002);
    let before = sim.inputs_received.len();
    press(&mut sim, 20); // more than the ring of 16: only acknowledgements make room
    sim.run(500);
    assert_eq!(sim.inputs_received.len() - before, 20);
    assert_eq!(sim.dev.inputs_pending(), 0);
}

#[test]
fn a_late_hello_ack_of_the_previous_boot_is_dropped_and_counted() {
    let mut sim = linked(dashboard_info(0xB001));
    let old = *sim.host.device().unwrap();
    press(&mut sim, 4);
    sim.dev = DeviceSession::new(dashboard_info(0xB002));
    sim.run(100);
    assert_eq!(sim.host.device().unwrap().boot_id, 0xB002);
    // The old boot's answer, held somewhere on the way, arrives now.
    let mut buf = [0u8; MAX_WIRE];
    let n = encode_frame(&Message::HelloAck(old), 9, &mut buf).unwrap();
    sim.d2h.queue.extend(&buf[..n]);
    sim.run(20);
    assert_eq!(
        sim.host.device().unwrap().boot_id,
        0xB002,
        "not re-reset to the old boot"
    );
    assert_eq!(sim.host.dropped(), 1);
    assert!(sim.host_events.iter().any(|e| matches!(
        e,
        HostEvent::Dropped(Dropped::OlderBoot { boot_id: 0xB001 })
    )));
    let before = sim.inputs_received.len();
    press(&mut sim, 6);
    sim.run(300);
    let after: Vec<u16> = sim.inputs_received[before..]
        .iter()
        .map(|e| e.ev_seq)
        .collect();
    assert_eq!(after, (0..6).collect::<Vec<u16>>());
}

/// Every frame the host wrote, with its body length.
fn host_bodies(sim: &mut Sim) -> Vec<(usize, Message)> {
    let mut out = vec![];
    for (_, bytes) in sim.host_tx_log.drain(..) {
        for frame in bytes.split_inclusive(|&b| b == 0).filter(|f| f.len() > 1) {
            let f = decode_frame(frame).unwrap();
            let body = frame::body_len(&f.message).unwrap();
            out.push((body, f.message));
        }
    }
    out
}

#[test]
fn every_host_message_fits_a_256_byte_max_frame() {
    let mut info = track_info(1, 4096);
    info.caps.max_frame = 256;
    let mut sim = linked(info);
    sim.log_tx = true;
    let colors: Vec<[u8; 3]> = (0..200u32).map(|i| [i as u8, (255 - i) as u8, 7]).collect();
    sim.host.set_palette(&colors).unwrap();
    let frame: Vec<u8> = (0..300).map(|i| (i % 200) as u8).collect();
    sim.host.set_leds(led_format::PAL8, &frame).unwrap();
    sim.run(300);
    assert!(sim.converged());
    // Every other LED changes: a delta of more runs than fit in 256 bytes.
    let frame2: Vec<u8> = frame
        .iter()
        .enumerate()
        .map(|(i, v)| (v + (i % 2) as u8) % 200)
        .collect();
    sim.host.set_leds(led_format::PAL8, &frame2).unwrap();
    sim.run(300);
    assert!(sim.converged());
    let bodies = host_bodies(&mut sim);
    let too_long: Vec<_> = bodies
        .iter()
        .filter(|(n, _)| *n > 256)
        .map(|(n, m)| (n, m.name()))
        .collect();
    assert!(too_long.is_empty(), "{too_long:?}");
    assert!(
        bodies
            .iter()
            .filter(|(_, m)| m.name() == "LED_PALETTE")
            .count()
            >= 3,
        "the palette went in parts"
    );
}

#[test]
fn a_device_below_the_protocol_minimum_frame_is_refused_and_sent_nothing_more() {
    let mut info = dashboard_info(5);
    info.caps.max_frame = 12;
    let mut sim = Sim::new(3, info, FAST);
    sim.log_tx = true;
    sim.host.set_dash(DashState::default());
    sim.run(500);
    assert_eq!(sim.host.state(), LinkState::Refused);
    let refusals: Vec<_> = sim
        .host_events
        .iter()
        .filter_map(|e| match e {
            HostEvent::Refused(_, why) => Some(*why),
            _ => None,
        })
        .collect();
    assert_eq!(refusals, vec![Refusal::MaxFrame(12)]);
    assert_eq!(
        refusals[0].to_string(),
        format!("max_frame 12 is below the protocol's minimum of {MIN_FRAME} bytes")
    );
    let sent: Vec<&str> = host_bodies(&mut sim)
        .iter()
        .map(|(_, m)| m.name())
        .collect();
    assert!(sent.iter().all(|&n| n == "HELLO"), "{sent:?}");
}

#[test]
fn track_boards_the_host_cannot_drive_are_refused_with_their_reason() {
    let cases = [
        (
            0b100,
            4096,
            300,
            "led_formats 0x04 offers neither RGB888 (bit 0) nor PAL8 (bit 1)",
        ),
        (
            0b11,
            16,
            300,
            "rx_window 16 is below the 43 bytes of the smallest LED message",
        ),
        (
            0b11,
            4096,
            600,
            "led_count 600 is above the protocol's 512 LEDs",
        ),
    ];
    for (formats, window, leds, why) in cases {
        let mut info = track_info(1, window);
        info.caps.led_formats = formats;
        info.caps.led_count = leds;
        let mut sim = Sim::new(4, info, FAST);
        sim.run(300);
        assert_eq!(sim.host.state(), LinkState::Refused, "{why}");
        let said: Vec<String> = sim
            .host_events
            .iter()
            .filter_map(|e| match e {
                HostEvent::Refused(_, r) => Some(r.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(said, vec![why.to_string()], "refused once, with its reason");
    }
}

#[test]
fn a_device_that_numbers_past_its_events_is_reported_and_heard_again() {
    let mut sim = linked(dashboard_info(7));
    press(&mut sim, 2);
    sim.run(200);
    assert_eq!(sim.dev.inputs_pending(), 0);
    sim.dev.set_next_input_seq(7).unwrap(); // 2..=6 are never sent
    let before = sim.inputs_received.len();
    press(&mut sim, 3);
    sim.run(800);
    let after: Vec<u16> = sim.inputs_received[before..]
        .iter()
        .map(|e| e.ev_seq)
        .collect();
    assert_eq!(after, vec![7, 8, 9]);
    let skipped: Vec<String> = sim
        .host_events
        .iter()
        .filter_map(|e| match e {
            HostEvent::Dropped(d @ Dropped::InputsSkipped { .. }) => Some(d.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(
        skipped,
        vec!["input events 2 to 6 never came: the device numbered past them".to_string()]
    );
}

#[test]
fn a_numbering_jump_of_40000_is_logged_and_resynchronised_with_no_event_lost() {
    let mut sim = linked(dashboard_info(7));
    press(&mut sim, 2);
    sim.run(200);
    assert_eq!(sim.dev.inputs_pending(), 0);
    // Issue 34: 2 + 40000 is 'behind' 2 to a 16-bit comparison; the events were dropped unheard.
    sim.dev.set_next_input_seq(40_002).unwrap();
    let before = sim.inputs_received.len();
    press(&mut sim, 3);
    sim.run(800);
    let after: Vec<u16> = sim.inputs_received[before..]
        .iter()
        .map(|e| e.ev_seq)
        .collect();
    assert_eq!(after, vec![40_002, 40_003, 40_004]);
    assert_eq!(sim.dev.inputs_pending(), 0);
    let said: Vec<String> = sim
        .host_events
        .iter()
        .filter_map(|e| match e {
            HostEvent::Dropped(d) => Some(d.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(
        said,
        vec![
            "input numbering jumped from 2 to 40002: resynchronised, the events from 40002 on \
             are heard"
                .to_string()
        ]
    );
}
