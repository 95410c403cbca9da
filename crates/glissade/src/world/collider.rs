//! Colliders: what a world holds (geometry, position, layers, kind) and the handles that name
//! them.

use glam::Vec2;

use super::{TileMap, TileMapError};
use crate::shape::Shape;

/// A stable reference to a collider: an index and a generation, so a handle to a removed
/// collider does not reach the one that reuses its slot (until that slot has been reused
/// 2^32 times, when the generation wraps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Handle {
    pub(super) index: u32,
    pub(super) generation: u32,
}

impl Handle {
    /// The slot index (unique among live colliders; reused after removal).
    #[must_use]
    pub fn index(self) -> u32 {
        self.index
    }

    /// How many times the slot was reused before this collider.
    #[must_use]
    pub fn generation(self) -> u32 {
        self.generation
    }
}

/// How a collider takes part in movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BodyKind {
    /// Never moves on its own (level geometry). It can still be teleported.
    #[default]
    Static,
    /// Moved by the game (through the moves of [`motion`](crate::motion), or teleported),
    /// and pushing bodies it moves into.
    Kinematic,
}

/// What a collider is made of.
#[derive(Debug, Clone, PartialEq)]
// A shape is the common case and is read by every query: kept inline (32 bytes). Tile maps
// are boxed.
pub enum Geometry {
    /// One shape, in the collider's frame.
    Shape(Shape),
    /// A tile map; the collider's position is its bottom-left corner.
    Tiles(Box<TileMap>),
}

/// Everything needed to add a collider. Built with [`ColliderDesc::new`] or
/// [`ColliderDesc::tiles`] and the `with_*` methods.
#[derive(Debug, Clone, PartialEq)]
pub struct ColliderDesc {
    /// The geometry.
    pub geometry: Geometry,
    /// World position of the collider's frame.
    pub position: Vec2,
    /// The layers this collider is on (bits).
    pub layers: u32,
    /// The layers this collider interacts with (bits). Two parties interact when each one's
    /// layers meet the other's mask.
    pub mask: u32,
    /// Anything the game wants to find again from a handle.
    pub user_data: Option<u64>,
    /// Static or kinematic.
    pub kind: BodyKind,
    /// A one-way platform: blocks only bodies coming down onto a face whose normal points
    /// up (+y), and never pushes a body out (see [`ColliderDesc::one_way`]).
    pub one_way: bool,
    /// Velocity, world units per second, that a kinematic collider reports to the bodies it
    /// meets (characters ride and are pushed by it). The world never integrates it.
    pub velocity: Vec2,
    /// A sensor: never blocks or pushes anything, and is only reported (see
    /// [`ColliderDesc::sensor`]). Shapes only: a tile map sensor is refused.
    pub sensor: bool,
    /// A climbable sensor, a ladder or a vine (see [`ColliderDesc::climbable`]); only
    /// meaningful on a sensor.
    pub climbable: bool,
}

impl ColliderDesc {
    /// A static collider of `shape` at `position`, on every layer, interacting with every layer.
    #[must_use]
    pub fn new(shape: impl Into<Shape>, position: Vec2) -> Self {
        Self::placed(Geometry::Shape(shape.into()), position)
    }

    /// A static tile map whose bottom-left corner is at `origin`.
    #[must_use]
    pub fn tiles(map: TileMap, origin: Vec2) -> Self {
        Self::placed(Geometry::Tiles(Box::new(map)), origin)
    }

    /// A static collider of `geometry` at `position`, on every layer, interacting with every
    /// layer, still.
    fn placed(geometry: Geometry, position: Vec2) -> Self {
        ColliderDesc {
            geometry,
            position,
            layers: u32::MAX,
            mask: u32::MAX,
            user_data: None,
            kind: BodyKind::Static,
            one_way: false,
            velocity: Vec2::ZERO,
            sensor: false,
            climbable: false,
        }
    }

    /// Sets the layers the collider is on and the layers it interacts with.
    #[must_use]
    pub fn with_layers(self, layers: u32, mask: u32) -> Self {
        ColliderDesc {
            layers,
            mask,
            ..self
        }
    }

    /// Sets the user data.
    #[must_use]
    pub fn with_user_data(self, user_data: u64) -> Self {
        ColliderDesc {
            user_data: Some(user_data),
            ..self
        }
    }

    /// Makes the collider kinematic.
    #[must_use]
    pub fn kinematic(self) -> Self {
        ColliderDesc {
            kind: BodyKind::Kinematic,
            ..self
        }
    }

    /// Makes the collider a one-way platform: a body moving into it is blocked only where it
    /// starts clear of it and meets a face whose normal points up (+y); from below and from
    /// the sides it passes, and a body inside is never pushed out. Queries that set
    /// [`QueryFilter::one_way`](super::QueryFilter::one_way) to `false` do not see it at all (dropping through).
    #[must_use]
    pub fn one_way(self) -> Self {
        ColliderDesc {
            one_way: true,
            ..self
        }
    }

    /// Sets the velocity the collider reports (world units per second; see
    /// [`Collider::velocity`]).
    #[must_use]
    pub fn with_velocity(self, velocity: Vec2) -> Self {
        ColliderDesc { velocity, ..self }
    }

