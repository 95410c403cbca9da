//! A character controller on top of move-and-slide: ground, slopes, ground sticking, steps,
//! one-way and moving platforms, and other characters.
//!
//! A character is a kinematic collider of the [`World`]; each step, [`CharacterController::step`]
//! moves it by a motion the game asks for and reports where it stands. The game-feel layer
//! (acceleration, jumps, gravity) is [`Platformer`].

mod platformer;

pub use platformer::{Platformer, PlatformerConfig, PlatformerInput};

use glam::Vec2;

use crate::geometry::all_finite;
use crate::motion::{
    ContactHook, HookAction, MoveConfig, MoveContact, MoveError, MoveResult, move_and_slide,
    move_collider_hooked, plan_move_with_planes,
};
use crate::query::{CastResult, cast};
use crate::shape::Shape;
use crate::tolerance::{
    LEDGE_LOOK_SKINS, RISING_SHARE, SETTLE_SKINS, SLOPE_COS_SLACK, UP_UNIT_TOL, WEDGED_SKINS,
    linear_tolerance,
};
use crate::world::{BodyKind, Handle, QueryFilter, Skip, StampValue, World};

/// What a character keeps of its platform's velocity when it leaves it (jumps off or walks
/// off the edge). Reported in [`CharacterState::inherited_velocity`].
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
/// still well above [`SLOPE_COS_SLACK`].
pub const MAX_SLOPE_LIMIT: f32 = std::f32::consts::FRAC_PI_2 - 1e-5;

/// The tutorial's slide-or-stop rule: a surface whose `|n·up|` is above this is nearly level...
const SEED_LEVEL_SURFACE: f32 = 0.8;
/// ...and a motion meeting it with `|d·n|` above this stops there;
const SEED_STEEP_MEETING: f32 = 0.5;
/// any surface met with `|d·n|` above this stops the motion.
const SEED_HEAD_ON: f32 = 0.9;

/// How the character's own move treats a surface it meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SlideRule {
    /// Always slide along what is met (walls block walking, see [`CharacterController::step`]).
    #[default]
    Always,
    /// The vectorial-platformer tutorial's heuristics: stop instead of sliding when meeting
    /// a nearly level surface (`|n·up| > 0.8`) at more than 30° (`|d·n| > 0.5`), or any
    /// surface nearly head-on (`|d·n| > 0.9`), with `d` the motion's direction.
    Seed004,
}

/// Settings of a [`CharacterController`]. Lengths in world units, angles in radians, the
/// world frame (y up unless `up` says otherwise).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CharacterConfig {
    /// Unit up direction (length within [`UP_UNIT_TOL`](crate::tolerance::UP_UNIT_TOL) of
    /// 1). One-way platforms block from world +y whatever `up` is.
    pub up: Vec2,
    /// Skin kept from surfaces (see [`MoveConfig::skin`]).
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
            skin: crate::DEFAULT_SKIN,
            max_slope: std::f32::consts::FRAC_PI_4,
            ground_probe: 4.0 * crate::DEFAULT_SKIN,
            snap_distance: 0.5,
            max_slope_change: 3.0,
            max_step_height: 0.3,
            leave_platform: PlatformLeave::KeepAll,
            slide_rule: SlideRule::Always,
            max_iterations: crate::DEFAULT_MAX_ITERATIONS,
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
        if !(self.skin.is_finite() && self.skin > 0.0) {
            return bad("skin", self.skin, "must be positive and finite");
        }
        if !(self.max_slope.is_finite() && (0.0..=MAX_SLOPE_LIMIT).contains(&self.max_slope)) {
            return bad(
                "max_slope",
                self.max_slope,
                "must be in [0, π/2 - 1e-5] radians (below vertical)",
            );
        }
        if !(self.ground_probe.is_finite() && self.ground_probe > 2.0 * self.skin) {
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
        if !(1..=crate::MAX_ITERATIONS).contains(&self.max_iterations) {
            return bad(
                "max_iterations",
                self.max_iterations as f32,
                "must be 1 to 8",
            );
        }
        Ok(())
    }

    /// These settings as they hold at `pos`: far from the origin, where a move keeps more
    /// than the skin from what it meets (see [`skin_at`](crate::tolerance::skin_at)), the
    /// skin and the ground probe grow alike, so that the ground is still within reach. The
    /// same settings near the origin (below about 2e4 units with the default skin).
    fn at_position(&self, pos: Vec2) -> CharacterConfig {
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
    fn walkable_cos(&self) -> f32 {
        self.max_slope.cos() - SLOPE_COS_SLACK
    }

    /// Unit vector to the right of `up` (x for y up).
    fn right(&self) -> Vec2 {
        Vec2::new(self.up.y, -self.up.x)
    }
}

