//! Casts: each case checked against the reference, and against parry2d's answer where the
//! two differ (confirmed by dense sampling of the path).

use super::*;

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

pub(super) fn run_cast(ka: Kind, kb: Kind) {
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
