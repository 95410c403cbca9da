//! What the steps report: contacts, sensors entered and left, and refused steps.
//!
//! Each is a Bevy [`Message`] (read it with a `MessageReader`, in the step's schedule or any
//! later one); the sensor reports are also [`EntityEvent`]s triggered on the moving body,
//! for observers (`app.add_observer(|e: On<SensorEntered>| ...)`).

use bevy_ecs::entity::Entity;
use bevy_ecs::event::EntityEvent;
use bevy_ecs::message::Message;
use bevy_math::Vec2;
use glissade::motion::Response;

/// A body (character or mover) met another collider during its step.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct BodyContact {
    /// The body that moved.
    pub entity: Entity,
    /// The collider it met.
    pub other: Entity,
    /// Contact normal, unit, pointing from `other` toward the body (world frame).
    pub normal: Vec2,
    /// Contact point, world units.
    pub point: Vec2,
    /// What the move did there.
    pub response: Response,
}

/// A body's path went into a [`Sensor`](crate::Sensor) this step (it was outside at the
/// start of the step). A body that crosses a sensor within one step raises this and
/// [`SensorLeft`], in that order.
#[derive(Message, EntityEvent, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SensorEntered {
    /// The body that moved (the observers' target).
    #[event_target]
    pub entity: Entity,
    /// The sensor.
    pub sensor: Entity,
}

/// A body left a [`Sensor`](crate::Sensor) this step (it touched it this step and is
/// outside it at the end).
#[derive(Message, EntityEvent, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SensorLeft {
    /// The body that moved (the observers' target).
    #[event_target]
    pub entity: Entity,
    /// The sensor.
    pub sensor: Entity,
}

/// The plugin could not do something for an entity this step (glissade refused a collider,
/// a teleport or a move): what, and why. The entity is left as it was for that part of the
/// step; the same is logged as a warning.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct StepFailed {
    /// The entity.
    pub entity: Entity,
    /// Glissade's reason.
    pub reason: String,
}
