//! The world: colliders with stable handles, a broadphase, and scene queries.
//!
//! Every query answers in the world frame, follows the crate conventions (normals from the
//! collider toward the query shape or ray, fractions of the requested motion) and returns
//! results in a fixed order that does not depend on how the world was built.

mod coarse;
mod filter;
mod grid;
mod sweep;
mod tiles;

pub use filter::{Predicate, QueryFilter};
pub use tiles::{Tile, TileMap, TileMapError};

use glam::{IVec2, Vec2};

use crate::query::{CastResult, Penetration, cast, overlap, raycast as shape_raycast};
use crate::shape::Shape;
use crate::tolerance::linear_tolerance;
use grid::{Grid, Placement};
use sweep::SmallIds;
pub(crate) use sweep::floor_i32;

/// A stable reference to a collider: an index and a generation, so a handle to a removed
/// collider does not reach the one that reuses its slot (until that slot has been reused
/// 2^32 times, when the generation wraps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Handle {
    index: u32,
    generation: u32,
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
    /// Moved by the game through [`move_and_slide`](crate::move_and_slide) or
    /// [`move_bodies`](crate::move_bodies).
    Kinematic,
}

/// What a collider is made of.
#[derive(Debug, Clone, PartialEq)]
// A shape is the common case and is read by every query: kept inline. Tile maps are boxed.
#[allow(clippy::large_enum_variant)]
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
}

impl ColliderDesc {
    /// A static collider of `shape` at `position`, on every layer, interacting with every layer.
    #[must_use]
    pub fn new(shape: impl Into<Shape>, position: Vec2) -> Self {
        ColliderDesc {
            geometry: Geometry::Shape(shape.into()),
            position,
            layers: u32::MAX,
            mask: u32::MAX,
            user_data: None,
            kind: BodyKind::Static,
            one_way: false,
            velocity: Vec2::ZERO,
        }
    }

    /// A static tile map whose bottom-left corner is at `origin`.
    #[must_use]
    pub fn tiles(map: TileMap, origin: Vec2) -> Self {
        ColliderDesc {
            geometry: Geometry::Tiles(Box::new(map)),
            position: origin,
            layers: u32::MAX,
            mask: u32::MAX,
            user_data: None,
            kind: BodyKind::Static,
            one_way: false,
            velocity: Vec2::ZERO,
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
    /// [`QueryFilter::one_way`] to `false` do not see it at all (dropping through).
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
}

/// A collider in a [`World`].
#[derive(Debug, Clone, PartialEq)]
// The fields every query reads first (position, bounds, layers) lead, so that they share the
// slot's first cache line with its generation; the geometry follows.
#[repr(C)]
pub struct Collider {
    position: Vec2,
    /// World bounds.
    lo: Vec2,
    hi: Vec2,
    /// Bounds in the collider's own frame (so that a move needs no geometry to refile).
    local_lo: Vec2,
    local_hi: Vec2,
    layers: u32,
    mask: u32,
    kind: BodyKind,
    one_way: bool,
    velocity: Vec2,
    user_data: Option<u64>,
    geometry: Geometry,
}

impl Collider {
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
        self.user_data
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

    /// The velocity it reports, world units per second (zero unless set): what a moving
    /// platform tells the characters riding it or pushed by it. The world does not move
    /// colliders by it; the game moves them and keeps it up to date
    /// ([`World::set_velocity`]).
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
    /// A tile map refused the change.
    #[error(transparent)]
    Tiles(#[from] TileMapError),
    /// More colliders than a `u32` index can name.
    #[error("the world is full (2^32 colliders)")]
    Full,
}

#[derive(Debug, Clone)]
#[repr(C, align(64))]
struct Slot {
    generation: u32,
    placement: Placement,
    collider: Option<Collider>,
}

/// A ray hit on a collider.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WorldRayHit {
    /// The collider hit.
    pub handle: Handle,
    /// Fraction of the ray's `translation`, in [0, 1].
    pub fraction: f32,
    /// Hit point, world frame.
    pub point: Vec2,
    /// Unit outward normal of the collider at the hit, world frame (toward the ray's origin
    /// side); for a ray starting inside, the direction of the shortest way out.
    pub normal: Vec2,
}

/// The first contact of a shape cast through the world.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShapeHit {
    /// The collider hit.
    pub handle: Handle,
    /// Fraction of the motion, in [0, 1], at which the shape first touches the collider
    /// (0 when it starts overlapping it).
    pub fraction: f32,
    /// Contact point, world frame (the shape's position when it starts overlapping).
    pub point: Vec2,
    /// Unit normal, world frame, from the collider toward the moving shape.
    pub normal: Vec2,
    /// Tile map cell hit, when the collider is a tile map.
    pub cell: Option<IVec2>,
}

/// One overlap of a shape with a collider (or with one cell of a tile map).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShapeOverlap {
    /// The collider overlapped.
    pub handle: Handle,
    /// Unit push direction, world frame, from the collider toward the shape.
    pub normal: Vec2,
    /// How far to push the shape along `normal` to separate it, world units (positive).
    pub depth: f32,
    /// The tile map cell, when the collider is a tile map.
    pub cell: Option<IVec2>,
}

