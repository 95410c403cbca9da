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

use std::hint::black_box;
use std::time::{Duration, Instant};

use glissade::glam::Vec2;
use glissade::{
    Aabb, BodyMove, Circle, ColliderDesc, ConvexPolygon, MoveConfig, QueryFilter, Shape, Tile,
    TileMap, World, motion::MoveStrategy, move_and_slide, move_bodies,
};

use crate::rng::Rng;
use rapier2d::control::{CharacterLength, KinematicCharacterController};
use rapier2d::geometry::{BroadPhaseBvh, ColliderBuilder, ColliderHandle, ColliderSet, Cuboid};
use rapier2d::math::{Pose, Vector as RVec};
use rapier2d::parry::query::DefaultQueryDispatcher;
use rapier2d::pipeline::QueryFilter as RapierFilter;
use rapier2d::prelude::{IntegrationParameters, RigidBodySet};

/// Timed rounds of the whole walk, after the untimed warm-up walk; the fastest is kept.
pub const WALK_ROUNDS: u32 = 5;

/// A step is a snag when its horizontal progress is under this fraction of `desired.x`.
pub const SNAG_FRACTION: f32 = 0.9;

/// rapier2d's default character offset (`CharacterLength::Relative(0.01)`), as a fraction of
/// the character's height: the gap the controller keeps between the character and the floor.
const RAPIER_DEFAULT_OFFSET: f32 = 0.01;

/// The tile-floor scenario shared by both sides.
///
/// The floor is `tiles` unit squares side by side: tile `i` occupies x in `[i, i + 1]`,
/// y in `[-1, 0]`, so its top is flat at y = 0 with a seam at every integer x. A box
/// character of `half_extents` starts at `start` and is moved by `desired` at each of
/// `steps` steps (forward and slightly down, pressing on the floor like gravity would).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TileFloor {
    /// Number of unit tiles (10,000: long enough that the walk never reaches the end).
    pub tiles: usize,
    /// Number of moves in one walk (20,000).
    pub steps: usize,
    /// Half extents of the character box (0.4, 0.4).
    pub half_extents: Vec2,
    /// The motion asked for at every step: (0.4, -0.05).
    pub desired: Vec2,
    /// Where the character's center starts: x = 1, resting on the floor with rapier2d's
    /// default gap (1% of the character's height) below it.
    pub start: Vec2,
}

impl TileFloor {
    /// 10,000 tiles, 20,000 steps of (0.4, -0.05) (8,000 units of walk), a 0.8 × 0.8 box
    /// starting at x = 1, resting on the floor (y = 0.4 + 0.008, rapier2d's default offset).
    #[must_use]
    pub fn standard() -> Self {
        let half_extents = Vec2::new(0.4, 0.4);
        Self {
            tiles: 10_000,
            steps: 20_000,
            half_extents,
            desired: Vec2::new(0.4, -0.05),
            start: Vec2::new(
                1.0,
                half_extents.y + RAPIER_DEFAULT_OFFSET * 2.0 * half_extents.y,
            ),
        }
    }

    /// Whether a step from `before` to `after` is a snag: horizontal progress under
    /// [`SNAG_FRACTION`] of `desired.x`.
    #[must_use]
    pub fn is_snag(&self, before: Vec2, after: Vec2) -> bool {
        after.x - before.x < SNAG_FRACTION * self.desired.x
    }
}

/// Result of running a mover over the scenario.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WalkRun {
    /// Nanoseconds per move, from the fastest of [`WALK_ROUNDS`] timed walks.
    pub ns_per_move: f64,
    /// Steps of one full walk that were snags ([`TileFloor::is_snag`]).
    pub snags: usize,
    /// The character's x at the end of that walk.
    pub final_x: f32,
}

/// Times any mover the same way: `step(pos) -> new_pos` called `steps` times from `start`,
/// counting snags with the same rule.
///
/// One untimed full walk first (warm-up; the snags and `final_x` are taken from it), then
/// [`WALK_ROUNDS`] timed walks, each from `start`; `ns_per_move` is the fastest walk's time
/// over `steps`. `step` must therefore restart cleanly from `start` (carry no state from one
/// walk to the next that changes its answers).
pub fn walk_with(floor: &TileFloor, mut step: impl FnMut(Vec2) -> Vec2) -> WalkRun {
    let walk = untimed_walk(floor, &mut step);
    let best = (0..WALK_ROUNDS)
        .map(|_| time_walk(floor, &mut step))
        .min()
        .unwrap_or(Duration::ZERO);
    WalkRun {
        ns_per_move: best.as_nanos() as f64 / floor.steps.max(1) as f64,
        ..walk
    }
}