/// Why a character step was refused. Nothing was moved.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CharacterError {
    /// The move under the step refused (unknown handle, a tile map as the character,
    /// non-finite motion).
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A setting of [`CharacterConfig`] or [`PlatformerConfig`] is out of range.
    #[error("{config}.{field} = {value}: {reason}")]
    BadConfig {
        /// Which settings: `"CharacterConfig"` or `"PlatformerConfig"`.
        config: &'static str,
        /// Which setting.
        field: &'static str,
        /// The value given.
        value: f32,
        /// The rule it breaks.
        reason: &'static str,
    },
    /// `CharacterConfig.up` is not a unit vector.
    #[error("CharacterConfig.up = {0}: must be a finite unit vector (length 1 within 1e-4)")]
    BadUp(Vec2),
    /// A field of [`Step`] is out of range.
    #[error("Step.{field} = {value}: {reason}")]
    BadStep {
        /// Which field.
        field: &'static str,
        /// The value given.
        value: f32,
        /// The rule it breaks.
        reason: &'static str,
    },
}

/// One step of a character: the motion wanted and the time it takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step {
    /// World units this step. When the character stands on walkable ground and the motion
    /// does not go up, its sideways part is walked along the ground (the same sideways
    /// progress, up or down a slope, so walking keeps its horizontal speed) and its downward
    /// part is held by the ground.
    pub motion: Vec2,
    /// Seconds this step lasts (positive): moving platforms carry their riders by their
    /// velocity times this, and the character's collider reports its displacement over it as
    /// its velocity.
    pub dt: f32,
    /// Fall through one-way platforms this step (dropping down from one).
    pub drop_through: bool,
    /// Pull the character down to the ground when the step walks it off a slope change
    /// (default `true`; a game turns it off for a step meant to leave the ground, a knockback).
    pub snap: bool,
}

impl Step {
    /// A step of `motion` (world units) lasting `dt` seconds, snapping on, not dropping.
    #[must_use]
    pub fn new(motion: Vec2, dt: f32) -> Self {
        Step {
            motion,
            dt,
            drop_through: false,
            snap: true,
        }
    }

    /// Drops through one-way platforms this step.
    #[must_use]
    pub fn dropping_through(self) -> Self {
        Step {
            drop_through: true,
            ..self
        }
    }

    /// Does not snap to the ground this step.
    #[must_use]
    pub fn without_snap(self) -> Self {
        Step {
            snap: false,
            ..self
        }
    }

    fn validate(&self) -> Result<(), CharacterError> {
        crate::motion::check_vector("motion", self.motion)?;
        if !(self.dt.is_finite() && self.dt > 0.0) {
            return Err(CharacterError::BadStep {
                field: "dt",
                value: self.dt,
                reason: "must be positive and finite (seconds)",
            });
        }
        Ok(())
    }
}

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
    /// The walkable ground under the character, within [`CharacterConfig::ground_probe`].
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
    /// [`CharacterConfig::leave_platform`]), world units per second; zero otherwise.
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
}

impl CharacterState {
    /// Whether the character stands on walkable ground.
    #[must_use]
    pub fn grounded(&self) -> bool {
        self.ground.is_some()
    }
}

