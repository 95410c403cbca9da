//! The tile-floor walk and how any mover is timed on it: the floor both sides walk, the run a
//! walk gives (speed, snags, final x), and the timing loops, alone or two movers alternating.

use std::hint::black_box;
use std::time::{Duration, Instant};

use glissade::glam::Vec2;

/// Timed rounds of the whole walk, after the untimed warm-up walk; the fastest is kept.
pub const WALK_ROUNDS: u32 = 5;

/// A step is a snag when its horizontal progress is under this fraction of `desired.x`.
pub const SNAG_FRACTION: f32 = 0.9;

/// rapier2d's default character offset (`CharacterLength::Relative(0.01)`), as a fraction of
/// the character's height: the gap the controller keeps between the character and the floor.
pub(super) const RAPIER_DEFAULT_OFFSET: f32 = 0.01;

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