/// Times one full walk of `step` from `floor.start`.
fn time_walk(floor: &TileFloor, step: &mut impl FnMut(Vec2) -> Vec2) -> Duration {
    let mut pos = floor.start;
    let start = Instant::now();
    for _ in 0..floor.steps {
        pos = step(black_box(pos));
    }
    let elapsed = start.elapsed();
    black_box(pos);
    elapsed
}

/// The rapier2d world of a tile floor: one standalone cuboid collider per tile, registered in
/// a BVH broad phase that the query pipeline reads.
struct RapierFloor {
    bodies: RigidBodySet,
    colliders: ColliderSet,
    broad_phase: BroadPhaseBvh,
}

impl RapierFloor {
    fn new(floor: &TileFloor) -> Self {
        let bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::with_capacity(floor.tiles);
        let handles: Vec<ColliderHandle> = (0..floor.tiles)
            .map(|i| {
                colliders.insert(
                    ColliderBuilder::cuboid(0.5, 0.5).translation(RVec::new(i as f32 + 0.5, -0.5)),
                )
            })
            .collect();
        let broad_phase = rapier_broad_phase(&colliders, &bodies, &handles);
        Self {
            bodies,
            colliders,
            broad_phase,
        }
    }
}

/// A BVH broad phase holding `handles` of `colliders`, as rapier2d's query pipeline reads it.
pub(crate) fn rapier_broad_phase(
    colliders: &ColliderSet,
    bodies: &RigidBodySet,
    handles: &[ColliderHandle],
) -> BroadPhaseBvh {
    let mut broad_phase = BroadPhaseBvh::new();
    let mut events = Vec::new();
    broad_phase.update(
        &IntegrationParameters::default(),
        colliders,
        bodies,
        handles,
        &[],
        &mut events,
    );
    broad_phase
}

/// The controller as a game would configure it for walking on a floor: rapier2d's default
/// offset (1% of the character's height, 0.008 here) and normal nudge factor (1e-4),
/// `slide = true`, no autostep, **no snap to ground** (the desired motion presses the
/// character down on the floor instead), climbable slopes up to 45°, up = +y.
fn walking_controller() -> KinematicCharacterController {
    KinematicCharacterController {
        up: RVec::Y,
        offset: CharacterLength::Relative(RAPIER_DEFAULT_OFFSET),
        slide: true,
        autostep: None,
        max_slope_climb_angle: 45f32.to_radians(),
        min_slope_slide_angle: 45f32.to_radians(),
        snap_to_ground: None,
        ..KinematicCharacterController::default()
    }
}

/// rapier2d 0.36's `KinematicCharacterController::move_shape` over a `QueryPipeline` with one
/// cuboid collider per unit tile (tile i occupies x in [i, i+1], y in [-1, 0]).
///
/// The character is a cuboid of `floor.half_extents` starting at `floor.start` (resting on the
/// floor at its left end, with rapier's default offset as gap), moved by `desired` at each
/// step; the returned translation is applied to its position at each step, as a game would.
/// The controller (see `walking_controller`): default offset and normal nudge factor,
/// `slide = true`, no autostep, no snap to ground, max slope 45°, up = +y. `dt` is 1/60 (it
/// only matters for moving platforms, of which there are none).
///
/// Building the 10,000 colliders and the broad phase is not timed; timing and snags are
/// [`walk_with`]'s.
#[must_use]
pub fn walk_rapier(floor: &TileFloor) -> WalkRun {
    with_rapier_step(floor, |step| walk_with(floor, step))
}