/// Moves one character collider through a world, step by step.
///
/// Each [`step`](Self::step):
/// 1. **rides**: a character that stood on a collider with a velocity (a moving platform, or
///    another character) is first carried by that velocity × `dt`;
/// 2. **is pushed**: a kinematic collider with a velocity that moved into the character
///    since the last step pushes it out along the contact normal, by as much as the collider
///    moved on after touching it (a rising platform lifts it, never swallows it; a one-way
///    platform only from below its top); pressed against a wall by it, the character is
///    [crushed](CharacterState::crushed) and the collider passes through it;
/// 3. **moves**: its own motion, walked along the ground when grounded (re-aimed along each
///    new slope it walks onto, keeping its sideways progress); walls (slopes steeper than
///    [`CharacterConfig::max_slope`] included) stop walking instead of lifting the character
///    up them, and a motion that does not go up never climbs them either (it slides down);
/// 4. **steps up** a ledge up to [`CharacterConfig::max_step_height`] that stopped the walk,
///    keeping the walk's whole sideways motion;
/// 5. **snaps** down to the ground after walking off a slope change, unless the drop is
///    steeper than [`CharacterConfig::max_slope_change`] and higher than
///    [`CharacterConfig::max_step_height`] (a ledge; a stair is walked down);
/// 6. **reports** ground, walls, ceiling, sliding and contacts, and sets the collider's
///    velocity to its displacement over `dt` (so that characters on its head ride it).
///
/// Move moving platforms (and set their velocity) before stepping the characters on them, and
/// step a character standing on another after the one below. A character that rose this step
/// (a jump) is not grounded at its end, however close the ground still is; one wedged between
/// steep surfaces it cannot slide down stands on them.
///
/// ```
/// use glissade::{Aabb, CharacterController, ColliderDesc, Step, World, glam::Vec2};
/// let mut world = World::new();
/// world.add(ColliderDesc::new(Aabb::new(Vec2::new(-10.0, -1.0), Vec2::new(10.0, 0.0))?, Vec2::ZERO))?;
/// let body = world.add(
///     ColliderDesc::new(Aabb::from_half_extents(Vec2::new(0.25, 0.5))?, Vec2::new(0.0, 0.505)).kinematic(),
/// )?;
/// let mut controller = CharacterController::default();
/// // Walking right with gravity at 60 Hz: stays on the floor, at full speed.
/// for _ in 0..60 {
///     controller.step(&mut world, body, Step::new(Vec2::new(0.05, -0.1), 1.0 / 60.0))?;
///     assert!(controller.state.grounded());
/// }
/// let p = world.get(body).unwrap().position();
/// assert!((p.x - 3.0).abs() < 1e-4 && (p.y - 0.5).abs() <= 0.02);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct CharacterController {
    /// The settings.
    pub config: CharacterConfig,
    /// The state after the last step.
    pub state: CharacterState,
    /// The world, body and ground at the end of the last step: while the world is unchanged,
    /// the ground under the character is known without a cast.
    last: Option<LastGround>,
    /// The slope limit and its cosine less the slack, computed when the limit changes.
    walk_cos: Option<(f32, f32)>,
    /// The state before the last step (its buffers are reused by the next one).
    spare: CharacterState,
    /// How to take back the last step.
    undo: Option<Undo>,
}

/// The world (stamp), body, settings and ground at the end of a step.
type LastGround = (StampValue, Handle, CharacterConfig, Option<Ground>);

/// What a step changed, to take it back: the body's position and velocity before it, and
/// the remembered ground.
#[derive(Debug, Clone)]
struct Undo {
    body: Handle,
    position: Vec2,
    velocity: Vec2,
    last: Option<LastGround>,
}

/// What the step's queries see: the character's own layers and mask, one-way platforms
/// unless dropping, never the character itself.
struct Scope {
    layers: u32,
    mask: u32,
    one_way: bool,
}

impl Scope {
    fn filter<'a>(&self, exclude: &'a [Handle]) -> QueryFilter<'a> {
        let f = QueryFilter::default()
            .with_layers(self.layers)
            .with_mask(self.mask)
            .excluding(exclude);
        if self.one_way { f } else { f.without_one_way() }
    }
}

impl CharacterController {
    /// A controller with `config`, not yet grounded.
    #[must_use]
    pub fn new(config: CharacterConfig) -> Self {
        CharacterController {
            config,
            state: CharacterState::default(),
            last: None,
            walk_cos: None,
            spare: CharacterState::default(),
            undo: None,
        }
    }

    /// Moves the character `body` (a collider of `world`) by one step; see the type's docs
    /// for what a step does. A step that returns an error — refused by its checks (bad
    /// settings, bad step, unknown handle, a tile map as the character) or by a move under it —
    /// changes nothing: the body's position and velocity and the state are as before.
    pub fn step(
        &mut self,
        world: &mut World,
        body: Handle,
        step: Step,
    ) -> Result<&CharacterState, CharacterError> {
        let cfg = self.config;
        cfg.validate()?;
        step.validate()?;
        if self
            .walk_cos
            .is_none_or(|(limit, _)| limit.to_bits() != cfg.max_slope.to_bits())
        {
            self.walk_cos = Some((cfg.max_slope, cfg.walkable_cos()));
        }
        let c = world.get(body).ok_or(MoveError::UnknownHandle(body))?;
        let shape = *c.shape().ok_or(MoveError::NotAShape(body))?;
        let (start, velocity) = (c.position(), c.velocity());
        // The step is built in the spare state's buffers; the state before it is kept, so a
        // step that fails half way (or an update refused after it) changes nothing.
        let buffers = (
            std::mem::take(&mut self.spare.contacts),
            std::mem::take(&mut self.spare.normals),
        );
        // Distances as they hold where the character is (the same near the origin).
        let settings = self.config;
        self.config = settings.at_position(start);
        let ran = self.run(world, body, step, shape, buffers);
        self.config = settings;
        match ran {
            Ok((state, last)) => {
                self.spare = std::mem::replace(&mut self.state, state);
                self.undo = Some(Undo {
                    body,
                    position: start,
                    velocity,
                    last: self.last,
                });
                self.last = last;
                Ok(&self.state)
            }
            Err(e) => {
                let _ = world.set_position(body, start);
                let _ = world.set_velocity(body, velocity);
                self.undo = None;
                Err(e)
            }
        }
    }

