//! Points and shapes, world units y up: what walls, one-way walls, platforms and entities are
//! made of.

use serde::{Deserialize, Serialize};

/// A point or a vector `[x, y]`, world units.
pub type Point = [f32; 2];

/// A shape, in the world frame for walls and in the platform's own frame for platforms.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Wall {
    /// An axis-aligned box.
    Box {
        /// Lower-left corner.
        min: Point,
        /// Upper-right corner.
        max: Point,
    },
    /// A circle.
    Circle {
        /// Centre.
        center: Point,
        /// Radius (positive).
        radius: f32,
    },
    /// A capsule: the segment `a`–`b` grown by `radius`.
    Capsule {
        /// One end of the core segment.
        a: Point,
        /// The other end.
        b: Point,
        /// Radius (positive).
        radius: f32,
    },
    /// A simple polygon, counter-clockwise (a clockwise one is turned around with a warning).
    /// A wall polygon may be concave or have more than 8 vertices: it is split into convex
    /// pieces on load. A platform's polygon must be convex with at most 8 vertices.
    Polygon(Vec<Point>),
    /// A zero-thickness segment.
    Segment {
        /// One end.
        a: Point,
        /// The other end.
        b: Point,
    },
}
