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

mod judge;
mod parry_glue;

use std::time::Instant;

use glissade::glam::Vec2;
use glissade::{CastResult, Shape};
use glissade_difftest::cases::{CastCase, Gen, Kind, OverlapCase, magnitude, rel};
use glissade_difftest::reference::{
    Core, P, PathTruth, analyze_path, analyze_path_dense, depth_by_directions, exits_within,
    overlapping, sd_at, signed_distance,
};
use glissade_difftest::rng::seed_from_name;
use judge::{Stats, TAU_T, Verdict, judge_depth, judge_fraction, tau};
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

// ---------------------------------------------------------------------------------------------
// Cast
// ---------------------------------------------------------------------------------------------

fn describe_cast(c: &CastCase, g: &CastResult, pc: &PCast, truth: &PathTruth, tau: f64) -> String {
    format!(
        "({tag})\n      a = {a:?}\n      b = {b:?}\n      start_a = {sa:?}, motion_a = {ma:?}, start_b = {sb:?}, motion_b = {mb:?}\n      glissade: {g:?}\n      parry:    {pc:?}\n      reference: {truth:?} (tolerance {tau:.3e})\n      repro: glissade::cast(&{ra}, Vec2::new({:?}, {:?}), Vec2::new({:?}, {:?}), &{rb}, Vec2::new({:?}, {:?}), Vec2::new({:?}, {:?}))",
        c.start_a.x,
        c.start_a.y,
        c.motion_a.x,
        c.motion_a.y,
        c.start_b.x,
        c.start_b.y,
        c.motion_b.x,
        c.motion_b.y,
        tag = c.tag,
        a = c.a,
        b = c.b,
        sa = c.start_a,
        ma = c.motion_a,
        sb = c.start_b,
        mb = c.motion_b,
        ra = c.a.rust(),
        rb = c.b.rust(),
    )
}

/// A cast case with its reference cores, relative start `q`, relative motion `d` and distance
/// tolerance.
struct Setup<'a> {
    c: &'a CastCase,
    ca: Core,
    cb: Core,
    q: P,
    d: P,
    tau: f64,
}

