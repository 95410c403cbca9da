//! The world resource: the glissade world of the app, and which entity each collider is.

use bevy_ecs::entity::{Entity, EntityHashMap};
use bevy_ecs::resource::Resource;
use glissade::{Handle, World};

/// The glissade [`World`] of the app, with which entity each collider belongs to. Read the
/// world for anything the plugin does not wrap; change it through the components, which
/// the plugin keeps it in step with.
#[derive(Resource, Default)]
pub struct GlissadeWorld {
    world: World,
    handles: EntityHashMap<Handle>,
}

impl GlissadeWorld {
    /// The glissade world.
    #[must_use]
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The world, to change. Changes the plugin does not know about (a collider added or
    /// removed here) are not reflected in the entities.
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// The collider of `entity`, if it has one in the world.
    #[must_use]
    pub fn handle(&self, entity: Entity) -> Option<Handle> {
        self.handles.get(&entity).copied()
    }

    /// The entity whose collider is `handle` (`None` for a collider added to the world
    /// directly, or a stale handle).
    #[must_use]
    pub fn entity(&self, handle: Handle) -> Option<Entity> {
        self.world
            .get(handle)
            .and_then(|c| c.user_data())
            .and_then(Entity::try_from_bits)
    }

    pub(crate) fn insert(&mut self, entity: Entity, handle: Handle) {
        self.handles.insert(entity, handle);
    }

    pub(crate) fn remove(&mut self, entity: Entity, handle: Handle) {
        if self.handles.get(&entity) == Some(&handle) {
            self.handles.remove(&entity);
        }
        let _ = self.world.remove(handle);
    }
}
