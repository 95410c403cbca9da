//! The step: platforms, then characters, then plain movers, each reporting what it met.

use bevy_ecs::entity::Entity;
use bevy_ecs::message::MessageWriter;
use bevy_ecs::query::{With, Without};
use bevy_ecs::system::{Commands, Query, Res, ResMut, SystemParam};
use bevy_math::Vec2;
use bevy_time::Time;
use glissade::character::Step;
use glissade::motion::{MoveConfig, MoveContact, SensorContact, move_and_slide_with_velocity};
use glissade::world::Collider as WorldCollider;
use glissade::{Handle, QueryFilter};

use crate::character::{CharacterController, CharacterState, Platformer, PlatformerInput};
use crate::components::{ColliderHandle, CollisionLayers, Kinematic};
use crate::events::{BodyContact, SensorEntered, SensorLeft, StepFailed};
use crate::level::PathFollower;
use crate::mover::{ContactResponse, MoveAndSlide};
use crate::world::GlissadeWorld;

/// The step's length in seconds, or `None` for an empty step (nothing moves then).
fn step_dt(time: &Time) -> Option<f32> {
    let dt = time.delta_secs();
    (dt.is_finite() && dt > 0.0).then_some(dt)
}

/// Where the steps report what they met.
#[derive(SystemParam)]
pub(crate) struct Reports<'w, 's> {
    commands: Commands<'w, 's>,
    contacts: MessageWriter<'w, BodyContact>,
    entered: MessageWriter<'w, SensorEntered>,
    left: MessageWriter<'w, SensorLeft>,
    failed: MessageWriter<'w, StepFailed>,
}

impl Reports<'_, '_> {
    /// Reports the contacts and sensors of `entity`'s step.
    fn moved(
        &mut self,
        gw: &GlissadeWorld,
        entity: Entity,
        contacts: &[MoveContact],
        sensors: &[SensorContact],
    ) {
        for c in contacts {
            if let Some(other) = gw.entity(c.handle) {
                self.contacts.write(BodyContact {
                    entity,
                    other,
                    normal: c.normal,
                    point: c.point,
                    response: c.response,
                });
            }
        }
        for s in sensors {
            let Some(sensor) = gw.entity(s.handle) else {
                continue;
            };
            // A sensor crossed within the step is entered, then left.
            if s.entered() {
                let e = SensorEntered { entity, sensor };
                self.entered.write(e);
                self.commands.trigger(e);
            }
            if s.left() {
                let e = SensorLeft { entity, sensor };
                self.left.write(e);
                self.commands.trigger(e);
            }
        }
    }

    fn failed(&mut self, entity: Entity, reason: String) {
        log::warn!("glissade: step of {entity} refused: {reason}");
        self.failed.write(StepFailed { entity, reason });
    }
}

/// Moves kinematic platforms (kinematic bodies that are neither characters nor movers) by
/// their velocity, or along their level path, and sets their world velocity, so that the
/// characters stepped next ride them.
#[allow(clippy::type_complexity)]
pub(crate) fn move_platforms(
    time: Res<Time>,
    mut gw: ResMut<GlissadeWorld>,
    mut platforms: Query<
        (
            Entity,
            &ColliderHandle,
            &mut Kinematic,
            Option<&mut PathFollower>,
        ),
        (
            Without<CharacterController>,
            Without<Platformer>,
            Without<MoveAndSlide>,
        ),
    >,
    mut reports: Reports,
) {
    let Some(dt) = step_dt(&time) else { return };
    for (entity, handle, mut kinematic, follower) in &mut platforms {
        let Some(h) = handle.get() else { continue };
        let Some(from) = gw.world().get(h).map(WorldCollider::position) else {
            continue;
        };
        let (to, velocity) = match follower {
            Some(mut f) => {
                let (a, b) = (
                    f.run.position_at(f.time),
                    f.run.position_at(f.time + f64::from(dt)),
                );
                f.time += f64::from(dt);
                (b, (b - a) / dt)
            }
            None => (from + kinematic.velocity * dt, kinematic.velocity),
        };
        if kinematic.velocity != velocity {
            kinematic.velocity = velocity;
        }
        let w = gw.world_mut();
        if let Err(e) = w
            .set_position(h, to)
            .and_then(|()| w.set_velocity(h, velocity))
        {
            reports.failed(entity, e.to_string());
        }
    }
}

