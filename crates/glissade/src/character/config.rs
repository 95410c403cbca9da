//! The settings of a character: up, skin, slopes, the ground probe, snapping, steps, what is
//! kept of a platform's velocity, and how its own move treats what it meets.

use glam::Vec2;

use super::CharacterError;
use crate::geometry::all_finite;
use crate::motion::{SkinRule, check_move_settings};
use crate::tolerance::{MAX_BACK_OFF_SKINS, SLOPE_COS_SLACK, UP_UNIT_TOL};

/// What a character keeps of its platform's velocity when it leaves it (jumps off or walks
/// off the edge). Reported in [`CharacterState::inherited_velocity`](super::CharacterState::inherited_velocity).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlatformLeave {
    /// All of it: a jump off a platform moving right carries the character right.
    #[default]
    KeepAll,
    /// All but a downward part: leaving a falling platform does not throw the character down.
    KeepUnlessDownward,
    /// Nothing.
    KeepNothing,
}

/// Steepest slope limit accepted, radians: just under 90°, where the cosine of the limit is
/// still well above the slack a slope of exactly the limit is given (1e-6).
pub const MAX_SLOPE_LIMIT: f32 = std::f32::consts::FRAC_PI_2 - 1e-5;

/// [`SlideRule::StopOnImpact`]: a surface whose `|n·up|` is above this is nearly level...
pub(super) const STOP_LEVEL_SURFACE: f32 = 0.8;
/// ...and a motion meeting it with `|d·n|` above this stops there;
pub(super) const STOP_STEEP_MEETING: f32 = 0.5;
/// any surface met with `|d·n|` above this stops the motion.
pub(super) const STOP_HEAD_ON: f32 = 0.9;

/// How the character's own move treats a surface it meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SlideRule {
    /// Always slide along what is met (walls block walking, see [`CharacterController::step`](super::CharacterController::step)).
    #[default]
    Always,
    /// Stop instead of sliding on a hard impact: meeting a nearly level surface
    /// (`|n·up| > 0.8`) at more than 30° (`|d·n| > 0.5`), or any surface nearly head-on
    /// (`|d·n| > 0.9`), with `d` the motion's direction. The rule of the vectorial-platformer
    /// tutorial, used by its preset ([`PlatformerConfig::in_pixels_character`](super::PlatformerConfig::in_pixels_character)).
    StopOnImpact,
}

/// Settings of a [`CharacterController`](super::CharacterController). Lengths in world units, angles in radians, the
/// world frame (y up unless `up` says otherwise).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CharacterConfig {
    /// Unit up direction (length within 1e-4 of 1). One-way platforms block from world +y whatever `up` is.
    pub up: Vec2,
    /// Skin kept from surfaces (see [`MoveConfig::skin`](crate::motion::MoveConfig::skin)).
    pub skin: f32,
    /// Steepest walkable slope, radians from level (default 45°). A surface whose normal is
    /// further than this from `up` is a wall for walking; one further than this from `-up`
    /// is a ceiling.
    pub max_slope: f32,
    /// How far below the character ground counts as under its feet (default 4 × skin; it must
    /// reach further than the 2 × skin a move may end away from a surface).
    pub ground_probe: f32,
    /// Farthest the character is pulled down to keep it on the ground after walking over a
    /// crest or onto a descending slope (default 0.5).
    pub snap_distance: f32,
    /// Steepest drop, per unit of sideways travel, that snapping follows (default 3): a step
    /// that travelled `Δx` sideways is pulled down at most `min(snap_distance, Δx × this)`,
    /// and not at all across a drop steeper than this (a ledge).
    pub max_slope_change: f32,
    /// Highest ledge climbed while walking, when there is room to stand on it (default 0.3;
    /// 0 turns stepping off).
    pub max_step_height: f32,
    /// What is kept of a platform's velocity when leaving it.
    pub leave_platform: PlatformLeave,
    /// How the own move treats what it meets.
    pub slide_rule: SlideRule,
    /// Most cast-and-slide rounds of each move (1 to 8, default 5).
    pub max_iterations: u32,
}

impl Default for CharacterConfig {
    fn default() -> Self {
        CharacterConfig {
            up: Vec2::Y,
            skin: crate::motion::DEFAULT_SKIN,
            max_slope: std::f32::consts::FRAC_PI_4,
            ground_probe: 4.0 * crate::motion::DEFAULT_SKIN,
            snap_distance: 0.5,
            max_slope_change: 3.0,
            max_step_height: 0.3,
            leave_platform: PlatformLeave::KeepAll,
            slide_rule: SlideRule::Always,
            max_iterations: crate::motion::DEFAULT_MAX_ITERATIONS,
        }
    }
}

impl CharacterConfig {
    /// Refuses settings out of range, naming the field.
    pub fn validate(&self) -> Result<(), CharacterError> {
        let bad = |field, value, reason| {
            Err(CharacterError::BadConfig {
                config: "CharacterConfig",
                field,
                value,
                reason,
            })
        };
        if !all_finite(self.up) || (self.up.length() - 1.0).abs() > UP_UNIT_TOL {
            return Err(CharacterError::BadUp(self.up));
        }
        // The settings every mover shares; a character's skin must be positive (it is the
        // gap the ground probe and the settling measure from).
        if let Err((field, value, reason)) =
            check_move_settings(self.skin, self.max_iterations, SkinRule::Positive)
        {
            return bad(field, value, reason);
        }
        if !(self.max_slope.is_finite() && (0.0..=MAX_SLOPE_LIMIT).contains(&self.max_slope)) {
            return bad(
                "max_slope",
                self.max_slope,
                "must be in [0, π/2 - 1e-5] radians (below vertical)",
            );
        }
        if !(self.ground_probe.is_finite() && self.ground_probe > MAX_BACK_OFF_SKINS * self.skin) {
            return bad(
                "ground_probe",
                self.ground_probe,
                "must be finite and more than 2 × skin (a move ends up to 2 × skin away)",
            );
        }
        for (field, value) in [
            ("snap_distance", self.snap_distance),
            ("max_slope_change", self.max_slope_change),
            ("max_step_height", self.max_step_height),
        ] {
            if !(value.is_finite() && value >= 0.0) {
                return bad(field, value, "must be finite and at least 0");
            }
        }
        Ok(())
    }

    /// These settings as they hold at `pos`: far from the origin, where a move keeps more
    /// than the skin from what it meets (see [`skin_at`](crate::tolerance::skin_at)), the
    /// skin and the ground probe grow alike, so that the ground is still within reach. The
    /// same settings near the origin (below about 2e4 units with the default skin).
    pub(super) fn at_position(&self, pos: Vec2) -> CharacterConfig {
        let skin = crate::tolerance::skin_at(self.skin, pos.abs().max_element());
        if skin == self.skin {
            return *self;
        }
        CharacterConfig {
            skin,
            ground_probe: self.ground_probe * (skin / self.skin),
            ..*self
        }
    }

    /// Cosine of the slope limit, less the slack.
    pub(super) fn walkable_cos(&self) -> f32 {
        self.max_slope.cos() - SLOPE_COS_SLACK
    }

    /// Unit vector to the right of `up` (x for y up).
    pub(super) fn right(&self) -> Vec2 {
        Vec2::new(self.up.y, -self.up.x)
    }
}