    /// Takes back the last successful [`step`](Self::step): the body's position and velocity
    /// and this controller's state go back to what they were before it. Used by
    /// [`Platformer::update`] when it refuses a step after the controller moved.
    pub(crate) fn undo(&mut self, world: &mut World) {
        if let Some(u) = self.undo.take() {
            let _ = world.set_position(u.body, u.position);
            let _ = world.set_velocity(u.body, u.velocity);
            std::mem::swap(&mut self.state, &mut self.spare);
            self.last = u.last;
        }
    }

    /// The stages of a step, from the body at `start` with `shape`, building the new state
    /// in `buffers` (contacts, normals): the state and the ground to remember.
    fn run(
        &self,
        world: &mut World,
        body: Handle,
        step: Step,
        shape: Shape,
        buffers: (Vec<MoveContact>, Vec<Vec2>),
    ) -> Result<(CharacterState, Option<LastGround>), CharacterError> {
        let cfg = self.config;
        let c = world.get(body).ok_or(MoveError::UnknownHandle(body))?;
        let scope = Scope {
            layers: c.layers(),
            mask: c.mask(),
            one_way: !step.drop_through,
        };
        let start = c.position();
        let move_cfg = MoveConfig::default()
            .with_skin(cfg.skin)
            .with_max_iterations(cfg.max_iterations);
        let (mut contacts, mut normals) = buffers;
        contacts.clear();
        normals.clear();
        let prev_ground = self.state.ground;

        // 1. Ride what it stood on.
        let riding = prev_ground.and_then(|g| {
            let v = world.get(g.handle)?.velocity();
            (v != Vec2::ZERO).then_some((g.handle, v))
        });
        if let Some((platform, v)) = riding {
            let ex = [body, platform];
            let r = move_and_slide(
                world,
                body,
                v * step.dt,
                &move_cfg.with_filter(scope.filter(&ex)),
            )?;
            merge(&mut contacts, r.contacts);
        }

        // 2. Pushed by kinematic colliders that moved into it: only when something other than
        // the character itself has a velocity.
        let own_moving = world.get(body).is_some_and(|c| c.velocity() != Vec2::ZERO);
        let others_moving = world.moving_count() > u32::from(own_moving);
        if others_moving {
            self.pushed(
                world,
                body,
                &shape,
                &scope,
                &move_cfg,
                step.dt,
                riding.map(|r| r.0),
                &mut contacts,
            )?;
        }

        // A moving collider it could not get out of (pressed against a wall or a ceiling) is
        // crushing it: the rest of the step passes through it rather than be pushed out of it
        // into the level.
        let mut crushed = vec![];
        if others_moving {
            let ex = [body];
            let here = position(world, body);
            crushed.push(body);
            crushed.extend(
                world
                    .overlap_shape(&shape, here, &scope.filter(&ex))
                    .into_iter()
                    .map(|o| o.handle)
                    .filter(|h| {
                        world.get(*h).is_some_and(|c| {
                            c.kind() == BodyKind::Kinematic && c.velocity() != Vec2::ZERO
                        })
                    }),
            );
            crushed.sort_unstable();
            crushed.dedup();
        }
        let alone = [body];
        let own: &[Handle] = if crushed.len() > 1 { &crushed } else { &alone };
        let move_cfg = move_cfg.with_filter(scope.filter(own));

        // 3. The own move, from the ground under it: the last step's when nothing changed.
        let before = position(world, body);
        let ground0 = match self.last {
            Some((stamp, b, c, g))
                if stamp == world.stamp() && b == body && c == cfg && !step.drop_through =>
            {
                g
            }
            _ => self.probe(world, &shape, before, &scope.filter(own), cfg.ground_probe),
        };
        let rising = step.motion.dot(cfg.up) > RISING_SHARE * step.motion.abs().max_element();
        let walking = ground0.filter(|_| !rising);
        let motion = match walking {
            Some(g) => along_ground(step.motion, cfg.up, g.normal),
            None => step.motion,
        };
        if !(all_finite(motion) && motion.length().is_finite()) {
            return Err(CharacterError::BadStep {
                field: "motion",
                value: step.motion.abs().max_element(),
                reason: "too large: its length (walked along the ground) overflows f32",
            });
        }
        let met = std::cell::RefCell::new(normals);
        let hook = |n: Vec2, rem: Vec2| {
            met.borrow_mut().push(n);
            self.on_contact(n, rem, walking.is_some(), rising)
        };
        let r = move_collider_hooked(world, body, motion, &move_cfg, &hook)?;
        let mut normals = met.into_inner();
        let is_wall = |n: &Vec2| !self.is_floor(*n) && !self.is_ceiling(*n);
        let blocked_by_wall = walking.is_some() && normals.iter().any(is_wall);

        // 4. Step up a ledge: the wall it climbed is then not a contact.
        let mut stepped = 0.0;
        if blocked_by_wall
            && cfg.max_step_height > 0.0
            && let Some((to, height, found)) = self.step_up(
                world,
                &shape,
                before,
                r.position,
                motion,
                &scope.filter(own),
            )?
        {
            world
                .set_position(body, to)
                .map_err(|_| MoveError::UnknownHandle(body))?;
            stepped = height;
            normals.retain(|n| !is_wall(n));
            let not_walls = |v: Vec<MoveContact>| v.into_iter().filter(|k| !is_wall(&k.normal));
            merge(
                &mut contacts,
                not_walls(r.contacts).chain(not_walls(found)).collect(),
            );
        } else {
            merge(&mut contacts, r.contacts);
        }

        // 5. Snap down to the ground.
        let after = position(world, body);
        let filter = scope.filter(own);
        // A step that went up and away from the ground is not on it, however near it still is.
        let mut ground = if rising && (after - before).dot(cfg.up) > 0.0 {
            None
        } else {
            self.probe(world, &shape, after, &filter, cfg.ground_probe)
        };
        let mut snapped = 0.0;
        if ground.is_none()
            && walking.is_some()
            && step.snap
            && stepped == 0.0
            && let Some(drop) = self.snap_drop(world, &shape, before, after, &filter)
        {
            let stop = |_: Vec2, _: Vec2| HookAction::Stop;
            let r = move_collider_hooked(world, body, -cfg.up * drop, &move_cfg, &stop)?;
            snapped = (after - r.position).dot(cfg.up);
            merge(&mut contacts, r.contacts);
            ground = self.probe(world, &shape, r.position, &filter, cfg.ground_probe);
        }

        // A grounded character that is not going up is held a skin off its ground (a fall
        // or a walk over a crest may end anywhere within the probe).
        if !rising
            && let Some(g) = ground
            && g.distance > SETTLE_SKINS * cfg.skin
        {
            let stop = |_: Vec2, _: Vec2| HookAction::Stop;
            let from = position(world, body);
            let r = move_collider_hooked(world, body, -cfg.up * g.distance, &move_cfg, &stop)?;
            snapped += (from - r.position).dot(cfg.up);
            merge(&mut contacts, r.contacts);
            // Always a probe at the final position: the next step may reuse it instead of
            // probing (the same answer, so a world and controller cloned mid-game replay alike).
            ground = self.probe(world, &shape, r.position, &filter, cfg.ground_probe);
        }

        // 6. Report.
        let end = position(world, body);
        let sliding = match ground {
            Some(_) => None,
            None => world
                .cast_shape(&shape, end, -cfg.up * cfg.ground_probe, &filter)
                .map(|h| h.normal)
                .filter(|n| n.dot(cfg.up) > 0.0 && !self.is_floor(*n)),
        };
        let mut wall = None;
        let mut ceiling = false;
        for n in normals.iter().chain(contacts.iter().map(|k| &k.normal)) {
            if self.is_ceiling(*n) {
                ceiling = true;
            } else if !self.is_floor(*n) && wall.is_none() {
                wall = Some(if n.dot(cfg.right()) > 0.0 {
                    WallSide::Left
                } else {
                    WallSide::Right
                });
            }
        }
        let inherited_velocity = match (prev_ground, ground) {
            (Some(p), now)
                if now.is_none_or(|g| g.handle != p.handle) && p.velocity != Vec2::ZERO =>
            {
                let v = world.get(p.handle).map_or(p.velocity, |c| c.velocity());
                match cfg.leave_platform {
                    PlatformLeave::KeepAll => v,
                    PlatformLeave::KeepUnlessDownward => v - cfg.up * v.dot(cfg.up).min(0.0),
                    PlatformLeave::KeepNothing => Vec2::ZERO,
                }
            }
            _ => Vec2::ZERO,
        };
        let displacement = end - start;
        let velocity = displacement / step.dt;
        world
            .set_velocity(
                body,
                if all_finite(velocity) {
                    velocity
                } else {
                    Vec2::ZERO
                },
            )
            .map_err(|_| MoveError::UnknownHandle(body))?;
        let last = (!(step.drop_through || (rising && ground.is_none()))).then_some((
            world.stamp(),
            body,
            cfg,
            ground,
        ));
        let state = CharacterState {
            ground,
            wall,
            ceiling,
            sliding,
            stepped,
            snapped,
            inherited_velocity,
            displacement,
            contacts,
            normals,
            crushed: crushed.len() > 1,
        };
        Ok((state, last))
    }

