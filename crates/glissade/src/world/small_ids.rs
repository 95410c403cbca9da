//! Short lists kept on the stack: the candidate ids of one query, the positions of one move.

/// A short list of values kept on the stack while it holds at most `N` of them; from the next
/// one on, all of them are held on the heap. No allocation in the common case.
#[derive(Debug, Clone)]
pub(crate) struct SmallList<T, const N: usize> {
    len: usize,
    inline: [T; N],
    spill: Vec<T>,
}

/// A short list of collider ids: the candidates of one query (spilling to the heap past
/// [`IDS_INLINE`]).
pub(crate) type SmallIds = SmallList<u32, IDS_INLINE>;

/// Collider ids a [`SmallIds`] holds without allocating.
const IDS_INLINE: usize = 32;

/// Lists of at most this many ids are sorted by insertion.
const SHORT_SORT: usize = 8;

impl<T: Copy + Default, const N: usize> Default for SmallList<T, N> {
    fn default() -> Self {
        SmallList {
            len: 0,
            inline: [T::default(); N],
            spill: Vec::new(),
        }
    }
}

impl<T: Copy, const N: usize> SmallList<T, N> {
    #[inline]
    pub fn push(&mut self, value: T) {
        if self.spill.is_empty() && self.len < N {
            self.inline[self.len] = value;
        } else {
            if self.spill.is_empty() {
                self.spill.extend_from_slice(&self.inline[..self.len]);
            }
            self.spill.push(value);
        }
        self.len += 1;
    }

    /// Appends `values` in order.
    #[inline]
    pub fn extend_from_slice(&mut self, values: &[T]) {
        let end = self.len + values.len();
        if self.spill.is_empty() && end <= N {
            self.inline[self.len..end].copy_from_slice(values);
            self.len = end;
        } else {
            for &value in values {
                self.push(value);
            }
        }
    }

    /// Appends the first `n` of `values` (`n` at most `M`), as
    /// [`extend_from_slice`](Self::extend_from_slice) would. While there is room in place for
    /// all `M`, the whole array is copied (a copy of known size, which needs no call) and only
    /// the first `n` are counted: a grid cell's few ids are gathered this way for every cell a
    /// query looks at.
    #[inline]
    pub fn extend_from_array<const M: usize>(&mut self, values: &[T; M], n: usize) {
        debug_assert!(n <= M, "{n} of {M} values");
        let n = n.min(M);
        let end = self.len + M;
        if self.spill.is_empty() && end <= N {
            self.inline[self.len..end].copy_from_slice(values);
            self.len += n;
        } else {
            self.extend_from_slice(&values[..n]);
        }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    /// Whether the list holds nothing.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The values, in the order pushed.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        if self.spill.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }

    /// The last value pushed, if any.
    #[inline]
    pub fn last(&self) -> Option<&T> {
        self.as_slice().last()
    }
}

impl SmallIds {
    /// Sorts and removes repeats.
    #[inline]
    pub fn sort_dedup(&mut self) {
        let ids: &mut [u32] = if self.spill.is_empty() {
            &mut self.inline[..self.len]
        } else {
            &mut self.spill
        };
        if ids.len() <= SHORT_SORT {
            // A query's few candidates (a character's floor and a wall or two): sorted in
            // place by insertion, for less than the general sort costs to start.
            for i in 1..ids.len() {
                let id = ids[i];
                let mut j = i;
                while j > 0 && ids[j - 1] > id {
                    ids[j] = ids[j - 1];
                    j -= 1;
                }
                ids[j] = id;
            }
        } else {
            ids.sort_unstable();
        }
        let mut n = 0;
        for i in 0..ids.len() {
            if i == 0 || ids[i] != ids[n - 1] {
                ids[n] = ids[i];
                n += 1;
            }
        }
        self.len = n;
        self.spill.truncate(n);
    }