impl ShapeOverlap {
    /// The push `normal * depth`.
    #[must_use]
    pub fn mtv(&self) -> Vec2 {
        self.normal * self.depth
    }
}

/// Default side of a broadphase cell, world units.
pub const DEFAULT_CELL_SIZE: f32 = 4.0;

/// Colliders, a broadphase and queries. See the [crate docs](crate) for the conventions.
///
/// ```
/// use glissade::{Aabb, ColliderDesc, QueryFilter, World, glam::Vec2};
/// let mut world = World::new();
/// let wall = world.add(ColliderDesc::new(Aabb::new(Vec2::new(5.0, -5.0), Vec2::new(6.0, 5.0))?, Vec2::ZERO))?;
/// let hit = world.raycast(Vec2::ZERO, Vec2::new(10.0, 0.0), &QueryFilter::default()).unwrap();
/// assert_eq!(hit.handle, wall);
/// assert_eq!(hit.fraction, 0.5);
/// assert_eq!(hit.normal, Vec2::NEG_X);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct World {
    slots: Vec<Slot>,
    free: Vec<u32>,
    grid: Grid,
    len: usize,
    /// Live colliders with a nonzero velocity.
    moving: u32,
    stamp: Stamp,
}

/// Which world and which version of it: a character controller may keep what it learned about
/// a world (its ground) as long as the stamp is unchanged. A clone is another world: it gets
/// a new id.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Stamp {
    id: u64,
    revision: u64,
}

impl Stamp {
    fn new() -> Self {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Stamp {
            id: NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            revision: 0,
        }
    }
}

impl Clone for Stamp {
    fn clone(&self) -> Self {
        Stamp::new()
    }
}

/// A copy of a world's [`Stamp`], to compare later.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct StampValue(u64, u64);

impl Default for World {
    fn default() -> Self {
        World::new()
    }
}

/// A contact found by the internal sweep (also used by the mover).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Found {
    pub handle: Handle,
    pub fraction: f32,
    pub point: Vec2,
    pub normal: Vec2,
    /// Penetration depth for overlaps (0 for hits).
    pub depth: f32,
    pub cell: Option<IVec2>,
}

impl World {
    /// An empty world with broadphase cells of [`DEFAULT_CELL_SIZE`].
    #[must_use]
    pub fn new() -> Self {
        World {
            slots: Vec::new(),
            free: Vec::new(),
            grid: Grid::new(DEFAULT_CELL_SIZE),
            len: 0,
            moving: 0,
            stamp: Stamp::new(),
        }
    }

    /// The world's identity and version now: any change to a collider changes it.
    pub(crate) fn stamp(&self) -> StampValue {
        StampValue(self.stamp.id, self.stamp.revision)
    }

    /// How many colliders have a nonzero velocity.
    pub(crate) fn moving_count(&self) -> u32 {
        self.moving
    }

    fn changed(&mut self) {
        self.stamp.revision = self.stamp.revision.wrapping_add(1);
    }

