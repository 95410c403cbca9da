//! One mover of a [`move_bodies`](super::move_bodies) step: what the caller asks of it
//! ([`BodyMove`]), and what the step carries of it ([`Item`]), read from the world in the
//! order the bodies are computed (along a space-filling curve of their cells).

use glam::Vec2;

use super::MoveError;
use crate::shape::Shape;
use crate::world::{Handle, World};

/// One body's share of a [`move_bodies`](super::move_bodies) step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyMove {
    /// A collider of the world (a plain shape, not a tile map).
    pub handle: Handle,
    /// Its motion this step, world units.
    pub motion: Vec2,
}

/// A body's shape when it is small enough to carry along (boxes and circles).
#[derive(Clone, Copy)]
pub(super) enum Small {
    Aabb(crate::shape::Aabb),
    Circle(crate::shape::Circle),
}

impl Small {
    pub(super) fn of(shape: &Shape) -> Option<Small> {
        match shape {
            Shape::Aabb(b) => Some(Small::Aabb(*b)),
            Shape::Circle(c) => Some(Small::Circle(*c)),
            _ => None,
        }
    }

    pub(super) fn shape(self) -> Shape {
        match self {
            Small::Aabb(b) => Shape::Aabb(b),
            Small::Circle(c) => Shape::Circle(c),
        }
    }
}

/// One mover of a [`move_bodies`](super::move_bodies) step.
#[derive(Clone)]
pub(super) struct Item<'w> {
    pub(super) index: u32,
    pub(super) handle: Handle,
    pub(super) motion: Vec2,
    pub(super) pos: Vec2,
    /// Swept bounds over the step.
    pub(super) lo: Vec2,
    pub(super) hi: Vec2,
    pub(super) shape: &'w Shape,
    /// A copy of the shape when it is small.
    pub(super) small: Option<Small>,
    /// On some layer and interacting with some layer (seen by the default filter).
    pub(super) plain: bool,
    /// A sensor: other movers pass through it.
    pub(super) sensor: bool,
}

impl Item<'_> {
    /// `f` of the mover's shape: the copy carried when it is small (no read of the
    /// collider's slot, which is far in memory), else the world's.
    #[inline]
    pub(super) fn with_shape<R>(&self, f: impl FnOnce(&Shape) -> R) -> R {
        match self.small {
            Some(s) => f(&s.shape()),
            None => f(self.shape),
        }
    }
}

/// The movers in the order they are computed: read by handle (`movers`: each handle with its
/// place in `moves`, sorted; the world's slots one after the other), then put in
/// space-filling-curve order of their cells by sorting small keys and gathering. The error,
/// if any, is the lowest handle's.
pub(super) fn read_items<'w>(
    world: &'w World,
    moves: &[BodyMove],
    movers: &[(Handle, u32)],
) -> Result<Vec<Item<'w>>, MoveError> {
    let mut read: Vec<Item> = Vec::with_capacity(movers.len());
    let mut keys: Vec<(u64, u32)> = Vec::with_capacity(movers.len());
    for (k, &(_, i)) in movers.iter().enumerate() {
        let (key, item) = read_item(world, k, i, &moves[i as usize])?;
        keys.push(key);
        read.push(item);
    }
    let order = computing_order(keys, |k| k.sort_unstable(), |k| k.sort_unstable());
    Ok(order.iter().map(|&i| read[i as usize].clone()).collect())
}

/// The movers' indices in the order they are computed: by `keys` (the place of a mover's cell
/// on the curve, then its index; all different), sorted by `sort_packed` or `sort_wide`.
///
/// The curve places of one step's movers share their leading bits (their cells are near one
/// another on the scale of the whole plane), so each key usually fits in one `u64`: the place
/// without those shared bits, then the index in the bits they leave free. Such keys compare as
/// the pairs do, and sort faster (half the memory, one comparison); the pairs themselves
/// are sorted when they do not fit.
pub(super) fn computing_order(
    keys: Vec<(u64, u32)>,
    sort_packed: impl FnOnce(&mut [u64]),
    sort_wide: impl FnOnce(&mut [(u64, u32)]),
) -> Vec<u32> {
    let Some(&(first, _)) = keys.first() else {
        return Vec::new();
    };
    // Bits an index needs (every index is below the number of movers).
    let index_bits = u64::BITS - ((keys.len() - 1) as u64).leading_zeros();
    let shared = keys
        .iter()
        .fold(0u64, |differ, &(place, _)| differ | (place ^ first))
        .leading_zeros();
    if shared < index_bits {
        let mut keys = keys;
        sort_wide(&mut keys);
        return keys.into_iter().map(|(_, i)| i).collect();
    }
    // The shared bits shifted out (all of them when every place is the same), the index in
    // the zeros shifted in.
    let mut packed: Vec<u64> = keys
        .into_iter()
        .map(|(place, i)| place.checked_shl(shared).unwrap_or(0) | u64::from(i))
        .collect();
    sort_packed(&mut packed);
    let index_mask = (1u64 << index_bits) - 1;
    packed
        .into_iter()
        .map(|k| (k & index_mask) as u32)
        .collect()
}

