//! The practical limit of `cast/aabb-aabb` on one core: the textbook slab test (per axis, the
//! times at which the moving boxes start and stop overlapping; contact is the latest start if
//! it comes before the earliest stop), written as plain scalar code over plain numbers, on
//! the same inputs as the case and timed the same way. Nothing a general cast does can be
//! much cheaper than this, so the gap between the two is what is left to gain.

use glissade::Shape;
use glissade::glam::Vec2;

use super::answer::Answer;
use super::casts::{OursCast, cast_inputs};
use super::shapes::AabbGen;
use super::suite::Query;
use crate::config::Config;
use crate::timing::{Timing, measure_sweeps};

/// The name of the case whose inputs the slab test runs on.
pub const SLAB_CASE: &str = "cast/aabb-aabb";

/// One input of the slab test: the boxes' corners relative to their starts, the starts and
/// the motions, exactly the numbers glissade's `cast` gets.
#[derive(Debug, Clone, Copy)]
struct SlabInput {
    a_min: Vec2,
    a_max: Vec2,
    start_a: Vec2,
    motion_a: Vec2,
    b_min: Vec2,
    b_max: Vec2,
    start_b: Vec2,
    motion_b: Vec2,
}

impl SlabInput {
    fn new(c: &OursCast) -> Self {
        let corners = |s: &Shape| match s {
            Shape::Aabb(b) => (b.min(), b.max()),
            _ => unreachable!("cast/aabb-aabb casts boxes"),
        };
        let ((a_min, a_max), (b_min, b_max)) = (corners(&c.a), corners(&c.b));
        SlabInput {
            a_min,
            a_max,
            start_a: c.start_a,
            motion_a: c.motion_a,
            b_min,
            b_max,
            start_b: c.start_b,
            motion_b: c.motion_b,
        }
    }
}

/// On one axis: the interval of times at which `[a0, a1]` moving at `v` overlaps the still
/// `[b0, b1]`, or `None` when it never does (still and apart).
#[inline]
fn slab(a0: f32, a1: f32, b0: f32, b1: f32, v: f32) -> Option<(f32, f32)> {
    if v == 0.0 {
        return (a1 >= b0 && b1 >= a0).then_some((f32::NEG_INFINITY, f32::INFINITY));
    }
    let inv = 1.0 / v;
    let (t0, t1) = ((b0 - a1) * inv, (b1 - a0) * inv);
    Some(if t0 <= t1 { (t0, t1) } else { (t1, t0) })
}

/// The slab test of one input, in B's frame (A moves by the difference of the motions):
/// a hit at the latest entry time if it is within the motion and before the earliest exit,
/// overlapping (depth not computed) when already in contact at the start.
#[inline]
fn slab_cast(i: &SlabInput) -> Answer {
    let (a0, a1) = (i.start_a + i.a_min, i.start_a + i.a_max);
    let (b0, b1) = (i.start_b + i.b_min, i.start_b + i.b_max);
    let d = i.motion_a - i.motion_b;
    let (Some((x0, x1)), Some((y0, y1))) = (
        slab(a0.x, a1.x, b0.x, b1.x, d.x),
        slab(a0.y, a1.y, b0.y, b1.y, d.y),
    ) else {
        return Answer::Miss;
    };
    let (enter, exit) = (x0.max(y0), x1.min(y1));
    if enter > exit || enter > 1.0 || exit < 0.0 {
        Answer::Miss
    } else if enter <= 0.0 {
        Answer::Overlapping(f32::NAN)
    } else {
        Answer::Hit(enter)
    }
}

/// What [`slab_limit`] measured.
#[derive(Debug, Clone, Copy)]
pub struct SlabLimit {
    /// The slab test (`ours_ns`) and glissade's `cast` (`peer_ns`), ns per query, timed
    /// against each other on the first `timing_len` inputs.
    pub timing: Timing,
    /// Inputs on which the slab test and glissade agree (contact or not, and the fraction
    /// within the agreement tolerance), out of `total`.
    pub agreeing: usize,
    /// Inputs generated.
    pub total: usize,
}

/// Times the slab test against glissade's `cast` on the inputs of `cast/aabb-aabb` (the same
/// seed, so the same inputs), with [`measure_sweeps`] like every case.
#[must_use]
pub fn slab_limit(cfg: &Config) -> SlabLimit {
    let salt = super::all_cases()
        .iter()
        .find(|c| c.name == SLAB_CASE)
        .map_or(1, |c| c.salt);
    let (ours, _) = cast_inputs::<AabbGen, AabbGen>(salt, cfg);
    let slabs: Vec<SlabInput> = ours.iter().map(SlabInput::new).collect();
    let agreeing = slabs
        .iter()
        .zip(&ours)
        .filter(|(s, o)| slab_cast(s).agrees(OursCast::answer(o.run())))
        .count();
    let n = cfg.timing_len.min(slabs.len());
    let (slabs_t, ours_t) = (&slabs[..n], &ours[..n]);
    let slab_sweep = || {
        slabs_t
            .iter()
            .map(|s| slab_cast(std::hint::black_box(s)).checksum())
            .sum::<f32>()
    };
    let glissade_sweep = || {
        ours_t
            .iter()
            .map(|o| {
                OursCast::answer(std::hint::black_box(std::hint::black_box(o).run())).checksum()
            })
            .sum::<f32>()
    };
    SlabLimit {
        timing: measure_sweeps(&slab_sweep, &glissade_sweep, n, cfg),
        agreeing,
        total: slabs.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unit box A from `start_a` moving by `motion_a`; unit box B still at the origin.
    fn input(start_a: Vec2, motion_a: Vec2) -> SlabInput {
        let h = Vec2::splat(0.5);
        SlabInput {
            a_min: -h,
            a_max: h,
            start_a,
            motion_a,
            b_min: -h,
            b_max: h,
            start_b: Vec2::ZERO,
            motion_b: Vec2::ZERO,
        }
    }

    #[test]
    fn the_slab_test_finds_the_textbook_answers() {
        let right = |x| Vec2::new(x, 0.0);
        // 4 units left of B, moving right by 8: contact after 3 units.
        assert_eq!(
            slab_cast(&input(right(-4.0), right(8.0))),
            Answer::Hit(3.0 / 8.0)
        );
        // The same, passing above.
        assert_eq!(
            slab_cast(&input(Vec2::new(-4.0, 2.0), right(8.0))),
            Answer::Miss
        );
        // Too short a motion.
        assert_eq!(slab_cast(&input(right(-4.0), right(2.0))), Answer::Miss);
        // Overlapping at the start.
        assert!(matches!(
            slab_cast(&input(right(0.5), right(1.0))),
            Answer::Overlapping(_)
        ));
    }

    #[test]
    fn the_slab_test_agrees_with_glissade_on_the_case_inputs() {
        let cfg = Config {
            check_len: 4096,
            ..Config::quick()
        };
        let (ours, _) = cast_inputs::<AabbGen, AabbGen>(1, &cfg);
        let agreeing = ours
            .iter()
            .filter(|o| slab_cast(&SlabInput::new(o)).agrees(OursCast::answer(o.run())))
            .count();
        assert!(
            agreeing * 1000 >= ours.len() * 999,
            "{agreeing} of {}",
            ours.len()
        );
    }
}