    /// An empty world with broadphase cells of `cell_size` world units: about the size of a
    /// typical moving body, or a few of them.
    pub fn with_cell_size(cell_size: f32) -> Result<Self, WorldError> {
        if !(cell_size.is_finite() && cell_size > 0.0) {
            return Err(WorldError::CellSize { value: cell_size });
        }
        Ok(World {
            grid: Grid::new(cell_size),
            ..World::new()
        })
    }

    /// Number of colliders.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no collider.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a collider.
    pub fn add(&mut self, desc: ColliderDesc) -> Result<Handle, WorldError> {
        check_finite("position", desc.position)?;
        check_finite("velocity", desc.velocity)?;
        let index = match self.free.pop() {
            Some(i) => i,
            None => {
                let i = u32::try_from(self.slots.len()).map_err(|_| WorldError::Full)?;
                self.slots.push(Slot {
                    generation: 0,
                    collider: None,
                    placement: Placement::Large,
                });
                i
            }
        };
        let (local_lo, local_hi) = local_bounds_of(&desc.geometry);
        let (lo, hi) = (local_lo + desc.position, local_hi + desc.position);
        let large = matches!(desc.geometry, Geometry::Tiles(_));
        let placement = self.grid.insert(index, lo, hi, large);
        let slot = &mut self.slots[index as usize];
        slot.collider = Some(Collider {
            geometry: desc.geometry,
            position: desc.position,
            layers: desc.layers,
            mask: desc.mask,
            user_data: desc.user_data,
            kind: desc.kind,
            one_way: desc.one_way,
            velocity: desc.velocity,
            lo,
            hi,
            local_lo,
            local_hi,
        });
        slot.placement = placement;
        self.len += 1;
        if desc.velocity != Vec2::ZERO {
            self.moving += 1;
        }
        self.stamp.revision = self.stamp.revision.wrapping_add(1);
        Ok(Handle {
            index,
            generation: slot.generation,
        })
    }

    /// Removes a collider and gives it back.
    pub fn remove(&mut self, handle: Handle) -> Result<Collider, WorldError> {
        self.get(handle).ok_or(WorldError::UnknownHandle(handle))?;
        let slot = &mut self.slots[handle.index as usize];
        let collider = slot
            .collider
            .take()
            .ok_or(WorldError::UnknownHandle(handle))?;
        self.grid.remove(handle.index, slot.placement);
        slot.generation = slot.generation.wrapping_add(1);
        self.free.push(handle.index);
        self.len -= 1;
        if collider.velocity != Vec2::ZERO {
            self.moving -= 1;
        }
        self.changed();
        Ok(collider)
    }

    /// The collider behind a handle.
    #[must_use]
    pub fn get(&self, handle: Handle) -> Option<&Collider> {
        let slot = self.slots.get(handle.index as usize)?;
        (slot.generation == handle.generation)
            .then_some(slot.collider.as_ref())
            .flatten()
    }

    /// Whether the handle names a collider of this world.
    #[must_use]
    pub fn contains(&self, handle: Handle) -> bool {
        self.get(handle).is_some()
    }

    /// Every live collider, in handle order.
    pub fn iter(&self) -> impl Iterator<Item = (Handle, &Collider)> {
        self.slots.iter().enumerate().filter_map(|(i, s)| {
            s.collider.as_ref().map(|c| {
                (
                    Handle {
                        index: i as u32,
                        generation: s.generation,
                    },
                    c,
                )
            })
        })
    }

    /// Teleports a collider to `position` (no collision on the way).
    pub fn set_position(&mut self, handle: Handle, position: Vec2) -> Result<(), WorldError> {
        check_finite("position", position)?;
        let slot = self
            .slots
            .get_mut(handle.index as usize)
            .filter(|s| s.generation == handle.generation)
            .ok_or(WorldError::UnknownHandle(handle))?;
        let c = slot
            .collider
            .as_mut()
            .ok_or(WorldError::UnknownHandle(handle))?;
        c.position = position;
        c.lo = c.local_lo + position;
        c.hi = c.local_hi + position;
        self.stamp.revision = self.stamp.revision.wrapping_add(1);
        // Its size did not change: a large collider (a tile map) stays in the large list.
        let large = slot.placement == Placement::Large;
        slot.placement = self
            .grid
            .update(handle.index, slot.placement, c.lo, c.hi, large);
        Ok(())
    }

