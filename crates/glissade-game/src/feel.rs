//! How the platformer character feels in the demo: the tuned default, or the settings of the
//! tutorial the platformer grew from.

use std::fmt;
use std::str::FromStr;

use glissade::Platformer;
use glissade::character::PlatformerConfig;

/// The platformer settings a game gives its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Feel {
    /// Tuned for the demo's 32 × 18 view: a top speed of [`DEMO_MAX_SPEED`] (the view crossed
    /// in 2 s), at rest within [`DEMO_STOP_TIME`] of letting go, a quick jump of about 2.8
    /// units under the built-in level's gravity (45) and one air jump, which together reach
    /// its one-way ledges (5 above the floor), wall slides and wall jumps, a dash, and
    /// ladders climbed at [`DEMO_CLIMB_SPEED`].
    #[default]
    Demo,
    /// The library's default [`PlatformerConfig`]: the tutorial's numbers in 32-pixel tiles
    /// (top speed 22.5, exponential friction, a jump of about 3.9 units, no other action).
    Tutorial,
}

/// The demo's top speed, world units per second.
pub const DEMO_MAX_SPEED: f32 = 16.0;
/// The demo's climbing speed on ladders, world units per second.
pub const DEMO_CLIMB_SPEED: f32 = 6.0;
/// How long the demo's character takes to stop from top speed once the keys are let go,
/// seconds (whatever the frame rate).
pub const DEMO_STOP_TIME: f32 = 0.1;

impl Feel {
    /// Every feel, for listings.
    pub const ALL: [Feel; 2] = [Feel::Demo, Feel::Tutorial];

    /// The feel's name: `demo` or `tutorial`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Feel::Demo => "demo",
            Feel::Tutorial => "tutorial",
        }
    }

    /// The platformer settings of this feel (gravity is the level's; see
    /// [`Driver::new`](crate::Driver::new)).
    #[must_use]
    pub fn platformer_config(self) -> PlatformerConfig {
        match self {
            Feel::Tutorial => PlatformerConfig::default(),
            // `max_speed` caps the whole velocity (as in the tutorial), so the jump and the
            // wall jump are as fast as the run at most.
            Feel::Demo => PlatformerConfig {
                max_speed: DEMO_MAX_SPEED,
                // Top speed in 0.16 s from rest.
                acceleration: 100.0,
                deceleration: Some(DEMO_MAX_SPEED / DEMO_STOP_TIME),
                // 16² / (2 × 45) ≈ 2.84 units, twice with the air jump: ≈ 5.7, over the
                // built-in level's first one-way ledge (5 above the floor).
                jump_speed: DEMO_MAX_SPEED,
                air_jumps: 1,
                wall_slide_speed: Some(6.0),
                wall_jump_speed: DEMO_MAX_SPEED,
                dash_distance: 4.0,
                climb_speed: DEMO_CLIMB_SPEED,
                ..PlatformerConfig::default()
            },
        }
    }

    /// A platformer with this feel's settings.
    #[must_use]
    pub fn platformer(self) -> Platformer {
        let mut p = Platformer::default();
        p.config = self.platformer_config();
        p
    }
}

impl fmt::Display for Feel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Feel {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Feel::ALL
            .into_iter()
            .find(|f| f.as_str() == s)
            .ok_or_else(|| format!("unknown feel `{s}` (expected `demo` or `tutorial`)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_feels_are_valid_and_named_both_ways() {
        for f in Feel::ALL {
            assert_eq!(f.as_str().parse::<Feel>(), Ok(f));
            f.platformer_config().validate().unwrap();
        }
        assert!("fast".parse::<Feel>().unwrap_err().contains("`fast`"));
        assert_eq!(Feel::default(), Feel::Demo);
    }

    #[test]
    fn the_demo_crosses_the_view_in_two_seconds_or_more_and_stops_in_a_tenth() {
        let c = Feel::Demo.platformer_config();
        let view = crate::tuning::VIEW[0] as f32;
        assert!(view / c.max_speed >= 2.0, "{} s", view / c.max_speed);
        let stop = c.max_speed / c.deceleration.unwrap();
        assert!((stop - DEMO_STOP_TIME).abs() < 1e-6, "{stop} s");
        // The built-in level's lowest one-way ledge is 5 above the floor: a jump and an air
        // jump under the level's gravity (45) clear it with the body's bottom.
        let apex = c.jump_speed.min(c.max_speed).powi(2) / (2.0 * 45.0);
        assert!(c.air_jumps >= 1 && 2.0 * apex > 5.3, "{apex}");
    }
}
