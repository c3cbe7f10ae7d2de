use core::fmt;

/// Everything that can go wrong in the codec or a session. Each has a stable negative code for
/// the C ABI (`Error::code`).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Error {
    /// The output buffer cannot hold the encoded frame.
    BufferTooSmall,
    /// A field is out of its documented range (named), so the message is not encodable.
    InvalidField(&'static str),
    /// The frame body is longer than `MAX_FRAME`.
    FrameTooLong,
    /// COBS framing is broken (a code byte points past the delimiter).
    Cobs,
    /// Shorter than an envelope plus a CRC.
    TooShort,
    /// The CRC-32 does not match.
    Crc,
    /// The envelope's version byte is not `VERSION` (another major, or unknown flag bits).
    Version,
    /// A message type this build does not know (a newer minor version may send it).
    UnknownType(u8),
    /// The payload ends before its last field.
    Truncated,
    /// The payload has bytes after its last field.
    TrailingBytes,
    /// A varint is overlong, overflows its type, or is not in its shortest form.
    BadVarint,
    /// A bool byte other than 0 or 1.
    BadBool,
    /// A queue of the session is full (e.g. 16 input events not yet acknowledged).
    QueueFull,
}

impl Error {
    /// The stable code used by the C ABI (always negative).
    pub fn code(self) -> i32 {
        match self {
            Error::BufferTooSmall => -1,
            Error::InvalidField(_) => -2,
            Error::FrameTooLong => -3,
            Error::Cobs => -4,
            Error::TooShort => -5,
            Error::Crc => -6,
            Error::Version => -7,
            Error::UnknownType(_) => -8,
            Error::Truncated => -9,
            Error::TrailingBytes => -10,
            Error::BadVarint => -11,
            Error::BadBool => -12,
            Error::QueueFull => -13,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::BufferTooSmall => f.write_str("output buffer too small"),
            Error::InvalidField(name) => write!(f, "field out of range: {name}"),
            Error::FrameTooLong => f.write_str("frame longer than MAX_FRAME"),
            Error::Cobs => f.write_str("broken COBS framing"),
            Error::TooShort => f.write_str("frame shorter than envelope and CRC"),
            Error::Crc => f.write_str("CRC-32 mismatch"),
            Error::Version => f.write_str("unsupported protocol version"),
            Error::UnknownType(t) => write!(f, "unknown message type 0x{t:02x}"),
            Error::Truncated => f.write_str("payload truncated"),
            Error::TrailingBytes => f.write_str("bytes after the payload"),
            Error::BadVarint => f.write_str("malformed varint"),
            Error::BadBool => f.write_str("bool byte not 0 or 1"),
            Error::QueueFull => f.write_str("queue full"),
        }
    }
}