    /// Sets the velocity a collider reports (world units per second): a moving platform's,
    /// kept up to date by the game as it moves it. See [`Collider::velocity`].
    pub fn set_velocity(&mut self, handle: Handle, velocity: Vec2) -> Result<(), WorldError> {
        check_finite("velocity", velocity)?;
        let c = self
            .slots
            .get_mut(handle.index as usize)
            .filter(|s| s.generation == handle.generation)
            .and_then(|s| s.collider.as_mut())
            .ok_or(WorldError::UnknownHandle(handle))?;
        let was = c.velocity != Vec2::ZERO;
        c.velocity = velocity;
        match (was, velocity != Vec2::ZERO) {
            (false, true) => self.moving += 1,
            (true, false) => self.moving -= 1,
            _ => {}
        }
        self.changed();
        Ok(())
    }

    /// Replaces a collider's shape (a tile map collider becomes a plain shape).
    pub fn set_shape(&mut self, handle: Handle, shape: impl Into<Shape>) -> Result<(), WorldError> {
        self.get(handle).ok_or(WorldError::UnknownHandle(handle))?;
        let shape = shape.into();
        self.update(handle, |c| c.geometry = Geometry::Shape(shape));
        Ok(())
    }

    /// Changes the layers and mask of a collider.
    pub fn set_layers(&mut self, handle: Handle, layers: u32, mask: u32) -> Result<(), WorldError> {
        self.get(handle).ok_or(WorldError::UnknownHandle(handle))?;
        self.update(handle, |c| {
            c.layers = layers;
            c.mask = mask;
        });
        Ok(())
    }

    /// Changes one tile of a tile map collider.
    pub fn set_tile(
        &mut self,
        handle: Handle,
        x: u32,
        y: u32,
        tile: Tile,
    ) -> Result<(), WorldError> {
        let slot = self
            .slots
            .get_mut(handle.index as usize)
            .filter(|s| s.generation == handle.generation)
            .and_then(|s| s.collider.as_mut())
            .ok_or(WorldError::UnknownHandle(handle))?;
        match &mut slot.geometry {
            Geometry::Tiles(map) => {
                map.set(x, y, tile)?;
                self.changed();
                Ok(())
            }
            Geometry::Shape(_) => Err(WorldError::NotATileMap(handle)),
        }
    }

    /// Applies `f` to a live collider and refiles it.
    fn update(&mut self, handle: Handle, f: impl FnOnce(&mut Collider)) {
        self.changed();
        let slot = &mut self.slots[handle.index as usize];
        let Some(c) = slot.collider.as_mut() else {
            return;
        };
        f(c);
        let (local_lo, local_hi) = local_bounds_of(&c.geometry);
        c.local_lo = local_lo;
        c.local_hi = local_hi;
        let (lo, hi) = (local_lo + c.position, local_hi + c.position);
        c.lo = lo;
        c.hi = hi;
        let large = matches!(c.geometry, Geometry::Tiles(_));
        slot.placement = self
            .grid
            .update(handle.index, slot.placement, lo, hi, large);
    }

    fn handle_of(&self, index: u32) -> Handle {
        Handle {
            index,
            generation: self.slots[index as usize].generation,
        }
    }

    /// Live colliders passing `filter` whose bounds touch `[lo, hi]`, sorted by index.
    fn candidates(&self, lo: Vec2, hi: Vec2, filter: &QueryFilter) -> Vec<(Handle, &Collider)> {
        let mut ids = Vec::new();
        self.grid.candidates_in(lo, hi, &mut ids);
        ids.sort_unstable();
        ids.dedup();
        ids.into_iter()
            .filter_map(|i| {
                let h = self.handle_of(i);
                let c = self.slots[i as usize].collider.as_ref()?;
                let touches = c.lo.cmple(hi).all() && lo.cmple(c.hi).all();
                (touches && filter.passes(h, c)).then_some((h, c))
            })
            .collect()
    }

    /// Side of a broadphase cell.
    pub(crate) fn cell_size(&self) -> f32 {
        self.grid.cell_size()
    }