/// glissade's cast answer against the reference: the fraction (or "overlapping", at t = 0 with
/// the start depth), the contact normal (an outward normal of the Minkowski difference: moving
/// 0.1 along it from the contact must move 0.1 away) and the contact point (on both surfaces).
fn judge_glissade_cast(x: &Setup, g: &CastResult, truth: &PathTruth) -> Verdict {
    let Setup {
        c,
        ca,
        cb,
        q,
        d,
        tau,
    } = x;
    let (q, d, tau) = (*q, *d, *tau);
    let sd = |t: f64| sd_at(ca, cb, q, d, t);
    match g {
        CastResult::Miss => judge_fraction(None, truth, &sd, tau),
        CastResult::Overlapping(pen) => {
            let depth = f64::from(pen.depth);
            if truth.sd0 > tau {
                Verdict::Wrong(
                    "overlapping while apart",
                    format!(
                        "overlapping (depth {depth}), but the start is apart by {:.6e}",
                        truth.sd0
                    ),
                )
            } else if (depth + truth.sd0).abs() > tau || !depth.is_finite() {
                Verdict::Wrong(
                    "start depth",
                    format!(
                        "overlapping with depth {depth:.7}, but the true start depth is {:.7}",
                        -truth.sd0
                    ),
                )
            } else if truth.sd0 < -tau {
                Verdict::Exact
            } else {
                Verdict::Near(format!(
                    "overlapping by {depth:.3e}; true start signed distance {:.3e}",
                    truth.sd0
                ))
            }
        }
        CastResult::Hit(h) => {
            if truth.sd0 < -tau {
                return Verdict::Wrong(
                    "hit while overlapping",
                    format!(
                        "a hit at t = {}, but the start overlaps by {:.6e} (expected Overlapping)",
                        h.fraction, -truth.sd0
                    ),
                );
            }
            let t = f64::from(h.fraction);
            let v = judge_fraction(Some(t), truth, &sd, tau);
            if v != Verdict::Exact || truth.min_sd >= -tau {
                return v;
            }
            // A clear hit: check the normal and the point.
            let n = p(h.normal);
            let nl = (n[0] * n[0] + n[1] * n[1]).sqrt();
            if (nl - 1.0).abs() > 1e-4 {
                return Verdict::Wrong(
                    "hit normal",
                    format!("normal {:?} is not a unit vector", h.normal),
                );
            }
            let x = add(q, d, t);
            let s0 = signed_distance(ca, cb, x);
            let delta = 0.1;
            let s1 = signed_distance(ca, cb, add(x, n, delta));
            if s1 < s0 + delta * (1.0 - 1e-3) - tau {
                return Verdict::Wrong(
                    "hit normal",
                    format!(
                        "normal {:?} is not an outward normal at the contact: moving a by 0.1 along it changes the signed distance from {s0:.6} to {s1:.6}",
                        h.normal
                    ),
                );
            }
            let slack = truth.t_first.map_or(0.0, |tf| (t - tf).abs())
                * (f64::from(c.motion_a.length()) + f64::from(c.motion_b.length()));
            let point = Core::new(&[[0.0, 0.0]], 0.0);
            let pos_a = add(p(c.start_a), p(c.motion_a), t);
            let pos_b = add(p(c.start_b), p(c.motion_b), t);
            let on_a = signed_distance(
                &point,
                ca,
                [p(h.point)[0] - pos_a[0], p(h.point)[1] - pos_a[1]],
            );
            let on_b = signed_distance(
                &point,
                cb,
                [p(h.point)[0] - pos_b[0], p(h.point)[1] - pos_b[1]],
            );
            if on_a.abs() > tau + slack || on_b.abs() > tau + slack {
                return Verdict::Wrong(
                    "hit point",
                    format!(
                        "contact point {:?} is not on both surfaces at t = {t}: signed distance {on_a:.3e} from a, {on_b:.3e} from b",
                        h.point
                    ),
                );
            }
            Verdict::Exact
        }
    }
}

fn glissade_fraction(g: &CastResult) -> Option<f64> {
    match g {
        CastResult::Miss => None,
        CastResult::Hit(h) => Some(f64::from(h.fraction)),
        CastResult::Overlapping(_) => Some(0.0),
    }
}

fn parry_fraction(pc: &PCast) -> Option<f64> {
    match pc {
        PCast::Hit { toi, .. } => Some(f64::from(*toi)),
        _ => None,
    }
}

fn fractions_agree(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => (x - y).abs() <= TAU_T,
        _ => false,
    }
}

/// The dense-sampling truth must match the convex-search truth.
fn consistent(fast: &PathTruth, dense: &PathTruth) -> bool {
    if fast.min_is_bound {
        return dense.min_sd >= fast.min_sd - 1e-9 && dense.t_first.is_none();
    }
    if (fast.min_sd - dense.min_sd).abs() > 1e-7 {
        return false;
    }
    if fast.min_sd.abs() <= 1e-9 {
        return true; // grazing exactly: whether the root exists is a matter of rounding
    }
    match (fast.t_first, dense.t_first) {
        (None, None) => true,
        (Some(x), Some(y)) => (x - y).abs() <= 1e-6,
        _ => false,
    }
}

