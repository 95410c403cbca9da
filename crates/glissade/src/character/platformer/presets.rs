//! Ready-made settings: the platformer in world units of 32-pixel tiles (the default), and in
//! pixels with the numbers of the vectorial-platformer tutorial it comes from.

use super::PlatformerConfig;
use crate::character::{CharacterConfig, SlideRule};

/// Frames per second of the tutorial's numbers, which are per frame.
const TUTORIAL_FPS: f32 = 60.0;

impl PlatformerConfig {
    /// A preset in pixels, for a game drawn at 60 frames per second with tiles of 32 pixels:
    /// the vectorial-platformer tutorial's numbers, per second: acceleration 0.7, deceleration factor 0.1, jump speed 10, gravity
    /// 0.4, terminal fall speed 30, extra pull 0.3 on ground steeper than 45°, maximum speed
    /// 12, bounce when `v·n < −9` on a surface with `n·up < 0.4` keeping 0.4 (all per frame).
    /// Coyote time, jump buffering (0.1 s each) and the jump cut (0.5) are ours; set them to
    /// 0, 0 and 1 for the tutorial's exact behaviour. Pair it with
    /// [`PlatformerConfig::in_pixels_character`].
    #[must_use]
    pub fn in_pixels() -> Self {
        let per_s = TUTORIAL_FPS;
        let per_s2 = TUTORIAL_FPS * TUTORIAL_FPS;
        PlatformerConfig {
            acceleration: 0.7 * per_s2,
            // Speed × 0.9 per frame: exp(-friction / 60) = 0.9.
            friction: -(0.9f32.ln()) * per_s,
            deceleration: None,
            jump_speed: 10.0 * per_s,
            gravity: 0.4 * per_s2,
            steep_gravity: 0.3 * per_s2,
            terminal_speed: 30.0 * per_s,
            max_speed: 12.0 * per_s,
            bounce_speed: 9.0 * per_s,
            bounce_max_up: 0.4,
            restitution: 0.4,
            coyote_time: 0.1,
            jump_buffer: 0.1,
            jump_cut: 0.5,
            air_jumps: 0,
            wall_slide_speed: None,
            wall_jump_speed: 0.0,
            wall_jump_angle: std::f32::consts::FRAC_PI_4,
            wall_jump_grace: 0.1,
            wall_jump_lock: 0.15,
            wall_jump_refreshes_air_jumps: true,
            dash_distance: 0.0,
            dash_time: 0.15,
            dash_cooldown: 0.3,
            air_dashes: 1,
            crouch_shape: None,
            crouch_max_speed: f32::INFINITY,
            climb_speed: 0.0,
            knockback_time: 0.25,
        }
    }

    /// The controller settings [`PlatformerConfig::in_pixels`] goes with (pixels): snapping at most 40
    /// with a maximum slope change of 3, the tutorial's slide-or-stop rule, steps up to 8
    /// (ours: the tutorial has none).
    #[must_use]
    pub fn in_pixels_character() -> CharacterConfig {
        CharacterConfig {
            snap_distance: 40.0,
            max_slope_change: 3.0,
            max_step_height: 8.0,
            slide_rule: SlideRule::StopOnImpact,
            ..CharacterConfig::default()
        }
    }
}

impl PlatformerConfig {
    /// The controller settings [`Platformer::default`](super::Platformer::default) uses, in world units of 32 pixels:
    /// [`PlatformerConfig::in_pixels_character`] divided by 32 (snapping at most 1.25, steps up
    /// to 0.25), sliding on everything ([`SlideRule::Always`]).
    #[must_use]
    pub fn default_character() -> CharacterConfig {
        let s = PlatformerConfig::in_pixels_character();
        CharacterConfig {
            snap_distance: s.snap_distance / 32.0,
            max_step_height: s.max_step_height / 32.0,
            slide_rule: SlideRule::Always,
            ..s
        }
    }
}

impl Default for PlatformerConfig {
    /// The tutorial's feel in world units of 32 pixels (a tile of the tutorial is 32 pixels):
    /// [`PlatformerConfig::in_pixels`] divided by 32.
    fn default() -> Self {
        let s = PlatformerConfig::in_pixels();
        let k = 1.0 / 32.0;
        PlatformerConfig {
            acceleration: s.acceleration * k,
            jump_speed: s.jump_speed * k,
            gravity: s.gravity * k,
            steep_gravity: s.steep_gravity * k,
            terminal_speed: s.terminal_speed * k,
            max_speed: s.max_speed * k,
            bounce_speed: s.bounce_speed * k,
            ..s
        }
    }
}
