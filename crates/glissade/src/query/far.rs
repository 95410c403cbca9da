//! Queries whose positions or motions are too large to square in f32.
//!
//! Shapes are at most [`MAX_COORDINATE`] in size, but the free query functions take any
//! finite positions and motions. Up to [`DIRECT_LIMIT`] every intermediate (squared lengths,
//! dot products) stays finite and a query computes as it is. Beyond:
//! - a cast or a ray is first clipped, in f64, to the box around the shapes where any contact
//!   must happen ([`near_part`]), and the part inside is cast as usual: the shapes keep their
//!   size, the tolerances their meaning;
//! - a distance or a projection (no tolerance involved) is computed on everything scaled down
//!   by a power of two ([`ScaledCore`]), which is exact in binary floating point (barring the
//!   underflow of features far below the precision of such coordinates), and scaled back.
//!
//! [`MAX_COORDINATE`]: crate::tolerance::MAX_COORDINATE

use glam::{DVec2, Vec2};

use crate::shape::Core;
use crate::shape::Hull;

/// Positions and motions up to this magnitude are computed as they are: with shapes of at
/// most `MAX_COORDINATE`, no square or dot product of them reaches f32's range.
pub(crate) const DIRECT_LIMIT: f32 = 1e18;

/// Scaled queries bring their largest magnitude to about 2 to the power of this.
const SCALED_EXPONENT: i32 = 50;

/// A power of two `s` with `m × s` below `2^SCALED_EXPONENT` (m finite, positive): the factor
/// a query whose largest magnitude is `m` is computed at. From `m`'s exponent bits, so it is
/// the same on every machine.
pub(crate) fn downscale(m: f32) -> f32 {
    let exponent = ((m.to_bits() >> 23) & 0xff) as i32 - 127;
    let k = (exponent + 1 - SCALED_EXPONENT).clamp(0, 126);
    f32::from_bits(((127 - k) as u32) << 23)
}

/// `a - b` for finite points, as `(difference × s, s)` with `s` a power of two: `s = 1` when
/// the difference is within [`DIRECT_LIMIT`], otherwise computed in f64 (where it cannot
/// overflow) and scaled down.
pub(crate) fn difference(a: Vec2, b: Vec2) -> (Vec2, f32) {
    let d = a - b;
    if d.abs().max_element() <= DIRECT_LIMIT {
        return (d, 1.0);
    }
    let wide: DVec2 = a.as_dvec2() - b.as_dvec2();
    let s = downscale(wide.abs().max_element() as f32);
    ((wide * f64::from(s)).as_vec2(), s)
}

/// Half the side of the box around `b` that a far query casts inside, for shapes whose
/// coordinates reach at most `extent` from `b`'s origin: twice the extent (a start outside is
/// clearly apart from everything the shapes hold) plus one unit, so that even points get a
/// box of their own.
pub(crate) fn near_reach(extent: f64) -> f64 {
    2.0 * extent + 1.0
}

/// The part of the ray `q + t d`, `t` in `[0, max_t]`, inside the box `[-reach, reach]²`
/// (computed in f64): `(start, motion, t0, span)` with the part running from `start` by
/// `motion` (f32, within the box) as `t` goes from `t0` to `t0 + span`. `None` when the ray
/// misses the box.
///
/// The start is put exactly on the face it enters through and the span measured from there,
/// so a ray from 1e30 along an axis keeps the exact offset of its other coordinate; otherwise
/// the start has the precision of f64 at the input's coordinates.
pub(crate) fn near_part(
    q: DVec2,
    d: DVec2,
    max_t: f64,
    reach: f64,
) -> Option<(Vec2, Vec2, f64, f64)> {
    let (mut t0, mut t1) = (0.0f64, max_t);
    let mut entered = None;
    for i in 0..2 {
        if d[i] == 0.0 {
            if q[i].abs() > reach {
                return None;
            }
            continue;
        }
        let a = (-reach - q[i]) / d[i];
        let b = (reach - q[i]) / d[i];
        if a.min(b) > t0 {
            t0 = a.min(b);
            entered = Some(i);
        }
        t1 = t1.min(a.max(b));
    }
    if t0 > t1 {
        return None;
    }
    let mut start = q + d * t0;
    if let Some(i) = entered {
        start[i] = -reach * d[i].signum();
    }
    // From the start, until the ray leaves the box or ends.
    let mut span = max_t - t0;
    for i in 0..2 {
        if d[i] != 0.0 {
            span = span.min((reach * d[i].signum() - start[i]) / d[i]);
        }
    }
    let span = span.max(0.0);
    Some((start.as_vec2(), (d * span).as_vec2(), t0, span))
}

