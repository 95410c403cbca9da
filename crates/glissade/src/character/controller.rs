//! The character controller: a step's stages, in order, and taking a step back.

use glam::Vec2;

use super::body_shape::BodyShape;
use super::config::{STOP_HEAD_ON, STOP_LEVEL_SURFACE, STOP_STEEP_MEETING};
use super::slope::along_ground;
use super::step_world::{StepWorld, move_own};
use super::{
    CharacterConfig, CharacterError, CharacterState, Ground, PlatformLeave, SlideRule, Step,
    WallSide,
};
use crate::geometry::all_finite;
use crate::motion::{HookAction, MoveConfig, MoveContact, MoveError, MoveResult, merge_sensors};
use crate::shape::Shape;
use crate::tolerance::RISING_SHARE;
use crate::world::{Handle, Nearby, QueryFilter, StampValue, World};

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
    /// The last settings [`CharacterConfig::validate`] accepted: a step with the same
    /// settings (equal field by field; a signed zero checks as its other sign does) skips
    /// checking them again.
    accepted: Option<CharacterConfig>,
    /// The state before the last step (its buffers are reused by the next one).
    spare: CharacterState,
    /// How to take back the last step.
    undo: Option<Undo>,
    /// The body's shape as the last step copied it out of the world (see [`BodyShape`]).
    pub(super) body_shape: BodyShape,
    /// The colliders around the body, gathered once for the moves and ground probes of a
    /// step and kept for the next steps while nothing else in the world changes (they decide
    /// no answer, only how fast it is found).
    pub(super) near: Nearby,
}

/// Skins of room around a step's reach in which its sweeps look through the colliders
/// gathered near the body (a little more than the step's probes and settling take).
const NEAR_SKINS: f32 = 4.0;

/// The world (stamp), body, settings and ground at the end of a step.
pub(super) type LastGround = (StampValue, Handle, CharacterConfig, Option<Ground>);

/// What a step changed, to take it back: the body's position and velocity before it, and
/// the remembered ground.
#[derive(Debug, Clone)]
struct Undo {
    body: Handle,
    position: Vec2,
    velocity: Vec2,
    last: Option<LastGround>,
}

/// Where the last ground probe of a step was made, the normal of the first surface its cast
/// met (none when it met nothing) and the ground it found: when the character ends the step
/// there, the report and the next step reuse it instead of casting again.
pub(super) type Probed = Option<(Vec2, Option<Vec2>, Option<Ground>)>;

/// What the own move did: where it started, the motion walked, the ground walked on (none
/// when rising or in the air), whether it went up, the move, and every surface it met.
pub(super) struct Walk {
    pub(super) before: Vec2,
    pub(super) motion: Vec2,
    pub(super) walking: Option<Ground>,
    pub(super) rising: bool,
    pub(super) moved: MoveResult,
    pub(super) normals: Vec<Vec2>,
}

/// What the step's queries see: the character's own layers and mask, one-way platforms
/// unless dropping, never the character itself.
pub(super) struct Scope {
    layers: u32,
    mask: u32,
    one_way: bool,
}

