//! Move and slide: moving a body through the world without tunnelling, sinking or snagging.

mod bisection;
mod many;

pub use many::{BodyMove, move_bodies};

use glam::Vec2;

use crate::geometry::Planes;
use crate::geometry::all_finite;
pub(crate) use crate::geometry::combine_pushes;
use crate::math::bounce;
use crate::shape::Shape;
use crate::tolerance::skin_at;
use crate::world::{BodyKind, Collider, Found, Handle, QueryFilter, Skip, World};

/// What a move does when it meets a collider. Chosen per contact by
/// [`MoveConfig::response`].
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Response {
    /// Keep the part of the motion (and of the velocity) along the surface: the part going
    /// into it is removed (the speed projected onto the wall). With several surfaces touched, the
    /// motion is clipped against all of them at once.
    #[default]
    Slide,
    /// Reflect the motion and the velocity: `v' = v − (1 + e)(v·n)n` (`e` = restitution: 0
    /// slides, 1 mirrors).
    Bounce {
        /// Restitution, usually in [0, 1].
        restitution: f32,
    },
    /// Stop at the contact; the velocity becomes zero.
    Stop,
    /// Stop at the contact and keep the velocity (the game decides what happens next).
    Touch,
    /// Pass through and report it (triggers, pickups).
    Cross,
}

/// How the move finds how far it can go.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum MoveStrategy {
    /// Exact time of impact from one cast per iteration (the default).
    #[default]
    Exact,
    /// The step-halving search of the vectorial-platformer tutorial glissade's users know
    /// ("seed 004" in the project's references), for comparison: try the whole step, then halve the step size,
    /// going back on a collision and forward otherwise, up to `max_steps` times or until the
    /// step is shorter than `min_step`; a colliding position is retried shifted sideways by
    /// `shift` (perpendicular to the motion) before it counts as blocked. The normal is the
    /// push out of the deepest overlap at the first blocked position. Not exact: it may stop
    /// short by up to `min_step`, and can pass walls thinner than the step it tries.
    Bisection {
        /// Most halvings.
        max_steps: u32,
        /// Shortest step tried, world units.
        min_step: f32,
        /// Sideways nudge tried on a collision, world units.
        shift: f32,
    },
}

impl MoveStrategy {
    /// The tutorial's numbers: 15 steps, 0.05 minimum step, 0.1 shift.
    pub const SEED_004_BISECTION: MoveStrategy = MoveStrategy::Bisection {
        max_steps: 15,
        min_step: 0.05,
        shift: 0.1,
    };
}

/// Settings of a move. `MoveConfig::default()` slides on everything with a skin of 0.01.
#[derive(Clone, Copy)]
pub struct MoveConfig<'a> {
    /// Distance kept from surfaces, world units: a move stops this far short of a contact
    /// (measured along the contact normal, but backing off at most 2 × skin along the motion:
    /// a grazing hit ends nearer its surface rather than far from it), and a body pushed out
    /// of an overlap ends this far out. Every move ends at least 0 and at most 2 × skin from
    /// the surface that stopped it.
    pub skin: f32,
    /// Most cast-and-respond rounds per move (1 to 8).
    pub max_iterations: u32,
    /// Exact casts (default) or the tutorial's bisection ([`MoveStrategy::Bisection`]).
    pub strategy: MoveStrategy,
    /// Which colliders the body meets at all.
    pub filter: QueryFilter<'a>,
    /// The response to a collider (default: [`Response::Slide`] for every one).
    pub response: Option<ResponseFn<'a>>,
}

/// A caller's choice of response for a collider met.
pub type ResponseFn<'a> = &'a dyn Fn(Handle, &Collider) -> Response;

/// How far a move backs off from a contact, at most, along its motion, in skins: the skin is
/// kept along the contact normal unless that would take more than this many skins along the
/// motion (a grazing hit), so a move always ends within reach of what stopped it.
pub const MAX_BACK_OFF_SKINS: f32 = 2.0;

