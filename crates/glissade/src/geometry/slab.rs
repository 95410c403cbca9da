//! Axis-aligned boxes in any dimension: the Minkowski difference of two boxes is a box, so
//! overlap is a per-axis gap test and a cast is slab clipping (one entry and one exit time per
//! axis). Shared by the 2D box fast path and by the 3D box ([`dim3::Aabb`](crate::dim3::Aabb)).

use glam::Vec4;

/// What a box–box query found, on the difference box `[lo, hi]` queried at `q`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Slab {
    /// No overlap deeper than the tolerance within the motion.
    Miss,
    /// Contact at fraction `t` through the face `axis` on side `sign` (`-1` min, `+1` max).
    Hit { t: f32, axis: usize, sign: f32 },
    /// Overlapping at the start by `depth`, shortest way out through `axis` on side `sign`.
    Inside { depth: f32, axis: usize, sign: f32 },
}

/// Overlap of the point `q` with the open box `[lo, hi]`, deeper than `tol[i]` along every
/// axis `i` (each axis has the tolerance of its own coordinates: a box long in x keeps its
/// precision in y). Ties between axes go to the face that `prefer` points out of the most.
#[inline]
pub(crate) fn slab_overlap<const N: usize>(
    lo: [f32; N],
    hi: [f32; N],
    q: [f32; N],
    tol: [f32; N],
    prefer: [f32; N],
) -> Option<(f32, usize, f32)> {
    let mut best = f32::NEG_INFINITY;
    let mut best_axis = 0;
    let mut best_sign = 1.0;
    let mut best_pref = f32::NEG_INFINITY;
    for i in 0..N {
        let below = lo[i] - q[i];
        let above = q[i] - hi[i];
        let (gap, sign) = if below > above || (below == above && prefer[i] < 0.0) {
            (below, -1.0)
        } else {
            (above, 1.0)
        };
        if gap >= -tol[i] {
            return None;
        }
        let pref = prefer[i] * sign;
        if gap > best || (gap == best && pref > best_pref) {
            best = gap;
            best_axis = i;
            best_sign = sign;
            best_pref = pref;
        }
    }
    Some((-best, best_axis, best_sign))
}

/// First entry of `q + t d`, t in `[0, max_t]`, into the box `[lo, hi]` deeper than `tol[i]`
/// along each axis `i`.
#[inline]
pub(crate) fn slab_cast<const N: usize>(
    lo: [f32; N],
    hi: [f32; N],
    q: [f32; N],
    d: [f32; N],
    max_t: f32,
    tol: [f32; N],
) -> Slab {
    let prefer = d.map(|x| -x);
    if let Some((depth, axis, sign)) = slab_overlap(lo, hi, q, tol, prefer) {
        return Slab::Inside { depth, axis, sign };
    }
    let mut t_in = 0.0f32;
    let mut t_out = max_t;
    let mut face = (usize::MAX, 0.0);
    let mut max_s = f32::NEG_INFINITY;
    let mut max_face = (0, 0.0);
    for i in 0..N {
        for (s, dn, sign) in [(lo[i] - q[i], -d[i], -1.0), (q[i] - hi[i], d[i], 1.0)] {
            // A face whose half-space the motion never enters deeper than tol proves a miss.
            if s.min(s + dn * max_t) > -tol[i] {
                return Slab::Miss;
            }
            if s > max_s {
                max_s = s;
                max_face = (i, sign);
            }
            if dn < 0.0 {
                let t = s / -dn;
                if t > t_in {
                    t_in = t;
                    face = (i, sign);
                }
            } else if dn > 0.0 {
                let t = -s / dn;
                if t < t_out {
                    t_out = t;
                }
            }
        }
    }
    if face.0 == usize::MAX {
        // Started touching, and the motion goes deeper than tol through every touched face.
        face = max_face;
    }
    // Inside for no more than the tolerance (through a corner and out again): a graze, which
    // touches and is no hit; unless the motion ends deeper than the tolerance inside (from a
    // start that touched), which goes in however short it is.
    let len = d.iter().map(|x| x * x).sum::<f32>().sqrt();
    let ends_inside = (0..N).all(|i| {
        let end = q[i] + d[i] * max_t;
        lo[i] - end < -tol[i] && end - hi[i] < -tol[i]
    });
    if (t_in > t_out || (t_out - t_in) * len <= tol[face.0]) && !ends_inside {
        return Slab::Miss;
    }
    Slab::Hit {
        t: t_in,
        axis: face.0,
        sign: face.1,
    }
}

