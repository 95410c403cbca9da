//! # glissade
//!
//! Continuous collision detection and kinematic movement for 2D games (and 3D boxes), on
//! [`glam`]. Every query is exact: times of impact are solved analytically for every pair of
//! shapes, never by trial steps.
//!
//! ## Conventions (kept by every item in this crate)
//!
//! - **Frame and units.** World coordinates, y points **up**, f32 units of your choice. Shapes
//!   are defined in a local frame and placed by a translation (`pos`): bodies do not rotate.
//! - **Winding.** Polygons are **counter-clockwise**; [`ConvexPolygon::new`] reorders
//!   clockwise input. Edge normals point outward.
//! - **Normals.** A normal returned by a pair query points **from the other shape (`b`) toward
//!   the first, moving shape (`a`)**. Ray and point queries return the shape's outward normal.
//! - **Fractions.** Times of impact are fractions of the requested motion, in `[0, 1]` (rays:
//!   of `direction`, up to `max_fraction`).
//! - **Depth.** Penetration depth is positive; `a` moved by `normal * depth` leaves the pair
//!   touching.
//! - **Touching is not overlapping.** Shapes at distance zero — within the
//!   [linear tolerance](tolerance) — touch: [`overlap`] says `None`, and a [`cast`] that
//!   moves them apart or along the touching face is a miss. All tolerances live in
//!   [`tolerance`].
//!
//! - **Result names.** A pair query's answer is named after what it holds: [`CastHit`] (in a
//!   [`CastResult`]), [`RayHit`], [`Penetration`] (an overlap's depth and normal); the world's
//!   answers add the collider they are about and are named `World` + the query:
//!   [`world::WorldCastHit`], [`world::WorldRayHit`], [`world::WorldOverlap`]; 3D's live in
//!   [`dim3`] under the 2D names.
//!
//! - **Skin.** A [move](move_and_slide) stops a small distance (the skin, default
//!   [`motion::DEFAULT_SKIN`] = 0.01) short of what it hits, measured along the contact normal, and
//!   ends at least 0 and at most 2 × skin from every surface it touches.
//!
//! ## World and movement
//!
//! A [`World`] holds colliders (a [`Shape`] or a [`TileMap`] at a position, with layers, a
//! mask and user data) behind generational [`Handle`]s, files them in a uniform grid, and
//! answers scene queries ([`World::raycast`], [`World::cast_shape`], [`World::overlap_shape`],
//! [`World::query_aabb`], [`World::query_point`]) through a [`QueryFilter`].
//! [`move_and_slide`] moves one body through it; [`move_bodies`] moves many kinematic bodies in
//! one step against each other by relative motion. Tile maps have no faces between tiles, and
//! contacts at a tile corner inside a flat run take the run's normal, so nothing snags on a
//! seam.
//!
//! A [sensor](ColliderDesc::sensor) (a trigger area, a shape) blocks and pushes nothing: every
//! move ends exactly where it would without it. The world files sensors apart from the other
//! colliders, so that a world without any pays nothing for them; scene queries see them only
//! when their [`QueryFilter::sensors`] asks. Each move reports the sensors its path touched —
//! overlapped deeper than the tolerance somewhere along the straight segments between its
//! start, stops, slides and end, tested exactly, however long the step — with whether the body
//! was inside each at the start and at the end ([`MoveResult::sensors`],
//! [`CharacterState::sensors`]).
//!
//! ## Characters
//!
//! A [`CharacterController`] moves a character collider one [`Step`] at a time: it rides the
//! moving platform it stands on (a kinematic collider with a [velocity](World::set_velocity)),
//! is pushed out along the motion of kinematic colliders that move into it, walks along the
//! ground keeping its horizontal speed, treats slopes steeper than
//! [`character::CharacterConfig::max_slope`] as walls, steps up ledges, snaps down over crests and onto
//! descending slopes, and reports a [`CharacterState`]: ground, wall side, ceiling, sliding.
//! One-way platforms are [tiles](Tile::OneWay) or [colliders](ColliderDesc::one_way).
//! [`Platformer`] is the game feel on top: acceleration, friction, jumps with coyote time and
//! buffering, gravity, bounces — frame-rate independent, with the vectorial-platformer
//! tutorial's numbers as [`character::PlatformerConfig::in_pixels`]. Move platforms (and set their
//! velocity) before stepping the characters that ride them. [`step_characters`] steps many
//! characters at once against the world as it stood at the start (on several threads with the
//! `parallel` feature), where [`CharacterController::step`] moves each before the next looks.
//!
//! ## Sizes and precision
//!
//! - **Range.** Every length glissade works with — coordinates of shape points, radii and
//!   extents, collider positions and velocities, motions, tile cell sizes and map extents —
//!   is at most [`tolerance::MAX_COORDINATE`] (1e15) in magnitude. Constructors, the world
//!   and the moves refuse a larger value (or a NaN or infinity) by name before anything moves:
//!   [`ShapeError::TooLarge`], [`world::TileMapError::TooLarge`], [`world::WorldError::TooFar`],
//!   [`motion::MoveError::TooLarge`]. No intermediate overflows within the range. The free queries
//!   ([`cast`], [`overlap`], [`distance`], [`raycast`], the point queries,
//!   [`query::segment_intersection`]) take any finite positions and motions and answer without NaN or
//!   infinity (a cast from 1e30 away still hits; a distance beyond f32's range saturates).
//! - **Precision comes from where a contact is.** Queries compute in the frame of `b`
//!   (`pos_a - pos_b`), and each decision about a face with unit normal `n` — touching or not,
//!   hit or miss — is exact up to `LINEAR_ABS + LINEAR_REL × (|n.x|·X + |n.y|·Y + |h|)`
//!   ([`tolerance::linear_tolerance`], [`tolerance::LINEAR_REL`] = 8 units in the last place):
//!   `X` and `Y` are the magnitudes, along each axis, of the relative position and of the
//!   coordinates of the features in contact (the ends of a slanted face count), `h` the face's
//!   offset from `b`'s origin. A floor or a wall millions of units long is judged near the
//!   origin within about 1e-5, like a unit box: along its normal only that axis counts. In
//!   numbers: about 1e-5 near the origin, 1e-3 at 1e3, 0.1 at 1e5, 1 at 1e6, 10 at 1e7.
//! - **Bodies larger than the precision where they are.** Every promise (no tunnelling, no
//!   sinking, no snag) holds for bodies and level features larger than the precision at their
//!   coordinates; the tests use at least 64 times it (so 1e-3 near the origin, a few units at
//!   1e5, about 600 units at 1e7). A feature smaller than that is below what f32 can place
//!   there: f32 cannot put a body at 1e7 nearer than 1 unit to anything. Against a tile map,
//!   where a body is counts from the map's origin (tile queries compute in the map's frame):
//!   place a map's origin at or near its level, not far from the tiles the bodies meet.
//! - **Moves keep their precision.** A move stops short of a contact by the skin, or by
//!   [`tolerance::POSITION_ULPS`] units in the last place of its coordinates where that is
//!   more ([`tolerance::skin_at`]; from about 2e4 units on with the default skin), so a body
//!   placed against a wall far out is still clear of it once its position is rounded.
//! - **Bounded work.** A query or move costs what is near its path: the broadphase cells and
//!   tile cells its swept box crosses and the colliders filed there. Pushing a body out of `N`
//!   overlapped tiles costs `O(N)` (a bounded set of candidate pushes, each checked against the
//!   tiles under the body once), combining `N` pushes `O(N)`.
//!
//! ## Layout
//!
//! Each module builds only on the ones listed before it:
//!
//! | module | what it holds |
//! |---|---|
//! | [`tolerance`] | every tolerance, named and documented, and the size limits |
//! | `geometry` (internal) | four-lane face tests, contact planes and how pushes combine, box slabs |
//! | [`shape`] | the shapes ([`Aabb`], [`Circle`], [`Capsule`], [`Segment`], [`ConvexPolygon`]) and [`Shape`] |
//! | [`query`] | pair queries on two shapes: [`cast`], [`overlap`], [`distance`], [`raycast`] (dispatched by shape pair in `query/mod.rs` onto one exact kernel), point and segment queries |
//! | [`world`] | the [`World`] of colliders and [`TileMap`]s, and its scene queries |
//! | [`motion`] | moving bodies through a world: [`move_and_slide`], [`move_bodies`], responses and hooks |
//! | [`character`] | the [`CharacterController`] and the [`Platformer`] game feel on top of it |
//! | [`dim3`] | 3D boxes: casts, overlaps and `move_and_slide` for [`dim3::Aabb`] |
//!
//! The most used items are re-exported at the root; everything else is in its module.
//!
//! ## Determinism
//!
//! Every operation is a plain IEEE add, multiply, divide, square root, min or max (f32, and
//! f64 where a long face needs it), in a fixed order, with no hash-map order and no
//! transcendental function in a query: the same inputs give bit-identical results. (The
//! character layer takes a cosine of its slope limit and an exponential of its friction: the
//! same on one machine, across machines only as far as their `libm` agrees.)
//!
//! ## Features
//!
//! - `parallel` (off by default): [`move_bodies`] computes the bodies of a large step, and
//!   [`step_characters`] the characters of a large batch, on rayon's threads, with results
//!   bit-identical to one thread's (see their docs for when they stay on the calling thread).
//!   Nothing else changes; the crate does no I/O either way.
//!
//! ## Example
//!
//! ```
//! use glissade::{Aabb, CastResult, Shape, cast, glam::Vec2};
//!
//! let floor: Shape = Aabb::new(Vec2::new(-50.0, -1.0), Vec2::new(50.0, 0.0))?.into();
//! let player: Shape = Aabb::from_half_extents(Vec2::new(0.4, 0.9))?.into();
//! // Falling 3 units this frame from 2 units up: lands after 1.1 / 3 of the motion.
//! match cast(&player, Vec2::new(0.0, 2.0), Vec2::new(0.0, -3.0), &floor, Vec2::ZERO, Vec2::ZERO) {
//!     CastResult::Hit(hit) => {
//!         assert!((hit.fraction - 1.1 / 3.0).abs() < 1e-6);
//!         assert_eq!(hit.normal, Vec2::Y); // from the floor toward the player
//!     }
//!     other => panic!("expected a landing, got {other:?}"),
//! }
//! # Ok::<(), glissade::ShapeError>(())
//! ```
#![warn(missing_docs)]

pub use glam;

/// The workspace README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// The crate README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;

pub mod character;
pub mod dim3;
mod geometry;
pub mod motion;
pub mod query;
pub mod shape;
pub mod tolerance;
pub mod world;

// The main entry points; everything else is in its module.
pub use character::{
    CharacterController, CharacterMove, CharacterState, Platformer, PlatformerInput, Step,
    step_characters,
};
pub use motion::{BodyMove, MoveConfig, MoveResult, Response, move_and_slide, move_bodies};
pub use query::{CastHit, CastResult, Penetration, RayHit, cast, distance, overlap, raycast};
pub use shape::{
    Aabb, Capsule, Circle, ConvexPolygon, FaceNormals, Segment, Shape, ShapeError, SharedPolygon,
};
pub use world::{ColliderDesc, Handle, QueryFilter, Tile, TileMap, World};
