//! The world: colliders with stable handles, a broadphase, and scene queries.
//!
//! Every query answers in the world frame, follows the crate conventions (normals from the
//! collider toward the query shape or ray, fractions of the requested motion) and returns
//! results in a fixed order that does not depend on how the world was built.

mod bucket;
mod bulk;
mod coarse;
mod collider;
mod filter;
mod flush_corners;
mod grid;
mod grid_walk;
mod nearby;
mod queries;
mod sensors;
mod small_ids;
mod sweep;
mod tiles;

pub(crate) use collider::check_finite;
pub use collider::{BodyKind, Collider, ColliderDesc, Geometry, Handle, WorldError};
pub use filter::{Predicate, QueryFilter, Sensors};
pub(crate) use queries::box_touches;
pub use queries::{WorldCastHit, WorldOverlap, WorldRayHit};
pub(crate) use small_ids::SmallList;
pub(crate) use sweep::{Found, Skip, Swept, no_slot_bits, set_live_slot_bit};
pub use tiles::{Tile, TileMap, TileMapError};

/// Tiles checked against a body by this thread's queries (tests only).
#[cfg(test)]
pub(crate) use tiles::CHECKED as TILES_CHECKED;

use glam::{IVec2, Vec2};

use crate::shape::Shape;
use collider::local_bounds_of;
use grid::{Grid, Placement};
pub(crate) use nearby::Nearby;

#[derive(Debug, Clone)]
#[repr(C, align(64))]
struct Slot {
    generation: u32,
    placement: Placement,
    collider: Option<Collider>,
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
    /// The sensors, filed apart: the moves and the blocking queries never look at them.
    sensor_grid: Grid,
    len: usize,
    /// Live colliders with a nonzero velocity.
    moving: u32,
    /// Live sensors.
    sensor_count: u32,
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

impl World {
    /// An empty world with broadphase cells of [`DEFAULT_CELL_SIZE`].
    #[must_use]
    pub fn new() -> Self {
        World {
            slots: Vec::new(),
            free: Vec::new(),
            grid: Grid::new(DEFAULT_CELL_SIZE),
            sensor_grid: Grid::new(DEFAULT_CELL_SIZE),
            len: 0,
            moving: 0,
            sensor_count: 0,
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
            sensor_grid: Grid::new(cell_size),
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

    /// Adds a collider. A sensor is filed apart from the other colliders (see
    /// [`ColliderDesc::sensor`]); a tile map sensor is refused ([`WorldError::SensorTileMap`]).
    pub fn add(&mut self, desc: ColliderDesc) -> Result<Handle, WorldError> {
        check_finite("position", desc.position)?;
        check_finite("velocity", desc.velocity)?;
        if desc.sensor && matches!(desc.geometry, Geometry::Tiles(_)) {
            return Err(WorldError::SensorTileMap);
        }
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
        let placement = self.grid_of_mut(desc.sensor).insert(index, lo, hi, large);
        let slot = &mut self.slots[index as usize];
        slot.collider = Some(Collider {
            geometry: desc.geometry,
            position: desc.position,
            layers: desc.layers,
            mask: desc.mask,
            has_user_data: desc.user_data.is_some(),
            user_data: desc.user_data.unwrap_or(0),
            kind: desc.kind,
            one_way: desc.one_way,
            sensor: desc.sensor,
            climbable: desc.climbable,
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
        let handle = Handle {
            index,
            generation: slot.generation,
        };
        if desc.sensor {
            self.sensor_count += 1;
        } else {
            self.changed();
        }
        Ok(handle)
    }

    /// Removes a collider and gives it back.
    pub fn remove(&mut self, handle: Handle) -> Result<Collider, WorldError> {
        self.get(handle).ok_or(WorldError::UnknownHandle(handle))?;
        let slot = &mut self.slots[handle.index as usize];
        let collider = slot
            .collider
            .take()
            .ok_or(WorldError::UnknownHandle(handle))?;
        let placement = slot.placement;
        slot.generation = slot.generation.wrapping_add(1);
        self.grid_of_mut(collider.sensor)
            .remove(handle.index, placement);
        self.free.push(handle.index);
        self.len -= 1;
        if collider.velocity != Vec2::ZERO {
            self.moving -= 1;
        }
        if collider.sensor {
            self.sensor_count -= 1;
        } else {
            self.changed();
        }
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
        c.place_at(position);
        // Its size did not change: a large collider (a tile map) stays in the large list.
        let large = slot.placement == Placement::Large;
        // A sensor is no part of what the moves see: moving it leaves the stamp as it is.
        let grid = if c.sensor {
            &mut self.sensor_grid
        } else {
            self.stamp.revision = self.stamp.revision.wrapping_add(1);
            &mut self.grid
        };
        slot.placement = grid.update(handle.index, slot.placement, c.lo, c.hi, large);
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
        let sensor = c.sensor;
        match (was, velocity != Vec2::ZERO) {
            (false, true) => self.moving += 1,
            (true, false) => self.moving -= 1,
            _ => {}
        }
        if !sensor {
            self.changed();
        }
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
        let slot = &mut self.slots[handle.index as usize];
        let Some(c) = slot.collider.as_mut() else {
            return;
        };
        if !c.sensor {
            self.stamp.revision = self.stamp.revision.wrapping_add(1);
        }
        f(c);
        let (local_lo, local_hi) = local_bounds_of(&c.geometry);
        c.local_lo = local_lo;
        c.local_hi = local_hi;
        let (lo, hi) = (local_lo + c.position, local_hi + c.position);
        c.lo = lo;
        c.hi = hi;
        let large = matches!(c.geometry, Geometry::Tiles(_));
        let grid = if c.sensor {
            &mut self.sensor_grid
        } else {
            &mut self.grid
        };
        slot.placement = grid.update(handle.index, slot.placement, lo, hi, large);
    }

    /// The grid a collider is filed in: the sensors' or the others'.
    fn grid_of_mut(&mut self, sensor: bool) -> &mut Grid {
        if sensor {
            &mut self.sensor_grid
        } else {
            &mut self.grid
        }
    }

    fn handle_of(&self, index: u32) -> Handle {
        Handle {
            index,
            generation: self.slots[index as usize].generation,
        }
    }

    /// Live colliders passing `filter` whose bounds touch `[lo, hi]`, sorted by index.
    fn candidates(&self, lo: Vec2, hi: Vec2, filter: &QueryFilter) -> Vec<(Handle, &Collider)> {
        self.filed_in(&self.grid, lo, hi, filter)
    }

    /// Live colliders filed in `grid` (the blocking one or the sensors') passing `filter`
    /// whose bounds touch `[lo, hi]`, sorted by index.
    pub(super) fn filed_in<'w>(
        &'w self,
        grid: &Grid,
        lo: Vec2,
        hi: Vec2,
        filter: &QueryFilter,
    ) -> Vec<(Handle, &'w Collider)> {
        let mut ids = Vec::new();
        grid.candidates_in(lo, hi, &mut ids);
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
    #[inline]
    pub(crate) fn cell_of(&self, p: Vec2) -> IVec2 {
        grid::cell_of(p, self.grid.cell_size())
    }
}
