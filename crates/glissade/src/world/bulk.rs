//! Many colliders moved at once (the end of a [`move_bodies`](crate::move_bodies) step): the
//! same world as moving them one by one, for less.

use glam::Vec2;

use super::collider::check_finite;
#[cfg(feature = "parallel")]
use super::grid::DenseMove;
use super::grid::Placement;
use super::{Handle, Slot, World, WorldError};

/// No write for this slot.
const NONE: u32 = u32::MAX;

impl World {
    /// Sets the position of every collider in `writes` (in any order; callers pass live
    /// handles, each once): the world is then the same as after [`World::set_position`] of
    /// each in the order of their handles. A position that is not finite or too far refuses
    /// the whole call before anything is written; a handle that is not live, or listed twice,
    /// is refused while the other writes are made. Either way the handle named is the first
    /// such in handle order, whatever the order of `writes`.
    ///
    /// With writes for many of the world's slots, each slot's write is found through a table
    /// by slot (no sort) and the positions are written slot by slot (on rayon's threads with
    /// the `parallel` feature); with few, the writes are sorted by handle instead (the table
    /// would cost a pass over every slot). Then the colliders whose broadphase cells no
    /// longer hold them (see `Placement::keeps`) are filed again in slot order, one by one; with the `parallel` feature, when many
    /// colliders in cells (no sensors, not in the list of large colliders) all move within the
    /// grid's dense array, those are filed on rayon's threads first (each thread changing the
    /// cells of its own rows, see `grid_refile.rs`), and the others one by one after: they
    /// change nothing the threads change (the sensors' grid, the large list), so the grids end
    /// the same.
    pub(crate) fn set_positions(
        &mut self,
        writes: &[(Handle, Vec2)],
    ) -> Result<(), (Handle, WorldError)> {
        let mut far: Option<(Handle, WorldError)> = None;
        for &(h, p) in writes {
            if let Err(e) = check_finite("position", p)
                && far.as_ref().is_none_or(|(first, _)| h < *first)
            {
                far = Some((h, e));
            }
        }
        if let Some(refused) = far {
            return Err(refused);
        }
        let cell = self.grid.cell_size();
        let done = if writes.len().saturating_mul(DENSE_SHARE) >= self.slots.len() {
            let mut at = vec![NONE; self.slots.len()];
            let mut twice = None;
            for (k, &(h, _)) in writes.iter().enumerate() {
                match at.get_mut(h.index as usize) {
                    Some(slot) if *slot == NONE => *slot = k as u32,
                    _ => twice = first_of(twice, h),
                }
            }
            let mut done = write_all(&mut self.slots, &at, writes, cell);
            done.dead = twice.into_iter().fold(done.dead, first_of);
            done
        } else {
            write_sorted(&mut self.slots, writes, cell)
        };
        // One revision per collider that is no sensor, as one by one.
        self.stamp.revision = self.stamp.revision.wrapping_add(done.solid);
        #[cfg(feature = "parallel")]
        let done = self.refile_on_threads(done);
        for part in done.refile.chunks(REFILE_AHEAD) {
            // The buckets and slots of the whole part are read first (see `Grid::touch`); the value
            // read is kept from the optimizer, which would otherwise drop the reads.
            let mut read = 0u32;
            for r in part {
                let grid = if r.sensor {
                    &self.sensor_grid
                } else {
                    &self.grid
                };
                let old = self.slots[r.index as usize].placement;
                read = read.wrapping_add(grid.touch(old, r.lo, r.hi));
            }
            std::hint::black_box(read);
            for r in part {
                let slot = &mut self.slots[r.index as usize];
                let grid = if r.sensor {
                    &mut self.sensor_grid
                } else {
                    &mut self.grid
                };
                // Where it is filed, as read when its position was written (the slot's own).
                let large = r.old == Placement::Large;
                slot.placement = grid.update(r.index, r.old, r.lo, r.hi, large);
            }
        }
        match done.dead {
            Some(h) => Err((h, WorldError::UnknownHandle(h))),
            None => Ok(()),
        }
    }
}

/// Writes for at least one slot in this many: written through a table by slot; fewer are
/// sorted.
const DENSE_SHARE: usize = 16;

/// Colliders filed again per part, whose buckets are read together before any is changed.
const REFILE_AHEAD: usize = 16;

/// The earlier in handle order of a refused handle so far and another.
fn first_of(so_far: Option<Handle>, h: Handle) -> Option<Handle> {
    Some(so_far.map_or(h, |f| f.min(h)))
}

