//! The push out of an overlap, cast against the level so that it never enters it.

use glam::Vec2;

use super::{MoveConfig, MoveError, Response, back_off};
use crate::shape::Shape;
use crate::tolerance::skin_at;
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