    /// Inserts `id` into a sorted list; `false` when it was there.
    pub fn insert_sorted(&mut self, id: u32) -> bool {
        match self.as_slice().binary_search(&id) {
            Ok(_) => false,
            Err(at) => {
                self.push(id);
                let ids: &mut [u32] = if self.spill.is_empty() {
                    &mut self.inline[..self.len]
                } else {
                    &mut self.spill
                };
                ids[at..].rotate_right(1);
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Sorting and removing repeats gives what a sorted, deduplicated vector holds: short
        /// lists (sorted by insertion), longer ones, and lists spilled to the heap.
        #[test]
        fn sort_dedup_sorts_and_removes_repeats(
            ids in proptest::collection::vec(0u32..24, 0..48),
        ) {
            let mut small = SmallIds::default();
            small.extend_from_slice(&ids);
            small.sort_dedup();
            let mut want = ids.clone();
            want.sort_unstable();
            want.dedup();
            proptest::prop_assert_eq!(small.as_slice(), want.as_slice());
        }

        /// Appending a cell's few ids a whole array at a time holds what appending them one
        /// by one holds: in place, at the edge of the room in place (where the array no longer
        /// fits whole) and once spilled.
        #[test]
        fn arrays_append_as_their_ids_one_by_one(
            cells in proptest::collection::vec(
                (proptest::array::uniform3(0u32..1000), 0usize..=3),
                0..24,
            ),
        ) {
            let (mut small, mut want) = (SmallIds::default(), Vec::new());
            for (ids, n) in &cells {
                small.extend_from_array(ids, *n);
                want.extend_from_slice(&ids[..*n]);
                proptest::prop_assert_eq!(small.as_slice(), want.as_slice());
            }
        }
    }

    proptest::proptest! {
        /// A list of positions (as a move keeps its path in): after each push it holds what a
        /// plain vector of the same pushes holds, in place and past it.
        #[test]
        fn a_short_list_holds_what_a_vector_holds(
            points in proptest::collection::vec((-1e3f32..1e3, -1e3f32..1e3), 0..12),
        ) {
            let mut list: SmallList<glam::Vec2, 4> = SmallList::default();
            let mut want: Vec<glam::Vec2> = Vec::new();
            proptest::prop_assert!(list.as_slice().is_empty() && list.last().is_none());
            for (x, y) in points {
                list.push(glam::Vec2::new(x, y));
                want.push(glam::Vec2::new(x, y));
                proptest::prop_assert_eq!(list.as_slice(), want.as_slice());
                proptest::prop_assert_eq!(list.last(), want.last());
            }
        }
    }

    #[test]
    fn the_value_past_the_room_in_place_moves_all_to_the_heap_in_order() {
        let mut list: SmallList<glam::Vec2, 4> = SmallList::default();
        let points: Vec<glam::Vec2> = (0..6)
            .map(|i| glam::Vec2::new(i as f32, -(i as f32)))
            .collect();
        for (k, &p) in points.iter().enumerate() {
            list.push(p);
            assert_eq!(list.spill.is_empty(), k < 4);
        }
        assert_eq!(list.as_slice(), points.as_slice());
    }

    #[test]
    fn small_id_lists_sort_dedup_and_spill() {
        let mut ids = SmallIds::default();
        for i in (0..40).rev() {
            ids.push(i % 25);
        }
        ids.sort_dedup();
        assert_eq!(ids.as_slice(), (0..25).collect::<Vec<_>>().as_slice());
        let mut set = SmallIds::default();
        for i in [5, 1, 9, 1, 5, 3] {
            set.insert_sorted(i);
        }
        assert_eq!(set.as_slice(), &[1, 3, 5, 9]);
        // Appending a slice: in place while it fits, spilling past the inline ids.
        let mut appended = SmallIds::default();
        appended.extend_from_slice(&[7, 8]);
        appended.extend_from_slice(&(0..IDS_INLINE as u32).collect::<Vec<_>>());
        appended.extend_from_slice(&[9]);
        assert_eq!(appended.as_slice().len(), IDS_INLINE + 3);
        assert_eq!(&appended.as_slice()[..3], &[7, 8, 0]);
        assert_eq!(appended.as_slice().last(), Some(&9));
        // Cleared, then refilled (as a sweep's tested list is), from a short and a long list.
        let mut copy = SmallIds::default();
        copy.extend_from_slice(&[42, 43, 44]);
        copy.clear();
        copy.extend_from_slice(set.as_slice());
        assert_eq!(copy.as_slice(), &[1, 3, 5, 9]);
        copy.clear();
        copy.extend_from_slice(appended.as_slice());
        assert_eq!(copy.as_slice(), appended.as_slice());
        assert!(!copy.is_empty() && SmallIds::default().is_empty());
    }
}