/// A collider to file again: its slot, where it is filed, its new world bounds, and whether
/// it is a sensor.
#[derive(Clone, Copy)]
struct Refile {
    index: u32,
    old: Placement,
    lo: Vec2,
    hi: Vec2,
    sensor: bool,
}

/// What writing the positions left to do.
#[derive(Default)]
struct Written {
    /// The colliders to file again, in slot order.
    refile: Vec<Refile>,
    /// How many of the colliders written are not sensors.
    solid: u64,
    /// The first handle (in handle order) whose slot holds another collider or none, or that
    /// was listed twice, if any.
    dead: Option<Handle>,
}

impl Written {
    /// Writes the position `p` of the collider `h` in `slot` (slot index `index`).
    #[inline]
    fn write(&mut self, slot: &mut Slot, index: u32, h: Handle, p: Vec2, cell: f32) {
        let Some(c) = slot
            .collider
            .as_mut()
            .filter(|_| slot.generation == h.generation)
        else {
            self.dead = first_of(self.dead, h);
            return;
        };
        c.place_at(p);
        self.solid += u64::from(!c.sensor);
        // As `Grid::update` decides for `set_position`.
        if !slot.placement.keeps(c.lo, c.hi, cell) {
            self.refile.push(Refile {
                index,
                old: slot.placement,
                lo: c.lo,
                hi: c.hi,
                sensor: c.sensor,
            });
        }
    }
}

/// The writes sorted by handle, written one after the other.
fn write_sorted(slots: &mut [Slot], writes: &[(Handle, Vec2)], cell: f32) -> Written {
    let mut sorted = writes.to_vec();
    // Stable: of a handle listed twice, the first write is the one made (as with the table).
    sorted.sort_by_key(|(h, _)| *h);
    let mut out = Written::default();
    let mut last: Option<u32> = None;
    for (h, p) in sorted {
        match slots.get_mut(h.index as usize) {
            // A slot written already: the handle was listed twice, or is a stale one.
            Some(_) if last == Some(h.index) => out.dead = first_of(out.dead, h),
            Some(slot) => out.write(slot, h.index, h, p, cell),
            None => out.dead = first_of(out.dead, h),
        }
        last = Some(h.index);
    }
    out
}

/// Fewest colliders filed again at once for the threads to share the work (fewer measured
/// slower on threads: at 10,000 bodies, about 2,700 of them a step).
#[cfg(feature = "parallel")]
const MIN_REFILES_ON_THREADS: usize = 4096;

#[cfg(feature = "parallel")]
impl World {
    /// Files the colliders of `done.refile` filed in cells of the grid (no sensors, not in the
    /// list of large colliders, which they never leave) again on rayon's threads, when there
    /// are many, the pool has several threads and every one of them moves within the grid's
    /// dense array; returns what is left to file one by one (the sensors and the large
    /// colliders then, otherwise everything). Those left change the sensors' grid and the
    /// large list only, which the threads do not touch, so filing them after changes nothing.
    fn refile_on_threads(&mut self, mut done: Written) -> Written {
        let in_cells = |r: &Refile| !r.sensor && r.old != Placement::Large;
        let many = done.refile.iter().filter(|r| in_cells(r)).count();
        if many < MIN_REFILES_ON_THREADS || rayon::current_num_threads() <= 1 {
            return done;
        }
        let moves: Option<Vec<DenseMove>> = done
            .refile
            .iter()
            .filter(|r| in_cells(r))
            .map(|r| self.grid.dense_move(r.index, r.old, r.lo, r.hi))
            .collect();
        let Some(moves) = moves else {
            return done;
        };
        self.grid.apply_dense_moves(&moves);
        for m in &moves {
            self.slots[m.id as usize].placement = Placement::Cells(m.new);
        }
        done.refile.retain(|r| !in_cells(r));
        done
    }
}

#[cfg(feature = "parallel")]
impl Written {
    /// This part followed by `later`, the part of the slots after it.
    fn then(mut self, later: Written) -> Written {
        self.refile.extend(later.refile);
        Written {
            refile: self.refile,
            solid: self.solid + later.solid,
            dead: later.dead.into_iter().fold(self.dead, first_of),
        }
    }
}

/// Writes the new position and bounds of the collider of each slot that `at` gives a write
/// for (`at[i]` indexes `writes`, or is [`NONE`]); `first` is the index of `slots[0]`.
fn write_slots(
    slots: &mut [Slot],
    at: &[u32],
    first: u32,
    writes: &[(Handle, Vec2)],
    cell: f32,
) -> Written {
    let mut out = Written::default();
    for (i, (slot, &k)) in slots.iter_mut().zip(at).enumerate() {
        if k != NONE {
            let (h, p) = writes[k as usize];
            out.write(slot, first + i as u32, h, p, cell);
        }
    }
    out
}

