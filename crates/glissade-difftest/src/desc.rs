//! Shapes described by plain parameters, so that glissade, parry2d and the f64 reference can
//! each build the same shape from them.

use glissade::glam::Vec2;
use glissade::{Aabb, Capsule, Circle, ConvexPolygon, Segment, Shape};

use crate::reference::{Core, P};

/// The five shape kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// [`glissade::Aabb`] (parry `Cuboid`).
    Aabb,
    /// [`glissade::Circle`] (parry `Ball`).
    Circle,
    /// [`glissade::Capsule`] (parry `Capsule`).
    Capsule,
    /// [`glissade::ConvexPolygon`] (parry `ConvexPolygon`).
    Polygon,
    /// [`glissade::Segment`] (parry `Segment`).
    Segment,
}

/// A shape by its parameters in its local frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Desc {
    /// Box from `min` to `max`.
    Aabb {
        /// Lower-left corner.
        min: Vec2,
        /// Upper-right corner.
        max: Vec2,
    },
    /// Disc.
    Circle {
        /// Centre.
        center: Vec2,
        /// Radius.
        radius: f32,
    },
    /// Segment `a`–`b` grown by `radius`.
    Capsule {
        /// First end of the inner segment.
        a: Vec2,
        /// Second end of the inner segment.
        b: Vec2,
        /// Radius.
        radius: f32,
    },
    /// Convex polygon, counter-clockwise (as stored by glissade).
    Polygon {
        /// Vertices.
        verts: Vec<Vec2>,
    },
    /// Zero-thickness segment.
    Segment {
        /// First end.
        a: Vec2,
        /// Second end.
        b: Vec2,
    },
}

fn p(v: Vec2) -> P {
    [f64::from(v.x), f64::from(v.y)]
}

impl Desc {
    /// The kind of shape.
    #[must_use]
    pub fn kind(&self) -> Kind {
        match self {
            Desc::Aabb { .. } => Kind::Aabb,
            Desc::Circle { .. } => Kind::Circle,
            Desc::Capsule { .. } => Kind::Capsule,
            Desc::Polygon { .. } => Kind::Polygon,
            Desc::Segment { .. } => Kind::Segment,
        }
    }

    /// The glissade shape (panics on parameters glissade refuses: the generator never makes
    /// them).
    #[must_use]
    pub fn glissade(&self) -> Shape {
        match self {
            Desc::Aabb { min, max } => Aabb::new(*min, *max).unwrap().into(),
            Desc::Circle { center, radius } => {
                Circle::with_center(*center, *radius).unwrap().into()
            }
            Desc::Capsule { a, b, radius } => Capsule::new(*a, *b, *radius).unwrap().into(),
            Desc::Polygon { verts } => ConvexPolygon::new(verts).unwrap().into(),
            Desc::Segment { a, b } => Segment::new(*a, *b).unwrap().into(),
        }
    }

    /// The reference core.
    #[must_use]
    pub fn core(&self) -> Core {
        match self {
            Desc::Aabb { min, max } => Core::new(
                &[
                    p(*min),
                    [f64::from(max.x), f64::from(min.y)],
                    p(*max),
                    [f64::from(min.x), f64::from(max.y)],
                ],
                0.0,
            ),
            Desc::Circle { center, radius } => Core::new(&[p(*center)], f64::from(*radius)),
            Desc::Capsule { a, b, radius } => Core::new(&[p(*a), p(*b)], f64::from(*radius)),
            Desc::Polygon { verts } => {
                let pts: Vec<P> = verts.iter().map(|v| p(*v)).collect();
                Core::new(&pts, 0.0)
            }
            Desc::Segment { a, b } => Core::new(&[p(*a), p(*b)], 0.0),
        }
    }

    /// Rust source building this shape with glissade (for reproducing a failure).
    #[must_use]
    pub fn rust(&self) -> String {
        let v = |v: Vec2| format!("Vec2::new({:?}, {:?})", v.x, v.y);
        match self {
            Desc::Aabb { min, max } => {
                format!("Shape::from(Aabb::new({}, {}).unwrap())", v(*min), v(*max))
            }
            Desc::Circle { center, radius } => format!(
                "Shape::from(Circle::with_center({}, {radius:?}).unwrap())",
                v(*center)
            ),
            Desc::Capsule { a, b, radius } => format!(
                "Shape::from(Capsule::new({}, {}, {radius:?}).unwrap())",
                v(*a),
                v(*b)
            ),
            Desc::Polygon { verts } => format!(
                "Shape::from(ConvexPolygon::new(&[{}]).unwrap())",
                verts.iter().map(|p| v(*p)).collect::<Vec<_>>().join(", ")
            ),
            Desc::Segment { a, b } => {
                format!("Shape::from(Segment::new({}, {}).unwrap())", v(*a), v(*b))
            }
        }
    }
}