    /// The broadphase cell holding the world point `p`.
    pub(crate) fn cell_of(&self, p: Vec2) -> IVec2 {
        grid::cell_of(p, self.grid.cell_size())
    }

    /// Colliders passing `filter` whose solid part overlaps or touches the box `[min, max]`
    /// (world frame), sorted by handle.
    #[must_use]
    pub fn query_aabb(&self, min: Vec2, max: Vec2, filter: &QueryFilter) -> Vec<Handle> {
        if !(crate::geometry::all_finite(min) && crate::geometry::all_finite(max)) {
            return Vec::new();
        }
        let (lo, hi) = (min.min(max), min.max(max));
        self.candidates(lo, hi, filter)
            .into_iter()
            .filter(|(_, c)| match &c.geometry {
                Geometry::Shape(s) => box_touches(lo, hi, s, c.position),
                Geometry::Tiles(t) => t.any_in_box(lo - c.position, hi - c.position),
            })
            .map(|(h, _)| h)
            .collect()
    }

    /// Colliders passing `filter` that contain the world point `p` (boundary included),
    /// sorted by handle.
    #[must_use]
    pub fn query_point(&self, p: Vec2, filter: &QueryFilter) -> Vec<Handle> {
        if !crate::geometry::all_finite(p) {
            return Vec::new();
        }
        self.candidates(p, p, filter)
            .into_iter()
            .filter(|(_, c)| match &c.geometry {
                Geometry::Shape(s) => box_touches(p, p, s, c.position),
                Geometry::Tiles(t) => t.any_in_box(p - c.position, p - c.position),
            })
            .map(|(h, _)| h)
            .collect()
    }

    /// The first collider the ray `origin + t · translation`, `t ∈ [0, 1]`, enters. A ray
    /// starting inside a collider hits it at fraction 0. Ties go to the lower handle.
    #[must_use]
    pub fn raycast(
        &self,
        origin: Vec2,
        translation: Vec2,
        filter: &QueryFilter,
    ) -> Option<WorldRayHit> {
        let mut best: Option<WorldRayHit> = None;
        self.ray_visit(origin, translation, filter, |h| {
            if best.is_none_or(|b| (h.fraction, h.handle) < (b.fraction, b.handle)) {
                best = Some(h);
            }
        });
        best
    }

    /// Every collider the ray enters, sorted by fraction (then handle); for a tile map, its
    /// first hit.
    #[must_use]
    pub fn raycast_all(
        &self,
        origin: Vec2,
        translation: Vec2,
        filter: &QueryFilter,
    ) -> Vec<WorldRayHit> {
        let mut all = Vec::new();
        self.ray_visit(origin, translation, filter, |h| all.push(h));
        all.sort_by(|a, b| {
            a.fraction
                .total_cmp(&b.fraction)
                .then(a.handle.cmp(&b.handle))
        });
        all
    }

    fn ray_visit(
        &self,
        origin: Vec2,
        translation: Vec2,
        filter: &QueryFilter,
        mut f: impl FnMut(WorldRayHit),
    ) {
        if !(crate::geometry::all_finite(origin) && crate::geometry::all_finite(translation)) {
            return;
        }
        let end = origin + translation;
        if !crate::geometry::all_finite(end) {
            return;
        }
        for (handle, c) in self.candidates(origin.min(end), origin.max(end), filter) {
            let hit = match &c.geometry {
                // A one-way platform stops only rays coming down onto its top.
                Geometry::Shape(s) if c.one_way => {
                    shape_raycast(s, c.position, origin, translation, 1.0)
                        .filter(|h| h.fraction > 0.0 && h.normal.y > 0.0)
                }
                Geometry::Shape(s) => shape_raycast(s, c.position, origin, translation, 1.0),
                Geometry::Tiles(t) => t
                    .raycast(origin - c.position, translation, 1.0, filter.one_way)
                    .map(|(_, h)| crate::RayHit {
                        point: h.point + c.position,
                        ..h
                    }),
            };
            if let Some(h) = hit {
                f(WorldRayHit {
                    handle,
                    fraction: h.fraction,
                    point: h.point,
                    normal: h.normal,
                });
            }
        }
    }

