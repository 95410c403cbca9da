//! Keeping the glissade world and the entities in step: colliders added, changed and
//! teleported (before a step), positions written back to `Transform` (after it), and the
//! opt-in interpolation between fixed steps (each frame).
//!
//! A collider's world position is its entity's `Transform` translation `x` and `y`. The plugin
//! remembers the position it last agreed with the entity ([`ColliderHandle`]'s `synced`): a
//! `Transform` found anywhere else was moved by the game, and the collider is teleported
//! there (no collision on the way).

use bevy_ecs::change_detection::{DetectChanges, Ref};
use bevy_ecs::component::Component;
use bevy_ecs::entity::Entity;
use bevy_ecs::message::MessageWriter;
use bevy_ecs::query::{Has, With};
use bevy_ecs::system::{Query, Res, ResMut};
use bevy_math::Vec2;
use bevy_time::{Fixed, Time};
use bevy_transform::components::Transform;
use glissade::ColliderDesc;
use glissade::world::{BodyKind, Geometry};

use crate::components::{
    Climbable, Collider, ColliderHandle, CollisionLayers, Kinematic, OneWay, Sensor,
};
use crate::events::StepFailed;
use crate::world::GlissadeWorld;

/// Opt-in smoothing for rendering: with it, each frame the entity's `Transform` is placed
/// between its last two fixed-step positions by how far the frame is into the next fixed
/// step ([`Time<Fixed>::overstep_fraction`](bevy_time::Time::overstep_fraction)), so motion
/// looks smooth at any frame rate. The collider itself stays at the stepped position
/// (read it from [`GlissadeWorld`]). It lags one fixed step behind.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq)]
pub struct InterpolatedTransform {
    /// The position before the last step, world units.
    pub previous: Vec2,
    /// The position after the last step, world units.
    pub current: Vec2,
}

fn xy(t: &Transform) -> Vec2 {
    t.translation.truncate()
}

/// Sets `x` and `y` of the translation, leaving `z` and the change flag alone when equal.
fn set_xy(t: &mut Transform, p: Vec2) {
    if xy(t) != p {
        t.translation.x = p.x;
        t.translation.y = p.y;
    }
}

fn refuse(failed: &mut MessageWriter<StepFailed>, entity: Entity, what: &str, reason: String) {
    log::warn!("glissade: {what} of {entity} refused: {reason}");
    failed.write(StepFailed {
        entity,
        reason: format!("{what}: {reason}"),
    });
}

/// What one entity's collider is made of, read from its components.
type ColliderParts<'a> = (
    Entity,
    Ref<'a, Collider>,
    Ref<'a, Transform>,
    &'a mut ColliderHandle,
    (Has<Sensor>, Has<Climbable>, Has<OneWay>),
    Option<&'a Kinematic>,
    Option<Ref<'a, CollisionLayers>>,
    Option<&'a mut InterpolatedTransform>,
);