/// How far to back off along the motion from a contact met at `approach` (the cosine between
/// the motion and the inward normal): `skin / approach`, at most [`MAX_BACK_OFF_SKINS`]
/// skins; nothing when the motion does not go into the normal (a corrected tile-corner
/// normal): the contact itself is reached.
pub(crate) fn back_off(skin: f32, approach: f32) -> f32 {
    if approach > 0.0 {
        (skin / approach).min(MAX_BACK_OFF_SKINS * skin)
    } else {
        0.0
    }
}

/// Default skin, world units.
pub const DEFAULT_SKIN: f32 = 0.01;

/// Default number of iterations per move.
pub const DEFAULT_MAX_ITERATIONS: u32 = 5;

/// Most halvings [`MoveStrategy::Bisection`] may be configured with.
pub const MAX_BISECTION_STEPS: u32 = 64;

/// Most iterations a move may be configured with.
pub const MAX_ITERATIONS: u32 = 8;

impl Default for MoveConfig<'_> {
    fn default() -> Self {
        MoveConfig {
            skin: DEFAULT_SKIN,
            max_iterations: DEFAULT_MAX_ITERATIONS,
            strategy: MoveStrategy::Exact,
            filter: QueryFilter::default(),
            response: None,
        }
    }
}

impl std::fmt::Debug for MoveConfig<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveConfig")
            .field("skin", &self.skin)
            .field("max_iterations", &self.max_iterations)
            .field("strategy", &self.strategy)
            .field("filter", &self.filter)
            .field("response", &self.response.is_some())
            .finish()
    }
}

impl<'a> MoveConfig<'a> {
    /// Sets the skin.
    #[must_use]
    pub fn with_skin(self, skin: f32) -> Self {
        MoveConfig { skin, ..self }
    }

    /// Sets the most iterations.
    #[must_use]
    pub fn with_max_iterations(self, max_iterations: u32) -> Self {
        MoveConfig {
            max_iterations,
            ..self
        }
    }

    /// Sets the strategy.
    #[must_use]
    pub fn with_strategy(self, strategy: MoveStrategy) -> Self {
        MoveConfig { strategy, ..self }
    }

    /// Sets the filter.
    #[must_use]
    pub fn with_filter(self, filter: QueryFilter<'a>) -> Self {
        MoveConfig { filter, ..self }
    }

    /// Sets the response callback.
    #[must_use]
    pub fn with_response(self, response: &'a dyn Fn(Handle, &Collider) -> Response) -> Self {
        MoveConfig {
            response: Some(response),
            ..self
        }
    }

    /// The response to `handle`, refused when the callback gives a restitution that is not
    /// finite.
    fn respond(&self, world: &World, handle: Handle) -> Result<Response, MoveError> {
        let response = match (self.response, world.get(handle)) {
            (Some(f), Some(c)) => f(handle, c),
            _ => Response::Slide,
        };
        match response {
            Response::Bounce { restitution } if !restitution.is_finite() => {
                Err(MoveError::BadConfig {
                    field: "response restitution",
                    value: restitution,
                    reason: "must be finite",
                })
            }
            r => Ok(r),
        }
    }

    fn validate(&self) -> Result<(), MoveError> {
        if !(self.skin.is_finite() && self.skin >= 0.0) {
            return Err(MoveError::BadConfig {
                field: "skin",
                value: self.skin,
                reason: "must be finite and at least 0",
            });
        }
        if !(1..=MAX_ITERATIONS).contains(&self.max_iterations) {
            return Err(MoveError::BadConfig {
                field: "max_iterations",
                value: self.max_iterations as f32,
                reason: "must be 1 to 8",
            });
        }
        if let MoveStrategy::Bisection {
            max_steps,
            min_step,
            shift,
        } = self.strategy
        {
            let bad = if !(1..=MAX_BISECTION_STEPS).contains(&max_steps) {
                Some(("strategy.max_steps", max_steps as f32, "must be 1 to 64"))
            } else if !(min_step.is_finite() && min_step > 0.0) {
                Some(("strategy.min_step", min_step, "must be positive and finite"))
            } else if !(shift.is_finite() && shift >= 0.0) {
                Some(("strategy.shift", shift, "must be finite and at least 0"))
            } else {
                None
            };
            if let Some((field, value, reason)) = bad {
                return Err(MoveError::BadConfig {
                    field,
                    value,
                    reason,
                });
            }
        }
        Ok(())
    }
}

