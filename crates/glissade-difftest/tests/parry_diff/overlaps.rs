//! Overlaps: each case's depth, push and distance checked against the reference, and against
//! parry2d's answer where the two differ (confirmed by sampling directions).

use super::*;

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

pub(super) fn run_overlap(ka: Kind, kb: Kind) {
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
