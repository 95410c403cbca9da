//! What a character reports after each step: its ground, walls, ceiling, sliding, steps and
//! snaps, what it kept of a platform's velocity, and everything it met.

use glam::Vec2;

use crate::motion::{MoveContact, SensorContact};
use crate::world::Handle;

/// What a character stands on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ground {
    /// The collider.
    pub handle: Handle,
    /// Unit normal of the ground, world frame, from the ground toward the character.
    pub normal: Vec2,
    /// Gap between the character and the ground along `-up`, world units (0 to the probe).
    pub distance: f32,
    /// The ground collider's velocity (world units per second): a moving platform's.
    pub velocity: Vec2,
}

/// On which side of the character a wall is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WallSide {
    /// The wall is to the left (its normal points right).
    Left,
    /// The wall is to the right (its normal points left).
    Right,
}

/// The state of a character after a step.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CharacterState {
    /// The walkable ground under the character, within [`CharacterConfig::ground_probe`](super::CharacterConfig::ground_probe).
    pub ground: Option<Ground>,
    /// A wall met this step (a surface neither walkable nor a ceiling), and its side.
    pub wall: Option<WallSide>,
    /// Whether a ceiling was met this step.
    pub ceiling: bool,
    /// The normal of a slope too steep to stand on that the character is on (sliding down).
    pub sliding: Option<Vec2>,
    /// Height climbed by stepping up a ledge this step, world units (0 if none).
    pub stepped: f32,
    /// Distance pulled down to the ground this step (snapping after a slope change, or settling
    /// onto ground found within the probe), world units (0 if none).
    pub snapped: f32,
    /// The platform velocity kept on leaving a moving platform this step (per
    /// [`CharacterConfig::leave_platform`](super::CharacterConfig::leave_platform)), world units per second; zero otherwise.
    pub inherited_velocity: Vec2,
    /// The whole displacement of this step (carried, pushed and own), world units.
    pub displacement: Vec2,
    /// Every collider met this step, once each, in the order met.
    pub contacts: Vec<MoveContact>,
    /// Unit normals of every surface the character's own move met this step (a tile map
    /// may give several), from the surface toward the character. A wall climbed by stepping
    /// up is not among them.
    pub normals: Vec<Vec2>,
    /// Whether a moving collider pressed the character against something it could not get
    /// out of: the step passed through that collider, which may still overlap it.
    pub crushed: bool,
    /// The sensors the character's path touched this step (every move of it: carried by a
    /// platform, pushed, its own walk, a step up a ledge, a snap down to the ground), as
    /// [`MoveResult::sensors`](crate::motion::MoveResult::sensors) reports them for one move:
    /// in the order first touched, with whether it was inside each at the start of the step
    /// and at its end. Sensors the character's layers and mask do not meet are left out.
    pub sensors: Vec<SensorContact>,
}

impl CharacterState {
    /// Whether the character stands on walkable ground.
    #[must_use]
    pub fn grounded(&self) -> bool {
        self.ground.is_some()
    }
}