/// [`slab_cast`] in the plane, with the four faces of the difference box as four lanes: the
/// same answer bit for bit (a test holds the two side by side), without a branch on the data
/// of each query but the one that picks the outcome. Boxes cast by the thousand against
/// boxes that differ every time (a crowd, a bullet storm) are decided mostly by how often a
/// branch is guessed wrong, and the in-order walk takes a dozen data-dependent ones.
#[inline]
pub(crate) fn slab_cast_2d(
    lo: [f32; 2],
    hi: [f32; 2],
    q: [f32; 2],
    d: [f32; 2],
    max_t: f32,
    tol: [f32; 2],
) -> Slab {
    // Lanes: x's min face, x's max face, y's min face, y's max face (the in-order walk's order).
    let s = Vec4::new(lo[0] - q[0], q[0] - hi[0], lo[1] - q[1], q[1] - hi[1]);
    let dn = Vec4::new(-d[0], d[0], -d[1], d[1]);
    let neg_tol = -Vec4::new(tol[0], tol[0], tol[1], tol[1]);
    let face_of = |lane: u32| (lane as usize / 2, [-1.0, 1.0][lane as usize & 1]);
    // Inside deeper than the tolerance through every face: rare, so the exact walk decides.
    if s.cmplt(neg_tol).all()
        && let Some((depth, axis, sign)) = slab_overlap(lo, hi, q, tol, [-d[0], -d[1]])
    {
        return Slab::Inside { depth, axis, sign };
    }
    let miss = s.min(s + dn * max_t).cmpgt(neg_tol).any();
    // Latest entry after the start (the first face reaching it), earliest exit.
    // One division serves both: for numbers `s / -dn` is `-s / dn` bit for bit (negation is
    // exact and rounding is symmetric; only a NaN's sign may differ, and these times are only
    // compared), and each lane is either entering or leaving.
    let crossing = s / -dn;
    let entering = dn.cmplt(Vec4::ZERO);
    let enter = Vec4::select(entering, crossing, Vec4::NEG_INFINITY);
    let latest = enter.max_element();
    let exit = Vec4::select(dn.cmpgt(Vec4::ZERO), crossing, Vec4::INFINITY);
    let t_out = exit.min_element().min(max_t);
    // The face entered last; or, when the start touched and the motion goes deeper than tol
    // through every touched face (nothing entered after the start), the face the start is
    // farthest out of. Both are found and one is picked, without a branch on which.
    let entered_lane = enter.cmpeq(Vec4::splat(latest)).bitmask().trailing_zeros();
    let start_lane = s
        .cmpeq(Vec4::splat(s.max_element()))
        .bitmask()
        .trailing_zeros();
    // All ones when a face was entered after the start: picks by masks, not by a branch.
    let after = u32::from(latest > 0.0).wrapping_neg();
    let t_in = f32::from_bits(latest.to_bits() & after);
    let lane = start_lane ^ ((entered_lane ^ start_lane) & after);
    let (axis, sign) = face_of(lane.min(3));
    // Inside for no more than the tolerance (through a corner and out again): a graze, unless
    // the motion ends deeper than the tolerance inside (from a start that touched). The
    // conditions are combined without short cuts: one branch on the outcome.
    let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
    let ends_inside = (s + dn * max_t).cmplt(neg_tol).all();
    let graze = (t_in > t_out) | ((t_out - t_in) * len <= tol[axis]);
    if miss | (graze & !ends_inside) {
        return Slab::Miss;
    }
    Slab::Hit {
        t: t_in,
        axis,
        sign,
    }
}

/// The linear tolerance along each axis for a point `q` and a difference box `[lo, hi]`,
/// from the coordinates along that axis only.
#[inline]
pub(crate) fn slab_tolerances<const N: usize>(q: [f32; N], lo: [f32; N], hi: [f32; N]) -> [f32; N] {
    std::array::from_fn(|i| {
        crate::tolerance::linear_tolerance(q[i].abs().max(lo[i].abs()).max(hi[i].abs()))
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Coordinates that make ties, touching, zero motions and exact overlaps likely.
    fn coordinate() -> impl Strategy<Value = f32> {
        prop_oneof![
            Just(0.0f32),
            Just(1.0f32),
            Just(-1.0f32),
            Just(0.5f32),
            (-4i32..=4).prop_map(|k| k as f32 * 0.25),
            -10.0f32..10.0,
            -1e6f32..1e6,
        ]
    }

    /// The same answer, bit for bit.
    fn same(a: Slab, b: Slab) -> bool {
        let bits = |s: Slab| match s {
            Slab::Miss => (0, 0, 0, 0),
            Slab::Hit { t, axis, sign } => (1, t.to_bits(), axis, sign.to_bits()),
            Slab::Inside { depth, axis, sign } => (2, depth.to_bits(), axis, sign.to_bits()),
        };
        bits(a) == bits(b)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(50_000))]

        #[test]
        fn four_lanes_answer_as_the_walk_in_order(c in proptest::collection::vec(coordinate(), 8)) {
            let lo = [c[0].min(c[1]), c[2].min(c[3])];
            let hi = [c[0].max(c[1]) + 0.125, c[2].max(c[3]) + 0.125];
            let (q, d) = ([c[4], c[5]], [c[6], c[7]]);
            let tol = slab_tolerances(q, lo, hi);
            let (lanes, walk) = (
                slab_cast_2d(lo, hi, q, d, 1.0, tol),
                slab_cast(lo, hi, q, d, 1.0, tol),
            );
            prop_assert!(same(lanes, walk), "{lanes:?} != {walk:?}");
        }
    }

    #[test]
    fn a_point_moving_onto_a_box_hits_at_the_worked_out_fraction() {
        //  q moves right by 4 toward the box [1, 3] x [-1, 1]:
        //     q ---->  [====]
        //     0        1    3
        // It enters through the min-x face at t = 1/4.
        let (lo, hi) = ([1.0, -1.0], [3.0, 1.0]);
        let tol = slab_tolerances([0.0, 0.0], lo, hi);
        let expected = Slab::Hit {
            t: 0.25,
            axis: 0,
            sign: -1.0,
        };
        assert_eq!(
            slab_cast_2d(lo, hi, [0.0, 0.0], [4.0, 0.0], 1.0, tol),
            expected
        );
        // Already inside at (2, 0.5): out through the nearest face, +y, 0.5 deep.
        let inside = Slab::Inside {
            depth: 0.5,
            axis: 1,
            sign: 1.0,
        };
        assert_eq!(
            slab_cast_2d(lo, hi, [2.0, 0.5], [4.0, 0.0], 1.0, tol),
            inside
        );
        // Sliding along the top face (touching, moving along it): no hit.
        let slide = slab_cast_2d(lo, hi, [0.0, 1.0], [4.0, 0.0], 1.0, tol);
        assert_eq!(slide, Slab::Miss);
    }
}
