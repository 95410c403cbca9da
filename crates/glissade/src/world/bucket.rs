//! The cells of the broadphase grid: what is filed in one cell, and the keys of cells in hash
//! tables.

use std::hash::Hasher;

use glam::IVec2;

use super::small_ids::SmallIds;

/// Hashes a cell key that is already well mixed.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = k;
    }
}

/// The odd multiplier of the cell key mix (Fibonacci hashing): keeps neighbouring cells apart
/// in the table.
const KEY_MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// The key of cell `c` in hashed tables.
#[inline]
pub(crate) fn key(c: IVec2) -> u64 {
    let k = (u64::from(c.x as u32) << 32) | u64::from(c.y as u32);
    k.wrapping_mul(KEY_MIX)
}

/// The inverse of [`KEY_MIX`] modulo 2^64, by Newton's iteration (each step doubles the
/// correct low bits; an odd number is its own inverse modulo 8, so six steps give 64 bits).
const KEY_UNMIX: u64 = {
    let mut inv: u64 = KEY_MIX;
    let mut i = 0;
    while i < 6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(KEY_MIX.wrapping_mul(inv)));
        i += 1;
    }
    inv
};

/// The cell of a key ([`key`] is a bijection: the multiplier is odd).
pub(crate) fn unkey(k: u64) -> Option<IVec2> {
    let raw = k.wrapping_mul(KEY_UNMIX);
    Some(IVec2::new((raw >> 32) as u32 as i32, raw as u32 as i32))
}

/// Ids stored in place up to this many per cell; more spill to the heap (a bucket is 24
/// bytes: a dense grid of a quarter million cells fits in 6 MB).
const INLINE_IDS: usize = 3;

/// The colliders filed in one cell: a few in place, the rest on the heap.
#[derive(Debug, Clone, Default)]
pub(super) struct Bucket {
    pub(super) len: u32,
    inline: [u32; INLINE_IDS],
    // Boxed: an empty spill is one null pointer, not a 24-byte Vec, so a bucket is 24 bytes.
    #[allow(clippy::box_collection)]
    spill: Option<Box<Vec<u32>>>,
}

impl Bucket {
    pub(super) fn push(&mut self, id: u32) {
        let n = self.len as usize;
        if n < INLINE_IDS {
            self.inline[n] = id;
        } else {
            self.spill.get_or_insert_default().push(id);
        }
        self.len += 1;
    }

    pub(super) fn remove(&mut self, id: u32) {
        let n = self.len as usize;
        let last = if n > INLINE_IDS {
            let Some(spill) = self.spill.as_mut() else {
                return;
            };
            let last = spill.pop();
            if spill.is_empty() {
                self.spill = None;
            }
            last
        } else if n > 0 {
            Some(self.inline[n - 1])
        } else {
            None
        };
        let Some(last) = last else {
            return;
        };
        self.len -= 1;
        if last == id {
            return;
        }
        if let Some(slot) = self.inline[..(n - 1).min(INLINE_IDS)]
            .iter_mut()
            .find(|x| **x == id)
        {
            *slot = last;
        } else if let Some(slot) = self
            .spill
            .as_mut()
            .and_then(|v| v.iter_mut().find(|x| **x == id))
        {
            *slot = last;
        } else {
            // Not here after all: put the last one back.
            self.push(last);
        }
    }

    pub(super) fn extend_into(&self, out: &mut Vec<u32>) {
        let (filed, spilled) = self.ids();
        out.extend_from_slice(filed);
        out.extend_from_slice(spilled);
    }

    pub(super) fn push_into(&self, out: &mut SmallIds) {
        let n = (self.len as usize).min(INLINE_IDS);
        out.extend_from_array(&self.inline, n);
        if let Some(spill) = self.spill.as_deref() {
            out.extend_from_slice(spill);
        }
    }

    /// The ids filed here: those in place, then those spilled.
    #[inline]
    pub(super) fn ids(&self) -> (&[u32], &[u32]) {
        let n = (self.len as usize).min(INLINE_IDS);
        let spill = self.spill.as_deref().map_or(&[][..], Vec::as_slice);
        (&self.inline[..n], spill)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }
}