/// What a move is moving.
#[derive(Debug, Clone, Copy, PartialEq)]
// A `Shape` is a `Copy` value of about 270 bytes; boxing it would lose `Copy`.
#[allow(clippy::large_enum_variant)]
pub enum Mover {
    /// A collider of the world: it is moved, and never meets itself.
    Collider(Handle),
    /// A shape that is not in the world, at `position`.
    Shape {
        /// The shape, in its local frame.
        shape: Shape,
        /// Its world position.
        position: Vec2,
    },
}

impl From<Handle> for Mover {
    fn from(h: Handle) -> Self {
        Mover::Collider(h)
    }
}

impl From<(Shape, Vec2)> for Mover {
    fn from((shape, position): (Shape, Vec2)) -> Self {
        Mover::Shape { shape, position }
    }
}

/// One collider met during a move (each at most once per move).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveContact {
    /// The collider.
    pub handle: Handle,
    /// Unit normal, world frame, from the collider toward the body.
    pub normal: Vec2,
    /// Contact point, world frame (the body's position for a body that started overlapping).
    pub point: Vec2,
    /// When, as a share of the step's time, in [0, 1] (0 for a body that started overlapping).
    pub fraction: f32,
    /// How the move responded.
    pub response: Response,
    /// The tile map cell, when the collider is a tile map.
    pub cell: Option<glam::IVec2>,
}

/// The outcome of a move.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveResult {
    /// Final world position of the body.
    pub position: Vec2,
    /// The part of the requested motion left undone when the iterations ran out (zero
    /// otherwise), after the responses redirected it.
    pub remaining: Vec2,
    /// The velocity after the responses (the requested motion, redirected, when the move was
    /// given no velocity).
    pub velocity: Vec2,
    /// The colliders met, in the order met.
    pub contacts: Vec<MoveContact>,
    /// Whether the body started overlapping something it could not be pushed all the way
    /// out of without entering a static collider (pressed between a mover and a wall): it was
    /// pushed up to that collider, less the skin, and still overlaps what it was pushed out
    /// of. Pushes out of overlaps never enter static colliders.
    pub pinned: bool,
}

/// Refuses a position, motion or velocity that is not finite or is larger in magnitude than
/// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE), naming it.
pub(crate) fn check_vector(field: &'static str, value: Vec2) -> Result<(), MoveError> {
    let max = crate::tolerance::MAX_COORDINATE;
    if !all_finite(value) {
        Err(MoveError::NotFinite { field, value })
    } else if value.abs().max_element() > max {
        Err(MoveError::TooLarge { field, value, max })
    } else {
        Ok(())
    }
}

/// Why a move was refused. Nothing was changed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MoveError {
    /// A motion, velocity or position is NaN or infinite.
    #[error("{field} is not finite: {value}")]
    NotFinite {
        /// Which input.
        field: &'static str,
        /// The value given.
        value: Vec2,
    },
    /// A motion, velocity or position is larger in magnitude than
    /// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE).
    #[error("{field} = {value} is too large: at most {max} in magnitude on each axis")]
    TooLarge {
        /// Which input.
        field: &'static str,
        /// The value given.
        value: Vec2,
        /// The largest magnitude accepted.
        max: f32,
    },
    /// The mover's handle is not a collider of this world.
    #[error("unknown collider handle {0:?} (removed, or from another world)")]
    UnknownHandle(Handle),
    /// The same collider is listed twice in one [`move_bodies`] step.
    #[error("collider {0:?} is listed twice in one move_bodies step")]
    DuplicateMover(Handle),
    /// The mover is a tile map, which cannot be moved by a move.
    #[error("collider {0:?} is a tile map: tile maps are teleported, not moved")]
    NotAShape(Handle),
    /// A setting is out of range.
    #[error("MoveConfig.{field} = {value}: {reason}")]
    BadConfig {
        /// Which setting.
        field: &'static str,
        /// The value given.
        value: f32,
        /// The rule it breaks.
        reason: &'static str,
    },
}