/// A core scaled by a power of two, with its own storage (and no 4-lane planes: the scalar
/// paths answer every pair).
pub(crate) struct ScaledCore {
    pts: [Vec2; 8],
    nrm: [Vec2; 8],
    len_pts: usize,
    len_nrm: usize,
    k: usize,
    radius: f32,
    lo: Vec2,
    hi: Vec2,
}

impl ScaledCore {
    /// `core` times `s`.
    pub(crate) fn new(core: &Core, s: f32) -> Self {
        let mut pts = [Vec2::ZERO; 8];
        let mut nrm = [Vec2::ZERO; 8];
        let mut listed = [Vec2::ZERO; 8];
        let (hp, hn) = (core.hull.pts, core.hull.listed_normals(&mut listed));
        for (o, p) in pts.iter_mut().zip(hp) {
            *o = *p * s;
        }
        nrm[..hn.len()].copy_from_slice(hn);
        ScaledCore {
            pts,
            nrm,
            len_pts: hp.len(),
            len_nrm: hn.len(),
            k: core.hull.k,
            radius: core.radius * s,
            lo: core.lo * s,
            hi: core.hi * s,
        }
    }

    /// The scaled core.
    pub(crate) fn core(&self) -> Core<'_> {
        Core {
            hull: Hull {
                pts: &self.pts[..self.len_pts],
                nrm: &self.nrm[..self.len_nrm],
                k: self.k,
                planes: None,
            },
            radius: self.radius,
            lo: self.lo,
            hi: self.hi,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn downscaling_is_a_power_of_two_that_brings_a_magnitude_below_two_to_the_fifty() {
        for m in [1e18f32, 3.4e38, 1.5e20, f32::MAX] {
            let s = downscale(m);
            assert_eq!(s.to_bits() & 0x7f_ffff, 0, "{s} is a power of two");
            assert!(
                m * s < 2f32.powi(SCALED_EXPONENT) && m * s >= 2f32.powi(48),
                "{m}"
            );
        }
        let (d, s) = difference(Vec2::new(3e38, 0.0), Vec2::new(-3e38, 1.0));
        assert!(d.is_finite() && s < 1.0);
        assert!((f64::from(d.x) / f64::from(s) - 6e38).abs() < 6e38 * 1e-6);
    }

    #[test]
    fn the_near_part_of_a_ray_is_where_it_crosses_the_box() {
        // From (-1e30, 3) by (2e30, 0): inside [-10, 10]² from t = 0.5 - 5e-30 to 0.5 + 5e-30.
        let (q, d, t0, span) =
            near_part(DVec2::new(-1e30, 3.0), DVec2::new(2e30, 0.0), 1.0, 10.0).unwrap();
        assert_eq!((q, d), (Vec2::new(-10.0, 3.0), Vec2::new(20.0, 0.0)));
        assert!((t0 - 0.5).abs() < 1e-15 && (span - 1e-29).abs() < 1e-40);
        assert!(near_part(DVec2::new(-1e30, 11.0), DVec2::new(2e30, 0.0), 1.0, 10.0).is_none());
    }
}