/// [`write_slots`] of every slot, on rayon's threads (with the `parallel` feature) when there
/// are many.
fn write_all(slots: &mut [Slot], at: &[u32], writes: &[(Handle, Vec2)], cell: f32) -> Written {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        /// Slots per task.
        const CHUNK: usize = 4096;
        if writes.len() >= CHUNK && rayon::current_num_threads() > 1 {
            return slots
                .par_chunks_mut(CHUNK)
                .zip(at.par_chunks(CHUNK))
                .enumerate()
                .map(|(k, (part, at))| write_slots(part, at, (k * CHUNK) as u32, writes, cell))
                .reduce(Written::default, Written::then);
        }
    }
    write_slots(slots, at, 0, writes, cell)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::shape::{Aabb, Circle};
    use crate::world::grid::tests::check_filing;
    use crate::world::{ColliderDesc, QueryFilter, Sensors, Tile, TileMap};

    /// A world of small boxes and circles (every fourth a sensor) on a grid of 2-unit cells,
    /// with a tile map (a large collider) as the last collider; and its handles.
    fn world(n: usize) -> (World, Vec<Handle>) {
        let mut w = World::with_cell_size(2.0).expect("a positive cell");
        let mut handles = Vec::new();
        for i in 0..n {
            let at = Vec2::new((i * 37 % 101) as f32, (i * 53 % 97) as f32);
            let desc = if i % 2 == 0 {
                ColliderDesc::new(
                    Aabb::from_half_extents(Vec2::splat(0.3)).expect("positive"),
                    at,
                )
            } else {
                ColliderDesc::new(Circle::new(0.4).expect("positive"), at)
            };
            let desc = if i % 4 == 3 {
                desc.sensor()
            } else {
                desc.kinematic()
            };
            handles.push(w.add(desc).expect("finite"));
        }
        let mut map = TileMap::new(60, 3, 1.0).expect("a valid map");
        for x in 0..60 {
            map.set(x, 0, Tile::Solid).expect("inside");
        }
        handles.push(
            w.add(ColliderDesc::tiles(map, Vec2::new(-5.0, -5.0)))
                .expect("finite"),
        );
        (w, handles)
    }

    /// What the world answers about its colliders: each one's position, bounds and place in
    /// the broadphase, and what a query of each of a few boxes finds (sensors left out,
    /// included, and alone).
    fn answers(w: &World, handles: &[Handle]) -> (Vec<[f32; 6]>, Vec<Placement>, Vec<Vec<Handle>>) {
        let at = handles
            .iter()
            .map(|&h| {
                let c = w.get(h).expect("live");
                let (lo, hi) = c.bounds();
                [c.position().x, c.position().y, lo.x, lo.y, hi.x, hi.y]
            })
            .collect();
        let placed = handles
            .iter()
            .map(|h| w.slots[h.index as usize].placement)
            .collect();
        let found = [Sensors::Exclude, Sensors::Include, Sensors::Only]
            .into_iter()
            .flat_map(|sensors| {
                let filter = QueryFilter {
                    sensors,
                    ..QueryFilter::default()
                };
                (0..12).map(move |k| {
                    let lo = Vec2::new((k * 9) as f32 - 6.0, (k * 7 % 90) as f32 - 6.0);
                    w.query_aabb(lo, lo + Vec2::splat(14.0), &filter)
                })
            })
            .collect();
        (at, placed, found)
    }

    /// Every collider filed in exactly the cells its placement names (or the large list) of
    /// the grid it belongs to, once in each, and nothing else filed.
    fn check_grids(w: &World) {
        let placed = |sensor: bool| -> Vec<(u32, Placement)> {
            w.slots
                .iter()
                .enumerate()
                .filter(|(_, s)| s.collider.as_ref().is_some_and(|c| c.sensor == sensor))
                .map(|(i, s)| (i as u32, s.placement))
                .collect()
        };
        check_filing(&w.grid, &placed(false));
        check_filing(&w.sensor_grid, &placed(true));
    }

    /// The world's revision (a clone is a new world: its own identity, counting afresh).
    fn revision(w: &World) -> u64 {
        w.stamp().1
    }

    /// Writes in any order give the world one by one in the order of the handles gives.
    fn check(n: usize, moves: &[(usize, Vec2)]) {
        let (mut bulk, handles) = world(n);
        let mut one = bulk.clone();
        let writes: Vec<(Handle, Vec2)> = moves.iter().map(|&(i, p)| (handles[i], p)).collect();
        let (bulk_from, one_from) = (revision(&bulk), revision(&one));
        bulk.set_positions(&writes).expect("valid writes");
        let mut sorted = writes.clone();
        sorted.sort_by_key(|(h, _)| *h);
        for (h, p) in sorted {
            one.set_position(h, p).expect("valid write");
        }
        assert!(
            answers(&bulk, &handles) == answers(&one, &handles),
            "different worlds"
        );
        check_grids(&bulk);
        // As many changes counted (sensors move without counting).
        assert_eq!(revision(&bulk) - bulk_from, revision(&one) - one_from);
    }

    #[test]
    fn writes_in_any_order_leave_the_world_of_one_by_one() {
        // Across cells and within them, sensors, and the tile map (filed in the large list).
        check(
            8,
            &[
                (7, Vec2::new(40.0, 2.0)),
                (0, Vec2::new(0.1, 0.0)),
                (8, Vec2::new(-4.0, -5.5)),
                (3, Vec2::new(3.0, 3.0)),
                (5, Vec2::new(30.0, 31.9)),
            ],
        );
    }

    #[test]
    fn few_writes_in_a_large_world_leave_the_world_of_one_by_one() {
        // 4 writes for 301 slots: sorted rather than tabled.
        check(
            300,
            &[
                (299, Vec2::new(1.0, 1.0)),
                (300, Vec2::new(-4.0, -4.5)),
                (3, Vec2::new(50.0, 50.0)),
                (0, Vec2::new(0.2, 0.1)),
            ],
        );
    }

    /// Bad writes in a world of `n` colliders (few writes for many slots are sorted, many for
    /// few are tabled): named by the first bad handle in handle order.
    fn bad_writes_are_named(n: usize) {
        let (mut w, handles) = world(n);
        let before = answers(&w, &handles);
        let far = Vec2::new(crate::tolerance::MAX_COORDINATE * 2.0, 0.0);
        let refused = w.set_positions(&[
            (handles[3], far),
            (handles[0], Vec2::ONE),
            (handles[2], Vec2::NAN),
        ]);
        assert!(matches!(refused, Err((h, WorldError::NotFinite { .. })) if h == handles[2]));
        // Refused before anything was written.
        assert!(answers(&w, &handles) == before, "a write was made");
        // Listed twice: named, the first write made.
        let twice = w.set_positions(&[(handles[1], Vec2::ONE), (handles[1], Vec2::ZERO)]);
        assert_eq!(
            twice,
            Err((handles[1], WorldError::UnknownHandle(handles[1])))
        );
        assert_eq!(w.get(handles[1]).map(|c| c.position()), Some(Vec2::ONE));
        // No longer in the world: named, the first in handle order; the live one written.
        let (gone, later) = (handles[2], handles[3]);
        w.remove(later).expect("live");
        w.remove(gone).expect("live");
        assert_eq!(
            w.set_positions(&[
                (later, Vec2::ONE),
                (handles[0], Vec2::ZERO),
                (gone, Vec2::ONE)
            ]),
            Err((gone, WorldError::UnknownHandle(gone)))
        );
        assert_eq!(w.get(handles[0]).map(|c| c.position()), Some(Vec2::ZERO));
        check_grids(&w);
    }

    #[test]
    fn a_bad_write_is_named_by_the_first_bad_handle() {
        bad_writes_are_named(4);
        bad_writes_are_named(200);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn many_writes_leave_the_world_of_one_by_one(
            moves in proptest::collection::btree_map(0usize..300, (-10.0f32..110.0, -10.0f32..110.0), 1..300)
        ) {
            let moves: Vec<(usize, Vec2)> = moves
                .into_iter()
                .rev()
                .map(|(i, (x, y))| (i, Vec2::new(x, y)))
                .collect();
            check(300, &moves);
        }
    }

    /// Enough writes for the threads (with the `parallel` feature): the same world. About
    /// 4,500 colliders in cells are filed again on the threads, then the sensors and the tile
    /// map (a large collider) one by one.
    #[cfg(feature = "parallel")]
    #[test]
    fn writes_on_threads_leave_the_world_of_one_by_one() {
        let moves: Vec<(usize, Vec2)> = (0..6000)
            .rev()
            .map(|i| {
                (
                    i,
                    Vec2::new((i * 13 % 103) as f32 + 0.5, (i * 29 % 89) as f32),
                )
            })
            .chain([(6000, Vec2::new(-3.0, -4.5))])
            .collect();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .expect("a pool");
        pool.install(|| check(6000, &moves));
    }
}
