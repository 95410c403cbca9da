//! Several kinematic bodies moved in one step, against each other by relative motion.

use glam::Vec2;

use super::bodies_bins::{Bins, swept_width};
#[cfg(not(feature = "parallel"))]
use super::bodies_item::places_and_writes;
use super::bodies_item::{BodyMove, movers_by_handle};
use super::bodies_move::Shared;
use super::{MoveConfig, MoveError, MoveResult};
use crate::world::{Skip, World, no_slot_bits, set_live_slot_bit};

/// Moves several colliders by one step each, meeting one another by their relative motion
/// (each body sees the others as standing still and moves by the difference of the two
/// motions): two boxes crossing paths meet mid-step, two bodies moving side by
/// side at the same velocity never meet, and the outcome does not depend on the order of
/// `moves`.
///
/// Each moving body first finds its earliest contact with the other moving bodies along the
/// straight motions of both (an exact cast of the relative motion), then moves through the
/// rest of the world with [`move_and_slide`](super::move_and_slide): up to that contact, then
/// on with the motion left, clipped against the other body's normal (respecting its
/// response). A body whose motion is zero is an obstacle like any static collider. Two moving
/// bodies that start overlapping each push themselves half of the way out; no push out of
/// another body enters a static collider (the body stops a skin short of it, `pinned`). Every
/// body is computed from the positions at the start of the step, and the world is updated
/// once all are known. Results come in the order of `moves`.
///
/// Errors: a refused step changes nothing, and names the same body whatever the order of
/// `moves`. Before anything moves, the lowest handle that is listed twice
/// ([`MoveError::DuplicateMover`]), given a motion not finite or too large, unknown, or not a
/// shape (a tile map) is refused, in that order for one handle. A body whose move fails (a
/// response with a restitution that is not finite, a move ending beyond the supported range)
/// refuses the step; of several, the first computed (the bodies are computed along a curve
/// through their cells, by handle within a cell).
///
/// With the `parallel` feature, a step of many movers (256 or more) computes its bodies on
/// rayon's threads: the global pool, or the pool the call runs in
/// ([`ThreadPool::install`](https://docs.rs/rayon/1/rayon/struct.ThreadPool.html#method.install)).
/// The results are the same to the bit as on one thread, whatever the number of threads, and
/// so is the error when several bodies fail (see Errors). A `config` with
/// a [predicate](crate::world::QueryFilter::predicate) in its filter or a
/// [response function](MoveConfig::response) is computed on the calling thread all the same:
/// those are plain `&dyn Fn` closures, which cannot be shared between threads (requiring
/// `Sync` of them would refuse closures that callers pass today).
///
/// Limits: the contacts between moving bodies are found on their straight motions, so two
/// bodies deflected toward each other by walls or slopes in the same step can end up
/// overlapping; the next step pushes each half of the way out.
///
/// ```
/// use glissade::{Aabb, BodyMove, ColliderDesc, MoveConfig, World, glam::Vec2, move_bodies};
/// let mut world = World::new();
/// let unit = Aabb::from_half_extents(Vec2::splat(0.5))?;
/// let a = world.add(ColliderDesc::new(unit, Vec2::new(0.0, 0.0)).kinematic())?;
/// let b = world.add(ColliderDesc::new(unit, Vec2::new(10.0, 0.0)).kinematic())?;
/// // Head on: they meet in the middle, each stopping a skin short.
/// let r = move_bodies(&mut world, &[
///     BodyMove { handle: a, motion: Vec2::new(10.0, 0.0) },
///     BodyMove { handle: b, motion: Vec2::new(-10.0, 0.0) },
/// ], &MoveConfig::default())?;
/// assert!((r[0].position.x - (4.5 - 0.01)).abs() < 1e-4);
/// assert!((r[1].position.x - (5.5 + 0.01)).abs() < 1e-4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn move_bodies(
    world: &mut World,
    moves: &[BodyMove],
    config: &MoveConfig,
) -> Result<Vec<MoveResult>, MoveError> {
    // The movers by handle, each with its place in `moves`: a collider listed twice is found
    // next to itself, the world's slots are read one after the other, and a refusal names the
    // lowest handle refused, whatever the order of `moves`.
    let movers = movers_by_handle(moves);
    // Bodies are computed in space-filling-curve order of their cells (by handle within a
    // cell), so that neighbours (and the map around them) are still in cache; results go back
    // in the order given.
    #[cfg(feature = "parallel")]
    let items = super::bodies_parallel::read_items(world, moves, &movers)?;
    #[cfg(not(feature = "parallel"))]
    let items = super::bodies_item::read_items(world, moves, &movers)?;
    // Which movers another mover can meet: those whose swept boxes touch its own. The moving
    // ones are binned by the centre of their swept box in a grid built for this step (cells
    // at least as wide as any binned box, so two touching boxes sit in neighbouring cells);
    // movers with a long motion or a large box are kept apart: everyone checks them, and they
    // look for the binned ones over their whole swept box. One pass over the items (a cache
    // line each) finds both, and marks the moving movers' slots: movers that do not move are
    // obstacles like any other collider, the moving ones meet one another by relative motion
    // instead. Every mover was found live just now.
    let limit = FAST_IN_CELLS * world.cell_size();
    let mut bits = no_slot_bits(world);
    let mut fast: Vec<u32> = Vec::new();
    let mut binned: Vec<(u32, Vec2)> = Vec::with_capacity(items.len());
    let mut widest = 0.0f32;
    for (it, k) in items.iter().zip(0u32..) {
        if it.motion == Vec2::ZERO {
            continue;
        }
        debug_assert!(world.contains(it.handle), "a mover found live");
        set_live_slot_bit(&mut bits, it.handle);
        let (lo, hi) = it.swept_box();
        let width = swept_width((lo, hi));
        if width > limit {
            fast.push(k);
        } else {
            widest = widest.max(width);
            binned.push((k, (lo + hi) * 0.5));
        }
    }
    let skip = Skip {
        slots: &bits,
        ..Skip::default()
    };
    let mut bins = Bins::default();
    bins.build(&binned, widest);
    // With the default filter every mover meets every other: no need to read their colliders.
    let everyone = config.filter.is_everything();
    let shared = Shared {
        world,
        items: &items,
        bins: &bins,
        fast: &fast,
        limit,
        everyone,
        skip,
        unobstructed: super::unobstructed_moves_apply(config, world),
    };
    #[cfg(feature = "parallel")]
    let sorted_results = super::bodies_parallel::move_all(&shared, config)?;
    #[cfg(not(feature = "parallel"))]
    let sorted_results = super::bodies_move::move_all(&shared, config)?;
    // Each result's place in `moves`, and the positions to write, in one pass over the
    // items (on rayon's threads with the `parallel` feature and many movers). Written as one
    // by one in the order of the handles (so the order of `moves` decides nothing), without
    // sorting: the world files them by slot.
    #[cfg(feature = "parallel")]
    let (places, writes) = super::bodies_parallel::places_and_writes(&items, &sorted_results);
    #[cfg(not(feature = "parallel"))]
    let (places, writes) = places_and_writes(&items, &sorted_results);
    // The items borrow the world, which is written next.
    drop(items);
    // The world and the results are separate data: with the `parallel` feature and many
    // movers, the results are put back in the order of `moves` on one thread while the
    // positions are written on another. (Copying each result to its place on both threads
    // instead measured about 1 ms slower at 100,000 movers: the copies compete with the
    // writing of the positions.)
    let in_places = move || {
        let (mut results, mut places) = (sorted_results, places);
        put_in_places(&mut results, &mut places);
        results
    };
    #[cfg(feature = "parallel")]
    let (written, results) = super::bodies_parallel::side_by_side(
        writes.len(),
        || world.set_positions(&writes),
        in_places,
    );
    #[cfg(not(feature = "parallel"))]
    let (written, results) = (world.set_positions(&writes), in_places());
    written.map_err(|(h, _)| MoveError::UnknownHandle(h))?;
    Ok(results)
}

