//! Links autodromo-core with no `std` at all: if any dependency pulled `std` in, its panic
//! handler would clash with ours and this crate would not build. The entry points play, through
//! the core's game registry, every game that needs no content files, with each game's own
//! heuristic bot, as firmware would.
#![no_std]

extern crate alloc;

use autodromo_core::registry::{AnyGame, GAME_IDS};
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Sim;
use autodromo_core::{Game, Player, State};
use core::alloc::{GlobalAlloc, Layout};

/// A heap the embedding firmware provides (here: its C `malloc`/`free`).
struct ExternHeap;

extern "C" {
    fn malloc(size: usize) -> *mut u8;
    fn free(ptr: *mut u8);
}

#[allow(unsafe_code)]
unsafe impl GlobalAlloc for ExternHeap {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() > 16 {
            return core::ptr::null_mut();
        }
        malloc(layout.size())
    }
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        free(ptr)
    }
}

#[global_allocator]
static HEAP: ExternHeap = ExternHeap;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}

/// Plays one game of each registered game that loads with no content files, on its default
/// options, its heuristic on every seat; returns the actions taken in all of them.
#[no_mangle]
pub extern "C" fn autodromo_play_games(seed: u64) -> u32 {
    let mut steps = 0;
    for (i, id) in GAME_IDS.iter().enumerate() {
        let options = serde_json::Value::Object(serde_json::Map::new());
        let Ok(game) = AnyGame::load(id, &options, None) else {
            continue;
        };
        let mut state = game.new_initial_state();
        let mut rng = SplitMix64::for_index(seed, i as u64);
        let mut legal = alloc::vec::Vec::new();
        while !state.is_terminal() {
            let action = match state.current_player() {
                Player::Chance => state.sample_chance(&mut rng),
                Player::Seat(_) => {
                    state.legal_actions_into(&mut legal);
                    state.heuristic(&legal)
                }
                Player::Terminal => None,
            };
            match action.map(|a| state.apply_fast(a)) {
                Some(Ok(())) => steps += 1,
                _ => break,
            }
        }
    }
    steps
}

/// Encodes a bridge HEARTBEAT frame into `out` (the wire codec, linked with no std and no heap);
/// returns its length, or 0 if `out` is too small.
#[no_mangle]
pub extern "C" fn autodromo_wire_heartbeat(
    host_ms: u32,
    out: &mut [u8; autodromo_wire::MAX_WIRE],
) -> usize {
    let msg = autodromo_wire::Message::Heartbeat(autodromo_wire::Heartbeat { host_ms });
    autodromo_wire::encode_frame(&msg, 0, out).unwrap_or(0)
}

/// Runs the bridge device session with no std and no heap: feeds it `input` at time `now_ms`
/// and writes the frames it sends into `out`; returns their length.
#[no_mangle]
pub extern "C" fn autodromo_wire_device_step(
    input: &[u8; 64],
    now_ms: u32,
    out: &mut [u8; autodromo_wire::MAX_WIRE + 1],
) -> usize {
    let info = autodromo_wire::device::DeviceInfo {
        kind: autodromo_wire::device_kind::DASHBOARD,
        ..Default::default()
    };
    let mut device = autodromo_wire::device::DeviceSession::new(info);
    device.receive(input, now_ms);
    device.poll_transmit(now_ms, out)
}
