//! 3D: axis-aligned boxes, their overlap and exact casts, and move and slide among them.
//!
//! The same conventions and contract as 2D, on `glam::Vec3` with y up: normals point from `b`
//! toward `a` (from a solid toward the moving body), fractions are of the requested motion,
//! depth is positive, touching is not overlapping; every length is at most
//! [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE), refused by name beyond; the skin and
//! the limits on iterations are the 2D ones. Boxes have axis normals only, so pushes out of
//! several solids combine as in 2D in its simplest form: per axis the deepest push each way,
//! both added when pushed from both sides.

mod aabb;
mod config;
mod movement;
mod query;

pub use aabb::Aabb;
pub use config::{DEFAULT_MAX_ITERATIONS, MoveConfig, MoveContact, MoveError, MoveResult};
pub use movement::move_and_slide;
pub use query::{CastHit, CastResult, Penetration, cast, overlap};
