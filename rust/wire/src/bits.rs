//! A fixed-size set of small integers (LEDs of a frame, colours of a palette): which have
//! arrived, which are on their way. No allocation.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bits<const WORDS: usize> {
    words: [u32; WORDS],
}

impl<const WORDS: usize> Bits<WORDS> {
    pub(crate) const CAPACITY: usize = WORDS * 32;

    pub(crate) const fn new() -> Self {
        Bits { words: [0; WORDS] }
    }

    pub(crate) fn clear(&mut self) {
        self.words = [0; WORDS];
    }

    pub(crate) fn get(&self, i: usize) -> bool {
        i < Self::CAPACITY && self.words[i / 32] & (1 << (i % 32)) != 0
    }

    /// Sets `start .. start + len`; returns how many were not set before.
    pub(crate) fn set_range(&mut self, start: usize, len: usize) -> usize {
        let mut added = 0;
        for i in start..(start + len).min(Self::CAPACITY) {
            let (w, b) = (i / 32, 1u32 << (i % 32));
            if self.words[w] & b == 0 {
                self.words[w] |= b;
                added += 1;
            }
        }
        added
    }

    /// Removes every member of `other`.
    pub(crate) fn subtract(&mut self, other: &Self) {
        for (w, o) in self.words.iter_mut().zip(other.words) {
            *w &= !o;
        }
    }

    pub(crate) fn clear_range(&mut self, start: usize, len: usize) {
        for i in start..(start + len).min(Self::CAPACITY) {
            self.words[i / 32] &= !(1u32 << (i % 32));
        }
    }

    /// The first index in `from .. end`, then wrapping to `0 .. from`, for which `free(i)`.
    pub(crate) fn next_where(
        from: usize,
        end: usize,
        free: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        (from..end).chain(0..from.min(end)).find(|&i| free(i))
    }

    /// The length of the run from `start` (below `end`, at most `max`) for which `free(i)`.
    pub(crate) fn run_len(
        start: usize,
        end: usize,
        max: usize,
        free: impl Fn(usize) -> bool,
    ) -> usize {
        (start..end.min(start + max))
            .take_while(|&i| free(i))
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_count_only_new_members() {
        let mut b = Bits::<2>::new();
        assert_eq!(b.set_range(30, 4), 4);
        assert_eq!(b.set_range(28, 4), 2);
        assert!(b.get(33) && !b.get(34) && !b.get(64));
        b.clear_range(31, 2);
        assert!(!b.get(31) && !b.get(32) && b.get(33));
        assert_eq!(Bits::<2>::next_where(40, 64, |i| !b.get(i)), Some(40));
        assert_eq!(Bits::<2>::next_where(34, 34, |i| !b.get(i)), Some(0));
        assert_eq!(Bits::<2>::run_len(28, 64, 10, |i| b.get(i)), 3);
    }
}
