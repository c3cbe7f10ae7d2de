//! A fixed-capacity FIFO of `Copy` values (no allocation).

#[derive(Debug, Clone)]
pub(crate) struct Queue<T: Copy, const N: usize> {
    items: [Option<T>; N],
    head: usize,
    len: usize,
}

impl<T: Copy, const N: usize> Queue<T, N> {
    pub(crate) const fn new() -> Self {
        Queue {
            items: [None; N],
            head: 0,
            len: 0,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn is_full(&self) -> bool {
        self.len == N
    }

    /// Appends; gives the value back if full.
    pub(crate) fn push(&mut self, v: T) -> Result<(), T> {
        if self.is_full() {
            return Err(v);
        }
        self.items[(self.head + self.len) % N] = Some(v);
        self.len += 1;
        Ok(())
    }

    pub(crate) fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        let v = self.items[self.head].take();
        self.head = (self.head + 1) % N;
        self.len -= 1;
        v
    }

    pub(crate) fn front(&self) -> Option<&T> {
        if self.len == 0 {
            None
        } else {
            self.items[self.head].as_ref()
        }
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> + '_ {
        (0..self.len).filter_map(move |i| self.items[(self.head + i) % N].as_ref())
    }

    pub(crate) fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> + '_ {
        let (head, len) = (self.head, self.len);
        let (wrapped, from_head) = self.items.split_at_mut(head);
        from_head
            .iter_mut()
            .chain(wrapped.iter_mut())
            .take(len)
            .filter_map(|x| x.as_mut())
    }

    pub(crate) fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        if i >= self.len {
            return None;
        }
        self.items[(self.head + i) % N].as_mut()
    }

    pub(crate) fn clear(&mut self) {
        while self.pop().is_some() {}
    }
}
