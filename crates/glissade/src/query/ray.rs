//! Ray casts against one shape.

use glam::Vec2;

use super::boxes::boxes_apart;
use super::kernel;
use super::raw::{Raw, RayQuery};
use super::{direct, far, with_core};
use crate::geometry::all_finite;
use crate::shape::{Core, MAX_POLYGON_VERTICES, Shape};

/// Where a ray entered a shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RayHit {
    /// Fraction of `direction` travelled from `origin`, in [0, `max_fraction`].
    #[doc(alias = "toi")]
    pub fraction: f32,
    /// Hit point, world frame.
    pub point: Vec2,
    /// Unit outward surface normal at the hit, world frame (from the shape toward the ray).
    pub normal: Vec2,
}

/// Casts the ray `origin + t * direction`, t in `[0, max_fraction]`, against `shape` at `pos`.
///
/// `direction` need not be unit length: fractions are of it. A ray starting inside the shape
/// hits at fraction 0, at its origin, with the normal of the shortest way out. A ray starting
/// on the surface and leaving (or running along it) does not hit. Non-finite input, or a
/// negative `max_fraction`, gives `None`.
///
/// ```
/// use glissade::{ConvexPolygon, Shape, raycast, glam::Vec2};
/// let tri: Shape = ConvexPolygon::new(&[Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0), Vec2::new(0.0, 4.0)])?.into();
/// let hit = raycast(&tri, Vec2::ZERO, Vec2::new(1.0, 10.0), Vec2::new(0.0, -1.0), 20.0).unwrap();
/// // Straight down from (1, 10): enters through the hypotenuse x + y = 4 at (1, 3).
/// assert!((hit.fraction - 7.0).abs() < 1e-5);
/// assert!((hit.normal - Vec2::new(1.0, 1.0).normalize()).length() < 1e-6);
/// # Ok::<(), glissade::ShapeError>(())
/// ```
#[must_use]
pub fn raycast(
    shape: &Shape,
    pos: Vec2,
    origin: Vec2,
    direction: Vec2,
    max_fraction: f32,
) -> Option<RayHit> {
    let q = origin - pos;
    if !(0.0..f32::INFINITY).contains(&max_fraction) {
        return None;
    }
    if !(direct(q) & direct(direction)) {
        return far_raycast(shape, pos, origin, direction, max_fraction);
    }
    // Any hit lies on the shape: the tolerances come from the origin's coordinates and the
    // faces', not from the ray's length (an endless ray keeps its precision).
    let scale = q.abs();
    if let Shape::Polygon(p) = shape {
        // Its planes asked for first, waiting for nothing (see `prefetch_planes`).
        p.prefetch_planes();
        // A ray whose box is apart from the polygon's (kept beside its pointer) reads nothing
        // of it. The end is never NaN (`max_fraction` and `direction` are finite here; a
        // product too large is infinite, and so is the box that way), and a NaN box would
        // never be apart.
        let end = q + direction * max_fraction;
        if boxes_apart((q.min(end), q.max(end)), p.bounds(), Vec2::ZERO) {
            return None;
        }
        // The common case in one 4-lane clipping pass, unless the ray starts touching or
        // inside (then the general kernel below breaks ties).
        match p.planes.clip(q, direction, 0.0, max_fraction, scale) {
            None => return None,
            Some(c) if c.apart => {
                if kernel::grazes(c.t_in, c.t_out, direction, c.tol_in) {
                    return None;
                }
                if c.face < MAX_POLYGON_VERTICES {
                    return Some(RayHit {
                        fraction: c.t_in,
                        point: origin + direction * c.t_in,
                        normal: p.planes.normal(c.face),
                    });
                }
            }
            Some(_) => {}
        }
    }
    ray_on_core(shape, q, origin, direction, max_fraction)
}

/// [`raycast`] through the shape's core and the general kernel (`q` the origin in the shape's
/// frame): the only path of the shapes that are not polygons (boxes, circles, capsules,
/// segments: the tiles of a map among them), and a ray starting touching or inside a polygon.
/// Never inlined: apart, each path keeps only the registers it needs. Measured against the
/// two inlined into `raycast`: 15% fewer instructions on rays at boxes and circles, and the
/// polygons' rays no longer vary by 8% with how the compiler splits the crate.
#[inline(never)]
fn ray_on_core(
    shape: &Shape,
    q: Vec2,
    origin: Vec2,
    direction: Vec2,
    max_fraction: f32,
) -> Option<RayHit> {
    with_core(shape, 1.0, |core| {
        ray_core(core, q, direction, origin, direction, max_fraction)
    })
}

/// A ray whose origin is so far from the shape, or whose direction so long, that only its
/// part near the shape (where any hit must be) is cast; `None` for input that is not finite.
/// Never inlined: a rare path, which inlined into `raycast` made every ray pay for saving
/// more registers (measured: 8% more instructions on `ray/polygon` in one build of two).
#[inline(never)]
fn far_raycast(
    shape: &Shape,
    pos: Vec2,
    origin: Vec2,
    direction: Vec2,
    max_fraction: f32,
) -> Option<RayHit> {
    if !(all_finite(origin) & all_finite(pos) & all_finite(direction)) {
        return None;
    }
    let (lo, hi) = shape.local_bounds();
    let reach = far::near_reach(f64::from(lo.abs().max(hi.abs()).max_element()));
    let q = origin.as_dvec2() - pos.as_dvec2();
    let (q, d, t0, span) = far::near_part(q, direction.as_dvec2(), f64::from(max_fraction), reach)?;
    let h = with_core(shape, 1.0, |core| ray_core(core, q, d, q, d, 1.0))?;
    let fraction = ((t0 + f64::from(h.fraction) * span) as f32).min(max_fraction);
    Some(RayHit {
        fraction,
        point: pos + h.point,
        normal: h.normal,
    })
}

/// The general ray cast on a core: the ray's start `q` and direction `d` in the core's frame
/// (and scale), `origin` and `direction` the same ray in the world.
pub(super) fn ray_core(
    core: &Core,
    q: Vec2,
    d: Vec2,
    origin: Vec2,
    direction: Vec2,
    max_fraction: f32,
) -> Option<RayHit> {
    let ray = RayQuery {
        q,
        d,
        max_t: max_fraction,
        scale: q.abs(),
        prefer: -direction,
        clear: false,
    };
    match kernel::ray_rounded(core.hull, core.radius, ray) {
        Raw::Miss => None,
        Raw::Inside(c) => Some(RayHit {
            fraction: 0.0,
            point: origin,
            normal: c.normal,
        }),
        Raw::Hit { t, normal, .. } => Some(RayHit {
            fraction: t,
            point: origin + direction * t,
            normal,
        }),
    }
}