    /// Whether a surface with unit normal `n` is walkable ground.
    fn is_floor(&self, n: Vec2) -> bool {
        n.dot(self.config.up) >= self.walkable_cos()
    }

    /// Whether a surface with unit normal `n` is a ceiling.
    fn is_ceiling(&self, n: Vec2) -> bool {
        -n.dot(self.config.up) >= self.walkable_cos()
    }

    fn walkable_cos(&self) -> f32 {
        match self.walk_cos {
            Some((limit, cos)) if limit.to_bits() == self.config.max_slope.to_bits() => cos,
            _ => self.config.walkable_cos(),
        }
    }

    /// The decision at a sliding contact of the own move. Walking, a new walkable slope
    /// re-aims the walk along it (the same sideways progress) and a wall (or a slope too
    /// steep) stops it; otherwise a motion that does not go up slides on walls and steep
    /// slopes without rising. The tutorial's rule stops hard landings.
    fn on_contact(&self, n: Vec2, rem: Vec2, walking: bool, rising: bool) -> HookAction {
        let cfg = &self.config;
        if walking {
            return if self.is_floor(n) {
                HookAction::Redirect(n, along_ground(rem, cfg.up, n))
            } else if self.is_ceiling(n) {
                HookAction::Slide(n)
            } else {
                HookAction::Stop
            };
        }
        if cfg.slide_rule == SlideRule::Seed004 {
            let d = rem.normalize_or_zero();
            let head_on = d.dot(n).abs();
            if (n.dot(cfg.up).abs() > SEED_LEVEL_SURFACE && head_on > SEED_STEEP_MEETING)
                || head_on > SEED_HEAD_ON
            {
                return HookAction::Stop;
            }
        }
        if !rising && !self.is_floor(n) && !self.is_ceiling(n) {
            return HookAction::SlideOn(n, -cfg.up);
        }
        HookAction::Slide(n)
    }

