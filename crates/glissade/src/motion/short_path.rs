//! The positions one move went through, kept on the stack while they are few.

use glam::Vec2;

/// The positions a body went through in one move (world frame), in order: held in place while
/// there are at most [`ShortPath::INLINE`] of them (a move's start, its end and a slide or two
/// between); from the next one on, all of them are held on the heap. A move keeps one only
/// when the world holds sensors, which the path is tested against; in place, it costs such a
/// move no allocation.
#[derive(Debug, Clone, Default)]
pub(super) struct ShortPath {
    len: usize,
    inline: [Vec2; ShortPath::INLINE],
    spill: Vec<Vec2>,
}

impl ShortPath {
    /// Positions held without allocating.
    const INLINE: usize = 4;

    /// Appends `p`.
    pub(super) fn push(&mut self, p: Vec2) {
        if self.spill.is_empty() && self.len < Self::INLINE {
            self.inline[self.len] = p;
        } else {
            if self.spill.is_empty() {
                self.spill.extend_from_slice(&self.inline[..self.len]);
            }
            self.spill.push(p);
        }
        self.len += 1;
    }

    /// The positions, in the order pushed.
    pub(super) fn as_slice(&self) -> &[Vec2] {
        if self.spill.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }

    /// The last position pushed, if any.
    pub(super) fn last(&self) -> Option<&Vec2> {
        self.as_slice().last()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// After each push, the path holds what a plain list of the same pushes holds, in
        /// place and past it.
        #[test]
        fn a_short_path_holds_what_a_list_holds(
            points in proptest::collection::vec((-1e3f32..1e3, -1e3f32..1e3), 0..12),
        ) {
            let mut path = ShortPath::default();
            let mut list: Vec<Vec2> = Vec::new();
            prop_assert!(path.as_slice().is_empty() && path.last().is_none());
            for (x, y) in points {
                path.push(Vec2::new(x, y));
                list.push(Vec2::new(x, y));
                prop_assert_eq!(path.as_slice(), list.as_slice());
                prop_assert_eq!(path.last(), list.last());
            }
        }
    }

    #[test]
    fn the_fifth_position_moves_the_path_to_the_heap_in_order() {
        let mut path = ShortPath::default();
        let points: Vec<Vec2> = (0..6).map(|i| Vec2::new(i as f32, -(i as f32))).collect();
        for (k, &p) in points.iter().enumerate() {
            path.push(p);
            assert_eq!(path.spill.is_empty(), k < ShortPath::INLINE);
        }
        assert_eq!(path.as_slice(), points.as_slice());
    }
}