/// Moves each of `values` to the place `places` gives it (`places` holds every index of
/// `values` once), in place: each swap puts one value where it belongs, so there are fewer
/// swaps than values, and no second list of them is made. `places` ends as `0, 1, 2, …`.
fn put_in_places<T>(values: &mut [T], places: &mut [u32]) {
    debug_assert_eq!(values.len(), places.len(), "a place for each value");
    let n = values.len().min(places.len());
    for k in 0..n {
        // Follow the cycle through `k` until the value that belongs at `k` has come to it.
        loop {
            let to = places[k] as usize;
            // The last two never hold for a list of places that is a permutation: a place out
            // of range is left alone (no index out of bounds), and a place already settled
            // ends the cycle (a place listed twice cannot loop).
            if to == k || to >= n || places[to] as usize == to {
                break;
            }
            values.swap(k, to);
            places.swap(k, to);
        }
    }
}

/// A mover whose swept box is wider than this many broadphase cells is looked after apart
/// (checked by every other mover) rather than binned.
const FAST_IN_CELLS: f32 = 2.0;

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::put_in_places;

    proptest! {
        /// Any permutation: each value ends at its place, as writing each into a new list at
        /// its place would put it.
        #[test]
        fn values_end_at_their_places(
            order in Just((0u32..300).collect::<Vec<u32>>()).prop_shuffle(),
        ) {
            let mut values: Vec<String> = order.iter().map(|p| format!("v{p}")).collect();
            let mut places = order.clone();
            let mut want = vec![String::new(); order.len()];
            for (v, &p) in values.iter().zip(&order) {
                want[p as usize] = v.clone();
            }
            put_in_places(&mut values, &mut places);
            prop_assert_eq!(values, want);
            prop_assert!(places.iter().enumerate().all(|(k, &p)| p as usize == k));
        }
    }

    #[test]
    fn places_that_are_no_permutation_end_without_looping() {
        let mut values = vec!['a', 'b', 'c'];
        // A place listed twice and one out of range: nothing moves, nothing loops.
        put_in_places(&mut values, &mut [1, 1, 7]);
        assert_eq!(values, ['a', 'b', 'c']);
        // One place too few (only a debug build checks the lengths): no index out of
        // bounds, and the values are only swapped among themselves.
        if !cfg!(debug_assertions) {
            put_in_places(&mut values, &mut [2, 0]);
            values.sort_unstable();
            assert_eq!(values, ['a', 'b', 'c']);
        }
        put_in_places::<char>(&mut [], &mut []);
    }
}
