//! The same shapes and queries in parry2d 0.31.

use glissade::glam::Vec2;
use glissade_difftest::cases::Desc;
use parry2d::math::{Pose, Vector};
use parry2d::query::{self, ShapeCastOptions, ShapeCastStatus};
use parry2d::shape::{Ball, Capsule, ConvexPolygon, Cuboid, Segment, Shape};

fn pv(v: Vec2) -> Vector {
    Vector::new(v.x, v.y)
}

/// A parry shape and the offset of its local origin from glissade's (boxes and circles are
/// centred on their parry origin).
pub struct PShape {
    shape: Box<dyn Shape>,
    offset: Vec2,
}

/// Builds the parry shape for a description.
pub fn build(d: &Desc) -> PShape {
    match d {
        Desc::Aabb { min, max } => PShape {
            shape: Box::new(Cuboid::new(pv((*max - *min) * 0.5))),
            offset: (*max + *min) * 0.5,
        },
        Desc::Circle { center, radius } => PShape {
            shape: Box::new(Ball::new(*radius)),
            offset: *center,
        },
        Desc::Capsule { a, b, radius } => PShape {
            shape: Box::new(Capsule::new(pv(*a), pv(*b), *radius)),
            offset: Vec2::ZERO,
        },
        Desc::Polygon { verts } => PShape {
            shape: Box::new(
                ConvexPolygon::from_convex_polyline_unmodified(
                    verts.iter().map(|v| pv(*v)).collect(),
                )
                .expect("parry refused a convex polygon glissade accepted"),
            ),
            offset: Vec2::ZERO,
        },
        Desc::Segment { a, b } => PShape {
            shape: Box::new(Segment::new(pv(*a), pv(*b))),
            offset: Vec2::ZERO,
        },
    }
}

fn pose(s: &PShape, pos: Vec2) -> Pose {
    // Exact when the offset is zero (always so at large offsets: see `Gen::shape`).
    Pose::from_translation(pv(pos + s.offset))
}

/// Parry's answer to a cast.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PCast {
    /// No hit within the motion.
    Miss,
    /// A hit at `toi` (a fraction of the motion); `penetrating` when parry says the shapes
    /// overlap at the start.
    Hit { toi: f32, penetrating: bool },
    /// Parry refused the pair (never expected).
    Unsupported,
}

/// `query::cast_shapes` with the motions as velocities over a unit time.
pub fn cast(
    a: &PShape,
    start_a: Vec2,
    motion_a: Vec2,
    b: &PShape,
    start_b: Vec2,
    motion_b: Vec2,
) -> PCast {
    let opts = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    match query::cast_shapes(
        &pose(a, start_a),
        pv(motion_a),
        &*a.shape,
        &pose(b, start_b),
        pv(motion_b),
        &*b.shape,
        opts,
    ) {
        Ok(None) => PCast::Miss,
        Ok(Some(h)) => PCast::Hit {
            toi: h.time_of_impact,
            penetrating: h.status == ShapeCastStatus::PenetratingOrWithinTargetDist,
        },
        Err(_) => PCast::Unsupported,
    }
}

/// Parry's contact at prediction 0: `Some(depth)` when penetrating (`dist < 0`), else `None`.
/// `Err` when parry refused the pair (never expected).
pub fn penetration(a: &PShape, pos_a: Vec2, b: &PShape, pos_b: Vec2) -> Result<Option<f32>, ()> {
    match query::contact(&pose(a, pos_a), &*a.shape, &pose(b, pos_b), &*b.shape, 0.0) {
        Ok(Some(c)) if c.dist < 0.0 => Ok(Some(-c.dist)),
        Ok(_) => Ok(None),
        Err(_) => Err(()),
    }
}