    /// The first collider `shape` meets moving from `position` by `motion`.
    ///
    /// A collider the shape starts touching and moves away from, or slides along, is not a
    /// hit; one it starts overlapping is a hit at fraction 0 with the shortest way out as
    /// normal, unless the motion leaves along that normal. Ties go to the lower handle.
    #[must_use]
    #[doc(alias = "sweep")]
    #[doc(alias = "shape_cast")]
    pub fn cast_shape(
        &self,
        shape: &Shape,
        position: Vec2,
        motion: Vec2,
        filter: &QueryFilter,
    ) -> Option<ShapeHit> {
        let mut overlaps = Vec::new();
        let hit = self.sweep(
            shape,
            position,
            motion,
            filter,
            &Skip::default(),
            Some(&mut overlaps),
        );
        let into = overlaps
            .into_iter()
            .filter(|o| o.normal.dot(motion) <= 0.0)
            .min_by_key(|o| o.handle);
        into.or(hit).map(|f| ShapeHit {
            handle: f.handle,
            fraction: f.fraction,
            point: f.point,
            normal: f.normal,
            cell: f.cell,
        })
    }

    /// Every collider `shape` at `position` overlaps deeper than the tolerance, with the
    /// shortest push out of each, sorted by handle. A tile map pushes only through faces that
    /// no neighbouring tile covers, and out of all the tiles it overlaps at once: one entry
    /// (for the tile it overlaps first), or one per tile when their own pushes together clear
    /// them all (a floor and a wall in a corner); a body buried in tiles is pushed to the
    /// nearest free cell. One-way platforms never push.
    #[must_use]
    pub fn overlap_shape(
        &self,
        shape: &Shape,
        position: Vec2,
        filter: &QueryFilter,
    ) -> Vec<ShapeOverlap> {
        let mut out = Vec::new();
        self.overlaps_into(shape, position, filter, &Skip::default(), &mut out);
        out.into_iter()
            .map(|f| ShapeOverlap {
                handle: f.handle,
                normal: f.normal,
                depth: f.depth,
                cell: f.cell,
            })
            .collect()
    }

    pub(crate) fn overlaps_into(
        &self,
        shape: &Shape,
        position: Vec2,
        filter: &QueryFilter,
        skip: &Skip,
        out: &mut Vec<Found>,
    ) {
        if !crate::geometry::all_finite(position) {
            return;
        }
        let (slo, shi) = shape.local_bounds();
        let mut cells = Vec::new();
        for (handle, c) in self.candidates(position + slo, position + shi, filter) {
            if skip.contains(handle) {
                continue;
            }
            match &c.geometry {
                // One-way platforms never push.
                Geometry::Shape(_) if c.one_way => {}
                Geometry::Shape(s) => {
                    if let Some(p) = overlap(shape, position, s, c.position) {
                        out.push(found_overlap(handle, p, position, None));
                    }
                }
                Geometry::Tiles(t) => {
                    cells.clear();
                    t.overlaps(shape, position - c.position, &mut cells);
                    for (cell, p) in &cells {
                        out.push(found_overlap(handle, *p, position, Some(*cell)));
                    }
                }
            }
        }
    }

    /// The first collider (by handle) passing `filter` and not in `skip` that `shape` at
    /// `position` overlaps deeper than the tolerance, if any.
    pub(crate) fn overlaps_anything(
        &self,
        shape: &Shape,
        position: Vec2,
        filter: &QueryFilter,
        skip: &Skip,
    ) -> Option<Handle> {
        if !crate::geometry::all_finite(position) {
            return None;
        }
        let (slo, shi) = shape.local_bounds();
        self.candidates(position + slo, position + shi, filter)
            .into_iter()
            .filter(|(h, _)| !skip.contains(*h))
            .find(|(_, c)| match &c.geometry {
                Geometry::Shape(s) => {
                    !c.one_way && overlap(shape, position, s, c.position).is_some()
                }
                Geometry::Tiles(t) => t.overlaps_any(shape, position - c.position),
            })
            .map(|(h, _)| h)
    }