/// Builds rapier2d's side of the scenario (outside any timing) and hands `f` the step: from a
/// position, the position after one `move_shape` of `desired`.
pub fn with_rapier_step<R>(
    floor: &TileFloor,
    f: impl FnOnce(&mut dyn FnMut(Vec2) -> Vec2) -> R,
) -> R {
    let world = RapierFloor::new(floor);
    let dispatcher = DefaultQueryDispatcher;
    let queries = world.broad_phase.as_query_pipeline(
        &dispatcher,
        &world.bodies,
        &world.colliders,
        RapierFilter::default(),
    );
    let controller = walking_controller();
    let shape = Cuboid::new(RVec::new(floor.half_extents.x, floor.half_extents.y));
    let desired = RVec::new(floor.desired.x, floor.desired.y);
    f(&mut |pos: Vec2| {
        let pose = Pose::from_translation(RVec::new(pos.x, pos.y));
        let mv = controller.move_shape(1.0 / 60.0, &queries, &shape, &pose, desired, |_| {});
        Vec2::new(pos.x + mv.translation.x, pos.y + mv.translation.y)
    })
}

/// The same floor for glissade: one [`TileMap`] of `tiles × 1` solid cells with its top at
/// y = 0 (a tile map is how a game gives glissade a tile floor: one collider, walked cell by
/// cell, with no faces between tiles).
#[must_use]
pub fn glissade_floor(floor: &TileFloor) -> World {
    let width = u32::try_from(floor.tiles).unwrap_or(u32::MAX);
    let mut map = TileMap::new(width, 1, 1.0).expect("a non-empty map of unit cells is valid");
    for x in 0..width {
        map.set(x, 0, Tile::Solid).expect("x is inside the map");
    }
    let mut world = World::new();
    world
        .add(ColliderDesc::tiles(map, Vec2::new(0.0, -1.0)))
        .expect("a finite origin is valid");
    world
}

/// glissade's `move_and_slide` walking the floor with `strategy` (default skin 0.01); the body
/// is a shape (not a collider), like rapier's `move_shape`.
#[must_use]
pub fn walk_glissade(floor: &TileFloor, strategy: MoveStrategy) -> WalkRun {
    let mut world = glissade_floor(floor);
    let shape: Shape = Aabb::from_half_extents(floor.half_extents)
        .expect("positive half extents")
        .into();
    let config = MoveConfig::default().with_strategy(strategy);
    let desired = floor.desired;
    walk_with(floor, |pos| {
        move_and_slide(&mut world, (shape, pos), desired, &config).map_or(pos, |r| r.position)
    })
}

/// The world of the scale benchmark: a `side × side` tile map of unit cells (a border, and a
/// solid or sloped cell in about one cell in ten), `walls` convex polygons (triangles and
/// hexagons of radius 0.3 to 1) scattered over it as separate colliders, and `bodies` small
/// kinematic boxes and circles (radius 0.2 to 0.4) placed in free space. Seeded, so every run
/// builds the same world.
#[must_use]
pub fn scale_world(side: u32, walls: usize, bodies: usize, seed: u64) -> (World, Vec<BodyMove>) {
    let mut rng = Rng::new(seed);
    let mut unit = move || rng.unit();
    let mut map = TileMap::new(side, side, 1.0).expect("a non-empty map of unit cells is valid");
    for y in 0..side {
        for x in 0..side {
            let border = x == 0 || y == 0 || x == side - 1 || y == side - 1;
            let r = unit();
            let tile = if border || r < 0.08 {
                Tile::Solid
            } else if r < 0.09 {
                Tile::SlopeUpRight
            } else if r < 0.1 {
                Tile::SlopeUpLeft
            } else {
                Tile::Empty
            };
            map.set(x, y, tile).expect("inside the map");
        }
    }
    let mut world = World::with_cell_size(2.0).expect("a positive cell size");
    let span = side as f32 - 2.0;
    for i in 0..walls {
        let sides = if i % 2 == 0 { 3 } else { 6 };
        let poly = ConvexPolygon::regular(sides, 0.3 + 0.7 * unit(), unit() * 6.0)
            .expect("a regular polygon of positive radius is valid");
        let at = Vec2::new(1.0 + unit() * span, 1.0 + unit() * span);
        world
            .add(ColliderDesc::new(poly, at))
            .expect("finite position");
    }
    world
        .add(ColliderDesc::tiles(map, Vec2::ZERO))
        .expect("finite origin");
    let mut moves = Vec::with_capacity(bodies);
    let mut attempts = 0;
    while moves.len() < bodies && attempts < bodies * 20 {
        attempts += 1;
        let r = 0.2 + 0.2 * unit();
        let shape: Shape = if attempts % 2 == 0 {
            Circle::new(r).expect("positive radius").into()
        } else {
            Aabb::from_half_extents(Vec2::splat(r))
                .expect("positive")
                .into()
        };
        let at = Vec2::new(1.0 + unit() * span, 1.0 + unit() * span);
        if !world
            .overlap_shape(&shape, at, &QueryFilter::default())
            .is_empty()
            || !world
                .query_aabb(at - 0.5, at + 0.5, &QueryFilter::default())
                .is_empty()
        {
            continue;
        }
        let handle = world
            .add(ColliderDesc::new(shape, at).kinematic())
            .expect("finite position");
        let motion = Vec2::new(unit() - 0.5, unit() - 0.8) * 0.5;
        moves.push(BodyMove { handle, motion });
    }
    (world, moves)
}

