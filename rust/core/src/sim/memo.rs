//! Tables a bot computes once and shares with every state of a race (and every race of a batch,
//! which share one race definition): a bot's pace tables, say. With `std` they are kept behind a
//! lock; without it (firmware) they are computed again when asked, with the same result.
use alloc::collections::BTreeMap;
use alloc::sync::Arc;

/// Entries kept before the memo starts afresh. A search can ask for about 30 pace tables in one
/// race (one per wear state it looks at, about 0.2 MB each), and a ladder's configurations share
/// theirs: a 1,000-race batch of eight configurations stays under the cap (157 MB at the peak),
/// and the cap keeps a longer batch near 200 MB (the figures: docs/simulation.md).
const MAX_ENTRIES: usize = 1024;

pub struct Memo<K, V> {
    #[cfg(feature = "std")]
    map: std::sync::Mutex<BTreeMap<K, Arc<V>>>,
    #[cfg(not(feature = "std"))]
    _none: core::marker::PhantomData<BTreeMap<K, Arc<V>>>,
}

impl<K: Ord + Clone, V> Memo<K, V> {
    pub fn new() -> Self {
        Memo {
            #[cfg(feature = "std")]
            map: std::sync::Mutex::new(BTreeMap::new()),
            #[cfg(not(feature = "std"))]
            _none: core::marker::PhantomData,
        }
    }

    /// The value for `key`, computed by `make` the first time. The computation runs outside the
    /// lock; two threads may both compute it, and the values are equal (`make` depends on `key`
    /// alone).
    pub fn get_or_make(&self, key: &K, make: impl FnOnce() -> V) -> Arc<V> {
        #[cfg(feature = "std")]
        {
            if let Some(v) = self.map.lock().ok().and_then(|m| m.get(key).cloned()) {
                return v;
            }
            let v = Arc::new(make());
            if let Ok(mut m) = self.map.lock() {
                if m.len() >= MAX_ENTRIES {
                    m.clear();
                }
                return m.entry(key.clone()).or_insert(v).clone();
            }
            v
        }
        #[cfg(not(feature = "std"))]
        {
            let _ = (key, MAX_ENTRIES);
            Arc::new(make())
        }
    }
}

impl<K: Ord + Clone, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo::new()
    }
}

/// A copy starts empty: the memo is a cache, not part of the value.
impl<K: Ord + Clone, V> Clone for Memo<K, V> {
    fn clone(&self) -> Self {
        Memo::new()
    }
}

/// Caches never make two race definitions differ.
impl<K, V> PartialEq for Memo<K, V> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<K, V> core::fmt::Debug for Memo<K, V> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Memo")
    }
}
