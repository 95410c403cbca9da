//! The world as one character's step sees it: everything read from the world, and only its
//! own body moved. A step moves its body in the world itself ([`CharacterController::step`],
//! each move written at once), or against a world held still, with its body's position and
//! velocity kept apart until every character of a batch is known
//! ([`step_characters`](super::step_characters)).
//!
//! [`CharacterController::step`]: super::CharacterController::step

use glam::Vec2;

use crate::motion::{ContactHook, MoveConfig, MoveError, MoveResult, plan_move_with_planes};
use crate::shape::Shape;
use crate::world::{Collider, Handle, Nearby, Skip, World, check_finite};

/// What a step reads and changes: the world, and its own body's position and velocity.
pub(super) trait StepWorld {
    /// The world the step's queries read.
    fn world(&self) -> &World;
    /// Where `body` stands now, world frame (the origin for a handle that is not live).
    fn position(&self, body: Handle) -> Vec2;
    /// The velocity `body` reports now, world units per second (zero for a handle that is not
    /// live).
    fn velocity(&self, body: Handle) -> Vec2;
    /// Where the step's own `body` stands now and the velocity it reports, given its collider
    /// `c` as the world holds it (read once by the caller).
    fn motion_of(&self, body: Handle, c: &Collider) -> (Vec2, Vec2);
    /// The shape of the step's own `body` and where it stands now, world frame.
    fn own(&self, body: Handle) -> Result<(&Shape, Vec2), MoveError>;
    /// Moves the step's own `body` to `p`, world frame.
    fn place(&mut self, body: Handle, p: Vec2) -> Result<(), MoveError>;
    /// Sets the velocity (world units per second) the step's own `body` reports.
    fn set_velocity(&mut self, body: Handle, v: Vec2) -> Result<(), MoveError>;
}

impl StepWorld for World {
    fn world(&self) -> &World {
        self
    }
    fn position(&self, body: Handle) -> Vec2 {
        self.get(body).map_or(Vec2::ZERO, |c| c.position())
    }
    fn velocity(&self, body: Handle) -> Vec2 {
        self.get(body).map_or(Vec2::ZERO, |c| c.velocity())
    }
    fn motion_of(&self, _: Handle, c: &Collider) -> (Vec2, Vec2) {
        (c.position(), c.velocity())
    }
    fn own(&self, body: Handle) -> Result<(&Shape, Vec2), MoveError> {
        let c = self.get(body).ok_or(MoveError::UnknownHandle(body))?;
        Ok((c.shape().ok_or(MoveError::NotAShape(body))?, c.position()))
    }
    fn place(&mut self, body: Handle, p: Vec2) -> Result<(), MoveError> {
        self.set_position(body, p)
            .map_err(|_| MoveError::UnknownHandle(body))
    }
    fn set_velocity(&mut self, body: Handle, v: Vec2) -> Result<(), MoveError> {
        World::set_velocity(self, body, v).map_err(|_| MoveError::UnknownHandle(body))
    }
}

/// A world held still while one character's step is computed: the step's own body moves here,
/// not in the world. The step's queries never meet its own body (they leave it out), so where
/// the world still files it changes no answer; the other bodies stand where the world has them.
pub(super) struct HeldWorld<'w> {
    world: &'w World,
    body: Handle,
    position: Vec2,
    velocity: Vec2,
}

impl<'w> HeldWorld<'w> {
    /// `world` held still for a step of `body`, which starts where the world has it.
    pub(super) fn new(world: &'w World, body: Handle) -> Result<Self, MoveError> {
        let c = world.get(body).ok_or(MoveError::UnknownHandle(body))?;
        Ok(HeldWorld {
            world,
            body,
            position: c.position(),
            velocity: c.velocity(),
        })
    }

    /// Where the step left its body, and the velocity it reports.
    pub(super) fn outcome(&self) -> (Vec2, Vec2) {
        (self.position, self.velocity)
    }
}

impl StepWorld for HeldWorld<'_> {
    fn world(&self) -> &World {
        self.world
    }
    fn position(&self, body: Handle) -> Vec2 {
        if body == self.body {
            self.position
        } else {
            self.world.position(body)
        }
    }
    fn velocity(&self, body: Handle) -> Vec2 {
        if body == self.body {
            self.velocity
        } else {
            self.world.velocity(body)
        }
    }
    fn motion_of(&self, body: Handle, c: &Collider) -> (Vec2, Vec2) {
        if body == self.body {
            (self.position, self.velocity)
        } else {
            (c.position(), c.velocity())
        }
    }
    fn own(&self, body: Handle) -> Result<(&Shape, Vec2), MoveError> {
        let (shape, _) = self.world.own(body)?;
        Ok((shape, self.position(body)))
    }
    // Refused as the world refuses them (a value not finite or too far), so that a step the
    // world would refuse is refused here too.
    fn place(&mut self, body: Handle, p: Vec2) -> Result<(), MoveError> {
        if body != self.body || check_finite("position", p).is_err() {
            return Err(MoveError::UnknownHandle(body));
        }
        self.position = p;
        Ok(())
    }
    fn set_velocity(&mut self, body: Handle, v: Vec2) -> Result<(), MoveError> {
        if body != self.body || check_finite("velocity", v).is_err() {
            return Err(MoveError::UnknownHandle(body));
        }
        self.velocity = v;
        Ok(())
    }
}

/// Moves the step's own `body` by `motion` through the world (never meeting itself), sliding
/// as `config` says and, when given, as `hook` decides each sliding contact; then places it
/// where the move ended. The same computation as `move_and_slide` (no hook) and as the
/// hooked move of a collider, on either kind of [`StepWorld`]; its sweeps look through
/// `near`, the colliders gathered around the body, where it covers them.
pub(super) fn move_own(
    sw: &mut impl StepWorld,
    body: Handle,
    motion: Vec2,
    config: &MoveConfig,
    hook: Option<ContactHook>,
    near: &Nearby,
) -> Result<MoveResult, MoveError> {
    let (shape, position) = sw.own(body)?;
    let own = [body];
    let r = plan_move_with_planes(
        sw.world(),
        shape,
        position,
        motion,
        motion,
        config,
        Skip {
            sorted: &own,
            near: Some(near),
            ..Skip::default()
        },
        &[],
        hook,
    )?;
    sw.place(body, r.position)?;
    Ok(r)
}
