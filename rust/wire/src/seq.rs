//! Wrapping 16-bit sequence numbers (RFC 1982 style): `a` is after `b` if `a - b`, as a signed
//! 16-bit value, is positive. Valid while the two are less than 32768 apart, which the input
//! ring of 16 guarantees.

/// Signed distance from `b` to `a`.
pub fn diff(a: u16, b: u16) -> i16 {
    a.wrapping_sub(b) as i16
}

/// `a` comes after `b`.
pub fn after(a: u16, b: u16) -> bool {
    diff(a, b) > 0
}

/// The next non-zero id (0 means "none" for frame, state and palette ids).
pub fn next_id(id: u16) -> u16 {
    match id.wrapping_add(1) {
        0 => 1,
        n => n,
    }
}

/// Signed distance between two wrapping millisecond times.
pub fn diff32(a: u32, b: u32) -> i32 {
    a.wrapping_sub(b) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_around() {
        assert!(after(0, 65535));
        assert!(after(5, 65530));
        assert!(!after(65530, 5));
        assert_eq!(diff(2, 65534), 4);
        assert_eq!(next_id(65535), 1);
    }
}
