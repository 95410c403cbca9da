//! Move and slide: one body through the world, cast by cast, sliding along what it meets.

use glam::Vec2;

use super::push::{push_clear, push_out_of_level};
use super::sensors::sensors_on_path;
use super::{
    MoveConfig, MoveError, MoveStrategy, Response, back_off, bisection, bounce_velocity,
    check_vector,
};
use super::{MoveContact, MoveResult};
use crate::geometry::{Planes, all_finite, combine_pushes};
use crate::shape::Shape;
use crate::tolerance::skin_at;
use crate::world::{BodyKind, Found, Handle, Skip, SmallList, World};

/// What a move is moving.
#[derive(Debug, Clone, PartialEq)]
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
    check_start(position, motion, velocity)?;
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
        path: world.has_sensors().then(SmallList::default),
    };
    m.run();
    m.mark();
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
    let sensors = match &m.path {
        Some(path) => sensors_on_path(world, shape, path.as_slice(), &config.filter, skip.sorted),
        None => Vec::new(),
    };
    Ok(MoveResult {
        position: m.pos,
        remaining: m.rem,
        velocity: m.vel,
        contacts: m.contacts,
        pinned: m.pinned,
        sensors,
    })
}

/// The checks of a move's numbers before it starts (the settings apart): its position, motion
/// and velocity, in that order.
#[inline(always)]
pub(crate) fn check_start(position: Vec2, motion: Vec2, velocity: Vec2) -> Result<(), MoveError> {
    for (field, value) in [
        ("position", position),
        ("motion", motion),
        ("velocity", velocity),
    ] {
        check_vector(field, value)?;
    }
    Ok(())
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
    /// The positions the body went through, when the world holds sensors (a move's start,
    /// its end and a slide or two between are kept in place: no allocation).
    path: Option<SmallList<Vec2, 4>>,
}

impl Motion<'_, '_> {
    fn run(&mut self) {
        let mut overlaps = Vec::new();
        let mut iterations = 0;
        let mut pushes_done = 0;
        while iterations < self.config.max_iterations {
            self.mark();
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
                    self.rem = self.planes.clip_off(self.rem, n);
                    self.vel = self.planes.clip(self.vel);
                }
                (Response::Slide, HookAction::SlideOn(n, m)) => {
                    self.planes.add(n);
                    self.planes.add(m);
                    self.rem = self.planes.clip_off(self.rem, n);
                    self.vel = self.planes.clip(self.vel);
                }
                (Response::Slide, HookAction::Redirect(n, motion)) => {
                    self.planes.add(n);
                    self.rem = self.planes.clip(motion);
                    self.vel = self.planes.clip(self.vel);
                }
                (Response::Bounce { restitution }, _) => {
                    self.rem = bounce_velocity(self.rem, hit.normal, restitution);
                    self.vel = bounce_velocity(self.vel, hit.normal, restitution);
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
        let skin = self.skin();
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
            // The depth alone: the skin is added below, and a push out of level geometry
            // needs the level's own way out (without it) too.
            pushes.push((o.normal, o.depth));
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
        // Out of level geometry alone, the level's own way out is wanted too: combined from
        // the depths before the skin goes on (in place, onto the overlaps' pushes only).
        let bare = (!out_of_mover).then(|| combine_pushes(&pushes));
        for p in &mut pushes[..new_planes] {
            p.1 += skin;
        }
        let push = combine_pushes(&pushes);
        let skip = Skip {
            extra: &self.crossed,
            ..self.skip
        };
        // Out of another body, never into the level: a static collider in the way stops the
        // push (pinned). A push out of level geometry alone was chosen among the level's own
        // ways out (tile maps find one clear of every tile) and is taken as it is, the skin
        // beyond it as far as nothing is in the way.
        let cleared = match bare {
            None => push_clear(self.world, self.shape, self.pos, push, self.config, skip),
            Some(bare) => push_out_of_level(
                self.world,
                self.shape,
                self.pos,
                push,
                bare,
                self.config,
                skip,
            )
            .map(|to| (to, None)),
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

    /// Adds the body's position to the path (when kept), unless it is already its last.
    /// Without sensors (no path kept) it is one test, inlined where it is called; the rest is
    /// apart (inlined whole, the path's list made the calls cost 34 instructions a character
    /// step on tiles).
    #[inline(always)]
    fn mark(&mut self) {
        if self.path.is_some() {
            self.mark_path();
        }
    }

    /// [`mark`](Self::mark) when the path is kept.
    #[inline(never)]
    fn mark_path(&mut self) {
        if let Some(path) = &mut self.path
            && path.last() != Some(&self.pos)
        {
            path.push(self.pos);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motion::MoveConfig;
    use crate::shape::Aabb;
    use crate::world::TILES_CHECKED as CHECKED;
    use crate::world::{ColliderDesc, QueryFilter, Tile, TileMap};

    #[test]
    fn moving_a_body_out_of_a_row_of_tiles_checks_each_tile_a_bounded_number_of_times() {
        // One row of N solid tiles of 0.25, a body 0.9 of the row wide and 0.15 tall sunk
        // into it (once 8 + N directions, each checked against every tile: quadratic).
        // Overlap, cast and move all check each tile under the body at most a fixed number of
        // times, whatever N.
        let mut per_tile = Vec::new();
        for n in [100u32, 400, 1600] {
            let mut world = World::new();
            let mut map = TileMap::new(n, 1, 0.25).unwrap();
            for x in 0..n {
                map.set(x, 0, Tile::Solid).unwrap();
            }
            world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
            let body: Shape = Aabb::from_half_extents(Vec2::new(n as f32 * 0.1125, 0.075))
                .unwrap()
                .into();
            let at = Vec2::new(n as f32 * 0.125, 0.125);
            CHECKED.with(|c| c.set(0));
            let pushed = world.overlap_shape(&body, at, &QueryFilter::default());
            assert!(pushed.iter().all(|o| o.normal == Vec2::Y));
            let _ = world.cast_shape(&body, at, Vec2::X, &QueryFilter::default());
            let r = move_and_slide(&mut world, (body, at), Vec2::X, &MoveConfig::default());
            assert!((r.unwrap().position.y - (0.25 + 0.075 + 0.01)).abs() < 1e-5);
            per_tile.push(CHECKED.with(|c| c.get()) as f64 / f64::from(n));
        }
        // The same few checks per tile at every size (about 7 here), not growing with N.
        assert!(per_tile.iter().all(|k| *k < 16.0), "{per_tile:?}");
        assert!(per_tile[2] < per_tile[0] * 1.25, "{per_tile:?}");
    }
}
