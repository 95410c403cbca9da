//! Movement benchmarks against rapier2d: a character walked along a floor made of many unit
//! tiles, the classic "ghost collision" scenario in which a box sliding over the seams between
//! flush tiles can catch on the next tile's corner.
//!
//! Two things are recorded per mover ([`WalkRun`]):
//!
//! - **Speed**: nanoseconds per move. After one untimed full walk (the warm-up, which is also
//!   the walk the snags are counted on), the whole walk is run [`WALK_ROUNDS`] more times,
//!   each round timed as a whole, and the **fastest** round is kept (the minimum is the
//!   estimate least disturbed by the rest of the machine; a whole walk of rapier2d lasts tens
//!   of milliseconds, long enough for the clock and short enough to be disturbed only now and
//!   then). Every mover goes through the same code path ([`walk_with`]); [`walk_rapier`] is
//!   [`walk_with`] with rapier's controller as the step.
//! - **Snags**: steps whose horizontal progress is under [`SNAG_FRACTION`] of the desired
//!   one, the character having caught on something of a floor that is perfectly flat.
//!
//! The world (10,000 colliders for rapier2d) is built before, and outside of, the timing.
//!
//! The floor and the timing loops are in `walk`; each side's walker in `ours` (glissade)
//! and `rapier` (rapier2d); the scale benchmark in `scale`.

mod ours;
mod rapier;
mod scale;
#[cfg(test)]
mod tests;
mod walk;

use glissade::motion::MoveStrategy;
use glissade::{Aabb, MoveConfig, Shape, move_and_slide};

pub use ours::{glissade_floor, walk_glissade};
pub(crate) use rapier::rapier_broad_phase;
pub use rapier::{walk_rapier, with_rapier_step};
pub use scale::{same_results, scale_line, scale_run, scale_run_on, scale_world};
pub use walk::{SNAG_FRACTION, TileFloor, WALK_ROUNDS, WalkRun, walk_both, walk_with};

/// glissade (exact) against rapier2d's character controller on the same floor, timed in
/// alternating rounds.
#[must_use]
pub fn walk_glissade_vs_rapier(floor: &TileFloor) -> (WalkRun, WalkRun) {
    let mut world = glissade_floor(floor);
    let shape: Shape = Aabb::from_half_extents(floor.half_extents)
        .expect("positive half extents")
        .into();
    let config = MoveConfig::default();
    let desired = floor.desired;
    with_rapier_step(floor, |peer| {
        walk_both(
            floor,
            |pos| {
                move_and_slide(&mut world, (shape.clone(), pos), desired, &config)
                    .map_or(pos, |r| r.position)
            },
            peer,
        )
    })
}

/// glissade's exact move against its bisection baseline (`MoveStrategy::BISECTION_BASELINE`) on
/// the same floor, timed in alternating rounds.
#[must_use]
pub fn walk_exact_vs_bisection(floor: &TileFloor) -> (WalkRun, WalkRun) {
    let mut world = glissade_floor(floor);
    let mut world2 = world.clone();
    let shape: Shape = Aabb::from_half_extents(floor.half_extents)
        .expect("positive half extents")
        .into();
    let exact = MoveConfig::default();
    let bisection = MoveConfig::default().with_strategy(MoveStrategy::BISECTION_BASELINE);
    let desired = floor.desired;
    walk_both(
        floor,
        |pos| {
            move_and_slide(&mut world, (shape.clone(), pos), desired, &exact)
                .map_or(pos, |r| r.position)
        },
        |pos| {
            move_and_slide(&mut world2, (shape.clone(), pos), desired, &bisection)
                .map_or(pos, |r| r.position)
        },
    )
}

/// Formats the exact `compare` line of a movement case: `compare <name> ours_ns=.. peer=..
/// peer_ns=.. speedup=..`, followed by ` ours_snags=.. peer_snags=..` when `snags` is set.
#[must_use]
pub fn compare_move_line(
    name: &str,
    ours: &WalkRun,
    peer_name: &str,
    peer: &WalkRun,
    snags: bool,
) -> String {
    let mut line = format!(
        "compare {name} ours_ns={:.2} peer={peer_name} peer_ns={:.2} speedup={:.2}",
        ours.ns_per_move,
        peer.ns_per_move,
        peer.ns_per_move / ours.ns_per_move
    );
    if snags {
        line.push_str(&format!(
            " ours_snags={} peer_snags={}",
            ours.snags, peer.snags
        ));
    }
    line
}
