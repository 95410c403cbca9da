//! The push out of an overlap, cast against the level so that it never enters it.

use glam::Vec2;

use super::{MoveConfig, MoveError, Response, back_off};
use crate::shape::Shape;
use crate::tolerance::{linear_tolerance, skin_at};
use crate::world::{Found, Handle, Skip, World};

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
    let Some(hit) = first_in_the_way(world, shape, pos, push, config, skip, &mut Vec::new())?
    else {
        return Ok((pos + push, None));
    };
    let len = push.length();
    let dir = push / len;
    let adv = short_of(&hit, pos, dir, len, config).max(0.0);
    Ok((pos + dir * adv, Some(hit)))
}

/// Moves a body of `shape` from `pos` by `push`, its way out of the level geometry it
/// overlaps with the skin added to `bare`, the level's own way out (which the level chose to
/// clear what it overlaps): that is taken as it is, and the skin beyond it (from `pos + bare`
/// on to `pos + push`) only as far as no static collider the body does not overlap stands
/// against it, stopping a skin short of it. Every place between the two is as far out of
/// what the body was pushed out of as the way out. A body in a gap its own width ends
/// touching both sides, not a skin into the far one (and pushed back out of it the next
/// move). Nothing is pinned and no contact is made: the level's way out is taken in full.
pub(crate) fn push_out_of_level(
    world: &World,
    shape: &Shape,
    pos: Vec2,
    push: Vec2,
    bare: Vec2,
    config: &MoveConfig,
    skip: Skip,
) -> Result<Vec2, MoveError> {
    let from = pos + bare;
    let skin_part = push - bare;
    if skin_part == Vec2::ZERO || !skin_part.is_finite() {
        return Ok(pos + push);
    }
    let len = skin_part.length();
    let dir = skin_part / len;
    let mut overlapped = Vec::new();
    let hit = first_in_the_way(world, shape, from, skin_part, config, skip, &mut overlapped)?;
    // At the level's way out the body may be a hair into the far side already (the way out
    // rounded to the float grid): the skin would go further in. Deeper than that, the way
    // out was not clear of the far side, and the skin is taken as before.
    let hair = linear_tolerance(from.abs().max_element());
    for o in &overlapped {
        if o.normal.dot(dir) < 0.0
            && o.depth <= hair
            && config.respond(world, o.handle)? != Response::Cross
        {
            return Ok(from);
        }
    }
    // Only a collider standing against the skin's way stops it (a contact the skin slides
    // along or leaves does not).
    let Some(hit) = hit.filter(|h| h.normal.dot(dir) < 0.0) else {
        return Ok(pos + push);
    };
    let adv = short_of(&hit, from, dir, len, config).clamp(0.0, len);
    Ok(from + dir * adv)
}

/// How far a body moving from `pos` along the unit `dir`, `len` in all, goes before `hit`: up
/// to it, less the skin measured along its normal (negative when the hit is nearer than that).
fn short_of(hit: &Found, pos: Vec2, dir: Vec2, len: f32, config: &MoveConfig) -> f32 {
    let travel = hit.fraction * len;
    let skin = skin_at(config.skin, pos.abs().max_element() + travel);
    travel - back_off(skin, -dir.dot(hit.normal))
}

/// The first static collider a body of `shape` moving from `pos` by `push` meets, of those it
/// does not start overlapping and the config's response does not cross; those it starts
/// overlapping are left in `overlapped`.
fn first_in_the_way(
    world: &World,
    shape: &Shape,
    pos: Vec2,
    push: Vec2,
    config: &MoveConfig,
    skip: Skip,
    overlapped: &mut Vec<Found>,
) -> Result<Option<Found>, MoveError> {
    let mut crossed: Vec<Handle> = skip.extra.to_vec();
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
            Some(overlapped),
        ) else {
            return Ok(None);
        };
        if config.respond(world, hit.handle)? == Response::Cross {
            crossed.push(hit.handle);
            continue;
        }
        return Ok(Some(hit));
    }
}
