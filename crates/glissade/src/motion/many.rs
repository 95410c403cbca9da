//! Several kinematic bodies moved in one step, against each other by relative motion.

use glam::Vec2;

use super::{
    MoveConfig, MoveContact, MoveError, MoveResult, Response, plan_move_with_planes, resolve,
};
use crate::query::{CastResult, cast};
use crate::shape::Shape;
use crate::world::{Handle, World};

/// One body's share of a [`move_bodies`] step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyMove {
    /// A collider of the world (a plain shape, not a tile map).
    pub handle: Handle,
    /// Its motion this step, world units.
    pub motion: Vec2,
}

/// Moves several colliders by one step each, meeting one another by their relative motion
/// (seed 000, figures 11–18): two boxes crossing paths meet mid-step, two bodies moving side by
/// side at the same velocity never meet, and the outcome does not depend on the order of
/// `moves`.
///
/// Each body first finds its earliest contact with the other movers along the straight
/// motions of both (an exact cast of the relative motion), then moves through the rest of the
/// world with [`move_and_slide`](crate::move_and_slide): up to that contact, then on with
/// the motion left, clipped against the other body's normal (respecting its response). Every
/// body is computed from the positions at the start of the step, and the world is updated
/// once all are known. Results come in the order of `moves`.
///
/// Limits: the contacts between movers are found on their straight motions, so two bodies
/// that both slide off walls toward each other may end up to 2 × skin inside each other's
/// skin; the next step's push-out separates them.
pub fn move_bodies(
    world: &mut World,
    moves: &[BodyMove],
    config: &MoveConfig,
) -> Result<Vec<MoveResult>, MoveError> {
    let mut bodies: Vec<(Shape, Vec2, Handle, Vec2)> = Vec::with_capacity(moves.len());
    for m in moves {
        if !crate::math::all_finite(m.motion) {
            return Err(MoveError::NotFinite {
                field: "motion",
                value: m.motion,
            });
        }
        let (shape, pos, _) = resolve(world, &super::Mover::Collider(m.handle))?;
        bodies.push((shape, pos, m.handle, m.motion));
    }
    let mut movers: Vec<Handle> = moves.iter().map(|m| m.handle).collect();
    movers.sort_unstable();
    movers.dedup();
    // The longest motion bounds how far another mover can come from.
    let reach = moves
        .iter()
        .fold(0.0f32, |r, m| r.max(m.motion.abs().max_element()));
    let mut results = Vec::with_capacity(bodies.len());
    let everyone = crate::world::QueryFilter::default();
    for &(shape, pos, handle, motion) in &bodies {
        // Earliest contact with another mover, straight motions (ties: lower handle).
        let (lo, hi) = shape.local_bounds();
        let lo = pos + lo + motion.min(Vec2::ZERO) - reach;
        let hi = pos + hi + motion.max(Vec2::ZERO) + reach;
        let mut first: Option<(f32, Handle, Vec2, Vec2)> = None;
        for other in world.query_aabb(lo, hi, &everyone) {
            if other == handle || movers.binary_search(&other).is_err() {
                continue;
            }
            let Some(c) = world.get(other) else { continue };
            if !config.filter.passes(other, c) {
                continue;
            }
            let Some(os) = c.shape() else { continue };
            let om = moves
                .iter()
                .find(|m| m.handle == other)
                .map_or(Vec2::ZERO, |m| m.motion);
            if let CastResult::Hit(h) = cast(&shape, pos, motion, os, c.position(), om)
                && first.is_none_or(|(t, o, _, _)| (h.fraction, other) < (t, o))
            {
                first = Some((h.fraction, other, h.normal, h.point));
            }
        }
        let result = match first {
            None => {
                plan_move_with_planes(world, &shape, pos, motion, motion, config, &movers, &[])?
            }
            Some((t, other, normal, point)) => {
                let response = config.respond(world, other);
                // Up to the other body less the skin (measured along the normal), then on.
                let len = motion.length();
                let dir = motion / len;
                let approach = -dir.dot(normal);
                let back = if approach > 0.0 {
                    config.skin / approach
                } else {
                    f32::INFINITY
                };
                let before = dir * (t * len - back).max(0.0);
                let r1 = plan_move_with_planes(
                    world,
                    &shape,
                    pos,
                    before,
                    motion,
                    config,
                    &movers,
                    &[],
                )?;
                let mut contacts = r1.contacts;
                contacts.push(MoveContact {
                    handle: other,
                    normal,
                    point,
                    fraction: t,
                    response,
                    cell: None,
                });
                let left = motion - before;
                let (rest, vel, plane) = match response {
                    Response::Slide => (left, r1.velocity, Some(normal)),
                    Response::Bounce { restitution } => (
                        crate::bounce(left, normal, restitution),
                        crate::bounce(r1.velocity, normal, restitution),
                        None,
                    ),
                    Response::Stop => (Vec2::ZERO, Vec2::ZERO, None),
                    Response::Touch => (Vec2::ZERO, r1.velocity, None),
                    Response::Cross => (left, r1.velocity, None),
                };
                let planes: &[Vec2] = match &plane {
                    Some(n) => std::slice::from_ref(n),
                    None => &[],
                };
                let r2 = plan_move_with_planes(
                    world,
                    &shape,
                    r1.position,
                    rest,
                    vel,
                    config,
                    &movers,
                    planes,
                )?;
                for c in r2.contacts {
                    if !contacts.iter().any(|k| k.handle == c.handle) {
                        contacts.push(c);
                    }
                }
                MoveResult {
                    position: r2.position,
                    remaining: r2.remaining,
                    velocity: r2.velocity,
                    contacts,
                }
            }
        };
        results.push(result);
    }
    for (m, r) in moves.iter().zip(&results) {
        world
            .set_position(m.handle, r.position)
            .map_err(|_| MoveError::UnknownHandle(m.handle))?;
    }
    Ok(results)
}
