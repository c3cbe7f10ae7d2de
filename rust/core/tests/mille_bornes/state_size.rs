//! The budget: a State, excluding its action history, fits in 1 KiB.
use autodromo_core::mille_bornes::Core;

#[test]
fn state_without_history_fits_in_one_kib() {
    assert!(
        std::mem::size_of::<Core>() <= 1024,
        "Core is {} bytes",
        std::mem::size_of::<Core>()
    );
}
