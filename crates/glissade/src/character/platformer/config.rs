//! The numbers of a [`Platformer`](super::Platformer), and their checks.

use crate::character::CharacterError;
use crate::shape::Shape;

/// The numbers of a [`Platformer`](super::Platformer). Speeds in world units per second, accelerations in world
/// units per second squared, times in seconds; directions relative to the controller's `up`.
#[derive(Debug, Clone, PartialEq)]
pub struct PlatformerConfig {
    /// Acceleration while a direction is held, along the ground (or sideways in the air).
    pub acceleration: f32,
    /// Rate at which the speed along the ground decays while no direction is held, per
    /// second: the speed is multiplied by `exp(-friction · dt)` each step. Unused when
    /// [`deceleration`](Self::deceleration) is set.
    pub friction: f32,
    /// Stopping at a constant rate instead of by `friction`, world units per second squared:
    /// while no direction is held the speed along the ground (sideways in the air) drops by
    /// `deceleration · dt` each step, down to 0 and no further. From `max_speed` the character
    /// is at rest after `max_speed / deceleration` seconds and
    /// `max_speed² / (2 · deceleration)` world units, at any frame rate (to within a step).
    /// `None` (the default, and in [`PlatformerConfig::in_pixels`]): the exponential
    /// `friction`.
    pub deceleration: Option<f32>,
    /// Upward speed a jump sets.
    pub jump_speed: f32,
    /// Gravity in the air.
    pub gravity: f32,
    /// Gravity while sliding down a slope too steep to stand on.
    pub steep_gravity: f32,
    /// Fastest fall: gravity stops adding once the downward speed reaches it.
    pub terminal_speed: f32,
    /// Fastest speed (the whole velocity).
    pub max_speed: f32,
    /// A hit bounces when the speed into the surface is more than this (never on a riser the
    /// controller could step up onto, within its `max_step_height`)...
    pub bounce_speed: f32,
    /// ...and the surface's `n·up` is less than this (walls and ceilings, not floors).
    pub bounce_max_up: f32,
    /// Share of the reflected velocity a bounce keeps.
    pub restitution: f32,
    /// A jump is still allowed this long after walking off the ground.
    pub coyote_time: f32,
    /// A jump pressed this long before landing happens on landing.
    pub jump_buffer: f32,
    /// Share of the upward speed kept when the jump button is released while rising (1: no
    /// variable jump height).
    pub jump_cut: f32,
    /// Extra jumps in the air (double jumps and more): a jump press off the ground, once
    /// coyote time is over, sets the upward speed to `jump_speed` again while any are left.
    /// All of them come back on landing (on walkable ground). 0 (the default, and in
    /// [`PlatformerConfig::in_pixels`]): none.
    pub air_jumps: u32,
    /// Fastest fall while in the air against a wall and holding the direction into it, world
    /// units per second along `-up`. A wall is what [`CharacterState::wall`](crate::character::CharacterState::wall) reports: a
    /// surface steeper than [`CharacterConfig::max_slope`](crate::character::CharacterConfig::max_slope) and not a ceiling, met by the
    /// character's own move in the last step; one-way platforms (never met from the side) and
    /// sensors (never met) are never walls.
    /// `None` (the default, and in [`PlatformerConfig::in_pixels`]): no wall slide.
    pub wall_slide_speed: Option<f32>,
    /// Speed a wall jump sets, world units per second: a jump press in the air against a
    /// wall (a wall as for [`wall_slide_speed`](Self::wall_slide_speed)), or within `wall_jump_grace` of leaving one, sets the whole velocity to this
    /// speed at `wall_jump_angle` from the wall's outward direction toward `up`. 0 (the
    /// default, and in [`PlatformerConfig::in_pixels`]): no wall jumps.
    pub wall_jump_speed: f32,
    /// Angle of a wall jump above the wall's outward direction, radians, from 0 (straight
    /// away) to π/2 (straight up). Default π/4.
    pub wall_jump_angle: f32,
    /// A wall jump is still allowed this long after the character last met a wall in the
    /// air, seconds. Default 0.1.
    pub wall_jump_grace: f32,
    /// For this long after a wall jump, seconds, holding the direction back toward the wall
    /// neither accelerates nor slows the character (holding the other way does). Default
    /// 0.15.
    pub wall_jump_lock: f32,
    /// Whether a wall jump gives back all the `air_jumps`, as landing does. Default true (no
    /// effect while wall jumps are off).
    pub wall_jump_refreshes_air_jumps: bool,
    /// Length of a dash, world units. 0 (the default, and in
    /// [`PlatformerConfig::in_pixels`]): no dashes.
    ///
    /// A fresh press of `dash` (down this update, up the one before) starts a dash when this
    /// is more than 0, the [`dash_cooldown`](Self::dash_cooldown) is over, no
    /// [`Platformer::push`](super::Platformer::push) is overriding the controls, no dash is
    /// under way, and the character stands on walkable ground or has
    /// [`air_dashes`](Self::air_dashes) left. Its direction is one of eight, from the held
    /// `left`/`right`/`up`/`down` relative to the controller's `up` (unit length; opposite keys
    /// cancel), or the [`Facing`](super::Facing) when none is held.
    ///
    /// While it lasts ([`Platformer::dashing`](super::Platformer::dashing)) the character
    /// moves at the constant speed `dash_distance / dash_time` along that direction: gravity,
    /// steering, friction, the jump cut and wall slides are suspended, and the character faces
    /// the dash's sideways direction (if it has one). Each step moves it by
    /// `direction · speed · min(dt, time left)` through the controller (exact casts), which
    /// walks a dash from the ground that does not go up along the ground (the same sideways
    /// progress up and down slopes, as a walk; its downward part held by the ground, one-way
    /// platforms included), slides it along what it meets otherwise, and never snaps a dash
    /// going up down to the ground. The last step moves only what is left of the dash; for the
    /// rest of that step's time the character stays where the dash ended, and the next update
    /// is an ordinary one. So on open ground a dash ends exactly `dash_distance` from its start,
    /// `dash_time` after it, at any frame rate.
    ///
    /// A surface met within about 41° of head-on (unit normal `n` with
    /// `n · direction < −0.75`) ends the dash at the end of that step, the character a skin
    /// off it; one met more obliquely (a 45° dash along a wall or onto a floor, a dash up a
    /// walkable slope) is slid along or walked up for the rest of the dash's time.
    ///
    /// The velocity a dash leaves is its own, `direction · speed`, less the part going into
    /// each surface met in its last step, capped at `max_speed`, and along the ground when it
    /// ends on the ground. (While it lasts, [`Platformer::velocity`](super::Platformer::velocity)
    /// is the dash's, less the parts into surfaces met; a platform's velocity is not kept.)
    ///
    /// A jump press during a dash ends it (the velocity it leaves as above) and the update
    /// goes on as an ordinary one with that press: a jump from the ground or in coyote time,
    /// a wall jump, an air jump, or else a buffered press. A jump pressed in the same update
    /// a dash starts is only buffered. Coyote time counts down through a dash as through any
    /// update: a dash that leaves the ground (up, or off a ledge) and is ended by a jump
    /// press within `coyote_time` of leaving it jumps as from the ground (a jump out of a
    /// ground dash, without using an air jump).
    pub dash_distance: f32,
    /// How long a dash lasts, seconds: more than 0, and enough that the dash's speed
    /// `dash_distance / dash_time` is finite. Default 0.15.
    pub dash_time: f32,
    /// Time from the end of a dash (within its last step) before the next may start,
    /// seconds: a press starts one in an update that begins at least this long after the end.
    /// Default 0.3.
    pub dash_cooldown: f32,
    /// Dashes allowed in the air between two landings: a dash started off the ground uses
    /// one, and all of them come back whenever an update starts on walkable ground. Dashes
    /// started on the ground use none (only the cooldown limits them). Default 1.
    pub air_dashes: u32,
    /// The shape the character takes while crouching (held `crouch` on the ground), placed
    /// so that its lowest point along `-up` stays where the standing shape's was. Standing up
    /// again waits until the standing shape fits (an exact cast up from the crouching one
    /// finds nothing in the way). `None` (the default, and in
    /// [`PlatformerConfig::in_pixels`]): no crouching.
    pub crouch_shape: Option<Shape>,
    /// Fastest walk while crouching, world units per second (more speed than that, from a
    /// run, is kept and slows by friction: a crouching slide). Default: `f32::INFINITY`
    /// (only `max_speed`).
    pub crouch_max_speed: f32,
    /// Speed up and down a climbable sensor ([`ColliderDesc::climbable`](crate::world::ColliderDesc::climbable)),
    /// and sideways along it, world units per second. 0 (the default, and in
    /// [`PlatformerConfig::in_pixels`]): no climbing, and a climbable sensor is only a sensor.
    ///
    /// - **At a ladder**: the character's shape overlaps a climbable sensor that its layers
    ///   and mask meet, deeper than the tolerance (as for any sensor). While down is held, a
    ///   climbable sensor the shape would overlap moved down by the ground probe
    ///   ([`CharacterConfig::ground_probe`](crate::character::CharacterConfig::ground_probe))
    ///   counts too: a ladder going down from under its feet.
    /// - **Starting**: at a ladder, holding up starts a climb; so does holding down when
    ///   nothing solid is within the ground probe below the character (in the air, or standing
    ///   on a one-way platform; not on solid ground). Not on a fresh jump press (that jumps),
    ///   nor while rising from a jump (until its top, or until jump is released).
    /// - **Climbing**: the velocity is `climb_speed` along `up` while up is held, along `-up`
    ///   while down is, and `climb_speed` toward the held side (each axis on its own, so
    ///   diagonally √2 × `climb_speed`; opposite keys cancel; nothing held holds still).
    ///   No gravity, no friction, no `max_speed` cap. Each climbing step drops through one-way
    ///   platforms ([`Step::dropping_through`](crate::character::Step::dropping_through)) and
    ///   does not snap to the ground ([`Step::without_snap`](crate::character::Step::without_snap)),
    ///   so a one-way platform across the ladder is climbed through from below and from
    ///   above. The air jumps come back (as on landing); coyote time and a buffered jump are
    ///   dropped. [`Animation::Climb`](super::Animation::Climb);
    ///   [`Platformer::climbing`](super::Platformer::climbing) names the ladder.
    /// - **Letting go**: a fresh jump press jumps as from the ground (`jump_speed` along `up`,
    ///   steering as usual). A climbing step that ends away from every ladder (out of its top,
    ///   bottom or side) lets go, keeping the velocity but its upward part: out of the top,
    ///   gravity takes over from rest and the character lands on what is there, a floor or a
    ///   one-way platform level with the ladder's top. With nothing within the ground probe
    ///   below it there (a rope hanging in the air) and up alone held, it does not let go: it
    ///   is held at the top, its lowest point a skin below the ladder's highest, climbing and
    ///   still; up with a side key lets go, to step off the top to that side. A climbing step
    ///   that ends on solid ground while climbing down lets go there, standing.
    ///
    /// A ladder's own velocity does not carry the climber. No climb starts while dashing or
    /// knocked back, and a dash press while climbing waits for the climb to end (the dash's
    /// cooldown runs on meanwhile).
    pub climb_speed: f32,
    /// How long a [`Platformer::push`](super::Platformer::push) overrides the controls,
    /// seconds: held directions neither accelerate nor brake the character, jump and dash
    /// presses are ignored, and the animation is [`Knocked`](super::Animation::Knocked).
    /// Default 0.25.
    pub knockback_time: f32,
}