    /// Makes the collider a sensor (a trigger area): it never blocks a move and never pushes
    /// a body out, so every move, [`move_bodies`](crate::motion::move_bodies) step and
    /// character step ends exactly where it would without it; moves report it instead, in
    /// [`MoveResult::sensors`](crate::motion::MoveResult::sensors) and
    /// [`CharacterState::sensors`](crate::character::CharacterState::sensors). Scene queries
    /// see sensors only when their [`QueryFilter::sensors`](super::QueryFilter::sensors) asks
    /// for them. Only a shape can be a sensor: [`World::add`](super::World::add) refuses a tile
    /// map sensor with [`WorldError::SensorTileMap`]. A sensor can itself be moved (teleported,
    /// or by the moves, which move it as they would any body); nothing is ever blocked by it.
    /// Adding, moving or removing a sensor does not count as a change of what the moves see (a
    /// character keeps the ground it knew).
    ///
    /// ```
    /// use glissade::{Aabb, ColliderDesc, MoveConfig, QueryFilter, Shape, World, glam::Vec2, move_and_slide};
    /// let mut world = World::new();
    /// let area = Aabb::new(Vec2::new(4.0, -1.0), Vec2::new(5.0, 1.0))?;
    /// let door = world.add(ColliderDesc::new(area, Vec2::ZERO).sensor())?;
    /// let player: Shape = Aabb::from_half_extents(Vec2::splat(0.5))?.into();
    /// // Walking 10 right: nothing stops it, and it went through the door's area.
    /// let r = move_and_slide(&mut world, (player, Vec2::ZERO), Vec2::new(10.0, 0.0), &MoveConfig::default())?;
    /// assert_eq!(r.position, Vec2::new(10.0, 0.0));
    /// assert_eq!(r.sensors.len(), 1);
    /// assert!(r.sensors[0].handle == door && r.sensors[0].crossed());
    /// // Scene queries see it only when asked.
    /// assert!(world.query_point(Vec2::new(4.5, 0.0), &QueryFilter::default()).is_empty());
    /// assert_eq!(world.query_point(Vec2::new(4.5, 0.0), &QueryFilter::default().with_sensors()), vec![door]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn sensor(self) -> Self {
        ColliderDesc {
            sensor: true,
            ..self
        }
    }

    /// A climbable sensor: a ladder, a vine, a climbing net. It is a
    /// [sensor](ColliderDesc::sensor) (it blocks nothing), and a
    /// [`Platformer`](crate::character::Platformer) with a `climb_speed` inside it climbs it
    /// while up or down is held.
    #[must_use]
    pub fn climbable(self) -> Self {
        ColliderDesc {
            sensor: true,
            climbable: true,
            ..self
        }
    }
}

/// A collider in a [`World`](super::World).
#[derive(Debug, Clone, PartialEq)]
// The fields every query reads first (position, bounds, layers) lead, so that they share the
// slot's first cache line with its generation; the geometry follows.
#[repr(C)]
pub struct Collider {
    pub(super) position: Vec2,
    /// World bounds.
    pub(super) lo: Vec2,
    pub(super) hi: Vec2,
    /// Bounds in the collider's own frame (so that a move needs no geometry to refile).
    pub(super) local_lo: Vec2,
    pub(super) local_hi: Vec2,
    pub(super) layers: u32,
    pub(super) mask: u32,
    pub(super) kind: BodyKind,
    pub(super) one_way: bool,
    pub(super) sensor: bool,
    pub(super) climbable: bool,
    /// Whether `user_data` was given (kept apart from it, with the flags above, rather than as
    /// an `Option`: 8 bytes less, which keeps a slot within two cache lines).
    pub(super) has_user_data: bool,
    pub(super) velocity: Vec2,
    /// The user data given at creation (0 when none was).
    pub(super) user_data: u64,
    pub(super) geometry: Geometry,
}

impl Collider {
    /// Moves the collider's frame to the world position `p`, its world bounds with it (the
    /// one place `set_position` and the bulk writes both go through).
    #[inline]
    pub(super) fn place_at(&mut self, p: Vec2) {
        self.position = p;
        self.lo = self.local_lo + p;
        self.hi = self.local_hi + p;
    }

    /// The geometry.
    #[must_use]
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The shape, unless the collider is a tile map.
    #[must_use]
    pub fn shape(&self) -> Option<&Shape> {
        match &self.geometry {
            Geometry::Shape(s) => Some(s),
            Geometry::Tiles(_) => None,
        }
    }

    /// The tile map, if the collider is one.
    #[must_use]
    pub fn tile_map(&self) -> Option<&TileMap> {
        match &self.geometry {
            Geometry::Tiles(t) => Some(t),
            Geometry::Shape(_) => None,
        }
    }

    /// World position of the collider's frame.
    #[must_use]
    pub fn position(&self) -> Vec2 {
        self.position
    }

    /// The layers it is on.
    #[must_use]
    pub fn layers(&self) -> u32 {
        self.layers
    }

    /// The layers it interacts with.
    #[must_use]
    pub fn mask(&self) -> u32 {
        self.mask
    }

