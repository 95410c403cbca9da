//! Differential tests: glissade against parry2d 0.31, judged by an independent reference.
//!
//! For each of the 25 ordered pairs of shape kinds, `cast::*` and `overlap::*` run
//! `DIFFTEST_CASES` (default 100,000) seeded random cases each (see
//! `glissade_difftest::cases` for the mix). On **every** case glissade alone is checked against
//! the brute-force `f64` reference (`glissade_difftest::reference`): cast fraction (or
//! `Overlapping` and its depth), hit normal and contact point; overlap depth, MTV and
//! `distance()`. Where glissade and parry disagree, the reference is confirmed by an independent
//! check — dense sampling of the path (2000 samples, no convexity assumption) for casts, the
//! overlap predicate with direction sampling (no separating axes) for overlaps — and decides:
//!
//! - **agree**: both answers match within 1e-4 (fraction of the motion, or depth);
//! - **near-touch**: both are acceptable only because the true distance is within the
//!   tolerance of zero (the minimum along the path, the start, or at the reported fractions
//!   for a shallow entry) — the verdicts check that this is the reason;
//! - **parry wrong**: glissade matches the reference and parry does not (counted as agreeing,
//!   listed by kind with examples in the summary);
//! - anything else fails the test, printing the inputs, both answers, the reference and a
//!   `glissade::cast`/`overlap` call that reproduces it.
//!
//! Tolerances: fractions within [`judge::TAU_T`] = 1e-4 of the true first contact; distances
//! and depths within [`judge::tau`] = `1e-4 + f32::EPSILON * magnitude`, where `magnitude` is
//! the largest coordinate of the case (about 1e-4 near the origin; 1e-3 to 1.2e-2 for the 10%
//! of cases moved by a common offset of 1e3 to 1e5, where f32 positions are only that precise).
//!
//! Run with `--nocapture` to see the per-pair summaries:
//! `cargo test -p glissade-difftest --release -- --nocapture 2>&1 | grep -A3 '^\['`.

mod casts;
mod judge;
mod overlaps;
mod parry_glue;

use std::time::Instant;

use casts::run_cast;
use glissade::glam::Vec2;
use glissade::{CastResult, Shape};
use glissade_difftest::cases::{CastCase, Gen, Kind, OverlapCase, magnitude, rel};
use glissade_difftest::reference::{
    Core, P, PathTruth, analyze_path, analyze_path_dense, depth_by_directions, exits_within,
    overlapping, sd_at, signed_distance,
};
use glissade_difftest::rng::seed_from_name;
use judge::{Stats, TAU_T, Verdict, judge_depth, judge_fraction, tau};
use overlaps::run_overlap;
use parry_glue::PCast;

/// Cases per pair and query: `DIFFTEST_CASES`, default 100,000.
fn cases_per_pair() -> usize {
    std::env::var("DIFFTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000)
}

/// Samples of the dense check along a path.
const DENSE_SAMPLES: usize = 2000;
/// Directions of the dense depth check.
const DENSE_DIRECTIONS: usize = 360;

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Aabb => "aabb",
        Kind::Circle => "circle",
        Kind::Capsule => "capsule",
        Kind::Polygon => "polygon",
        Kind::Segment => "segment",
    }
}

fn add(a: P, b: P, s: f64) -> P {
    [a[0] + b[0] * s, a[1] + b[1] * s]
}

fn p(v: Vec2) -> P {
    [f64::from(v.x), f64::from(v.y)]
}

macro_rules! pairs {
    ($($name:ident => $a:ident, $b:ident;)*) => {
        mod cast {
            use super::*;
            $(#[test] fn $name() { run_cast(Kind::$a, Kind::$b); })*
        }
        mod overlap {
            use super::*;
            $(#[test] fn $name() { run_overlap(Kind::$a, Kind::$b); })*
        }
    };
}

pairs! {
    aabb_aabb => Aabb, Aabb;
    aabb_circle => Aabb, Circle;
    aabb_capsule => Aabb, Capsule;
    aabb_polygon => Aabb, Polygon;
    aabb_segment => Aabb, Segment;
    circle_aabb => Circle, Aabb;
    circle_circle => Circle, Circle;
    circle_capsule => Circle, Capsule;
    circle_polygon => Circle, Polygon;
    circle_segment => Circle, Segment;
    capsule_aabb => Capsule, Aabb;
    capsule_circle => Capsule, Circle;
    capsule_capsule => Capsule, Capsule;
    capsule_polygon => Capsule, Polygon;
    capsule_segment => Capsule, Segment;
    polygon_aabb => Polygon, Aabb;
    polygon_circle => Polygon, Circle;
    polygon_capsule => Polygon, Capsule;
    polygon_polygon => Polygon, Polygon;
    polygon_segment => Polygon, Segment;
    segment_aabb => Segment, Aabb;
    segment_circle => Segment, Circle;
    segment_capsule => Segment, Capsule;
    segment_polygon => Segment, Polygon;
    segment_segment => Segment, Segment;
}