    /// The first contact of `shape` moving from `position` by `motion` among colliders
    /// passing `filter` and not in `skip`; the colliders it starts overlapping go to
    /// `overlaps` (when given) instead. Ties go to the lower handle.
    pub(crate) fn sweep(
        &self,
        shape: &Shape,
        position: Vec2,
        motion: Vec2,
        filter: &QueryFilter,
        skip: &Skip,
        mut overlaps: Option<&mut Vec<Found>>,
    ) -> Option<Found> {
        if !(crate::geometry::all_finite(position) && crate::geometry::all_finite(motion)) {
            return None;
        }
        let (slo, shi) = shape.local_bounds();
        let (lo, hi) = (position + slo, position + shi);
        let end_lo = lo + motion.min(Vec2::ZERO);
        let end_hi = hi + motion.max(Vec2::ZERO);
        let mut best: Option<Found> = None;
        let consider = |handle: Handle,
                        c: &Collider,
                        best: &mut Option<Found>,
                        overlaps: &mut Option<&mut Vec<Found>>| {
            if skip.contains(handle)
                || (skip.kinematic && c.kind != BodyKind::Static)
                || !filter.passes(handle, c)
            {
                return;
            }
            if !(c.lo.cmple(end_hi).all() && end_lo.cmple(c.hi).all()) {
                return;
            }
            match &c.geometry {
                Geometry::Shape(s) => {
                    match cast(shape, position, motion, s, c.position, Vec2::ZERO) {
                        CastResult::Miss => {}
                        // A one-way platform blocks only a body that starts clear of it and
                        // comes onto a face looking up; it never pushes.
                        CastResult::Hit(h) if c.one_way && h.normal.y <= 0.0 => {}
                        CastResult::Overlapping(_) if c.one_way => {}
                        CastResult::Hit(h) => {
                            let f = Found {
                                handle,
                                fraction: h.fraction,
                                point: h.point,
                                normal: h.normal,
                                depth: 0.0,
                                cell: None,
                            };
                            if best.is_none_or(|b| first_met(&f, &b, motion)) {
                                *best = Some(f);
                            }
                        }
                        CastResult::Overlapping(p) => {
                            if let Some(out) = overlaps.as_deref_mut() {
                                out.push(found_overlap(handle, p, position, None));
                            }
                        }
                    }
                }
                Geometry::Tiles(t) => {
                    let q = position - c.position;
                    let mut cells = Vec::new();
                    let want = overlaps.is_some();
                    if let Some(h) =
                        t.cast(shape, q, motion, filter.one_way, want.then_some(&mut cells))
                    {
                        let f = Found {
                            handle,
                            fraction: h.fraction,
                            point: h.point + c.position,
                            normal: h.normal,
                            depth: 0.0,
                            cell: Some(h.cell),
                        };
                        if best.is_none_or(|b| first_met(&f, &b, motion)) {
                            *best = Some(f);
                        }
                    }
                    if let Some(out) = overlaps.as_deref_mut() {
                        for (cell, p) in cells {
                            out.push(found_overlap(handle, p, position, Some(cell)));
                        }
                    }
                }
            }
        };
        for &i in self.grid.large() {
            if let Some(c) = self.slots[i as usize].collider.as_ref() {
                consider(self.handle_of(i), c, &mut best, &mut overlaps);
            }
        }
        let tol = linear_tolerance(lo.abs().max(hi.abs()).max_element());
        let mut tested = SmallIds::default();
        let mut scratch = SmallIds::default();
        self.grid
            .sweep(lo, hi, motion, tol, &mut scratch, |t0, ids| {
                if best.is_some_and(|b| b.fraction < t0) {
                    return false;
                }
                ids.sort_dedup();
                for &i in ids.as_slice() {
                    // Skipped by slot without reading the slot (many movers at once).
                    if skip.skips_slot(i) {
                        continue;
                    }
                    if tested.insert_sorted(i)
                        && let Some(c) = self.slots[i as usize].collider.as_ref()
                    {
                        consider(self.handle_of(i), c, &mut best, &mut overlaps);
                    }
                }
                true
            });
        if let Some(out) = overlaps {
            out.sort_by(|a, b| {
                a.handle
                    .cmp(&b.handle)
                    .then(cell_key(a.cell).cmp(&cell_key(b.cell)))
            });
        }
        best
    }
}

