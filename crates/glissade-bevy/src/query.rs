//! Scene queries from systems: [`SpatialQuery`], answering by entity.

use bevy_ecs::entity::Entity;
use bevy_ecs::system::{Res, SystemParam};
use bevy_math::Vec2;
use glissade::world::Sensors;
use glissade::{Handle, QueryFilter, Shape};

use crate::world::GlissadeWorld;

/// Which colliders a [`SpatialQuery`] sees: those whose layers meet `mask`, whose mask meets
/// `layers`, not in `excluded`, passing `predicate`; one-way platforms unless
/// `one_way` is false; sensors as `sensors` says (by default not at all).
#[derive(Clone, Copy)]
pub struct SpatialQueryFilter<'a> {
    /// The layers the querying party is on (checked against each collider's filters).
    pub layers: u32,
    /// The layers the query sees (checked against each collider's memberships).
    pub mask: u32,
    /// Entities whose colliders are left out (a character's own, say).
    pub excluded: &'a [Entity],
    /// A last say on each collider's entity that passed the rest.
    pub predicate: Option<&'a dyn Fn(Entity) -> bool>,
    /// Whether one-way platforms are seen (default `true`).
    pub one_way: bool,
    /// Whether sensors are seen: not (default), with the rest, or only sensors.
    pub sensors: Sensors,
}

impl Default for SpatialQueryFilter<'_> {
    fn default() -> Self {
        SpatialQueryFilter {
            layers: u32::MAX,
            mask: u32::MAX,
            excluded: &[],
            predicate: None,
            one_way: true,
            sensors: Sensors::Exclude,
        }
    }
}

impl<'a> SpatialQueryFilter<'a> {
    /// Sees only colliders on the layers of `mask`.
    #[must_use]
    pub fn with_mask(self, mask: u32) -> Self {
        SpatialQueryFilter { mask, ..self }
    }

    /// The querying party is on `layers`.
    #[must_use]
    pub fn with_layers(self, layers: u32) -> Self {
        SpatialQueryFilter { layers, ..self }
    }

    /// Leaves out these entities' colliders.
    #[must_use]
    pub fn excluding(self, excluded: &'a [Entity]) -> Self {
        SpatialQueryFilter { excluded, ..self }
    }

    /// Asks `predicate` about each collider's entity that passed the rest.
    #[must_use]
    pub fn with_predicate(self, predicate: &'a dyn Fn(Entity) -> bool) -> Self {
        SpatialQueryFilter {
            predicate: Some(predicate),
            ..self
        }
    }

    /// Leaves out one-way platforms.
    #[must_use]
    pub fn without_one_way(self) -> Self {
        SpatialQueryFilter {
            one_way: false,
            ..self
        }
    }

    /// Sees sensors as `sensors` says.
    #[must_use]
    pub fn with_sensors(self, sensors: Sensors) -> Self {
        SpatialQueryFilter { sensors, ..self }
    }
}

/// The first collider a ray enters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RayHit {
    /// Its entity.
    pub entity: Entity,
    /// Fraction of the ray's translation, in `[0, 1]`.
    pub fraction: f32,
    /// Where the ray enters it, world units.
    pub point: Vec2,
    /// Its outward unit normal there.
    pub normal: Vec2,
}

/// The first collider a moving shape meets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShapeHit {
    /// Its entity.
    pub entity: Entity,
    /// Fraction of the motion, in `[0, 1]`, at the first contact.
    pub fraction: f32,
    /// Contact point, world units.
    pub point: Vec2,
    /// Unit normal from the collider toward the moving shape.
    pub normal: Vec2,
}

/// A collider a shape overlaps.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OverlapHit {
    /// Its entity.
    pub entity: Entity,
    /// Unit direction that pushes the shape out (from the collider toward the shape).
    pub normal: Vec2,
    /// How far to push, world units (positive).
    pub depth: f32,
}

