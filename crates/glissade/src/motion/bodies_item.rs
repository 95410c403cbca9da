//! One mover of a [`move_bodies`](super::move_bodies) step: what the caller asks of it
//! ([`BodyMove`]), and what the step carries of it ([`Item`]), read from the world in the
//! order the bodies are computed (along a space-filling curve of their cells).

use glam::{IVec2, Vec2};

use super::bodies_bins::{SweptBox, grouped_by_key};
use super::{MoveError, MoveResult};
use crate::shape::Shape;
use crate::world::{Handle, Swept, World};

/// One body's share of a [`move_bodies`](super::move_bodies) step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyMove {
    /// A collider of the world (a plain shape, not a tile map).
    pub handle: Handle,
    /// Its motion this step, world units.
    pub motion: Vec2,
}

/// One mover of a [`move_bodies`](super::move_bodies) step: one cache line (64 bytes,
/// aligned), as a step reads and copies its many items several times.
#[derive(Clone, Copy)]
#[repr(align(64))]
pub(super) struct Item<'w> {
    /// Its place in the step's `moves` (where its result goes).
    pub(super) index: u32,
    /// Its collider.
    pub(super) handle: Handle,
    /// Its motion this step, world units.
    pub(super) motion: Vec2,
    /// Its position at the start of the step, world frame.
    pub(super) pos: Vec2,
    /// The shape's box in its own frame (as [`Shape::local_bounds`] gives it): what most
    /// moves read of the shape, kept here so that the collider's slot, far in memory, is not.
    pub(super) local: (Vec2, Vec2),
    /// Its shape, in the world's slot (read for a cast, when another mover is met, and for a
    /// move that may meet something).
    pub(super) shape: &'w Shape,
    /// On some layer and interacting with some layer (seen by the default filter).
    pub(super) plain: bool,
    /// A sensor: other movers pass through it.
    pub(super) sensor: bool,
}

/// The shape of [`Item::placeholder`]: a box of no size at the origin, which is no valid
/// `Aabb` (a box's `min` is below its `max`); placeholders are dropped unread, and nothing
/// else may use it.
#[cfg(feature = "parallel")]
static NO_SHAPE: Shape = Shape::Aabb(crate::shape::Aabb {
    min: Vec2::ZERO,
    max: Vec2::ZERO,
});

impl Item<'_> {
    /// An item standing for the refused mover `handle` while movers are read on several
    /// threads; never moved (the step is refused, see `bodies_parallel.rs`).
    #[cfg(feature = "parallel")]
    pub(super) fn placeholder(handle: Handle) -> Self {
        Item {
            index: u32::MAX,
            handle,
            motion: Vec2::ZERO,
            pos: Vec2::ZERO,
            local: (Vec2::ZERO, Vec2::ZERO),
            shape: &NO_SHAPE,
            plain: false,
            sensor: false,
        }
    }

    /// The box the mover sweeps over the step, world frame (worked out when asked, which
    /// keeps the item to one cache line).
    #[inline]
    pub(super) fn swept_box(&self) -> SweptBox {
        let swept = Swept::of(self.local, self.pos, self.motion);
        (swept.end_lo, swept.end_hi)
    }
}

/// The movers in the order they are computed: read by handle (`movers`: each handle with its
/// place in `moves`, sorted; the world's slots one after the other), then put in
/// space-filling-curve order of their cells by sorting small keys and gathering. The error,
/// if any, is the lowest handle's (see [`read_item`]).
pub(super) fn read_items<'w>(
    world: &'w World,
    moves: &[BodyMove],
    movers: &[(Handle, u32)],
) -> Result<Vec<Item<'w>>, MoveError> {
    let mut read: Vec<Item> = Vec::with_capacity(movers.len());
    let mut cells: Vec<IVec2> = Vec::with_capacity(movers.len());
    for k in 0..movers.len() {
        let (cell, item) = read_mover(world, moves, movers, k)?;
        cells.push(cell);
        read.push(item);
    }
    let order = computing_order(&cells, |k| k.sort_unstable(), |k| k.sort_unstable());
    Ok(order.iter().map(|&k| read[k as usize]).collect())
}