impl PlatformerConfig {
    /// Whether `o` holds the same settings bit for bit: a cheaper test than `==` (no branch per
    /// field), for skipping the check of settings that already passed it. `-0.0` against `0.0`
    /// counts as a difference, which costs one check more and nothing else.
    pub(crate) fn same_bits(&self, o: &Self) -> bool {
        // Every field named, so that a new one cannot be left out.
        let PlatformerConfig {
            acceleration,
            friction,
            deceleration,
            jump_speed,
            gravity,
            steep_gravity,
            terminal_speed,
            max_speed,
            bounce_speed,
            bounce_max_up,
            restitution,
            coyote_time,
            jump_buffer,
            jump_cut,
            air_jumps,
            wall_slide_speed,
            wall_jump_speed,
            wall_jump_angle,
            wall_jump_grace,
            wall_jump_lock,
            wall_jump_refreshes_air_jumps,
            dash_distance,
            dash_time,
            dash_cooldown,
            air_dashes,
            crouch_shape,
            crouch_max_speed,
            climb_speed,
            knockback_time,
        } = self;
        let f = |a: f32, b: f32| a.to_bits() ^ b.to_bits();
        let opt = |a: Option<f32>, b: Option<f32>| {
            u32::from(a.is_some() ^ b.is_some()) | f(a.unwrap_or(0.0), b.unwrap_or(0.0))
        };
        let differ = f(*acceleration, o.acceleration)
            | f(*friction, o.friction)
            | opt(*deceleration, o.deceleration)
            | f(*jump_speed, o.jump_speed)
            | f(*gravity, o.gravity)
            | f(*steep_gravity, o.steep_gravity)
            | f(*terminal_speed, o.terminal_speed)
            | f(*max_speed, o.max_speed)
            | f(*bounce_speed, o.bounce_speed)
            | f(*bounce_max_up, o.bounce_max_up)
            | f(*restitution, o.restitution)
            | f(*coyote_time, o.coyote_time)
            | f(*jump_buffer, o.jump_buffer)
            | f(*jump_cut, o.jump_cut)
            | *air_jumps ^ o.air_jumps
            | opt(*wall_slide_speed, o.wall_slide_speed)
            | f(*wall_jump_speed, o.wall_jump_speed)
            | f(*wall_jump_angle, o.wall_jump_angle)
            | f(*wall_jump_grace, o.wall_jump_grace)
            | f(*wall_jump_lock, o.wall_jump_lock)
            | u32::from(*wall_jump_refreshes_air_jumps ^ o.wall_jump_refreshes_air_jumps)
            | f(*dash_distance, o.dash_distance)
            | f(*dash_time, o.dash_time)
            | f(*dash_cooldown, o.dash_cooldown)
            | *air_dashes ^ o.air_dashes
            | f(*crouch_max_speed, o.crouch_max_speed)
            | f(*climb_speed, o.climb_speed)
            | f(*knockback_time, o.knockback_time);
        differ == 0
            && match (crouch_shape, &o.crouch_shape) {
                (Some(a), Some(b)) => a.same_bits(b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }

    /// Refuses settings out of range, naming the field.
    pub fn validate(&self) -> Result<(), CharacterError> {
        // Called on every update: the common case, every setting in range, is checked first
        // without building the error's names; the checks below say what is wrong.
        if self.in_range() {
            return Ok(());
        }
        self.first_out_of_range()
    }

    /// The first setting out of range, by name: [`validate`](Self::validate) without its
    /// quick check.
    fn first_out_of_range(&self) -> Result<(), CharacterError> {
        for (field, value) in NON_NEGATIVE.into_iter().zip(self.non_negative()) {
            if !(value.is_finite() && value >= 0.0) {
                return Err(CharacterError::BadConfig {
                    config: "PlatformerConfig",
                    field,
                    value,
                    reason: "must be finite and at least 0",
                });
            }
        }
        if !(self.dash_time.is_finite() && self.dash_time > 0.0) {
            return Err(CharacterError::BadConfig {
                config: "PlatformerConfig",
                field: "dash_time",
                value: self.dash_time,
                reason: "must be finite and more than 0 (seconds)",
            });
        }
        if !(self.dash_distance / self.dash_time).is_finite() {
            return Err(CharacterError::BadConfig {
                config: "PlatformerConfig",
                field: "dash_distance",
                value: self.dash_distance,
                reason: "the dash's speed, dash_distance / dash_time, must be finite",
            });
        }
        if self.crouch_max_speed.is_nan() || self.crouch_max_speed < 0.0 {
            return Err(CharacterError::BadConfig {
                config: "PlatformerConfig",
                field: "crouch_max_speed",
                value: self.crouch_max_speed,
                reason: "must be at least 0 (infinity: no cap)",
            });
        }
        if let Some(d) = self.deceleration
            && !(d.is_finite() && d > 0.0)
        {
            return Err(CharacterError::BadConfig {
                config: "PlatformerConfig",
                field: "deceleration",
                value: d,
                reason: "must be finite and more than 0 when set",
            });
        }
        if !(0.0..=std::f32::consts::FRAC_PI_2).contains(&self.wall_jump_angle) {
            return Err(CharacterError::BadConfig {
                config: "PlatformerConfig",
                field: "wall_jump_angle",
                value: self.wall_jump_angle,
                reason: "must be from 0 to π/2 (radians)",
            });
        }
        if !self.bounce_max_up.is_finite() {
            return Err(CharacterError::BadConfig {
                config: "PlatformerConfig",
                field: "bounce_max_up",
                value: self.bounce_max_up,
                reason: "must be finite",
            });
        }
        Ok(())
    }
}

/// The settings that must be finite and at least 0, in the order of
/// [`PlatformerConfig::non_negative`].
const NON_NEGATIVE: [&str; 20] = [
    "acceleration",
    "friction",
    "jump_speed",
    "gravity",
    "steep_gravity",
    "terminal_speed",
    "max_speed",
    "bounce_speed",
    "restitution",
    "coyote_time",
    "jump_buffer",
    "jump_cut",
    "wall_slide_speed",
    "wall_jump_speed",
    "wall_jump_grace",
    "wall_jump_lock",
    "dash_distance",
    "dash_cooldown",
    "climb_speed",
    "knockback_time",
];

impl PlatformerConfig {
    /// The values of the settings [`NON_NEGATIVE`] names, in its order.
    fn non_negative(&self) -> [f32; 20] {
        [
            self.acceleration,
            self.friction,
            self.jump_speed,
            self.gravity,
            self.steep_gravity,
            self.terminal_speed,
            self.max_speed,
            self.bounce_speed,
            self.restitution,
            self.coyote_time,
            self.jump_buffer,
            self.jump_cut,
            self.wall_slide_speed.unwrap_or(0.0),
            self.wall_jump_speed,
            self.wall_jump_grace,
            self.wall_jump_lock,
            self.dash_distance,
            self.dash_cooldown,
            self.climb_speed,
            self.knockback_time,
        ]
    }

    /// Whether [`validate`](Self::validate) finds nothing wrong: the same rules, without
    /// naming what breaks them.
    fn in_range(&self) -> bool {
        let speed = self.dash_distance / self.dash_time;
        self.non_negative()
            .iter()
            .all(|v| (0.0..=f32::MAX).contains(v))
            && self.dash_time.is_finite()
            && self.dash_time > 0.0
            && speed.is_finite()
            && self.crouch_max_speed >= 0.0
            && self.deceleration.is_none_or(|d| d.is_finite() && d > 0.0)
            && (0.0..=std::f32::consts::FRAC_PI_2).contains(&self.wall_jump_angle)
            && self.bounce_max_up.is_finite()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn same_bits_tells_a_change_of_any_field() {
        let base = PlatformerConfig::default();
        assert!(base.same_bits(&base));
        type Change = Box<dyn Fn(&mut PlatformerConfig)>;
        let mut changes: Vec<Change> = Vec::new();
        macro_rules! numbers {
            ($($f:ident),*) => {$(changes.push(Box::new(|c| c.$f = 1234.5));)*};
        }
        numbers!(
            acceleration,
            friction,
            jump_speed,
            gravity,
            steep_gravity,
            terminal_speed,
            max_speed,
            bounce_speed,
            bounce_max_up,
            restitution,
            coyote_time,
            jump_buffer,
            jump_cut,
            wall_jump_speed,
            wall_jump_angle,
            wall_jump_grace,
            wall_jump_lock,
            dash_distance,
            dash_time,
            dash_cooldown,
            crouch_max_speed,
            climb_speed,
            knockback_time
        );
        changes.push(Box::new(|c| c.deceleration = Some(3.0)));
        changes.push(Box::new(|c| c.wall_slide_speed = Some(3.0)));
        changes.push(Box::new(|c| c.air_jumps += 1));
        changes.push(Box::new(|c| c.air_dashes += 1));
        changes.push(Box::new(|c| c.wall_jump_refreshes_air_jumps ^= true));
        changes.push(Box::new(|c| {
            c.crouch_shape = Some(crate::Circle::new(0.5).unwrap().into());
        }));
        for (i, change) in changes.iter().enumerate() {
            let mut other = base.clone();
            change(&mut other);
            assert!(!base.same_bits(&other), "change {i} went unseen");
            assert!(!other.same_bits(&base), "change {i} went unseen");
        }
        // A box crouching shape (compared by its bits): a change of any corner's coordinate
        // is seen, and so is another kind of shape.
        use glam::Vec2;
        let b = |min: Vec2, max: Vec2| Some(crate::Aabb::new(min, max).unwrap().into());
        let boxed = PlatformerConfig {
            crouch_shape: b(Vec2::new(-0.3, -0.2), Vec2::new(0.3, 0.4)),
            ..base
        };
        assert!(boxed.same_bits(&boxed) && !boxed.same_bits(&base));
        for shape in [
            b(Vec2::new(-0.31, -0.2), Vec2::new(0.3, 0.4)),
            b(Vec2::new(-0.3, -0.21), Vec2::new(0.3, 0.4)),
            b(Vec2::new(-0.3, -0.2), Vec2::new(0.31, 0.4)),
            b(Vec2::new(-0.3, -0.2), Vec2::new(0.3, 0.41)),
            Some(crate::Circle::new(0.3).unwrap().into()),
        ] {
            let other = PlatformerConfig {
                crouch_shape: shape.clone(),
                ..base
            };
            assert!(
                !boxed.same_bits(&other) && !other.same_bits(&boxed),
                "{shape:?}"
            );
        }
        // An optional number set to what the other holds unset still differs.
        let (mut set, unset) = (base.clone(), base);
        set.deceleration = Some(0.0);
        assert!(unset.deceleration.is_none() && !set.same_bits(&unset));
    }

    /// Values at and around every edge the checks have.
    fn edge() -> impl Strategy<Value = f32> {
        prop_oneof![
            Just(0.0f32),
            Just(-0.0),
            Just(1.0),
            Just(-1.0),
            Just(1e-30),
            Just(f32::MAX),
            Just(f32::INFINITY),
            Just(f32::NEG_INFINITY),
            Just(f32::NAN),
            Just(2.0),
        ]
    }

    /// Mostly in range, sometimes at an edge: about a third of the settings drawn pass.
    fn value() -> impl Strategy<Value = f32> {
        prop_oneof![40 => 0.0f32..1.5, 1 => edge()]
    }

    proptest! {
        /// The quick check passes exactly the settings the named checks pass.
        #[test]
        fn the_quick_check_agrees_with_the_named_checks(
            values in proptest::collection::vec(value(), 27),
            decelerate in any::<bool>(),
            slide in any::<bool>(),
        ) {
            let v = |i: usize| values[i];
            let c = PlatformerConfig {
                acceleration: v(0),
                friction: v(1),
                jump_speed: v(2),
                gravity: v(3),
                steep_gravity: v(4),
                terminal_speed: v(5),
                max_speed: v(6),
                bounce_speed: v(7),
                restitution: v(8),
                coyote_time: v(9),
                jump_buffer: v(10),
                jump_cut: v(11),
                wall_slide_speed: slide.then_some(v(12)),
                wall_jump_speed: v(13),
                wall_jump_grace: v(14),
                wall_jump_lock: v(15),
                dash_distance: v(16),
                dash_cooldown: v(17),
                climb_speed: v(18),
                knockback_time: v(19),
                dash_time: v(20),
                crouch_max_speed: v(21),
                deceleration: decelerate.then_some(v(22)),
                wall_jump_angle: v(23),
                bounce_max_up: v(24),
                ..PlatformerConfig::default()
            };
            prop_assert_eq!(c.in_range(), c.first_out_of_range().is_ok());
        }
    }
}
