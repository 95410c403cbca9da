//! Several kinematic bodies moved in one step, against each other by relative motion.

use glam::Vec2;

use super::{MoveConfig, MoveContact, MoveError, MoveResult, Response, plan_move_with_planes};
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
    for m in moves {
        if !crate::math::all_finite(m.motion) {
            return Err(MoveError::NotFinite {
                field: "motion",
                value: m.motion,
            });
        }
        resolve_ref(world, m.handle)?;
    }
    // Every mover's motion, by handle (a handle listed twice keeps its first motion).
    let mut by_handle: Vec<(Handle, Vec2)> = moves.iter().map(|m| (m.handle, m.motion)).collect();
    by_handle.sort_by_key(|(h, _)| *h);
    by_handle.dedup_by_key(|(h, _)| *h);
    let movers: Vec<Handle> = by_handle.iter().map(|(h, _)| *h).collect();
    // The longest motion bounds how far another mover can come from.
    let reach = moves
        .iter()
        .fold(0.0f32, |r, m| r.max(m.motion.abs().max_element()));
    // Bodies are computed in space-filling-curve order of their cells, so that neighbours
    // (and the map around them) are still in cache; results go back in the order given.
    let mut order: Vec<(u64, usize)> = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let (_, pos) = resolve_ref(world, m.handle)?;
        order.push((morton(world.cell_of(pos)), i));
    }
    order.sort_unstable();
    let mut results: Vec<Option<MoveResult>> = vec![None; moves.len()];
    for &(_, i) in &order {
        let m = &moves[i];
        let (handle, motion) = (m.handle, m.motion);
        let (shape, pos) = resolve_ref(world, handle)?;
        // Earliest contact with another mover, straight motions (ties: lower handle).
        let (lo, hi) = shape.local_bounds();
        let lo = pos + lo + motion.min(Vec2::ZERO) - reach;
        let hi = pos + hi + motion.max(Vec2::ZERO) + reach;
        let mut first: Option<(f32, Handle, Vec2, Vec2)> = None;
        world.for_each_near(lo, hi, |other, c| {
            let Ok(k) = movers.binary_search(&other) else {
                return;
            };
            if other == handle || !config.filter.passes(other, c) {
                return;
            }
            let Some(os) = c.shape() else { return };
            let om = by_handle[k].1;
            if let CastResult::Hit(h) = cast(shape, pos, motion, os, c.position(), om)
                && first.is_none_or(|(t, o, _, _)| (h.fraction, other) < (t, o))
            {
                first = Some((h.fraction, other, h.normal, h.point));
            }
        });
        let result = match first {
            None => plan_move_with_planes(world, shape, pos, motion, motion, config, &movers, &[])?,
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
                let r1 =
                    plan_move_with_planes(world, shape, pos, before, motion, config, &movers, &[])?;
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
                    shape,
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
        results[i] = Some(result);
    }
    for &(_, i) in &order {
        if let Some(r) = &results[i] {
            let h = moves[i].handle;
            world
                .set_position(h, r.position)
                .map_err(|_| MoveError::UnknownHandle(h))?;
        }
    }
    let results: Vec<MoveResult> = results.into_iter().flatten().collect();
    Ok(results)
}

/// The shape and position of a collider mover.
fn resolve_ref(world: &World, h: Handle) -> Result<(&Shape, Vec2), MoveError> {
    let c = world.get(h).ok_or(MoveError::UnknownHandle(h))?;
    let s = c.shape().ok_or(MoveError::NotAShape(h))?;
    Ok((s, c.position()))
}

/// Interleaves the bits of a cell's coordinates (a Z-order curve key).
fn morton(c: glam::IVec2) -> u64 {
    fn spread(v: u32) -> u64 {
        let mut x = u64::from(v);
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
        x = (x | (x << 2)) & 0x3333_3333_3333_3333;
        x = (x | (x << 1)) & 0x5555_5555_5555_5555;
        x
    }
    // Offsetting by 2^31 keeps the order of negative coordinates.
    let x = (c.x as u32) ^ 0x8000_0000;
    let y = (c.y as u32) ^ 0x8000_0000;
    spread(x) | (spread(y) << 1)
}