    /// Pushes the character out along the motion of each kinematic collider with a velocity
    /// that moved into it since the last step (not `ridden`, which already carried it).
    #[allow(clippy::too_many_arguments)]
    fn pushed(
        &self,
        world: &mut World,
        body: Handle,
        shape: &Shape,
        scope: &Scope,
        move_cfg: &MoveConfig,
        dt: f32,
        ridden: Option<Handle>,
        contacts: &mut Vec<MoveContact>,
    ) -> Result<(), CharacterError> {
        let pos = position(world, body);
        let own = [body];
        let (lo, hi) = shape.local_bounds();
        let pad = Vec2::splat(self.config.skin);
        let near = world.query_aabb(pos + lo - pad, pos + hi + pad, &scope.filter(&own));
        for h in near {
            if Some(h) == ridden {
                continue;
            }
            let Some(c) = world.get(h) else { continue };
            let d = c.velocity() * dt;
            let (BodyKind::Kinematic, Some(other)) = (c.kind(), c.shape()) else {
                continue;
            };
            if d == Vec2::ZERO {
                continue;
            }
            let now = position(world, body);
            // Where it entered: the collider moving from where it was to where it is.
            let CastResult::Hit(hit) = cast(shape, now, Vec2::ZERO, other, c.position() - d, d)
            else {
                continue;
            };
            if c.is_one_way() && hit.normal.dot(Vec2::Y) <= 0.0 {
                continue;
            }
            let depth = ((1.0 - hit.fraction) * d).dot(hit.normal);
            if depth <= 0.0 {
                continue;
            }
            let ex = [body, h];
            let r = move_and_slide(
                world,
                body,
                hit.normal * (depth + self.config.skin),
                &move_cfg.with_filter(scope.filter(&ex)),
            )?;
            merge(
                contacts,
                vec![MoveContact {
                    handle: h,
                    normal: hit.normal,
                    point: hit.point,
                    fraction: 0.0,
                    response: crate::Response::Slide,
                    cell: None,
                }],
            );
            merge(contacts, r.contacts);
        }
        Ok(())
    }

