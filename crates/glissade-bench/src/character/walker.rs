//! What both sides of the character benchmark are to it: a walker that can be put back in its
//! settled start state and stepped; one untimed walk of it, and one timed walk.

use std::hint::black_box;
use std::time::{Duration, Instant};

use glissade::glam::Vec2;

use super::course::Course;

/// One side of the benchmark: a character that can be put back in its settled start state
/// and stepped.
pub(super) trait Walker {
    /// Back to the state right after the settling step (outside any timing).
    fn reset(&mut self);
    /// One step walking in direction `dir` (±1): the character's centre after it, and
    /// whether it is grounded.
    fn step(&mut self, dir: f32) -> (Vec2, bool);
}

/// The states of a walk: the character's centre and whether it is grounded.
pub(super) type Trace = Vec<(Vec2, bool)>;

/// Every state of one untimed walk from the settled start: element 0 is the settled state,
/// element `i` the state after step `i`.
pub(super) fn trace(course: &Course, walker: &mut impl Walker, settled: (Vec2, bool)) -> Trace {
    walker.reset();
    let mut states = Vec::with_capacity(course.walk_steps + 1);
    states.push(settled);
    let mut dir = course.next_dir(settled.0.x, 1.0);
    for _ in 0..course.walk_steps {
        let (pos, grounded) = walker.step(dir);
        states.push((pos, grounded));
        dir = course.next_dir(pos.x, dir);
    }
    states
}

/// Times a walk of `steps` steps of `walker` from its settled state (the reset is not timed).
pub(super) fn time_walk(
    course: &Course,
    walker: &mut impl Walker,
    start_x: f32,
    steps: usize,
) -> Duration {
    walker.reset();
    let mut dir = course.next_dir(start_x, 1.0);
    let started = Instant::now();
    for _ in 0..steps {
        let (pos, grounded) = walker.step(black_box(dir));
        black_box(grounded);
        dir = course.next_dir(pos.x, dir);
    }
    let elapsed = started.elapsed();
    black_box(dir);
    elapsed
}