/// Moves a body by `motion` through `world`: casts, advances to the first contact less the
/// skin, responds (see [`Response`]), and goes on with what is left of the motion, up to
/// [`MoveConfig::max_iterations`] times. A collider mover is moved in the world.
///
/// Guarantees, for every shape pair and any motion length:
/// - **never tunnels**: every advance stops at or before the first contact of an exact cast;
/// - **never sinks**: the body ends at least 0 and at most 2 × skin from what it touches; a
///   body that starts overlapping is pushed out the shortest way (several pushes combined into
///   one offset), and motion further in is blocked while motion out is free; a push out of
///   another body never enters a static collider: the body stops a skin short of it and the
///   result is [`pinned`](MoveResult::pinned);
/// - **never snags**: only motion into a surface is removed, and tile maps have no faces
///   between tiles, so sliding along a floor, wall or slope keeps its whole tangential motion;
/// - **deterministic**: the same world and inputs give bit-identical results.
///
/// ```
/// use glissade::{Aabb, ColliderDesc, MoveConfig, Shape, World, glam::Vec2, move_and_slide};
/// let mut world = World::new();
/// world.add(ColliderDesc::new(Aabb::new(Vec2::new(-10.0, -1.0), Vec2::new(10.0, 0.0))?, Vec2::ZERO))?;
/// let player: Shape = Aabb::from_half_extents(Vec2::splat(0.5))?.into();
/// // Falling and walking right: lands on the floor and keeps all of its sideways motion.
/// let r = move_and_slide(&mut world, (player, Vec2::new(0.0, 1.0)), Vec2::new(2.0, -3.0), &MoveConfig::default())?;
/// assert!((r.position.x - 2.0).abs() < 1e-5);
/// assert!(r.position.y >= 0.5 && r.position.y <= 0.5 + 2.0 * 0.01);
/// assert_eq!(r.contacts.len(), 1);
/// assert_eq!(r.contacts[0].normal, Vec2::Y);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn move_and_slide(
    world: &mut World,
    mover: impl Into<Mover>,
    motion: Vec2,
    config: &MoveConfig,
) -> Result<MoveResult, MoveError> {
    move_and_slide_with_velocity(world, mover, motion, motion, config)
}

/// [`move_and_slide`] that also redirects a `velocity` (any units) by the same responses:
/// the motion is what to do this step, the velocity what the game keeps for the next.
pub fn move_and_slide_with_velocity(
    world: &mut World,
    mover: impl Into<Mover>,
    motion: Vec2,
    velocity: Vec2,
    config: &MoveConfig,
) -> Result<MoveResult, MoveError> {
    let mover = mover.into();
    let (result, own) = match &mover {
        Mover::Collider(h) => {
            let c = world.get(*h).ok_or(MoveError::UnknownHandle(*h))?;
            let shape = c.shape().ok_or(MoveError::NotAShape(*h))?;
            let own = [*h];
            let r = plan_move_with_planes(
                world,
                shape,
                c.position(),
                motion,
                velocity,
                config,
                Skip {
                    sorted: &own,
                    ..Skip::default()
                },
                &[],
                None,
            )?;
            (r, Some(*h))
        }
        Mover::Shape { shape, position } => (
            plan_move_with_planes(
                world,
                shape,
                *position,
                motion,
                velocity,
                config,
                Skip::default(),
                &[],
                None,
            )?,
            None,
        ),
    };
    if let Some(h) = own {
        world
            .set_position(h, result.position)
            .map_err(|_| MoveError::UnknownHandle(h))?;
    }
    Ok(result)
}

/// Moves a body of `shape` from `pos` by `push` (its way out of what it overlaps), unless a
/// static collider it does not overlap is in the way: then only up to that collider, less the
/// skin along its normal, and that collider's contact is returned (the body is pinned between
/// it and what it was pushed out of). Colliders the config's response crosses never block.
pub(crate) fn push_clear(
    world: &World,
    shape: &Shape,
    pos: Vec2,
    push: Vec2,
    config: &MoveConfig,
    skip: Skip,
) -> Result<(Vec2, Option<Found>), MoveError> {
    let mut crossed: Vec<Handle> = skip.extra.to_vec();
    let mut overlapped = Vec::new();
    loop {
        overlapped.clear();
        let only_level = Skip {
            extra: &crossed,
            kinematic: true,
            ..skip
        };
        let Some(hit) = world.sweep(
            shape,
            pos,
            push,
            &config.filter,
            &only_level,
            Some(&mut overlapped),
        ) else {
            return Ok((pos + push, None));
        };
        if config.respond(world, hit.handle)? == Response::Cross {
            crossed.push(hit.handle);
            continue;
        }
        let len = push.length();
        let dir = push / len;
        let travel = hit.fraction * len;
        let skin = skin_at(config.skin, pos.abs().max_element() + travel);
        let adv = (travel - back_off(skin, -dir.dot(hit.normal))).max(0.0);
        return Ok((pos + dir * adv, Some(hit)));
    }
}