/// Scene queries on the [`GlissadeWorld`] from a system: raycasts, shape casts, overlaps
/// and point queries, with filters that take entities and answers that name entities. All
/// positions are world units, y up. Colliders added to the world directly (without an
/// entity) are not reported. The world is as the last step left it.
#[derive(SystemParam)]
pub struct SpatialQuery<'w> {
    world: Res<'w, GlissadeWorld>,
}

impl SpatialQuery<'_> {
    /// The world queried.
    #[must_use]
    pub fn world(&self) -> &GlissadeWorld {
        &self.world
    }

    /// The first collider the ray `origin + t · translation`, `t ∈ [0, 1]`, enters (a ray
    /// starting inside one hits it at 0).
    #[must_use]
    pub fn raycast(
        &self,
        origin: Vec2,
        translation: Vec2,
        filter: &SpatialQueryFilter,
    ) -> Option<RayHit> {
        self.with_filter(filter, |w, f| w.raycast(origin, translation, f))
            .and_then(|h| {
                Some(RayHit {
                    entity: self.world.entity(h.handle)?,
                    fraction: h.fraction,
                    point: h.point,
                    normal: h.normal,
                })
            })
    }

    /// The first collider `shape` (in its own frame, placed at `position`) meets moving by
    /// `motion`.
    #[must_use]
    pub fn cast_shape(
        &self,
        shape: &Shape,
        position: Vec2,
        motion: Vec2,
        filter: &SpatialQueryFilter,
    ) -> Option<ShapeHit> {
        self.with_filter(filter, |w, f| w.cast_shape(shape, position, motion, f))
            .and_then(|h| {
                Some(ShapeHit {
                    entity: self.world.entity(h.handle)?,
                    fraction: h.fraction,
                    point: h.point,
                    normal: h.normal,
                })
            })
    }

    /// Every collider `shape` at `position` overlaps deeper than the tolerance, with the
    /// push out of each (see [`World::overlap_shape`](glissade::World::overlap_shape)).
    #[must_use]
    pub fn overlap_shape(
        &self,
        shape: &Shape,
        position: Vec2,
        filter: &SpatialQueryFilter,
    ) -> Vec<OverlapHit> {
        self.with_filter(filter, |w, f| w.overlap_shape(shape, position, f))
            .into_iter()
            .filter_map(|o| {
                Some(OverlapHit {
                    entity: self.world.entity(o.handle)?,
                    normal: o.normal,
                    depth: o.depth,
                })
            })
            .collect()
    }

    /// The entities whose colliders contain `point` (boundary included), in handle order.
    #[must_use]
    pub fn point(&self, point: Vec2, filter: &SpatialQueryFilter) -> Vec<Entity> {
        self.entities(self.with_filter(filter, |w, f| w.query_point(point, f)))
    }

    /// The entities whose colliders overlap or touch the box `[min, max]`, in handle order.
    #[must_use]
    pub fn aabb(&self, min: Vec2, max: Vec2, filter: &SpatialQueryFilter) -> Vec<Entity> {
        self.entities(self.with_filter(filter, |w, f| w.query_aabb(min, max, f)))
    }

    fn entities(&self, handles: Vec<Handle>) -> Vec<Entity> {
        handles
            .into_iter()
            .filter_map(|h| self.world.entity(h))
            .collect()
    }

    /// Runs `query` with `filter` turned into glissade's, entities into handles.
    fn with_filter<R>(
        &self,
        filter: &SpatialQueryFilter,
        query: impl FnOnce(&glissade::World, &QueryFilter) -> R,
    ) -> R {
        let excluded: Vec<Handle> = filter
            .excluded
            .iter()
            .filter_map(|e| self.world.handle(*e))
            .collect();
        let predicate = filter.predicate.map(|p| {
            move |_: Handle, c: &glissade::world::Collider| {
                c.user_data().and_then(Entity::try_from_bits).is_some_and(p)
            }
        });
        let mut f = QueryFilter::default()
            .with_layers(filter.layers)
            .with_mask(filter.mask)
            .excluding(&excluded);
        f.one_way = filter.one_way;
        f.sensors = filter.sensors;
        if let Some(p) = &predicate {
            f = f.with_predicate(p);
        }
        query(self.world.world(), &f)
    }
}