/// Steps each [`CharacterController`] by its velocity.
pub(crate) fn step_controllers(
    time: Res<Time>,
    mut gw: ResMut<GlissadeWorld>,
    mut characters: Query<(
        Entity,
        &ColliderHandle,
        &mut CharacterController,
        &mut CharacterState,
        &mut Kinematic,
    )>,
    mut reports: Reports,
) {
    let Some(dt) = step_dt(&time) else { return };
    for (entity, handle, mut controller, mut state, mut kinematic) in &mut characters {
        let Some(h) = handle.get() else { continue };
        let c = &mut *controller;
        let mut step = Step::new(c.velocity * dt, dt);
        step.drop_through = c.drop_through;
        step.snap = c.snap;
        match c.inner.step(gw.world_mut(), h, step) {
            Ok(s) => {
                state.0.clone_from(s);
                kinematic.velocity = s.displacement / dt;
                reports.moved(&gw, entity, &state.contacts, &state.sensors);
            }
            Err(e) => reports.failed(entity, e.to_string()),
        }
    }
}

/// Steps each [`Platformer`] with its input.
pub(crate) fn step_platformers(
    time: Res<Time>,
    mut gw: ResMut<GlissadeWorld>,
    mut characters: Query<(
        Entity,
        &ColliderHandle,
        &mut Platformer,
        &PlatformerInput,
        &mut CharacterState,
        &mut Kinematic,
    )>,
    mut reports: Reports,
) {
    let Some(dt) = step_dt(&time) else { return };
    for (entity, handle, mut platformer, input, mut state, mut kinematic) in &mut characters {
        let Some(h) = handle.get() else { continue };
        match platformer.0.update(gw.world_mut(), h, input.0, dt) {
            Ok(s) => {
                state.0.clone_from(s);
                kinematic.velocity = platformer.velocity;
                reports.moved(&gw, entity, &state.contacts, &state.sensors);
            }
            Err(e) => reports.failed(entity, e.to_string()),
        }
    }
}

/// Moves each [`MoveAndSlide`] body by its velocity and motion.
#[allow(clippy::type_complexity)]
pub(crate) fn step_movers(
    time: Res<Time>,
    mut gw: ResMut<GlissadeWorld>,
    mut movers: Query<
        (
            Entity,
            &ColliderHandle,
            &mut MoveAndSlide,
            &mut Kinematic,
            Option<&CollisionLayers>,
        ),
        With<ColliderHandle>,
    >,
    own_responses: Query<&ContactResponse>,
    mut reports: Reports,
) {
    let Some(dt) = step_dt(&time) else { return };
    for (entity, handle, mut mover, mut kinematic, layers) in &mut movers {
        let Some(h) = handle.get() else { continue };
        let layers = layers.copied().unwrap_or_default();
        let motion = mover.velocity * dt + mover.motion;
        let result = {
            let m = &*mover;
            let respond = |_: Handle, c: &WorldCollider| {
                let other = c.user_data().and_then(Entity::try_from_bits);
                let own = other.and_then(|e| own_responses.get(e).ok().copied());
                m.response_to(other, own)
            };
            let config = MoveConfig::default()
                .with_skin(m.skin)
                .with_max_iterations(m.max_iterations)
                .with_filter(
                    QueryFilter::default()
                        .with_layers(layers.memberships)
                        .with_mask(layers.filters),
                )
                .with_response(&respond);
            move_and_slide_with_velocity(gw.world_mut(), h, motion, m.velocity, &config)
        };
        match result {
            Ok(r) => {
                mover.velocity = r.velocity;
                mover.motion = Vec2::ZERO;
                kinematic.velocity = r.velocity;
                reports.moved(&gw, entity, &r.contacts, &r.sensors);
            }
            Err(e) => reports.failed(entity, e.to_string()),
        }
    }
}
