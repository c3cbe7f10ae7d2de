//! The postcard 1.x primitives our messages use, written by hand so the crate has no dependency:
//! `u8` as one raw byte, `u16`/`u32` as unsigned LEB128 varints, `i16` zigzag then varint,
//! `bool` as 0/1, fixed arrays as raw bytes, sequences as a varint length then the elements.
//! The reader accepts only the shortest varint form, so decode-then-encode is byte-identical.
use crate::Error;

/// Writes primitives into a caller buffer.
#[derive(Debug)]
pub struct Writer<'a> {
    buf: &'a mut [u8],
    pos: usize,
}

impl<'a> Writer<'a> {
    pub fn new(buf: &'a mut [u8]) -> Self {
        Writer { buf, pos: 0 }
    }

    /// Bytes written so far.
    pub fn len(&self) -> usize {
        self.pos
    }

    pub fn is_empty(&self) -> bool {
        self.pos == 0
    }

    pub fn u8(&mut self, v: u8) -> Result<(), Error> {
        let slot = self.buf.get_mut(self.pos).ok_or(Error::BufferTooSmall)?;
        *slot = v;
        self.pos += 1;
        Ok(())
    }

    pub fn bytes(&mut self, v: &[u8]) -> Result<(), Error> {
        let end = self.pos.checked_add(v.len()).ok_or(Error::BufferTooSmall)?;
        let dst = self
            .buf
            .get_mut(self.pos..end)
            .ok_or(Error::BufferTooSmall)?;
        dst.copy_from_slice(v);
        self.pos = end;
        Ok(())
    }

    /// A postcard bool, from our C-safe `u8` representation; `field` names it in the error.
    pub fn bool(&mut self, v: u8, field: &'static str) -> Result<(), Error> {
        if v > 1 {
            return Err(Error::InvalidField(field));
        }
        self.u8(v)
    }

    pub fn varint(&mut self, mut v: u32) -> Result<(), Error> {
        loop {
            let low = (v & 0x7F) as u8;
            v >>= 7;
            if v == 0 {
                return self.u8(low);
            }
            self.u8(low | 0x80)?;
        }
    }

    pub fn u16(&mut self, v: u16) -> Result<(), Error> {
        self.varint(u32::from(v))
    }

    pub fn u32(&mut self, v: u32) -> Result<(), Error> {
        self.varint(v)
    }

    pub fn i16(&mut self, v: i16) -> Result<(), Error> {
        let zigzag = ((v << 1) ^ (v >> 15)) as u16;
        self.u16(zigzag)
    }
}

/// Reads primitives from a payload; every read is bounds-checked.
#[derive(Debug)]
pub struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(buf: &'a [u8]) -> Self {
        Reader { buf, pos: 0 }
    }

    /// Succeeds only if every byte was consumed.
    pub fn finish(&self) -> Result<(), Error> {
        if self.pos == self.buf.len() {
            Ok(())
        } else {
            Err(Error::TrailingBytes)
        }
    }

    pub fn u8(&mut self) -> Result<u8, Error> {
        let v = *self.buf.get(self.pos).ok_or(Error::Truncated)?;
        self.pos += 1;
        Ok(v)
    }

    pub fn bytes(&mut self, n: usize) -> Result<&'a [u8], Error> {
        let end = self.pos.checked_add(n).ok_or(Error::Truncated)?;
        let v = self.buf.get(self.pos..end).ok_or(Error::Truncated)?;
        self.pos = end;
        Ok(v)
    }

    pub fn bool(&mut self) -> Result<u8, Error> {
        match self.u8()? {
            b @ (0 | 1) => Ok(b),
            _ => Err(Error::BadBool),
        }
    }

    /// A varint of at most `max_bytes` bytes whose value is at most `max`.
    fn varint(&mut self, max_bytes: u32, max: u32) -> Result<u32, Error> {
        let mut v: u32 = 0;
        for i in 0..max_bytes {
            let b = self.u8()?;
            let part = u32::from(b & 0x7F);
            let shift = 7 * i;
            if shift > 0 && part == 0 && b & 0x80 == 0 {
                return Err(Error::BadVarint); // a zero last byte: not the shortest form
            }
            if part.checked_shl(shift).map(|p| p >> shift) != Some(part) {
                return Err(Error::BadVarint);
            }
            v |= part << shift;
            if b & 0x80 == 0 {
                return if v <= max {
                    Ok(v)
                } else {
                    Err(Error::BadVarint)
                };
            }
        }
        Err(Error::BadVarint)
    }

    pub fn u16(&mut self) -> Result<u16, Error> {
        Ok(self.varint(3, u32::from(u16::MAX))? as u16)
    }

    pub fn u32(&mut self) -> Result<u32, Error> {
        self.varint(5, u32::MAX)
    }

    pub fn i16(&mut self) -> Result<i16, Error> {
        let z = self.u16()?;
        Ok(((z >> 1) as i16) ^ -((z & 1) as i16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_match_postcard() {
        let mut buf = [0u8; 8];
        for (v, expect) in [
            (0u32, &[0x00][..]),
            (127, &[0x7F]),
            (128, &[0x80, 0x01]),
            (300, &[0xAC, 0x02]),
            (u32::MAX, &[0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),
        ] {
            let mut w = Writer::new(&mut buf);
            w.u32(v).unwrap();
            let n = w.len();
            assert_eq!(&buf[..n], expect);
            assert_eq!(Reader::new(expect).u32().unwrap(), v);
        }
    }

    #[test]
    fn zigzag_matches_postcard() {
        let mut buf = [0u8; 4];
        for (v, z) in [(0i16, 0u8), (-1, 1), (1, 2), (-2, 3)] {
            let mut w = Writer::new(&mut buf);
            w.i16(v).unwrap();
            assert_eq!(buf[0], z);
            assert_eq!(Reader::new(&[z]).i16().unwrap(), v);
        }
        let mut w = Writer::new(&mut buf);
        w.i16(i16::MIN).unwrap();
        let n = w.len();
        assert_eq!(Reader::new(&buf[..n]).i16().unwrap(), i16::MIN);
    }

    #[test]
    fn non_canonical_and_overflowing_varints_are_refused() {
        assert_eq!(Reader::new(&[0x80, 0x00]).u16(), Err(Error::BadVarint));
        assert_eq!(
            Reader::new(&[0xFF, 0xFF, 0x04]).u16(),
            Err(Error::BadVarint)
        );
        assert_eq!(
            Reader::new(&[0xFF, 0xFF, 0xFF]).u16(),
            Err(Error::BadVarint)
        );
        assert_eq!(
            Reader::new(&[0xFF, 0xFF, 0xFF, 0xFF, 0x10]).u32(),
            Err(Error::BadVarint)
        );
        assert_eq!(Reader::new(&[0x80]).u16(), Err(Error::Truncated));
        assert_eq!(Reader::new(&[2]).bool(), Err(Error::BadBool));
    }
}