/// What a move does at a sliding contact, as a [`ContactHook`] decides (crate-internal: the
/// character controller's say on walls and landings).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum HookAction {
    /// Slide on a plane with this normal (usually the contact's own).
    Slide(Vec2),
    /// Slide on two planes at once (a steep slope, and a plane that forbids going up).
    SlideOn(Vec2, Vec2),
    /// Go on with this motion instead (a walk re-aimed along a new slope), clipped by the
    /// plane and those met before.
    Redirect(Vec2, Vec2),
    /// Stop here; the velocity is kept.
    Stop,
}

/// Decides a sliding contact from its normal and the motion left before it.
pub(crate) type ContactHook<'h> = &'h dyn Fn(Vec2, Vec2) -> HookAction;

/// Moves the collider `handle` like [`move_and_slide`], with `hook` deciding each sliding
/// contact.
pub(crate) fn move_collider_hooked(
    world: &mut World,
    handle: Handle,
    motion: Vec2,
    config: &MoveConfig,
    hook: ContactHook,
) -> Result<MoveResult, MoveError> {
    let c = world.get(handle).ok_or(MoveError::UnknownHandle(handle))?;
    let shape = c.shape().ok_or(MoveError::NotAShape(handle))?;
    let own = [handle];
    let r = plan_move_with_planes(
        world,
        shape,
        c.position(),
        motion,
        motion,
        config,
        Skip {
            sorted: &own,
            ..Skip::default()
        },
        &[],
        Some(hook),
    )?;
    world
        .set_position(handle, r.position)
        .map_err(|_| MoveError::UnknownHandle(handle))?;
    Ok(r)
}

/// Computes a move of `shape` from `position` without changing the world; colliders in
/// `skip` are not met, and motion into `planes` (unit normals) is blocked from the start.
/// `hook`, when given, decides each sliding contact.
#[allow(clippy::too_many_arguments)]
pub(crate) fn plan_move_with_planes(
    world: &World,
    shape: &Shape,
    position: Vec2,
    motion: Vec2,
    velocity: Vec2,
    config: &MoveConfig,
    skip: Skip,
    planes: &[Vec2],
    hook: Option<ContactHook>,
) -> Result<MoveResult, MoveError> {
    config.validate()?;
    for (field, value) in [
        ("position", position),
        ("motion", motion),
        ("velocity", velocity),
    ] {
        check_vector(field, value)?;
    }
    let mut initial = Planes::default();
    for n in planes {
        initial.add(*n);
    }
    let mut m = Motion {
        world,
        shape,
        config,
        pos: position,
        rem: initial.clip(motion),
        vel: initial.clip(velocity),
        planes: initial,
        skip,
        crossed: Vec::new(),
        contacts: Vec::new(),
        time_left: 1.0,
        error: None,
        hook,
        pinned: false,
    };
    m.run();
    if let Some(e) = m.error {
        return Err(e);
    }
    if !(all_finite(m.rem) && all_finite(m.vel)) {
        // A restitution so large that the bounce overflows: refuse rather than return garbage.
        return Err(MoveError::NotFinite {
            field: "velocity after the move",
            value: m.vel,
        });
    }
    // A move may not end beyond the supported range (where the world refuses positions).
    check_vector("position after the move", m.pos)?;
    Ok(MoveResult {
        position: m.pos,
        remaining: m.rem,
        velocity: m.vel,
        contacts: m.contacts,
        pinned: m.pinned,
    })
}