/// Nanoseconds per body of one [`move_bodies`] step of every body of a [`scale_world`]: the
/// median of `rounds` steps (more for small worlds: at least about 200,000 body moves in all),
/// each from the same starting world. The median, not the fastest: the fastest of many short
/// rounds (a small world) is luckier than the fastest of a few long ones (a large world),
/// which would tilt a comparison across sizes.
#[must_use]
pub fn scale_run(world: &World, moves: &[BodyMove], rounds: u32) -> f64 {
    let config = MoveConfig::default();
    // At least about 200,000 body moves in all, so that small worlds are timed as long.
    let rounds = rounds
        .max((200_000 / moves.len().max(1)).min(200) as u32)
        .max(1);
    let mut samples: Vec<f64> = (0..rounds)
        .map(|_| {
            let mut w = world.clone();
            let started = Instant::now();
            let r = move_bodies(&mut w, black_box(moves), &config);
            let elapsed = started.elapsed();
            black_box(r.map(|r| r.len()).unwrap_or(0));
            elapsed.as_nanos() as f64 / moves.len().max(1) as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Runs two movers over the same floor, fairly on a noisy machine: one untimed walk each
/// (snags and final x), then [`WALK_ROUNDS`] rounds in which each walks once, alternating
/// which goes first; each keeps its fastest walk.
pub fn walk_both(
    floor: &TileFloor,
    mut a: impl FnMut(Vec2) -> Vec2,
    mut b: impl FnMut(Vec2) -> Vec2,
) -> (WalkRun, WalkRun) {
    let (mut ra, mut rb) = (untimed_walk(floor, &mut a), untimed_walk(floor, &mut b));
    let (mut best_a, mut best_b) = (Duration::MAX, Duration::MAX);
    for round in 0..WALK_ROUNDS {
        if round % 2 == 0 {
            best_a = best_a.min(time_walk(floor, &mut a));
            best_b = best_b.min(time_walk(floor, &mut b));
        } else {
            best_b = best_b.min(time_walk(floor, &mut b));
            best_a = best_a.min(time_walk(floor, &mut a));
        }
    }
    let per = |d: Duration| d.as_nanos() as f64 / floor.steps.max(1) as f64;
    ra.ns_per_move = per(best_a);
    rb.ns_per_move = per(best_b);
    (ra, rb)
}

/// One walk, untimed: snags and final x (`ns_per_move` left at 0).
fn untimed_walk(floor: &TileFloor, step: &mut impl FnMut(Vec2) -> Vec2) -> WalkRun {
    let mut pos = floor.start;
    let mut snags = 0;
    for _ in 0..floor.steps {
        let next = step(pos);
        if floor.is_snag(pos, next) {
            snags += 1;
        }
        pos = next;
    }
    WalkRun {
        ns_per_move: 0.0,
        snags,
        final_x: pos.x,
    }
}

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
                move_and_slide(&mut world, (shape, pos), desired, &config)
                    .map_or(pos, |r| r.position)
            },
            peer,
        )
    })
}