impl Scope {
    pub(super) fn filter<'a>(&self, exclude: &'a [Handle]) -> QueryFilter<'a> {
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
            accepted: None,
            spare: CharacterState::default(),
            undo: None,
            body_shape: BodyShape::default(),
            near: Nearby::default(),
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
        if self.accepted != Some(self.config) {
            self.config.validate()?;
            self.accepted = Some(self.config);
        }
        self.step_checked(world, body, step)
    }

    /// [`step`](Self::step) once its settings are known to be valid (a [`Platformer`](super::Platformer)
    /// checks them at the start of its update).
    pub(super) fn step_checked(
        &mut self,
        world: &mut World,
        body: Handle,
        step: Step,
    ) -> Result<&CharacterState, CharacterError> {
        step.validate()?;
        self.step_in(world, body, step)?;
        Ok(&self.state)
    }

    /// A step of `body` in `sw` (the world itself, or a world held still) once the settings
    /// and the step are known to be valid (each caller checks them, in `step`'s order). A
    /// step that fails puts the body's position and velocity back and leaves this controller
    /// as it was (but for the colliders it keeps gathered around the body, which decide
    /// nothing).
    pub(super) fn step_in(
        &mut self,
        sw: &mut impl StepWorld,
        body: Handle,
        step: Step,
    ) -> Result<(), CharacterError> {
        let cfg = self.config;
        if self
            .walk_cos
            .is_none_or(|(limit, _)| limit.to_bits() != cfg.max_slope.to_bits())
        {
            self.walk_cos = Some((cfg.max_slope, cfg.walkable_cos()));
        }
        let c = sw.world().get(body).ok_or(MoveError::UnknownHandle(body))?;
        // A box placeholder, overwritten with the body's shape (a polygon goes into the
        // controller's own copy, handed back below: see `BodyShape`).
        let mut shape = Shape::Aabb(crate::shape::Aabb {
            min: Vec2::ZERO,
            max: Vec2::ZERO,
        });
        c.shape()
            .ok_or(MoveError::NotAShape(body))?
            .copy_into(&mut shape, &mut self.body_shape.0);
        let (start, velocity) = sw.motion_of(body, c);
        // The step is built in the spare state's buffers; the state before it is kept, so a
        // step that fails half way (or an update refused after it) changes nothing.
        let buffers = (
            std::mem::take(&mut self.spare.contacts),
            std::mem::take(&mut self.spare.normals),
        );
        // Distances as they hold where the character is (the same near the origin).
        let settings = self.config;
        self.config = settings.at_position(start);
        // Where the step's moves and probes can reach: its motion, a climb, a snap, the probes
        // (a move beyond it, a platform's ride or a push, walks the grid as usual).
        let cfg = &self.config;
        self.near.prepare(sw.world(), body, || {
            let (lo, hi) = shape.local_bounds();
            let reach = step.motion.abs()
                + Vec2::splat(
                    cfg.max_step_height
                        + cfg.snap_distance
                        + cfg.ground_probe
                        + NEAR_SKINS * cfg.skin,
                );
            (start + lo - reach, start + hi + reach)
        });
        let ran = self.run(sw, body, step, &shape, buffers);
        self.config = settings;
        let done = match ran {
            Ok((state, last)) => {
                // The old state becomes the spare (its buffers, taken above, are empty).
                std::mem::swap(&mut self.spare, &mut self.state);
                self.state = state;
                self.undo = Some(Undo {
                    body,
                    position: start,
                    velocity,
                    last: self.last,
                });
                self.last = last;
                Ok(())
            }
            Err(e) => {
                let _ = sw.place(body, start);
                let _ = sw.set_velocity(body, velocity);
                self.undo = None;
                Err(e)
            }
        };
        // Only the body moved since the colliders near it were gathered (after the state is
        // in place: a call between the step and its use would keep the state waiting on the
        // stack, and copy it).
        self.near.finish(sw.world());
        // Last: handing the copy back may drop an `Arc`, a call the moves above need not
        // wait on.
        if let Shape::Polygon(own) = shape {
            self.body_shape.0 = Some(own.into_arc());
        }
        done
    }
    /// Takes back the last successful [`step`](Self::step): the body's position and velocity
    /// and this controller's state go back to what they were before it. Used by
    /// [`Platformer::update`](super::Platformer::update) when it refuses a step after the controller moved.
    pub(crate) fn undo(&mut self, world: &mut World) {
        if let Some(u) = self.undo.take() {
            let _ = world.set_position(u.body, u.position);
            let _ = world.set_velocity(u.body, u.velocity);
            std::mem::swap(&mut self.state, &mut self.spare);
            self.last = u.last;
        }
    }
    /// The stages of a step (see the type's docs), with the character's `shape`, building the
    /// new state in `buffers` (its contacts and normals, emptied first): the state and the
    /// ground to remember.
    fn run(
        &self,
        sw: &mut impl StepWorld,
        body: Handle,
        step: Step,
        shape: &Shape,
        buffers: (Vec<MoveContact>, Vec<Vec2>),
    ) -> Result<(CharacterState, Option<LastGround>), CharacterError> {
        let c = sw.world().get(body).ok_or(MoveError::UnknownHandle(body))?;
        let scope = Scope {
            layers: c.layers(),
            mask: c.mask(),
            one_way: !step.drop_through,
        };
        let (start, _) = sw.motion_of(body, c);
        let (mut contacts, mut normals) = buffers;
        contacts.clear();
        normals.clear();
        let prev_ground = self.state.ground;

        let mut sensors = Vec::new();
        // 1. Ride what it stood on.
        let ridden = self.ride(sw, body, &scope, step.dt, &mut contacts, &mut sensors)?;
        // 2. Pushed by kinematic colliders that moved into it; those that press it against the
        // level crush it, and the rest of the step passes through them.
        let crushers = self.be_pushed(
            sw,
            body,
            shape,
            &scope,
            (step.dt, ridden),
            &mut contacts,
            &mut sensors,
        )?;
        let alone = [body];
        let own: &[Handle] = if crushers.is_empty() {
            &alone
        } else {
            &crushers
        };
        let filter = scope.filter(own);
        // 3. The own move, walked along the ground.
        let mut walk = self.walk(sw, body, shape, step, &filter, normals)?;
        merge_sensors(&mut sensors, std::mem::take(&mut walk.moved.sensors));
        // 4. Up a ledge that stopped the walk.
        let stepped = self.climb(
            sw,
            body,
            shape,
            &mut walk,
            &filter,
            (&mut contacts, &mut sensors),
        )?;
        // 5. Down to the ground, and a skin off it.
        let (ground, snapped, probed) = self.keep_ground(
            sw,
            body,
            shape,
            step,
            &walk,
            stepped,
            &filter,
            (&mut contacts, &mut sensors),
        )?;
        // 6. Report. The state is put together where it is returned (a struct this large
        // costs a copy for each place it passes through on the way).
        let end = sw.position(body);
        let (wall, ceiling, sliding) = self.surfaces(
            sw.world(),
            (shape, end),
            (ground, probed),
            &filter,
            &walk.normals,
            &contacts,
        );
        let inherited_velocity = self.inherited_velocity(sw.world(), prev_ground, ground);
        let displacement = end - start;
        let velocity = displacement / step.dt;
        sw.set_velocity(
            body,
            if all_finite(velocity) {
                velocity
            } else {
                Vec2::ZERO
            },
        )?;
        // The ground the next step starts on, when nothing changes meanwhile: the probe made
        // where the character ended (found even while rising, when the step reports none).
        let next_ground = match probed {
            Some((at, _, found)) if at == end => Some(found),
            _ => (!(walk.rising && ground.is_none())).then_some(ground),
        };
        let last = next_ground
            .filter(|_| !step.drop_through)
            .map(|g| (sw.world().stamp(), body, self.config, g));
        Ok((
            CharacterState {
                ground,
                wall,
                ceiling,
                sliding,
                stepped,
                snapped,
                inherited_velocity,
                displacement,
                contacts,
                normals: walk.normals,
                crushed: !crushers.is_empty(),
                sensors,
            },
            last,
        ))
    }

    /// The settings of the moves under a step: the character's skin and iterations.
    pub(super) fn move_config(&self) -> MoveConfig<'static> {
        MoveConfig::default()
            .with_skin(self.config.skin)
            .with_max_iterations(self.config.max_iterations)
    }

    /// Stage 3: The own move, from the ground under the character (the last step's when nothing
    /// changed): walked along the ground when it stands on it and does not go up (the same
    /// sideways progress, re-aimed at each slope joint); walls stop a walk.
    fn walk(
        &self,
        sw: &mut impl StepWorld,
        body: Handle,
        shape: &Shape,
        step: Step,
        filter: &QueryFilter,
        normals: Vec<Vec2>,
    ) -> Result<Walk, CharacterError> {
        let cfg = self.config;
        let before = sw.position(body);
        let ground = match self.last {
            Some((stamp, b, c, g))
                if stamp == sw.world().stamp() && b == body && c == cfg && !step.drop_through =>
            {
                g
            }
            _ => self.probe(sw.world(), shape, before, filter, cfg.ground_probe),
        };
        let rising = step.motion.dot(cfg.up) > RISING_SHARE * step.motion.abs().max_element();
        let walking = ground.filter(|_| !rising);
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
        let move_cfg = self.move_config().with_filter(*filter);
        let moved = move_own(sw, body, motion, &move_cfg, Some(&hook), &self.near)?;
        Ok(Walk {
            before,
            motion,
            walking,
            rising,
            moved,
            normals: met.into_inner(),
        })
    }

    /// Stage 6: What the character met: a wall and its side, a ceiling, the steep slope it slides
    /// on when not on the ground (its normal), from the surfaces its own move met (`normals`)
    /// and everything it touched (`contacts`).
    #[allow(clippy::too_many_arguments)]
    fn surfaces(
        &self,
        world: &World,
        (shape, end): (&Shape, Vec2),
        (ground, probed): (Option<Ground>, Probed),
        filter: &QueryFilter,
        normals: &[Vec2],
        contacts: &[MoveContact],
    ) -> (Option<WallSide>, bool, Option<Vec2>) {
        let cfg = &self.config;
        let sliding = match (ground, probed) {
            (Some(_), _) => None,
            // The ground probe was made from here: the same cast.
            (None, Some((at, first, _))) if at == end => first,
            (None, _) => world
                .cast_shape(shape, end, -cfg.up * cfg.ground_probe, filter)
                .map(|h| h.normal),
        }
        .filter(|n| n.dot(cfg.up) > 0.0 && !self.is_floor(*n));
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
        (wall, ceiling, sliding)
    }

    /// Stage 6: What is kept of the velocity of the platform left this step (per
    /// [`CharacterConfig::leave_platform`]), zero when none was left.
    fn inherited_velocity(
        &self,
        world: &World,
        before: Option<Ground>,
        now: Option<Ground>,
    ) -> Vec2 {
        let cfg = &self.config;
        match (before, now) {
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
        }
    }

    /// Whether a surface with unit normal `n` is walkable ground.
    pub(super) fn is_floor(&self, n: Vec2) -> bool {
        n.dot(self.config.up) >= self.walkable_cos()
    }
    /// Whether a surface with unit normal `n` is a ceiling.
    pub(super) fn is_ceiling(&self, n: Vec2) -> bool {
        -n.dot(self.config.up) >= self.walkable_cos()
    }
    fn walkable_cos(&self) -> f32 {
        match self.walk_cos {
            Some((limit, cos)) if limit.to_bits() == self.config.max_slope.to_bits() => cos,
            _ => uncached_walkable_cos(&self.config),
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
        if cfg.slide_rule == SlideRule::StopOnImpact {
            let d = rem.normalize_or_zero();
            let head_on = d.dot(n).abs();
            if (n.dot(cfg.up).abs() > STOP_LEVEL_SURFACE && head_on > STOP_STEEP_MEETING)
                || head_on > STOP_HEAD_ON
            {
                return HookAction::Stop;
            }
        }
        if !rising && !self.is_floor(n) && !self.is_ceiling(n) {
            return HookAction::SlideOn(n, -cfg.up);
        }
        HookAction::Slide(n)
    }
}

/// [`CharacterConfig::walkable_cos`] when the cache misses: kept out of line, so that the
/// cosine is not computed ahead on every call, in case (a pure function may be hoisted).
#[cold]
#[inline(never)]
fn uncached_walkable_cos(cfg: &CharacterConfig) -> f32 {
    cfg.walkable_cos()
}