    /// The walkable ground within `reach` below a character shaped `shape` at `pos`. A
    /// character resting on the edge of a ledge (a corner whose normal is too steep, with
    /// walkable ground just past the corner, away from the character) stands on that ground.
    fn probe(
        &self,
        world: &World,
        shape: &Shape,
        pos: Vec2,
        filter: &QueryFilter,
        reach: f32,
    ) -> Option<Ground> {
        let cfg = &self.config;
        let up = cfg.up;
        let hit = world.cast_shape(shape, pos, -up * reach, filter)?;
        let ground = |handle: Handle, normal: Vec2| Ground {
            handle,
            normal,
            distance: hit.fraction * reach,
            velocity: world.get(handle).map_or(Vec2::ZERO, |c| c.velocity()),
        };
        if self.is_floor(hit.normal) {
            return Some(ground(hit.handle, hit.normal));
        }
        if hit.normal.dot(up) <= 0.0 {
            return None;
        }
        // On an edge? Look straight down just past the contact, away from the character.
        let away = -(hit.normal - up * hit.normal.dot(up)).normalize_or_zero();
        let origin = hit.point + away * (cfg.skin * LEDGE_LOOK_SKINS) + up * cfg.skin;
        if let Some(below) = world.raycast(origin, -up * (2.0 * cfg.skin), filter)
            && below.fraction > 0.0
            && self.is_floor(below.normal)
        {
            return Some(ground(below.handle, below.normal));
        }
        // Wedged between steep surfaces (a V): standing if it cannot slide down.
        let mc = MoveConfig::default()
            .with_skin(cfg.skin)
            .with_max_iterations(cfg.max_iterations)
            .with_filter(*filter);
        let no_rise = |n: Vec2, _: Vec2| HookAction::SlideOn(n, -up);
        let slid = plan(world, shape, pos, -up * reach, &mc, Some(&no_rise)).ok()?;
        ((pos - slid.position).dot(up) < WEDGED_SKINS * cfg.skin).then(|| Ground {
            normal: up,
            ..ground(hit.handle, hit.normal)
        })
    }

    /// Climbing the ledge that stopped a walk from `from` by `walk` at `blocked`: up by at
    /// most the step height, on by the rest of the walk's sideways travel, down onto walkable
    /// ground. The end position, the height climbed and the contacts, or `None` when there is
    /// no room or no ground up there.
    fn step_up(
        &self,
        world: &World,
        shape: &Shape,
        from: Vec2,
        blocked: Vec2,
        walk: Vec2,
        filter: &QueryFilter,
    ) -> Result<Option<(Vec2, f32, Vec<MoveContact>)>, CharacterError> {
        let cfg = &self.config;
        let up = cfg.up;
        let side = walk - up * walk.dot(up);
        let side_len = side.length();
        let tol = linear_tolerance(blocked.abs().max_element());
        if side_len <= tol {
            return Ok(None);
        }
        let dir = side / side_len;
        let left = side_len - (blocked - from).dot(dir);
        if left <= tol {
            return Ok(None);
        }
        let mc = MoveConfig::default()
            .with_skin(cfg.skin)
            .with_max_iterations(cfg.max_iterations)
            .with_filter(*filter);
        let rise = plan(world, shape, blocked, up * cfg.max_step_height, &mc, None)?;
        let risen = (rise.position - blocked).dot(up);
        if risen <= tol {
            return Ok(None);
        }
        let on = plan(world, shape, rise.position, dir * left, &mc, None)?;
        if (on.position - rise.position).dot(dir) <= tol {
            return Ok(None);
        }
        let stop = |_: Vec2, _: Vec2| HookAction::Stop;
        let down = plan(
            world,
            shape,
            on.position,
            -up * (risen + cfg.ground_probe),
            &mc,
            Some(&stop),
        )?;
        let climbed = (down.position - blocked).dot(up);
        if climbed <= tol || climbed > cfg.max_step_height + tol {
            return Ok(None);
        }
        let Some(_) = self.probe(world, shape, down.position, filter, cfg.ground_probe) else {
            return Ok(None);
        };
        let end = down.position;
        let mut found = Vec::new();
        for r in [rise, on, down] {
            merge(&mut found, r.contacts);
        }
        Ok(Some((end, climbed, found)))
    }

