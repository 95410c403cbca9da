//! Axis-aligned boxes in any dimension: the Minkowski difference of two boxes is a box, so
//! overlap is a per-axis gap test and a cast is slab clipping (one entry and one exit time per
//! axis). Shared by the 2D box fast path and by the 3D box ([`dim3::Aabb`](crate::dim3::Aabb)).

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
    // touches and is no hit.
    let len = d.iter().map(|x| x * x).sum::<f32>().sqrt();
    if t_in > t_out || (t_out - t_in) * len <= tol[face.0] {
        return Slab::Miss;
    }
    Slab::Hit {
        t: t_in,
        axis: face.0,
        sign: face.1,
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