/// The state of one move.
struct Motion<'w, 'c> {
    world: &'w World,
    shape: &'w Shape,
    config: &'w MoveConfig<'c>,
    pos: Vec2,
    rem: Vec2,
    vel: Vec2,
    planes: Planes,
    /// Colliders never met: the mover itself, other movers.
    skip: Skip<'w>,
    /// The colliders crossed so far.
    crossed: Vec<Handle>,
    contacts: Vec<MoveContact>,
    /// Share of the step's time not yet used.
    time_left: f32,
    /// A refusal met on the way (a response the move cannot follow).
    error: Option<MoveError>,
    /// The caller's say on sliding contacts.
    hook: Option<ContactHook<'w>>,
    /// Whether a push out of an overlap was stopped by a static collider.
    pinned: bool,
}

impl Motion<'_, '_> {
    fn run(&mut self) {
        let mut overlaps = Vec::new();
        let mut iterations = 0;
        let mut pushes_done = 0;
        while iterations < self.config.max_iterations {
            overlaps.clear();
            let mut moved = None;
            let hit = match self.config.strategy {
                MoveStrategy::Exact => self.world.sweep(
                    self.shape,
                    self.pos,
                    self.rem,
                    &self.config.filter,
                    &Skip {
                        extra: &self.crossed,
                        ..self.skip
                    },
                    Some(&mut overlaps),
                ),
                MoveStrategy::Bisection { .. } => {
                    self.world.overlaps_into(
                        self.shape,
                        self.pos,
                        &self.config.filter,
                        &Skip {
                            extra: &self.crossed,
                            ..self.skip
                        },
                        &mut overlaps,
                    );
                    if overlaps.is_empty() {
                        bisection::first_block(
                            self.world,
                            self.shape,
                            self.pos,
                            self.rem,
                            self.config,
                            &Skip {
                                extra: &self.crossed,
                                ..self.skip
                            },
                        )
                        .map(|(disp, hit)| {
                            moved = Some(disp);
                            hit
                        })
                    } else {
                        None
                    }
                }
            };
            if !overlaps.is_empty() && pushes_done < self.config.max_iterations {
                pushes_done += 1;
                if self.push_out(&overlaps) {
                    continue;
                }
                if self.error.is_some() {
                    return;
                }
            }
            let Some(hit) = hit else {
                self.pos += self.rem;
                self.rem = Vec2::ZERO;
                self.time_left = 0.0;
                return;
            };
            let response = match self.config.respond(self.world, hit.handle) {
                Ok(r) => r,
                Err(e) => {
                    self.error = Some(e);
                    return;
                }
            };
            if response == Response::Cross {
                self.report(&hit, response);
                self.crossed.push(hit.handle);
                continue;
            }
            iterations += 1;
            match moved {
                Some(disp) => {
                    self.pos += disp;
                    self.rem *= 1.0 - hit.fraction;
                }
                None => self.advance(&hit),
            }
            self.report(&hit, response);
            self.time_left *= 1.0 - hit.fraction;
            let action = match (response, self.hook) {
                (Response::Slide, Some(hook)) => hook(hit.normal, self.rem),
                _ => HookAction::Slide(hit.normal),
            };
            match (response, action) {
                (Response::Slide, HookAction::Stop) => self.rem = Vec2::ZERO,
                (Response::Slide, HookAction::Slide(n)) => {
                    self.planes.add(n);
                    self.rem = self.planes.clip(self.rem);
                    self.vel = self.planes.clip(self.vel);
                }
                (Response::Slide, HookAction::SlideOn(n, m)) => {
                    self.planes.add(n);
                    self.planes.add(m);
                    self.rem = self.planes.clip(self.rem);
                    self.vel = self.planes.clip(self.vel);
                }
                (Response::Slide, HookAction::Redirect(n, motion)) => {
                    self.planes.add(n);
                    self.rem = self.planes.clip(motion);
                    self.vel = self.planes.clip(self.vel);
                }
                (Response::Bounce { restitution }, _) => {
                    self.rem = bounce(self.rem, hit.normal, restitution);
                    self.vel = bounce(self.vel, hit.normal, restitution);
                }
                (Response::Stop, _) => {
                    self.rem = Vec2::ZERO;
                    self.vel = Vec2::ZERO;
                }
                (Response::Touch | Response::Cross, _) => self.rem = Vec2::ZERO,
            }
            if self.rem == Vec2::ZERO {
                return;
            }
        }
    }