    /// How far to pull a character that walked from `before` to `after` and lost the ground
    /// down onto it: up to `min(snap_distance, Δx × max_slope_change)`, when there is
    /// walkable ground that far below and the ground between drops no steeper than
    /// `max_slope_change`, stairs up to `max_step_height` allowed (a ledge is not snapped).
    fn snap_drop(
        &self,
        world: &World,
        shape: &Shape,
        before: Vec2,
        after: Vec2,
        filter: &QueryFilter,
    ) -> Option<f32> {
        let cfg = &self.config;
        let up = cfg.up;
        let travel = (after - before) - up * (after - before).dot(up);
        let dx = travel.length();
        let reach = cfg.snap_distance.min(dx * cfg.max_slope_change);
        if reach <= 0.0 {
            return None;
        }
        let hit = world.cast_shape(shape, after, -up * reach, filter)?;
        // Ground to stand on down there (a corner counts as a ledge's edge, as in the probe).
        let landed = after - up * (hit.fraction * reach - cfg.skin).max(0.0);
        self.probe(world, shape, landed, filter, cfg.ground_probe)?;
        // The ground's profile under the way walked, sampled as the tutorial does but with
        // exact casts: where the character would rest at each sample. Between two samples it
        // may drop at most `max_slope_change` times their spacing; samples are at most
        // `max_step_height / max_slope_change` apart, so a stair no higher than a step passes
        // and a ledge higher than that does not.
        let k = cfg.max_slope_change;
        let spacing = (cfg.max_step_height / k).max(cfg.skin);
        let samples = ((dx / spacing).ceil() as u32).clamp(1, MAX_SNAP_SAMPLES);
        let top = before.dot(up).max(after.dot(up));
        let depth = top - after.dot(up) + reach;
        let side0 = before - up * before.dot(up);
        let rest = |t: f32| -> Option<f32> {
            let q = side0 + travel * t + up * top;
            let h = world.cast_shape(shape, q, -up * depth, filter)?;
            Some(top - h.fraction * depth)
        };
        let tol = linear_tolerance(top.abs() + depth) + cfg.skin;
        let allowed = k * dx / samples as f32 + tol;
        let mut prev = rest(0.0)?;
        for i in 1..=samples {
            let h = rest(i as f32 / samples as f32)?;
            if (h - prev).abs() > allowed {
                return None;
            }
            prev = h;
        }
        Some(reach)
    }
}

/// Most samples of the ground's profile a snap takes (the tutorial samples every 2 pixels):
/// beyond `MAX_SNAP_SAMPLES × max_step_height / max_slope_change` of sideways travel in one
/// step, the samples spread and stairs a little higher than a step may pass.
const MAX_SNAP_SAMPLES: u32 = 16;

/// Plans a move of `shape` from `pos` by `motion` without changing the world.
fn plan(
    world: &World,
    shape: &Shape,
    pos: Vec2,
    motion: Vec2,
    mc: &MoveConfig,
    hook: Option<ContactHook>,
) -> Result<MoveResult, MoveError> {
    plan_move_with_planes(
        world,
        shape,
        pos,
        motion,
        motion,
        mc,
        Skip::default(),
        &[],
        hook,
    )
}

/// The sideways part of `motion` walked along the ground of normal `n` (walkable, so
/// `n·up > 0`): the same sideways progress, up or down the slope; the downward part is held by
/// the ground.
fn along_ground(motion: Vec2, up: Vec2, n: Vec2) -> Vec2 {
    let right = Vec2::new(up.y, -up.x);
    let side = motion.dot(right);
    if side == 0.0 {
        return Vec2::ZERO;
    }
    // The tangent pointing the way of `right`; its sideways part is `n·up` long.
    let t = Vec2::new(n.y, -n.x);
    let t = if t.dot(right) < 0.0 { -t } else { t };
    t * (side / n.dot(up))
}

fn position(world: &World, body: Handle) -> Vec2 {
    world.get(body).map_or(Vec2::ZERO, |c| c.position())
}

/// Appends the contacts of colliders not yet met.
fn merge(into: &mut Vec<MoveContact>, more: Vec<MoveContact>) {
    for c in more {
        if !into.iter().any(|k| k.handle == c.handle) {
            into.push(c);
        }
    }
}
