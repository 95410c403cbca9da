//! The plugin: the system sets and the order of a step.

use bevy_app::{App, FixedUpdate, Plugin, PostUpdate};
use bevy_ecs::intern::Interned;
use bevy_ecs::schedule::{IntoScheduleConfigs, ScheduleLabel, SystemSet};
use bevy_transform::plugins::TransformSystems;

use crate::events::{BodyContact, SensorEntered, SensorLeft, StepFailed};
use crate::world::GlissadeWorld;
use crate::{step, sync};

/// Adds glissade to an app: a [`GlissadeWorld`] resource, stepped once per run of the
/// schedule (default [`FixedUpdate`]) in the order of [`GlissadeSystems`], with the messages
/// [`BodyContact`], [`SensorEntered`], [`SensorLeft`] and [`StepFailed`].
///
/// The step's `dt` is the schedule's [`Time`](bevy_time::Time) delta (in `FixedUpdate`, the
/// fixed timestep), so the schedule's app needs bevy_time's `TimePlugin`.
#[derive(Debug, Clone)]
pub struct GlissadePlugin {
    schedule: Interned<dyn ScheduleLabel>,
}

impl Default for GlissadePlugin {
    fn default() -> Self {
        GlissadePlugin {
            schedule: FixedUpdate.intern(),
        }
    }
}

impl GlissadePlugin {
    /// Steps in `schedule` instead of [`FixedUpdate`] (the step then lasts that schedule's
    /// `Time` delta: in `Update`, one frame; not frame-rate independent then).
    #[must_use]
    pub fn in_schedule(schedule: impl ScheduleLabel) -> Self {
        GlissadePlugin {
            schedule: schedule.intern(),
        }
    }
}

/// The stages of a step, run one after the other in this order. Order your own systems
/// against them: set a [`PlatformerInput`](crate::PlatformerInput) or a
/// [`MoveAndSlide`](crate::MoveAndSlide)'s velocity `.before(GlissadeSystems::Platforms)`,
/// read [`CharacterState`](crate::CharacterState) `.after(GlissadeSystems::Writeback)`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GlissadeSystems {
    /// Added, changed, removed and teleported colliders are brought into the world.
    Sync,
    /// Kinematic platforms (kinematic bodies that are neither characters nor movers) move by
    /// their velocity, and level platforms along their paths.
    Platforms,
    /// Characters ([`CharacterController`](crate::CharacterController) and
    /// [`Platformer`](crate::Platformer)) step, riding the platforms just moved.
    Characters,
    /// Plain movers ([`MoveAndSlide`](crate::MoveAndSlide)) move and slide.
    Movers,
    /// Stepped positions are written back to each `Transform`.
    Writeback,
}

impl Plugin for GlissadePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<GlissadeWorld>()
            .add_message::<BodyContact>()
            .add_message::<SensorEntered>()
            .add_message::<SensorLeft>()
            .add_message::<StepFailed>()
            .configure_sets(
                self.schedule,
                (
                    GlissadeSystems::Sync,
                    GlissadeSystems::Platforms,
                    GlissadeSystems::Characters,
                    GlissadeSystems::Movers,
                    GlissadeSystems::Writeback,
                )
                    .chain(),
            )
            .add_systems(
                self.schedule,
                (
                    sync::sync_colliders.in_set(GlissadeSystems::Sync),
                    step::move_platforms.in_set(GlissadeSystems::Platforms),
                    (step::step_controllers, step::step_platformers)
                        .chain()
                        .in_set(GlissadeSystems::Characters),
                    step::step_movers.in_set(GlissadeSystems::Movers),
                    sync::write_back.in_set(GlissadeSystems::Writeback),
                ),
            )
            .add_systems(
                PostUpdate,
                sync::interpolate.before(TransformSystems::Propagate),
            );
    }
}