fn check_cast(c: &CastCase, st: &mut Stats) {
    let (ga, gb): (Shape, Shape) = (c.a.glissade(), c.b.glissade());
    let g = glissade::cast(&ga, c.start_a, c.motion_a, &gb, c.start_b, c.motion_b);
    let (pa, pb) = (parry_glue::build(&c.a), parry_glue::build(&c.b));
    let pc = parry_glue::cast(&pa, c.start_a, c.motion_a, &pb, c.start_b, c.motion_b);
    let (ca, cb) = (c.a.core(), c.b.core());
    let q = rel(c.start_a, c.start_b);
    let d = rel(c.motion_a, c.motion_b);
    let tau = tau(magnitude(&[
        c.start_a,
        c.start_b,
        c.start_a + c.motion_a,
        c.start_b + c.motion_b,
    ]));
    let truth = analyze_path(&ca, &cb, q, d);
    let setup = Setup {
        c,
        ca,
        cb,
        q,
        d,
        tau,
    };
    st.cover(if truth.sd0 < -tau {
        "overlapping at start"
    } else if truth.sd0 <= tau {
        if truth.min_sd < -tau {
            "touching, then in"
        } else {
            "touching, not in"
        }
    } else if truth.min_sd < -tau {
        "hit"
    } else if truth.min_sd <= tau {
        "grazing within tolerance"
    } else {
        "miss"
    });

    let gv = judge_glissade_cast(&setup, &g, &truth);
    st.glissade(&gv);
    if let Verdict::Wrong(kind, why) = &gv {
        let why = why.clone();
        st.fail(kind, || {
            format!(
                "glissade is wrong: {why} {}",
                describe_cast(c, &g, &pc, &truth, tau)
            )
        });
        return;
    }
    let (gf, pf) = (glissade_fraction(&g), parry_fraction(&pc));
    if fractions_agree(gf, pf) {
        st.agree();
        return;
    }
    // A disagreement: confirm the truth by dense sampling, then judge both by it.
    let dense = analyze_path_dense(&ca, &cb, q, d, DENSE_SAMPLES);
    if !consistent(&truth, &dense) {
        st.fail("reference inconsistent", || {
            format!(
                "reference inconsistent: dense sampling gives {dense:?} {}",
                describe_cast(c, &g, &pc, &truth, tau)
            )
        });
        return;
    }
    let sd = |t: f64| sd_at(&ca, &cb, q, d, t);
    let gv = judge_glissade_cast(&setup, &g, &dense);
    let pv = judge_fraction(pf, &dense, &sd, tau);
    match (&gv, &pv) {
        (Verdict::Wrong(kind, why), _) => {
            let why = why.clone();
            st.fail(kind, || {
                format!(
                    "glissade is wrong (dense check): {why} {}",
                    describe_cast(c, &g, &pc, &dense, tau)
                )
            });
        }
        (Verdict::Near(why), v) | (v, Verdict::Near(why)) if v.ok() => {
            // Both acceptable and they differ: the truth is within tolerance of touching.
            let why = why.clone();
            st.near(c.tag, || {
                format!("({}) glissade {gf:?}, parry {pf:?}: {why}", c.tag)
            });
        }
        (Verdict::Exact, Verdict::Exact) => {
            // Both within TAU_T of the true fraction, yet more than TAU_T apart.
            let tf = dense.t_first.unwrap_or(0.0);
            let (eg, ep) = (
                (gf.unwrap_or(0.0) - tf).abs(),
                (pf.unwrap_or(0.0) - tf).abs(),
            );
            let (sg, sp) = (sd(gf.unwrap_or(0.0)), sd(pf.unwrap_or(0.0)));
            if sg.abs() <= tau && sp.abs() <= tau {
                // A shallow entry: both fractions leave the shapes within tau of touching.
                st.near(c.tag, || {
                    format!(
                        "({}) glissade {gf:?}, parry {pf:?}: shallow entry, the true signed distance is {sg:.2e} and {sp:.2e} at those fractions (true first contact {tf})",
                        c.tag
                    )
                });
            } else if eg <= ep {
                st.parry_wrong("fraction", || {
                    format!("({}) fraction {pf:?} is {ep:.2e} from the true {tf}; glissade's {gf:?} is {eg:.2e}", c.tag)
                });
            } else {
                st.fail("fraction", || {
                    format!(
                        "glissade's fraction is {eg:.2e} from the truth, parry's {ep:.2e} {}",
                        describe_cast(c, &g, &pc, &dense, tau)
                    )
                });
            }
        }
        (_, Verdict::Wrong(kind, why)) => {
            let why = why.clone();
            let kind = if pf.is_none() && d == [0.0, 0.0] {
                "misses an overlap (no relative motion)"
            } else {
                kind
            };
            st.parry_wrong(kind, || {
                format!(
                    "({}) parry {pc:?}: {why}; glissade {gf:?}. a = {:?} at {:?} moving {:?}, b = {:?} at {:?} moving {:?}",
                    c.tag, c.a, c.start_a, c.motion_a, c.b, c.start_b, c.motion_b
                )
            });
        }
        _ => unreachable!("an Exact/Near pair is matched above"),
    }
}

