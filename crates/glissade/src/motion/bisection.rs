//! The step-halving search of a pixel-art platformer, kept for comparison with the exact cast.

use glam::Vec2;

use super::{MoveConfig, MoveStrategy};
use crate::shape::Shape;
use crate::world::{Found, Skip, World};

/// Most sub-steps the outer loop cuts a motion into.
const MAX_PIECES: f32 = 4096.0;

/// How far along `rem` the body can go by incrementally smaller steps: `None` when
/// the whole motion is free, else the displacement to the last free position tried (which may
/// include a sideways shift) and the contact at the first blocked one (`fraction` is the share
/// of `rem` done).
pub(super) fn first_block(
    world: &World,
    shape: &Shape,
    pos: Vec2,
    rem: Vec2,
    config: &MoveConfig,
    skip: &Skip,
) -> Option<(Vec2, Found)> {
    let MoveStrategy::Bisection {
        max_steps,
        min_step,
        shift,
    } = config.strategy
    else {
        return None;
    };
    // The test: does the body at `p` collide with anything? (A yes/no question: the
    // normal is asked for once, at the end.)
    let blocked = |p: Vec2| {
        world
            .overlaps_anything(shape, p, &config.filter, skip)
            .is_some()
    };
    // The outer loop against tunnelling: sub-steps no longer than the body's smallest
    // half extent, so consecutive positions overlap and no wall between them is missed.
    let (lo, hi) = shape.local_bounds();
    let reach = ((hi - lo) * 0.5).min_element();
    let len = rem.length();
    let pieces = (len / reach).ceil().clamp(1.0, MAX_PIECES);
    let mut piece = None;
    for k in 0..pieces as u32 {
        let t1 = if k + 1 == pieces as u32 {
            1.0
        } else {
            (k + 1) as f32 / pieces
        };
        if blocked(pos + rem * t1) {
            piece = Some((k as f32 / pieces, t1));
            break;
        }
    }
    let (t0, t1) = piece?;
    let start = pos + rem * t0;
    let sub = rem * (t1 - t0);
    let sub_len = sub.length();
    let side = rem.perp().normalize_or_zero() * shift;
    let mut factor = 1.0f32;
    let mut step = 1.0f32;
    let mut done = 0.0f32;
    let mut safe = start - pos;
    // The end of the piece is known to be blocked.
    let mut first_blocked = (1.0f32, start + sub);
    for _ in 0..max_steps {
        let p = start + sub * factor;
        step *= 0.5;
        let mut free = None;
        if !blocked(p) {
            free = Some(p);
        } else if shift > 0.0 {
            free = [side, -side]
                .into_iter()
                .map(|s| p + s)
                .find(|q| !blocked(*q));
        }
        match free {
            Some(q) => {
                safe = q - pos;
                done = factor;
                if factor >= 1.0 {
                    // The whole piece, shifted sideways: done.
                    break;
                }
                factor += step;
            }
            None => {
                if factor < first_blocked.0 {
                    first_blocked = (factor, p);
                }
                factor -= step;
            }
        }
        if step * sub_len <= min_step {
            break;
        }
    }
    let done = t0 + (t1 - t0) * done;
    let (_, at) = first_blocked;
    let mut overlaps = Vec::new();
    world.overlaps_into(shape, at, &config.filter, skip, &mut overlaps);
    let deepest = match overlaps
        .into_iter()
        .max_by(|a, b| a.depth.total_cmp(&b.depth))
    {
        Some(d) => d,
        // Blocked, but no push out is known there (a body buried in tiles with nowhere to
        // go): the collider it meets, met head on.
        None => Found {
            handle: world.overlaps_anything(shape, at, &config.filter, skip)?,
            fraction: 0.0,
            point: at,
            normal: -rem.normalize_or_zero(),
            depth: 0.0,
            cell: None,
        },
    };
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