/// Adds new colliders, replaces changed ones, teleports moved ones and applies new layers.
/// New colliders join the world in the order of their entities' indices (spawn order, in a
/// world that has not recycled any), whatever their archetypes, so that a scene spawned in
/// one go gets its handles in the order it was spawned in.
pub(crate) fn sync_colliders(
    mut gw: ResMut<GlissadeWorld>,
    mut bodies: Query<ColliderParts>,
    mut failed: MessageWriter<StepFailed>,
) {
    let mut fresh = Vec::new();
    for (entity, collider, transform, mut handle, flags, kinematic, layers, interp) in &mut bodies {
        let at = xy(&transform);
        // A marker (Sensor, Climbable, OneWay, Kinematic) added or removed since the collider
        // joined: the world's collider is replaced by one that has it.
        let markers_moved = handle
            .handle
            .and_then(|h| gw.world().get(h))
            .is_some_and(|c| {
                let (sensor, climbable, one_way) = flags;
                (c.is_sensor(), c.is_climbable(), c.is_one_way(), c.kind())
                    != (
                        sensor || climbable,
                        climbable,
                        one_way,
                        if kinematic.is_some() {
                            BodyKind::Kinematic
                        } else {
                            BodyKind::Static
                        },
                    )
            });
        if handle.handle.is_none() || collider.is_changed() || markers_moved {
            // Refused before and nothing changed since: do not refuse again every step.
            let retry = !handle.refused || collider.is_changed() || at != handle.synced;
            if handle.handle.is_some() || retry {
                fresh.push(entity);
            }
            continue;
        }
        let Some(h) = handle.handle else { continue };
        if at != handle.synced {
            match gw.world_mut().set_position(h, at) {
                Ok(()) => restart(interp, at),
                Err(e) => refuse(&mut failed, entity, "teleport", e.to_string()),
            }
            handle.synced = at;
        }
        if let Some(l) = layers.filter(|l| l.is_changed())
            && let Err(e) = gw.world_mut().set_layers(h, l.memberships, l.filters)
        {
            refuse(&mut failed, entity, "layers", e.to_string());
        }
    }
    fresh.sort_by_key(|e| (e.index_u32(), e.to_bits()));
    for entity in fresh {
        let Ok((_, collider, transform, mut handle, flags, kinematic, layers, interp)) =
            bodies.get_mut(entity)
        else {
            continue;
        };
        let at = xy(&transform);
        if let Some(old) = handle.handle.take() {
            gw.remove(entity, old);
        }
        let desc = describe(entity, &collider, at, flags, kinematic, layers.as_deref());
        match gw.world_mut().add(desc) {
            Ok(h) => {
                gw.insert(entity, h);
                handle.handle = Some(h);
                handle.refused = false;
            }
            Err(e) => {
                handle.refused = true;
                refuse(&mut failed, entity, "collider", e.to_string());
            }
        }
        handle.synced = at;
        restart(interp, at);
    }
}

/// Starts an interpolation afresh at `at` (after a teleport or a new collider).
fn restart(interp: Option<bevy_ecs::change_detection::Mut<InterpolatedTransform>>, at: Vec2) {
    if let Some(mut i) = interp {
        *i = InterpolatedTransform {
            previous: at,
            current: at,
        };
    }
}

/// The glissade description of an entity's collider at `at`.
fn describe(
    entity: Entity,
    collider: &Collider,
    at: Vec2,
    (sensor, climbable, one_way): (bool, bool, bool),
    kinematic: Option<&Kinematic>,
    layers: Option<&CollisionLayers>,
) -> ColliderDesc {
    let layers = layers.copied().unwrap_or_default();
    let mut desc = match collider.geometry() {
        Geometry::Shape(s) => ColliderDesc::new(s.clone(), at),
        Geometry::Tiles(map) => ColliderDesc::tiles((**map).clone(), at),
    }
    .with_layers(layers.memberships, layers.filters)
    .with_user_data(entity.to_bits());
    if let Some(k) = kinematic {
        desc = desc.kinematic().with_velocity(k.velocity);
    }
    if one_way {
        desc = desc.one_way();
    }
    if climbable {
        desc = desc.climbable();
    } else if sensor {
        desc = desc.sensor();
    }
    desc
}

/// Writes each kinematic body's stepped position to its `Transform` (and to its
/// interpolation, when it has one).
pub(crate) fn write_back(
    gw: Res<GlissadeWorld>,
    mut bodies: Query<
        (
            &mut ColliderHandle,
            &mut Transform,
            Option<&mut InterpolatedTransform>,
        ),
        With<Kinematic>,
    >,
) {
    for (mut handle, mut transform, interp) in &mut bodies {
        let Some(c) = handle.handle.and_then(|h| gw.world().get(h)) else {
            continue;
        };
        let p = c.position();
        match interp {
            Some(mut i) => {
                i.previous = i.current;
                i.current = p;
            }
            None => {
                if handle.synced != p {
                    set_xy(&mut transform, p);
                    handle.synced = p;
                }
            }
        }
    }
}

/// Places interpolated entities between their last two stepped positions (each frame). An
/// entity the game moved since is left where the game put it: the next step teleports it.
pub(crate) fn interpolate(
    time: Option<Res<Time<Fixed>>>,
    mut bodies: Query<(&mut ColliderHandle, &mut Transform, &InterpolatedTransform)>,
) {
    let f = time.map_or(1.0, |t| t.overstep_fraction().clamp(0.0, 1.0));
    for (mut handle, mut transform, i) in &mut bodies {
        if handle.handle.is_none() || xy(&transform) != handle.synced {
            continue;
        }
        let p = i.previous.lerp(i.current, f);
        set_xy(&mut transform, p);
        handle.synced = p;
    }
}