/// Colliders a query leaves out: a sorted list (searched by bisection), a short unsorted one,
/// and a bit per slot index (for many at once).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Skip<'a> {
    pub sorted: &'a [Handle],
    pub extra: &'a [Handle],
    pub slots: &'a [u64],
    /// Leave out every collider that is not static (a push out of an overlap is checked
    /// against the level only).
    pub kinematic: bool,
}

impl Skip<'_> {
    #[inline]
    pub fn contains(&self, h: Handle) -> bool {
        self.skips_slot(h.index) || self.extra.contains(&h) || self.sorted.binary_search(&h).is_ok()
    }

    /// Whether the slot's bit is set.
    #[inline]
    pub fn skips_slot(&self, index: u32) -> bool {
        let i = index as usize;
        self.slots
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
}

/// One bit per slot index, set for `handles`.
pub(crate) fn slot_bits(world: &World, handles: &[Handle]) -> Vec<u64> {
    let mut bits = vec![0u64; world.slots.len().div_ceil(64)];
    for h in handles {
        if world.contains(*h) {
            let i = h.index as usize;
            bits[i / 64] |= 1 << (i % 64);
        }
    }
    bits
}

/// Whether contact `a` comes before `b` for a body moving by `motion`: the earlier one; at the
/// same instant the more head-on one, then by normal, then by handle — so that the order the
/// world was built in decides nothing but exact ties of everything.
fn first_met(a: &Found, b: &Found, motion: Vec2) -> bool {
    let key = |f: &Found| (f.fraction, f.normal.dot(motion), f.normal.x, f.normal.y);
    match key(a).partial_cmp(&key(b)) {
        Some(std::cmp::Ordering::Less) => true,
        Some(std::cmp::Ordering::Greater) => false,
        _ => a.handle < b.handle,
    }
}

fn cell_key(c: Option<IVec2>) -> (i32, i32) {
    c.map_or((i32::MIN, i32::MIN), |c| (c.y, c.x))
}

fn found_overlap(handle: Handle, p: Penetration, position: Vec2, cell: Option<IVec2>) -> Found {
    Found {
        handle,
        fraction: 0.0,
        point: position,
        normal: p.normal,
        depth: p.depth,
        cell,
    }
}

/// Refuses a position or velocity that is not finite, or is beyond
/// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE).
fn check_finite(field: &'static str, value: Vec2) -> Result<(), WorldError> {
    let max = crate::tolerance::MAX_COORDINATE;
    if !crate::geometry::all_finite(value) {
        Err(WorldError::NotFinite { field, value })
    } else if value.abs().max_element() > max {
        Err(WorldError::TooFar { field, value, max })
    } else {
        Ok(())
    }
}

/// Whether the box `[lo, hi]` (a segment or a point when flat) touches or overlaps `shape`
/// at `pos`, within the linear tolerance.
pub(crate) fn box_touches(lo: Vec2, hi: Vec2, shape: &Shape, pos: Vec2) -> bool {
    let size = hi - lo;
    // Computed from `lo`, so that far from the origin the box keeps its precision.
    let tol = linear_tolerance(size.abs().max_element() + (pos - lo).abs().max_element());
    if size.x > 0.0 && size.y > 0.0 {
        let probe = Shape::Aabb(crate::shape::Aabb::from_ordered(Vec2::ZERO, size));
        crate::query::distance(&probe, lo, shape, pos) <= tol
    } else if let Ok(seg) = crate::Segment::new(Vec2::ZERO, size) {
        crate::query::distance(&Shape::Segment(seg), lo, shape, pos) <= tol
    } else {
        shape.distance_to_point(pos, lo) <= tol
    }
}

/// Bounds of a geometry in its own frame.
fn local_bounds_of(g: &Geometry) -> (Vec2, Vec2) {
    match g {
        Geometry::Shape(s) => s.local_bounds(),
        Geometry::Tiles(t) => t.local_bounds(),
    }
}