/// The mover read `k`-th (by handle), `m`, listed `i`-th in the step's moves, with its sort
/// key (its cell's place on the space-filling curve, then `k`).
#[inline]
pub(super) fn read_item<'w>(
    world: &'w World,
    k: usize,
    i: u32,
    m: &BodyMove,
) -> Result<((u64, u32), Item<'w>), MoveError> {
    let c = world
        .get(m.handle)
        .ok_or(MoveError::UnknownHandle(m.handle))?;
    let shape = c.shape().ok_or(MoveError::NotAShape(m.handle))?;
    let pos = c.position();
    let (lo, hi) = shape.local_bounds();
    Ok((
        (morton(world.cell_of(pos)), k as u32),
        Item {
            plain: c.layers() != 0 && c.mask() != 0,
            index: i,
            handle: m.handle,
            motion: m.motion,
            pos,
            lo: pos + lo + m.motion.min(Vec2::ZERO),
            hi: pos + hi + m.motion.max(Vec2::ZERO),
            small: Small::of(shape),
            shape,
            sensor: c.is_sensor(),
        },
    ))
}

/// Interleaves the bits of a cell's coordinates (a Z-order curve key).
fn morton(c: glam::IVec2) -> u64 {
    fn spread(v: u32) -> u64 {
        let mut x = u64::from(v);
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
        x = (x | (x << 2)) & 0x3333_3333_3333_3333;
        x = (x | (x << 1)) & 0x5555_5555_5555_5555;
        x
    }
    // Offsetting by 2^31 keeps the order of negative coordinates.
    let x = (c.x as u32) ^ 0x8000_0000;
    let y = (c.y as u32) ^ 0x8000_0000;
    spread(x) | (spread(y) << 1)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The indices of `keys` sorted as pairs: the order the packed keys must give.
    fn by_pairs(keys: &[(u64, u32)]) -> Vec<u32> {
        let mut sorted = keys.to_vec();
        sorted.sort_unstable();
        sorted.into_iter().map(|(_, i)| i).collect()
    }

    /// Keys as a step makes them: a curve place per mover (from `places`), then the index.
    fn keys_of(places: &[u64]) -> Vec<(u64, u32)> {
        places
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, i as u32))
            .collect()
    }

    /// Sorts with the standard sort and says which kind of key was sorted.
    fn order_and_kind(keys: Vec<(u64, u32)>) -> (Vec<u32>, bool) {
        let packed = std::cell::Cell::new(false);
        let order = computing_order(
            keys,
            |k| {
                packed.set(true);
                k.sort_unstable();
            },
            |k| k.sort_unstable(),
        );
        (order, packed.get())
    }

    proptest! {
        /// Places near one another (the usual step: one shared high part, the low bits
        /// differing), places anywhere, and places drawn from a few (many ties, broken by
        /// index): the order is the pairs' order, packed or not.
        #[test]
        fn the_computing_order_is_the_order_of_the_pairs(
            base in any::<u64>(),
            low_bits in 0u32..=64,
            raw in proptest::collection::vec(any::<u64>(), 0..300),
            few in 1usize..4,
        ) {
            let low_mask = u64::MAX.checked_shr(64 - low_bits).unwrap_or(0);
            let near: Vec<u64> = raw.iter().map(|r| (base & !low_mask) | (r & low_mask)).collect();
            let tied: Vec<u64> = raw.iter().map(|r| raw[(*r as usize) % few.min(raw.len().max(1))]).collect();
            for places in [near, raw.clone(), tied] {
                let keys = keys_of(&places);
                let want = by_pairs(&keys);
                prop_assert_eq!(order_and_kind(keys).0, want);
            }
        }
    }

    #[test]
    fn keys_are_packed_when_the_places_leave_room_for_the_index_and_not_otherwise() {
        // 1,000 movers (10 bits of index) whose places differ in their low 20 bits: packed.
        let near: Vec<u64> = (0..1_000u64)
            .map(|i| (0xABCD << 40) | (i * 7_919 % 1_000_003))
            .collect();
        let (order, packed) = order_and_kind(keys_of(&near));
        assert!(packed);
        assert_eq!(order, by_pairs(&keys_of(&near)));
        // Places differing in their top bit leave no room: the pairs are sorted.
        let far: Vec<u64> = (0..1_000u64).map(|i| (i % 2) << 63 | i).collect();
        let (order, packed) = order_and_kind(keys_of(&far));
        assert!(!packed);
        assert_eq!(order, by_pairs(&keys_of(&far)));
        // One place for all (every bit shared): by index alone.
        let same = vec![42u64; 5];
        assert_eq!(order_and_kind(keys_of(&same)), (vec![0, 1, 2, 3, 4], true));
        // No mover, one mover.
        assert_eq!(order_and_kind(Vec::new()).0, Vec::<u32>::new());
        assert_eq!(order_and_kind(keys_of(&[u64::MAX])), (vec![0], true));
    }
}
