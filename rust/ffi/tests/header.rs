//! The checked-in header is exactly what cbindgen generates from the crate now.
//! `AUTODROMO_BLESS=1` rewrites it after an intended API change.
use std::path::Path;

#[test]
fn checked_in_header_is_up_to_date() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).unwrap();
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_crate(dir)
        .with_config(config)
        .generate()
        .expect("cbindgen runs")
        .write(&mut generated);
    let generated = String::from_utf8(generated).unwrap();
    let path = dir.join("include/autodromo_wire.h");
    if std::env::var_os("AUTODROMO_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "include/autodromo_wire.h is stale: rerun with AUTODROMO_BLESS=1 and commit it"
    );
}
