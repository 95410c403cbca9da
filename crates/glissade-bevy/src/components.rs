//! The components that put an entity into the glissade world: its collider, what kind of
//! body it is, its layers, and whether it is a sensor.
//!
//! Positions come from the entity's [`Transform`]: its translation's `x` and `y` are the
//! collider's world position (world units, y up); `z`, rotation and scale are ignored
//! (glissade bodies do not rotate), and so are parents: put colliders on root entities.

use bevy_ecs::component::Component;
use bevy_ecs::lifecycle::HookContext;
use bevy_ecs::world::DeferredWorld;
use bevy_math::Vec2;
use bevy_transform::components::Transform;
use glissade::world::Geometry;
use glissade::{Aabb, Capsule, Circle, ConvexPolygon, Handle, Segment, Shape, ShapeError, TileMap};

use crate::world::GlissadeWorld;

/// The collision geometry of an entity: one glissade [`Shape`] in the entity's frame, or a
/// [`TileMap`] whose bottom-left corner is at the entity's position.
///
/// Adding it (with a [`Transform`], required) puts a collider into the [`GlissadeWorld`] at
/// the next step; removing it or despawning the entity takes it out; changing it replaces the
/// world's collider at the next step (a new [`Handle`]). Without [`Kinematic`] the collider
/// is static level geometry.
#[derive(Component, Debug, Clone, PartialEq)]
#[require(Transform, ColliderHandle)]
#[component(on_remove = remove_from_world)]
pub struct Collider {
    geometry: Geometry,
}

impl Collider {
    /// A collider of any glissade shape (in the entity's frame).
    #[must_use]
    pub fn shape(shape: impl Into<Shape>) -> Self {
        Collider {
            geometry: Geometry::Shape(shape.into()),
        }
    }

    /// A tile map; its bottom-left corner sits at the entity's position.
    #[must_use]
    pub fn tile_map(map: TileMap) -> Self {
        Collider {
            geometry: Geometry::Tiles(Box::new(map)),
        }
    }

    /// An axis-aligned box centred on the entity, `half_extents` world units each way.
    pub fn rectangle(half_extents: Vec2) -> Result<Self, ShapeError> {
        Ok(Self::shape(Aabb::from_half_extents(half_extents)?))
    }

    /// A circle of `radius` world units centred on the entity.
    pub fn circle(radius: f32) -> Result<Self, ShapeError> {
        Ok(Self::shape(Circle::new(radius)?))
    }

    /// A capsule from `a` to `b` (entity frame) with `radius`.
    pub fn capsule(a: Vec2, b: Vec2, radius: f32) -> Result<Self, ShapeError> {
        Ok(Self::shape(Capsule::new(a, b, radius)?))
    }

    /// A segment from `a` to `b` (entity frame).
    pub fn segment(a: Vec2, b: Vec2) -> Result<Self, ShapeError> {
        Ok(Self::shape(Segment::new(a, b)?))
    }

    /// A convex polygon of `points` (entity frame; either winding).
    pub fn polygon(points: &[Vec2]) -> Result<Self, ShapeError> {
        Ok(Self::shape(ConvexPolygon::new(points)?))
    }

    /// The geometry.
    #[must_use]
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The shape, unless this is a tile map.
    #[must_use]
    pub fn as_shape(&self) -> Option<&Shape> {
        match &self.geometry {
            Geometry::Shape(s) => Some(s),
            Geometry::Tiles(_) => None,
        }
    }
}

impl From<Geometry> for Collider {
    fn from(geometry: Geometry) -> Self {
        Collider { geometry }
    }
}

/// Which world collider an entity is, kept by the plugin (added with [`Collider`]). Read it
/// to talk to [`GlissadeWorld`] directly; the plugin owns its contents.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq)]
#[component(on_remove = remove_from_world)]
pub struct ColliderHandle {
    pub(crate) handle: Option<Handle>,
    /// The position (world units) last put into the world or written to the `Transform` by
    /// the plugin: a `Transform` found elsewhere was teleported by the game.
    pub(crate) synced: Vec2,
    /// The world refused the collider as it is: not tried again until it changes.
    pub(crate) refused: bool,
}

impl ColliderHandle {
    /// The world's handle of this entity's collider, once the plugin has added it.
    #[must_use]
    pub fn get(&self) -> Option<Handle> {
        self.handle
    }
}

/// Takes an entity's collider out of the world when its [`Collider`] (or its handle) goes.
fn remove_from_world(mut world: DeferredWorld, ctx: HookContext) {
    let Some(handle) = world
        .get_mut::<ColliderHandle>(ctx.entity)
        .and_then(|mut h| h.handle.take())
    else {
        return;
    };
    if let Some(mut w) = world.get_resource_mut::<GlissadeWorld>() {
        w.remove(ctx.entity, handle);
    }
}

/// A trigger area: the collider blocks and pushes nothing, and bodies moving through it
/// raise [`SensorEntered`](crate::SensorEntered) and [`SensorLeft`](crate::SensorLeft).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sensor;

/// A climbable sensor (a ladder, a vine): a [`Platformer`](crate::Platformer) with a climb
/// speed climbs it.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
#[require(Sensor)]
pub struct Climbable;

/// A one-way platform: solid only from above (along the characters' up direction).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OneWay;

/// Static level geometry: never moved by the plugin (it can still be teleported through its
/// `Transform`). A collider without [`Kinematic`] is static; this marker says so explicitly.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Static;

/// A kinematic body. On its own (no character or mover component) it is a moving platform:
/// each step moves it by `velocity × dt` before the characters step, so that the characters
/// standing on it ride it and the ones it moves into are pushed. Characters and movers are
/// kinematic too: for them the plugin writes their velocity here after each step.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq)]
pub struct Kinematic {
    /// World units per second.
    pub velocity: Vec2,
}

impl Kinematic {
    /// A kinematic body moving at `velocity` (world units per second).
    #[must_use]
    pub fn moving(velocity: Vec2) -> Self {
        Kinematic { velocity }
    }
}

/// Collision layers: a collider is seen by a query or a move when its `memberships` meet the
/// querying party's `filters` and the other way round (glissade's layers and mask). Default:
/// every layer, sees everything.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CollisionLayers {
    /// The layers this collider is on (bit mask).
    pub memberships: u32,
    /// The layers this collider sees (bit mask).
    pub filters: u32,
}

impl Default for CollisionLayers {
    fn default() -> Self {
        CollisionLayers {
            memberships: u32::MAX,
            filters: u32::MAX,
        }
    }
}

impl CollisionLayers {
    /// On `memberships`, seeing `filters`.
    #[must_use]
    pub fn new(memberships: u32, filters: u32) -> Self {
        CollisionLayers {
            memberships,
            filters,
        }
    }
}