/// The order the movers are computed in, as indices into `cells` (each mover's cell, in the
/// order read): along a Z-order curve of the cells taken from the step's lowest cell, then by
/// index; counted when there are many movers close together (see [`counted_order`]), else
/// sorted by `sort_packed` or `sort_wide`.
///
/// The curve places of one step's movers share their leading bits (counted from the lowest
/// cell, they are small numbers), so each key usually fits in one `u64`: the place without
/// those shared bits, then the index in the bits they leave free. Such keys compare as the
/// pairs (place, index) do, and sort faster (half the memory, one comparison); the pairs
/// themselves are sorted when they do not fit (movers spread over more than about 2^23 cells
/// along an axis).
pub(super) fn computing_order(
    cells: &[IVec2],
    sort_packed: impl FnOnce(&mut [u64]),
    sort_wide: impl FnOnce(&mut [(u64, u32)]),
) -> Vec<u32> {
    let Some(lowest) = cells.iter().copied().reduce(IVec2::min) else {
        return Vec::new();
    };
    let place = |c: IVec2| {
        // Non-negative, and below 2^32 (both in i32's range).
        let from_lowest = |v: i32, low: i32| (i64::from(v) - i64::from(low)) as u32;
        morton(from_lowest(c.x, lowest.x), from_lowest(c.y, lowest.y))
    };
    let places: Vec<u64> = cells.iter().map(|&c| place(c)).collect();
    let shared = places.iter().fold(0u64, |any, &p| any | p).leading_zeros();
    if let Some(order) = counted_order(&places, shared) {
        return order;
    }
    // Bits an index needs (every index is below the number of movers).
    let index_bits = u64::BITS - ((places.len() - 1) as u64).leading_zeros();
    if shared < index_bits {
        let mut keys: Vec<(u64, u32)> = places.into_iter().zip(0u32..).collect();
        sort_wide(&mut keys);
        return keys.into_iter().map(|(_, k)| k).collect();
    }
    // The shared (zero) bits shifted out, all of them when every mover is in the lowest cell;
    // the index in the zeros shifted in.
    let mut packed: Vec<u64> = places
        .into_iter()
        .zip(0u32..)
        .map(|(p, k)| p.checked_shl(shared).unwrap_or(0) | u64::from(k))
        .collect();
    sort_packed(&mut packed);
    let index_mask = (1u64 << index_bits) - 1;
    packed
        .into_iter()
        .map(|k| (k & index_mask) as u32)
        .collect()
}

/// The order of [`computing_order`] found by counting instead of sorting, when there are many
/// movers (at least [`MIN_COUNTED_MOVERS`]) and few places to count them in: the places on the
/// curve are counted from the lowest cell's, and all are below `2^(64 - shared)` (`shared`
/// leading zero bits in every one); that many places, at most [`COUNTED_PLACES_PER_MOVER`] per
/// mover. The movers are grouped by place, each place's in the order read (by index, see
/// [`grouped_by_key`]), as sorting the pairs orders them; `None` otherwise.
fn counted_order(places: &[u64], shared: u32) -> Option<Vec<u32>> {
    let n = places.len();
    let span = 1u64.checked_shl(u64::BITS - shared)?;
    if n < MIN_COUNTED_MOVERS || span > (COUNTED_PLACES_PER_MOVER * n) as u64 {
        return None;
    }
    let (order, _) = grouped_by_key(
        places
            .iter()
            .zip(0..n as u32)
            .map(|(&p, k)| (p as usize, k)),
        span as usize,
    );
    Some(order)
}

/// Fewest movers put in computing order by counting: below, sorting costs less than going
/// through the places (a sort of 100,000 keys took about 2 ms on two threads, counting about
/// half a millisecond on one).
const MIN_COUNTED_MOVERS: usize = 16_384;

/// Most places on the curve per mover for counting them: more, and going through the places
/// costs more than sorting would.
const COUNTED_PLACES_PER_MOVER: usize = 4;

