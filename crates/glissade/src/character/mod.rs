//! A character controller on top of move-and-slide: ground, slopes and ground sticking.
//!
//! WORK IN PROGRESS (issue 4): grounded state from a ground probe, walking along the ground's
//! tangent, slopes steeper than the limit treated as walls, snapping down to the ground after
//! leaving it without jumping. Steps, one-way drop-through, moving platforms and the platformer
//! layer are still to come.

use glam::Vec2;

use crate::motion::{MoveConfig, MoveContact, MoveError, move_and_slide};
use crate::world::{Handle, QueryFilter, World};

/// Slack on the cosine of the slope limit, so that a slope of exactly the limit is walkable
/// despite rounding.
const SLOPE_COS_SLACK: f32 = 1e-6;

/// Settings of a [`CharacterController`]. Lengths in world units, angles in radians.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CharacterConfig {
    /// Unit up direction (world frame).
    pub up: Vec2,
    /// Skin kept from surfaces (see [`MoveConfig::skin`]).
    pub skin: f32,
    /// Steepest walkable slope, radians from level (default 45°).
    pub max_slope: f32,
    /// How far below the character the ground is looked for: grounded within this distance.
    pub ground_probe: f32,
    /// Farthest a step's snap pulls the character down to the ground.
    pub snap_distance: f32,
    /// Steepest change of slope the snap follows, as a ratio of drop to sideways travel.
    pub max_slope_change: f32,
}

impl Default for CharacterConfig {
    fn default() -> Self {
        CharacterConfig {
            up: Vec2::Y,
            skin: crate::DEFAULT_SKIN,
            max_slope: std::f32::consts::FRAC_PI_4,
            ground_probe: 4.0 * crate::DEFAULT_SKIN,
            snap_distance: 0.5,
            max_slope_change: 3.0,
        }
    }
}

/// What the character stands on after a step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ground {
    /// The collider.
    pub handle: Handle,
    /// Unit normal of the ground, world frame, from the ground toward the character.
    pub normal: Vec2,
}

/// The state after a step.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CharacterState {
    /// Standing on walkable ground (within [`CharacterConfig::ground_probe`]).
    pub ground: Option<Ground>,
    /// The contacts of the step's moves.
    pub contacts: Vec<MoveContact>,
}

impl CharacterState {
    /// Whether the character stands on walkable ground.
    #[must_use]
    pub fn grounded(&self) -> bool {
        self.ground.is_some()
    }
}

/// Moves one character collider through a world, step by step.
#[derive(Debug, Clone, Default)]
pub struct CharacterController {
    /// The settings.
    pub config: CharacterConfig,
    /// The state after the last step.
    pub state: CharacterState,
}

impl CharacterController {
    /// A controller with `config`, not yet grounded.
    #[must_use]
    pub fn new(config: CharacterConfig) -> Self {
        CharacterController {
            config,
            state: CharacterState::default(),
        }
    }

    /// Moves the character `body` by `motion` (world units this step): along the ground's
    /// tangent when grounded and not moving up, sliding on what it meets, then snapping down
    /// to the ground when it left it without going up.
    pub fn step(
        &mut self,
        world: &mut World,
        body: Handle,
        motion: Vec2,
    ) -> Result<&CharacterState, MoveError> {
        let cfg = self.config;
        let up = cfg.up;
        let move_cfg = MoveConfig::default().with_skin(cfg.skin);
        let was_grounded = self.state.ground;
        let rising = motion.dot(up) > 0.0;
        // Walk along the ground (the same speed along its tangent), still pressing into it.
        let motion = match was_grounded {
            Some(g) if !rising => {
                let down = up * motion.dot(up);
                let side = motion - down;
                let tangent = Vec2::new(g.normal.y, -g.normal.x);
                let tangent = if tangent.dot(side) < 0.0 {
                    -tangent
                } else {
                    tangent
                };
                tangent * side.length() + down
            }
            _ => motion,
        };
        let start = world
            .get(body)
            .ok_or(MoveError::UnknownHandle(body))?
            .position();
        let r = move_and_slide(world, body, motion, &move_cfg)?;
        let mut contacts = r.contacts;
        let mut ground = self.probe(world, body);
        // Snap down after walking off a slope change, never after going up.
        if was_grounded.is_some() && ground.is_none() && !rising {
            let sideways = (r.position - start).reject_from(up).length();
            let reach = cfg.snap_distance.min(sideways * cfg.max_slope_change);
            if reach > 0.0
                && let Some(g) = self.ground_within(world, body, reach)
            {
                let snap = move_and_slide(world, body, -up * reach, &move_cfg)?;
                contacts.extend(snap.contacts);
                ground = self.probe(world, body).or(Some(g));
            }
        }
        self.state = CharacterState { ground, contacts };
        Ok(&self.state)
    }

    /// The walkable ground within the probe distance below `body`, if any.
    fn probe(&self, world: &World, body: Handle) -> Option<Ground> {
        self.ground_within(world, body, self.config.ground_probe)
    }

    fn ground_within(&self, world: &World, body: Handle, reach: f32) -> Option<Ground> {
        let c = world.get(body)?;
        let shape = c.shape()?;
        let exclude = [body];
        let filter = QueryFilter::default().excluding(&exclude);
        let hit = world.cast_shape(shape, c.position(), -self.config.up * reach, &filter)?;
        let walkable =
            hit.normal.dot(self.config.up) >= self.config.max_slope.cos() - SLOPE_COS_SLACK;
        walkable.then_some(Ground {
            handle: hit.handle,
            normal: hit.normal,
        })
    }
}