fn run_cast(ka: Kind, kb: Kind) {
    let name = format!("cast {}-{}", kind_name(ka), kind_name(kb));
    let mut generator = Gen::new(seed_from_name(&name));
    let mut st = Stats::default();
    let t0 = Instant::now();
    for _ in 0..cases_per_pair() {
        let c = generator.cast_case(ka, kb);
        st.cases += 1;
        check_cast(&c, &mut st);
    }
    st.finish(&name, t0.elapsed());
}

// ---------------------------------------------------------------------------------------------
// Overlap
// ---------------------------------------------------------------------------------------------

fn describe_overlap(
    c: &OverlapCase,
    g: &Option<glissade::Penetration>,
    gd: f32,
    pd: &Result<Option<f32>, ()>,
    sd: f64,
    tau: f64,
) -> String {
    format!(
        "({tag})\n      a = {a:?}\n      b = {b:?}\n      pos_a = {pa:?}, pos_b = {pb:?}\n      glissade: overlap {g:?}, distance {gd}\n      parry:    penetration depth {pd:?}\n      reference: signed distance {sd:.9} (tolerance {tau:.3e})\n      repro: glissade::overlap(&{ra}, Vec2::new({:?}, {:?}), &{rb}, Vec2::new({:?}, {:?}))",
        c.pos_a.x,
        c.pos_a.y,
        c.pos_b.x,
        c.pos_b.y,
        tag = c.tag,
        a = c.a,
        b = c.b,
        pa = c.pos_a,
        pb = c.pos_b,
        ra = c.a.rust(),
        rb = c.b.rust(),
    )
}

/// glissade's overlap against the reference: overlapping or not, the depth, the normal (moving
/// a by the MTV leaves the pair touching), and `distance` (always within the tolerance).
fn judge_glissade_overlap(
    g: &Option<glissade::Penetration>,
    gd: f32,
    ca: &Core,
    cb: &Core,
    q: P,
    sd: f64,
    tau: f64,
) -> Verdict {
    if !(f64::from(gd) - sd).abs().le(&tau) {
        return Verdict::Wrong(
            "distance()",
            format!("distance() = {gd}, but the true signed distance is {sd:.7}"),
        );
    }
    let v = judge_depth(g.map(|pen| f64::from(pen.depth)), sd, tau);
    if let (Some(pen), true) = (g, v.ok()) {
        let n = p(pen.normal);
        let nl = (n[0] * n[0] + n[1] * n[1]).sqrt();
        if (nl - 1.0).abs() > 1e-4 {
            return Verdict::Wrong(
                "MTV normal",
                format!("normal {:?} is not a unit vector", pen.normal),
            );
        }
        let after = signed_distance(ca, cb, add(q, n, f64::from(pen.depth)));
        if after.abs() > tau {
            return Verdict::Wrong(
                "MTV normal",
                format!(
                    "moving a by the MTV {:?} leaves a signed distance of {after:.6e}, not touching",
                    pen.mtv()
                ),
            );
        }
    }
    v
}

