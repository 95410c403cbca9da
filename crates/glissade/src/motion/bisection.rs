//! Seed 004's bisection search, kept for comparison with the exact cast.

use glam::Vec2;

use super::{MoveConfig, MoveStrategy};
use crate::shape::Shape;
use crate::world::{Found, Handle, World};

/// How far along `rem` the body can go by seed 004's incrementally smaller steps: `None` when
/// the whole motion is free, else the displacement to the last free position tried (which may
/// include a sideways shift) and the contact at the first blocked one (`fraction` is the share
/// of `rem` done).
pub(super) fn first_block(
    world: &World,
    shape: &Shape,
    pos: Vec2,
    rem: Vec2,
    config: &MoveConfig,
    skip: &[Handle],
) -> Option<(Vec2, Found)> {
    let MoveStrategy::Bisection {
        max_steps,
        min_step,
        shift,
    } = config.strategy
    else {
        return None;
    };
    let mut scratch = Vec::new();
    let mut blocked = |p: Vec2| {
        scratch.clear();
        world.overlaps_into(shape, p, &config.filter, skip, &mut scratch);
        scratch
            .iter()
            .copied()
            .max_by(|a, b| a.depth.total_cmp(&b.depth))
    };
    blocked(pos + rem)?;
    let len = rem.length();
    let side = rem.perp().normalize_or_zero() * shift;
    let mut factor = 1.0f32;
    let mut step = 1.0f32;
    let mut done = 0.0f32;
    let mut safe = Vec2::ZERO;
    let mut first_blocked: Option<(f32, Vec2)> = None;
    for _ in 0..max_steps {
        let p = pos + rem * factor;
        step *= 0.5;
        let mut free = None;
        if blocked(p).is_none() {
            free = Some(p);
        } else if shift > 0.0 {
            free = [side, -side]
                .into_iter()
                .map(|s| p + s)
                .find(|q| blocked(*q).is_none());
        }
        match free {
            Some(q) => {
                safe = q - pos;
                done = factor;
                factor += step;
            }
            None => {
                if first_blocked.is_none_or(|(f, _)| factor < f) {
                    first_blocked = Some((factor, p));
                }
                factor -= step;
            }
        }
        if step * len <= min_step {
            break;
        }
    }
    let (_, at) = first_blocked?;
    let deepest = blocked(at)?;
    Some((
        safe,
        Found {
            fraction: done,
            point: at,
            depth: 0.0,
            ..deepest
        },
    ))
}