    /// The user data given at creation.
    #[must_use]
    pub fn user_data(&self) -> Option<u64> {
        self.has_user_data.then_some(self.user_data)
    }

    /// Static or kinematic.
    #[must_use]
    pub fn kind(&self) -> BodyKind {
        self.kind
    }

    /// Whether it is a one-way platform (see [`ColliderDesc::one_way`]).
    #[must_use]
    pub fn is_one_way(&self) -> bool {
        self.one_way
    }

    /// Whether it is a sensor (see [`ColliderDesc::sensor`]): it blocks and pushes nothing,
    /// and moves report it.
    #[must_use]
    pub fn is_sensor(&self) -> bool {
        self.sensor
    }

    /// Whether it is a climbable sensor (see [`ColliderDesc::climbable`]).
    #[must_use]
    pub fn is_climbable(&self) -> bool {
        self.sensor && self.climbable
    }

    /// The velocity it reports, world units per second (zero unless set): what a moving
    /// platform tells the characters riding it or pushed by it. The world does not move
    /// colliders by it; the game moves them and keeps it up to date
    /// ([`World::set_velocity`](super::World::set_velocity)).
    #[must_use]
    pub fn velocity(&self) -> Vec2 {
        self.velocity
    }

    /// World bounds `(min, max)`.
    #[must_use]
    pub fn bounds(&self) -> (Vec2, Vec2) {
        (self.lo, self.hi)
    }
}

/// Why a world operation was refused. Nothing was changed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum WorldError {
    /// The handle is not (or no longer) a collider of this world.
    #[error("unknown collider handle {0:?} (removed, or from another world)")]
    UnknownHandle(Handle),
    /// A position or cell size is NaN or infinite.
    #[error("{field} is not finite: {value}")]
    NotFinite {
        /// Which input.
        field: &'static str,
        /// The value given.
        value: Vec2,
    },
    /// A position or velocity is larger in magnitude than
    /// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE).
    #[error("{field} = {value} is too far: at most {max} in magnitude on each axis")]
    TooFar {
        /// Which input.
        field: &'static str,
        /// The value given.
        value: Vec2,
        /// The largest magnitude accepted.
        max: f32,
    },
    /// The broadphase cell size is not a positive finite number.
    #[error("cell_size must be positive and finite, got {value}")]
    CellSize {
        /// The value given.
        value: f32,
    },
    /// The collider is not a tile map.
    #[error("collider {0:?} is not a tile map")]
    NotATileMap(Handle),
    /// A tile map cannot be a sensor (only a shape can; see [`ColliderDesc::sensor`]).
    #[error("a tile map cannot be a sensor: only a shape collider can")]
    SensorTileMap,
    /// A tile map refused the change.
    #[error(transparent)]
    Tiles(#[from] TileMapError),
    /// More colliders than a `u32` index can name.
    #[error("the world is full (2^32 colliders)")]
    Full,
}

/// Refuses a position or velocity that is not finite, or is beyond
/// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE): the rule of
/// [`check_components`](crate::tolerance::check_components), written here as two tests on
/// the vector (calling the shared rule measured 0.4 to 0.7% more instructions on a character
/// step, which checks its position and velocity through here).
pub(crate) fn check_finite(field: &'static str, value: Vec2) -> Result<(), WorldError> {
    let max = crate::tolerance::MAX_COORDINATE;
    if !crate::geometry::all_finite(value) {
        Err(WorldError::NotFinite { field, value })
    } else if value.abs().max_element() > max {
        Err(WorldError::TooFar { field, value, max })
    } else {
        Ok(())
    }
}

/// Bounds of a geometry in its own frame.
pub(super) fn local_bounds_of(g: &Geometry) -> (Vec2, Vec2) {
    match g {
        Geometry::Shape(s) => s.local_bounds(),
        Geometry::Tiles(t) => t.local_bounds(),
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::ColliderDesc;
    use crate::shape::Circle;
    use crate::world::World;

    /// A slot of the world (its generation, where it is filed, the collider) fills two cache
    /// lines exactly: a step of many bodies reads and writes every mover's slot, and a third
    /// line would cost it a third more memory traffic.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_slot_is_two_cache_lines() {
        assert_eq!(std::mem::size_of::<crate::world::Slot>(), 128);
        assert_eq!(std::mem::align_of::<crate::world::Slot>(), 64);
    }

    #[test]
    fn user_data_reads_back_as_given_and_none_when_not_given() {
        let mut world = World::new();
        let dot = Circle::new(0.5).expect("positive");
        let plain = world
            .add(ColliderDesc::new(dot, Vec2::ZERO))
            .expect("added");
        let zero = world
            .add(ColliderDesc::new(dot, Vec2::X).with_user_data(0))
            .expect("added");
        let max = world
            .add(ColliderDesc::new(dot, Vec2::Y).with_user_data(u64::MAX))
            .expect("added");
        let data = |h| world.get(h).and_then(|c| c.user_data());
        assert_eq!(data(plain), None);
        assert_eq!(data(zero), Some(0));
        assert_eq!(data(max), Some(u64::MAX));
    }
}