fn check_overlap(c: &OverlapCase, st: &mut Stats) {
    let (ga, gb): (Shape, Shape) = (c.a.glissade(), c.b.glissade());
    let g = glissade::overlap(&ga, c.pos_a, &gb, c.pos_b);
    let gd = glissade::distance(&ga, c.pos_a, &gb, c.pos_b);
    let (pa, pb) = (parry_glue::build(&c.a), parry_glue::build(&c.b));
    let pd = parry_glue::penetration(&pa, c.pos_a, &pb, c.pos_b);
    let (ca, cb) = (c.a.core(), c.b.core());
    let q = rel(c.pos_a, c.pos_b);
    let tau = tau(magnitude(&[c.pos_a, c.pos_b]));
    let sd = signed_distance(&ca, &cb, q);
    st.cover(if sd < -tau {
        "overlapping"
    } else if sd <= tau {
        "touching within tolerance"
    } else {
        "apart"
    });

    let gv = judge_glissade_overlap(&g, gd, &ca, &cb, q, sd, tau);
    st.glissade(&gv);
    if let Verdict::Wrong(kind, why) = &gv {
        let why = why.clone();
        st.fail(kind, || {
            format!(
                "glissade is wrong: {why} {}",
                describe_overlap(c, &g, gd, &pd, sd, tau)
            )
        });
        return;
    }
    let gdep = g.map(|pen| f64::from(pen.depth));
    let pdep = pd.ok().flatten().map(f64::from);
    let agree = match (gdep, pdep) {
        (None, None) => true,
        (Some(x), Some(y)) => (x - y).abs() <= tau,
        _ => false,
    };
    if agree {
        st.agree();
        return;
    }
    // A disagreement: confirm the reference by the overlap predicate alone (no separating
    // axes): apart must not overlap; within the tolerance, a push of `tau` in some direction
    // must separate; deeper, direction sampling must find the same depth.
    let confirmed = if sd > 0.0 {
        !overlapping(&ca, &cb, q)
    } else if -sd <= tau {
        exits_within(&ca, &cb, q, tau, DENSE_DIRECTIONS)
    } else {
        let dense = depth_by_directions(&ca, &cb, q, DENSE_DIRECTIONS);
        (dense + sd).abs() <= 1e-6 * (-sd).max(1.0)
    };
    if !confirmed {
        st.fail("reference inconsistent", || {
            format!(
                "reference inconsistent: direction sampling disagrees with the signed distance {}",
                describe_overlap(c, &g, gd, &pd, sd, tau)
            )
        });
        return;
    }
    let pv = match pd {
        Ok(x) => judge_depth(x.map(f64::from), sd, tau),
        Err(()) => Verdict::Wrong("unsupported", "parry does not support the pair".into()),
    };
    match (&gv, &pv) {
        (Verdict::Near(why), v) | (v, Verdict::Near(why)) if v.ok() => {
            let why = why.clone();
            st.near(c.tag, || {
                format!("({}) glissade {gdep:?}, parry {pdep:?}: {why}", c.tag)
            });
        }
        (_, Verdict::Wrong(kind, why)) => {
            let why = why.clone();
            st.parry_wrong(kind, || {
                format!(
                    "({}) parry {pdep:?}: {why} (confirmed by direction sampling); glissade {gdep:?}. a = {:?} at {:?}, b = {:?} at {:?}",
                    c.tag, c.a, c.pos_a, c.b, c.pos_b
                )
            });
        }
        _ => {
            // Both within tau of the true depth, yet more than tau apart: the larger error loses.
            let (eg, ep) = (
                (gdep.unwrap_or(0.0) + sd).abs(),
                (pdep.unwrap_or(0.0) + sd).abs(),
            );
            if eg <= ep {
                st.parry_wrong("depth", || {
                    format!(
                        "({}) depth {pdep:?} is {ep:.2e} from the true {}; glissade's {gdep:?} is {eg:.2e}",
                        c.tag, -sd
                    )
                });
            } else {
                st.fail("depth", || {
                    format!(
                        "glissade's depth is {eg:.2e} from the truth, parry's {ep:.2e} {}",
                        describe_overlap(c, &g, gd, &pd, sd, tau)
                    )
                });
            }
        }
    }
}

fn run_overlap(ka: Kind, kb: Kind) {
    let name = format!("overlap {}-{}", kind_name(ka), kind_name(kb));
    let mut generator = Gen::new(seed_from_name(&name));
    let mut st = Stats::default();
    let t0 = Instant::now();
    for _ in 0..cases_per_pair() {
        let c = generator.overlap_case(ka, kb);
        st.cases += 1;
        check_overlap(&c, &mut st);
    }
    st.finish(&name, t0.elapsed());
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
