//! Exact, reproducible text for shapes and vectors in the disagreement notes.
//!
//! Floats are printed with `{:?}`, Rust's shortest representation that reads back to the same
//! `f32`, so a note can be pasted into a test.

use std::fmt::Write;

use glissade::Shape;
use glissade::glam::Vec2;

/// `(x, y)`, exactly.
pub(crate) fn v(p: Vec2) -> String {
    format!("({:?}, {:?})", p.x, p.y)
}

/// A glissade shape in its local frame, exactly.
pub(crate) fn shape(s: &Shape) -> String {
    match s {
        Shape::Aabb(b) => format!("aabb(min={}, max={})", v(b.min()), v(b.max())),
        Shape::Circle(c) => format!("circle(center={}, r={:?})", v(c.center()), c.radius()),
        Shape::Capsule(c) => format!(
            "capsule(a={}, b={}, r={:?})",
            v(c.a()),
            v(c.b()),
            c.radius()
        ),
        Shape::Polygon(p) => {
            let mut out = String::from("polygon[");
            for (i, q) in p.vertices().iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{}", v(*q));
            }
            out.push(']');
            out
        }
        Shape::Segment(s) => format!("segment(a={}, b={})", v(s.a()), v(s.b())),
    }
}