/// Each result's place in `moves` and the position to write for its mover, in the order of
/// `items` (which `results` follow).
pub(super) fn places_and_writes(
    items: &[Item],
    results: &[MoveResult],
) -> (Vec<u32>, Vec<(Handle, Vec2)>) {
    items
        .iter()
        .zip(results)
        .map(|(it, r)| place_and_write(it, r))
        .unzip()
}

/// The place in `moves` of the mover `it`'s result `r`, and the position to write for it
/// (world frame).
#[inline]
pub(super) fn place_and_write(it: &Item, r: &MoveResult) -> (u32, (Handle, Vec2)) {
    (it.index, (it.handle, r.position))
}

/// The step's movers by handle, each with its place in `moves`: a collider listed twice
/// comes next to itself, and the world's slots are read one after the other.
pub(super) fn movers_by_handle(moves: &[BodyMove]) -> Vec<(Handle, u32)> {
    let mut movers: Vec<(Handle, u32)> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| (m.handle, i as u32))
        .collect();
    movers.sort_unstable();
    movers
}

/// The `k`-th of the `movers` (from [`movers_by_handle`]), read as [`read_item`] reads it;
/// listed twice when the next mover has the same handle. Always inlined: called per mover
/// from the reading loops (one a thread, one for each thread), which measured about 50
/// instructions more per mover when the compiler kept it apart.
#[inline(always)]
pub(super) fn read_mover<'w>(
    world: &'w World,
    moves: &[BodyMove],
    movers: &[(Handle, u32)],
    k: usize,
) -> Result<(IVec2, Item<'w>), MoveError> {
    let (h, i) = movers[k];
    let twice = movers.get(k + 1).is_some_and(|next| next.0 == h);
    read_item(world, i, &moves[i as usize], twice)
}

/// The mover `m`, listed `i`-th in the step's moves, as the step carries it, with its cell.
/// Refused, in this order: listed `twice`, its motion not finite or too large, its handle
/// unknown, a tile map rather than a shape. Always inlined into [`read_mover`], its one
/// caller.
#[inline(always)]
fn read_item<'w>(
    world: &'w World,
    i: u32,
    m: &BodyMove,
    twice: bool,
) -> Result<(IVec2, Item<'w>), MoveError> {
    if twice {
        return Err(MoveError::DuplicateMover(m.handle));
    }
    super::check_vector("motion", m.motion)?;
    let c = world
        .get(m.handle)
        .ok_or(MoveError::UnknownHandle(m.handle))?;
    let shape = c.shape().ok_or(MoveError::NotAShape(m.handle))?;
    let pos = c.position();
    Ok((
        world.cell_of(pos),
        Item {
            plain: c.layers() != 0 && c.mask() != 0,
            index: i,
            handle: m.handle,
            motion: m.motion,
            pos,
            local: shape.local_bounds(),
            shape,
            sensor: c.is_sensor(),
        },
    ))
}