/// glissade's exact move against seed 004's bisection on the same floor, timed in
/// alternating rounds.
#[must_use]
pub fn walk_exact_vs_bisection(floor: &TileFloor) -> (WalkRun, WalkRun) {
    let mut world = glissade_floor(floor);
    let mut world2 = world.clone();
    let shape: Shape = Aabb::from_half_extents(floor.half_extents)
        .expect("positive half extents")
        .into();
    let exact = MoveConfig::default();
    let bisection = MoveConfig::default().with_strategy(MoveStrategy::DEFAULT_BISECTION);
    let desired = floor.desired;
    walk_both(
        floor,
        |pos| move_and_slide(&mut world, (shape, pos), desired, &exact).map_or(pos, |r| r.position),
        |pos| {
            move_and_slide(&mut world2, (shape, pos), desired, &bisection)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs rapier's walk once (no timing) and returns every position.
    fn rapier_positions(floor: &TileFloor) -> Vec<Vec2> {
        with_rapier_step(floor, |step| {
            let mut positions = vec![floor.start];
            for _ in 0..floor.steps {
                let next = step(*positions.last().expect("starts with the start"));
                positions.push(next);
            }
            positions
        })
    }

    fn short_floor() -> TileFloor {
        TileFloor {
            tiles: 300,
            steps: 200,
            ..TileFloor::standard()
        }
    }

    #[test]
    fn rapier_walk_moves_right_above_the_floor() {
        let floor = short_floor();
        let positions = rapier_positions(&floor);
        let last = *positions.last().unwrap();
        // 200 steps of 0.4: most of 80 units, certainly more than half.
        assert!(
            last.x > floor.start.x + 40.0,
            "walked only to x = {}",
            last.x
        );
        for (i, p) in positions.iter().enumerate() {
            assert!(p.x >= floor.start.x - 1e-3, "step {i}: went left, {p}");
            assert!(
                p.y - floor.half_extents.y > -1e-3,
                "step {i}: sank into the floor, {p}"
            );
            assert!(
                p.y - floor.half_extents.y < 0.1,
                "step {i}: left the floor, {p}"
            );
        }
    }

    #[test]
    fn walk_rapier_agrees_with_the_plain_walk() {
        let floor = short_floor();
        let run = walk_rapier(&floor);
        let positions = rapier_positions(&floor);
        let snags = positions
            .windows(2)
            .filter(|w| floor.is_snag(w[0], w[1]))
            .count();
        assert_eq!(run.snags, snags);
        assert_eq!(run.final_x, positions.last().unwrap().x);
        assert!(run.ns_per_move > 0.0);
    }

    #[test]
    fn walk_with_counts_snags() {
        let floor = TileFloor {
            steps: 10,
            ..TileFloor::standard()
        };
        // Stops dead every third step.
        let mut n = 0;
        let run = walk_with(&floor, |p| {
            n += 1;
            if n % 3 == 0 { p } else { p + Vec2::X * 0.4 }
        });
        // Counted on the first walk only: steps 3, 6 and 9.
        assert_eq!(run.snags, 3);
        assert!((run.final_x - (1.0 + 7.0 * 0.4)).abs() < 1e-4);
    }

    #[test]
    fn compare_move_lines() {
        let ours = WalkRun {
            ns_per_move: 100.0,
            snags: 0,
            final_x: 0.0,
        };
        let peer = WalkRun {
            ns_per_move: 3500.0,
            snags: 1000,
            final_x: 0.0,
        };
        assert_eq!(
            compare_move_line("move/tile-floor", &ours, "rapier2d", &peer, true),
            "compare move/tile-floor ours_ns=100.00 peer=rapier2d peer_ns=3500.00 \
             speedup=35.00 ours_snags=0 peer_snags=1000"
        );
        assert_eq!(
            compare_move_line("move/exact-vs-bisection", &ours, "bisection", &peer, false),
            "compare move/exact-vs-bisection ours_ns=100.00 peer=bisection peer_ns=3500.00 \
             speedup=35.00"
        );
    }

    /// `cargo test --release -p glissade-bench rapier_tile_floor_numbers -- --ignored --nocapture`
    #[test]
    #[ignore = "timing; run in release with --nocapture"]
    fn rapier_tile_floor_numbers() {
        let pinned = crate::pin_to_current_core();
        let floor = TileFloor::standard();
        let started = Instant::now();
        let run = walk_rapier(&floor);
        println!(
            "rapier2d tile floor: {:.2} ns/move, snags {} / {} ({:.2}%), final x {:.3} \
             (pinned {pinned:?}, {:.2?} in all)",
            run.ns_per_move,
            run.snags,
            floor.steps,
            100.0 * run.snags as f64 / floor.steps as f64,
            run.final_x,
            started.elapsed()
        );
    }
}