    /// Pushes the body out of the colliders it overlaps (all at once, one offset), and makes
    /// their normals planes of this move. Returns whether it moved.
    fn push_out(&mut self, overlaps: &[Found]) -> bool {
        let mut pushes: Vec<(Vec2, f32)> = Vec::new();
        // Whether the body is pushed out of a collider that is not level geometry (another
        // body): such a push must not enter the level.
        let mut out_of_mover = false;
        for o in overlaps {
            let response = match self.config.respond(self.world, o.handle) {
                Ok(r) => r,
                Err(e) => {
                    self.error = Some(e);
                    return false;
                }
            };
            self.report(o, response);
            if response == Response::Cross {
                if !self.crossed.contains(&o.handle) {
                    self.crossed.push(o.handle);
                }
                continue;
            }
            out_of_mover |= self
                .world
                .get(o.handle)
                .is_some_and(|c| c.kind() != BodyKind::Static);
            pushes.push((o.normal, o.depth + self.skin()));
        }
        if pushes.is_empty() {
            return !overlaps.is_empty();
        }
        // In a fixed order (by normal, then depth), whatever order the colliders were met in.
        pushes.sort_by(|a, b| {
            (a.0.x, a.0.y, a.1)
                .partial_cmp(&(b.0.x, b.0.y, b.1))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        let new_planes = pushes.len();
        // Earlier planes stay constraints: a push out of one wall never goes back into
        // another (a notch between a slope and a wall).
        pushes.extend(self.planes.normals().iter().map(|n| (*n, 0.0)));
        let push = combine_pushes(&pushes);
        let skip = Skip {
            extra: &self.crossed,
            ..self.skip
        };
        // Out of another body, never into the level: a static collider in the way stops the
        // push (pinned). A push out of level geometry alone was chosen among the level's own
        // ways out (tile maps find one clear of every tile) and is taken as it is.
        let cleared = if out_of_mover {
            push_clear(self.world, self.shape, self.pos, push, self.config, skip)
        } else {
            Ok((self.pos + push, None))
        };
        match cleared {
            Ok((to, blocked)) => {
                self.pos = to;
                if let Some(wall) = blocked {
                    self.pinned = true;
                    self.report(&wall, Response::Slide);
                    self.planes.add(wall.normal);
                }
            }
            Err(e) => {
                self.error = Some(e);
                return false;
            }
        }
        for (n, _) in &pushes[..new_planes] {
            self.planes.add(*n);
        }
        self.rem = self.planes.clip(self.rem);
        self.vel = self.planes.clip(self.vel);
        true
    }

    /// Moves up to the contact less the skin (measured along the normal), never backwards.
    fn advance(&mut self, hit: &Found) {
        let len = self.rem.length();
        if len == 0.0 {
            return;
        }
        let dir = self.rem / len;
        let travel = hit.fraction * len;
        let approach = -dir.dot(hit.normal);
        // Not moving into the contact's normal (a normal corrected at a tile corner): go to
        // the contact itself; the slide that follows keeps the motion.
        // Rounded positions and fractions are precise to units in the last place of the
        // position and of the travel: far out, more than the skin is kept.
        let skin = skin_at(self.config.skin, self.pos.abs().max_element() + travel);
        let adv = (travel - back_off(skin, approach)).max(0.0);
        if adv > 0.0 {
            self.pos += dir * adv;
            self.rem -= dir * adv;
        }
    }

    /// The skin kept at the body's position (see [`skin_at`]).
    fn skin(&self) -> f32 {
        skin_at(self.config.skin, self.pos.abs().max_element())
    }

    /// Records a contact, once per collider per move.
    fn report(&mut self, hit: &Found, response: Response) {
        let fraction = (1.0 - self.time_left) + hit.fraction * self.time_left;
        if self.contacts.iter().any(|c| c.handle == hit.handle) {
            return;
        }
        self.contacts.push(MoveContact {
            handle: hit.handle,
            normal: hit.normal,
            point: hit.point,
            fraction: fraction.clamp(0.0, 1.0),
            response,
            cell: hit.cell,
        });
    }
}
