//! 3D: axis-aligned boxes, their overlap and exact casts, and move and slide among them.
//!
//! The same conventions and contract as 2D, on `glam::Vec3` with y up: normals point from `b`
//! toward `a` (from a solid toward the moving body), fractions are of the requested motion,
//! depth is positive, touching is not overlapping; every length is at most
//! [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE), refused by name beyond; the default
//! skin, its growth far from the origin ([`skin_at`](crate::tolerance::skin_at)), the limit on
//! iterations and the checks of the settings are the 2D ones, except that the skin must be
//! positive (see [`MoveConfig::skin`]). Boxes have axis normals only, so pushes out of several
//! solids combine by the 2D rule in its simplest form, per axis the deepest push each way —
//! with one difference: squeezed from both sides of an axis, 3D adds the deepest push each
//! way, where 2D adds every push. 2D counts every push so that bodies squeezed among other
//! moving bodies get out sooner; 3D pushes only out of static solids, where a squeeze cannot
//! be got out of and the smaller push moves the body least.

mod aabb;
mod config;
mod movement;
mod query;

pub use aabb::Aabb;
pub use config::{DEFAULT_MAX_ITERATIONS, MoveConfig, MoveContact, MoveError, MoveResult};
pub use movement::move_and_slide;
pub use query::{CastHit, CastResult, Penetration, cast, overlap};