/// Interleaves the bits of a cell's coordinates (counted from the step's lowest cell): its
/// place on a Z-order curve.
fn morton(x: u32, y: u32) -> u64 {
    fn spread(v: u32) -> u64 {
        let mut x = u64::from(v);
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
        x = (x | (x << 2)) & 0x3333_3333_3333_3333;
        x = (x | (x << 1)) & 0x5555_5555_5555_5555;
        x
    }
    spread(x) | (spread(y) << 1)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The order sorting the pairs (place from the lowest cell, index) gives: what the packed
    /// keys must give.
    fn by_pairs(cells: &[IVec2]) -> Vec<u32> {
        let low = cells.iter().copied().reduce(IVec2::min).unwrap_or_default();
        let mut pairs: Vec<(u64, u32)> = cells
            .iter()
            .zip(0u32..)
            .map(|(c, k)| {
                let d = c.as_i64vec2() - low.as_i64vec2();
                (morton(d.x as u32, d.y as u32), k)
            })
            .collect();
        pairs.sort_unstable();
        pairs.into_iter().map(|(_, k)| k).collect()
    }

    /// The computing order of `cells`, whether its packed keys were sorted and whether its
    /// pairs were (neither when counted).
    fn order_and_sorts(cells: &[IVec2]) -> (Vec<u32>, bool, bool) {
        let (packed, wide) = (std::cell::Cell::new(false), std::cell::Cell::new(false));
        let order = computing_order(
            cells,
            |k| {
                packed.set(true);
                k.sort_unstable();
            },
            |k| {
                wide.set(true);
                k.sort_unstable();
            },
        );
        (order, packed.get(), wide.get())
    }

    /// The computing order of `cells` and whether its keys were packed.
    fn order_and_kind(cells: &[IVec2]) -> (Vec<u32>, bool) {
        let (order, packed, _) = order_and_sorts(cells);
        (order, packed)
    }

    proptest! {
        /// Cells near one another anywhere in the plane (around the origin too), cells spread
        /// over the whole range, and many movers in a few cells (ties broken by index): the
        /// order is the pairs' order, packed or not.
        #[test]
        fn the_computing_order_is_the_order_of_the_pairs(
            centre in (any::<i32>(), any::<i32>()),
            spread in 0i32..70_000,
            raw in proptest::collection::vec((any::<i32>(), any::<i32>()), 0..300),
        ) {
            let near: Vec<IVec2> = raw
                .iter()
                .map(|&(x, y)| {
                    let off = |v: i32| {
                        if spread == 0 {
                            0
                        } else {
                            v.rem_euclid(spread) - spread / 2
                        }
                    };
                    IVec2::new(centre.0.saturating_add(off(x)), centre.1.saturating_add(off(y)))
                })
                .collect();
            let far: Vec<IVec2> = raw.iter().map(|&(x, y)| IVec2::new(x, y)).collect();
            let few: Vec<IVec2> = raw
                .iter()
                .map(|&(x, _)| IVec2::new(x.rem_euclid(3), 0))
                .collect();
            for cells in [near, far, few] {
                prop_assert_eq!(order_and_kind(&cells).0, by_pairs(&cells));
            }
        }
    }

    #[test]
    fn keys_are_packed_when_the_places_leave_room_for_the_index_and_not_otherwise() {
        // 1,000 movers around the origin (cells -20 to 19 on each axis): packed.
        let around: Vec<IVec2> = (0..1_000)
            .map(|i| IVec2::new(i % 40 - 20, i / 25 - 20))
            .collect();
        assert_eq!(order_and_kind(&around), (by_pairs(&around), true));
        // Two movers as far apart as cells go leave no room for the index: the pairs are
        // sorted.
        let apart = [
            IVec2::new(i32::MIN, i32::MIN),
            IVec2::new(i32::MAX, i32::MAX),
        ];
        assert_eq!(order_and_kind(&apart), (vec![0, 1], false));
        // One cell for all (every bit shared): by index alone.
        let same = [IVec2::new(-7, 3); 5];
        assert_eq!(order_and_kind(&same), (vec![0, 1, 2, 3, 4], true));
        // No mover, one mover.
        assert_eq!(order_and_kind(&[]).0, Vec::<u32>::new());
        assert_eq!(order_and_kind(&[IVec2::MAX]), (vec![0], true));
    }

    #[test]
    fn many_movers_in_a_small_area_are_counted_into_the_pairs_order() {
        // The computing order of `cells`, and whether either sort was called.
        let order_and_sorted = |cells: &[IVec2]| {
            let (order, packed, wide) = order_and_sorts(cells);
            (order, packed || wide)
        };
        // 20,000 movers scattered over 100 × 100 cells (2^14 places on the curve, under four
        // per mover), two in a cell on average: counted, in the pairs' order.
        let scattered: Vec<IVec2> = (0..20_000u32)
            .map(|i| {
                let h = i.wrapping_mul(2_654_435_761);
                IVec2::new((h % 100) as i32 - 50, ((h >> 16) % 100) as i32 + 7)
            })
            .collect();
        assert_eq!(order_and_sorted(&scattered), (by_pairs(&scattered), false));
        // All of them in three cells far from the origin: counted, by index within a cell.
        let crowded: Vec<IVec2> = (0..20_000)
            .map(|i| IVec2::new(1_000_000 + i % 3, -4_000))
            .collect();
        assert_eq!(order_and_sorted(&crowded), (by_pairs(&crowded), false));
        // Spread three times as wide (2^18 places, over four per mover): sorted, the same way.
        let wide: Vec<IVec2> = scattered.iter().map(|&c| c * 3).collect();
        assert_eq!(order_and_sorted(&wide), (by_pairs(&wide), true));
        // Fewer movers than counting pays for: sorted.
        let few = &scattered[..MIN_COUNTED_MOVERS - 1];
        assert_eq!(order_and_sorted(few), (by_pairs(few), true));
    }

    /// An item is one cache line, and starts on one.
    #[test]
    fn an_item_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<Item>(), 64);
        assert_eq!(std::mem::align_of::<Item>(), 64);
    }

    /// A mover's swept box is its shape's box at its position, stretched by its motion, for a
    /// box, a circle and a polygon (far enough from the origin that the order of the sums
    /// shows), moving every way, by a hair and not at all.
    #[test]
    fn the_swept_box_is_the_shapes_box_stretched_by_the_motion() {
        use crate::shape::{Aabb, Circle, ConvexPolygon};
        use crate::world::ColliderDesc;
        let shapes: [Shape; 3] = [
            Aabb::new(Vec2::new(-0.3, -0.1), Vec2::new(0.7, 0.2))
                .expect("min below max")
                .into(),
            Circle::new(0.35).expect("positive").into(),
            ConvexPolygon::regular(5, 0.6, 0.3)
                .expect("a regular polygon")
                .into(),
        ];
        let motions = [
            Vec2::ZERO,
            Vec2::new(1.5, -0.25),
            Vec2::new(-2.0, 3.0),
            Vec2::new(0.0, -1e-7),
        ];
        let mut world = World::new();
        let mut moves = Vec::new();
        for (i, shape) in shapes.iter().enumerate() {
            for (j, &motion) in motions.iter().enumerate() {
                let at = Vec2::new(10.0 * i as f32 + 0.1, -3.0 * j as f32 + 1e3);
                let handle = world
                    .add(ColliderDesc::new(shape.clone(), at).kinematic())
                    .expect("finite");
                moves.push(BodyMove { handle, motion });
            }
        }
        let movers = movers_by_handle(&moves);
        let items = read_items(&world, &moves, &movers).expect("valid moves");
        assert_eq!(items.len(), moves.len());
        for it in &items {
            let c = world.get(it.handle).expect("live");
            let (lo, hi) = c.shape().expect("a shape").local_bounds();
            let p = c.position();
            let m = moves[it.index as usize].motion;
            let want = (p + lo + m.min(Vec2::ZERO), p + hi + m.max(Vec2::ZERO));
            let got = it.swept_box();
            assert_eq!(
                [got.0.to_array(), got.1.to_array()].map(|v| v.map(f32::to_bits)),
                [want.0.to_array(), want.1.to_array()].map(|v| v.map(f32::to_bits)),
            );
        }
    }

    #[test]
    fn the_curve_visits_a_block_of_cells_quarter_by_quarter() {
        // The 4 × 4 cells from (-2, -2): each 2 × 2 quarter in turn (lower left, lower right,
        // upper left, upper right), each in the same pattern.
        let cells: Vec<IVec2> = (-2..2)
            .flat_map(|y| (-2..2).map(move |x| IVec2::new(x, y)))
            .collect();
        let order: Vec<IVec2> = order_and_kind(&cells)
            .0
            .into_iter()
            .map(|k| cells[k as usize])
            .collect();
        let xy = |p: [(i32, i32); 4]| p.map(|(x, y)| IVec2::new(x, y));
        let want: Vec<IVec2> = [
            xy([(-2, -2), (-1, -2), (-2, -1), (-1, -1)]),
            xy([(0, -2), (1, -2), (0, -1), (1, -1)]),
            xy([(-2, 0), (-1, 0), (-2, 1), (-1, 1)]),
            xy([(0, 0), (1, 0), (0, 1), (1, 1)]),
        ]
        .concat();
        assert_eq!(order, want);
    }
}
