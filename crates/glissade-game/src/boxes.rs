//! Sandbox boxes: the level's box walls made movable, dragged by the players toward their
//! drag points or pushed by walking into them, and moved together with the players in one
//! move.
//!
//! A player whose walk meets a box this tick (its shape cast along its motion, and
//! [`PUSH_REACH`] beyond, hits the box first) on a face that turns the walk back (`n · v < 0`)
//! pushes it: the box moves along `-n` by [`PUSH_SHARE`] of the walk's part along `-n`, and
//! the player's own walk along `-n` slows to the same. Both move in the one move of the tick,
//! against each other by their relative motion: side by side at the same speed along `-n`,
//! they never meet, and when the box stops at a wall the player stops at the box, a skin
//! short. A dragged box is not pushed; a box several players push goes with the first by id.

use std::collections::BTreeMap;

use glissade::glam::Vec2;
use glissade::{
    Aabb, BodyMove, ColliderDesc, Handle, MoveConfig, QueryFilter, Shape, ShapeError, World,
    move_bodies,
};
use glissade_level::Built;

use crate::player::Player;
use crate::steer::step_toward;
use crate::tuning::{DRAG_SPEED, DT};

/// How much of a player's walking speed a pushed box keeps (a box is heavy).
pub const PUSH_SHARE: f32 = 0.6;
/// How far past its motion a player's walk looks for a box to push, world units: a player
/// resting against a box (a skin away) pushes it from the first tick it walks into it.
pub const PUSH_REACH: f32 = 0.05;

/// A movable box: a kinematic collider centred on its position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MovableBox {
    /// The index of its wall in the level.
    pub wall: u32,
    /// Its collider.
    pub handle: Handle,
    /// Half extents, world units.
    pub half: Vec2,
}

/// Turns every box wall of a built level (one axis-aligned box collider) into a kinematic
/// collider centred on its position, so that it can be moved.
pub fn movable_boxes(built: &mut Built) -> Result<Vec<MovableBox>, ShapeError> {
    let mut boxes = Vec::new();
    for (i, handles) in built.walls.iter_mut().enumerate() {
        let [h] = handles.as_mut_slice() else {
            continue;
        };
        let Some(c) = built.world.get(*h) else {
            continue;
        };
        if !matches!(c.shape(), Some(Shape::Aabb(_))) {
            continue;
        }
        let (lo, hi) = c.bounds();
        let half = (hi - lo) * 0.5;
        let desc = ColliderDesc::new(Aabb::from_half_extents(half)?, (lo + hi) * 0.5).kinematic();
        let _ = built.world.remove(*h);
        let Ok(handle) = built.world.add(desc) else {
            continue;
        };
        *h = handle;
        boxes.push(MovableBox {
            wall: i as u32,
            handle,
            half,
        });
    }
    Ok(boxes)
}

/// Where each box is asked to go this tick. A new drag grabs the box under its point (or
/// nothing), keeping the grab point's offset from the box's centre; a released one lets go.
/// When several players drag one box, the first by id has it.
fn drag_targets(
    world: &World,
    players: &mut BTreeMap<u32, Player>,
    boxes: &[MovableBox],
) -> Vec<Option<Vec2>> {
    let centre = |b: &MovableBox| world.get(b.handle).map(glissade::world::Collider::position);
    let mut wanted: Vec<Option<Vec2>> = vec![None; boxes.len()];
    for p in players.values_mut() {
        let Some(at) = p.input.drag else {
            p.grab = None;
            continue;
        };
        if p.grab.is_none() {
            let under = boxes.iter().position(|b| {
                centre(b).is_some_and(|c| {
                    let d = (at - c).abs();
                    d.x <= b.half.x && d.y <= b.half.y
                })
            });
            let offset = under
                .and_then(|i| centre(&boxes[i]))
                .map_or(Vec2::ZERO, |c| at - c);
            p.grab = Some((under, offset));
        }
        if let Some((Some(i), offset)) = p.grab
            && wanted[i].is_none()
        {
            wanted[i] = Some(at - offset);
        }
    }
    wanted
}

/// The pushes of this tick (see the module's docs): each player's own motion, and for each
/// box the motion a push gives it (none where nobody pushes it or it is dragged).
fn pushes(
    world: &World,
    players: &BTreeMap<u32, Player>,
    boxes: &[MovableBox],
    dragged: &[Option<Vec2>],
) -> (Vec<Vec2>, Vec<Option<Vec2>>) {
    let handles: Vec<Handle> = players.values().map(|p| p.handle).collect();
    let filter = QueryFilter::default().excluding(&handles);
    let mut pushed: Vec<Option<Vec2>> = vec![None; boxes.len()];
    let own = players
        .values()
        .map(|p| {
            let motion = p.input.keys.top_down_velocity() * DT;
            let Some((shape, at)) = world
                .get(p.handle)
                .and_then(|c| Some((c.shape()?.clone(), c.position())))
            else {
                return motion;
            };
            if motion == Vec2::ZERO {
                return motion;
            }
            let reach = motion + motion.normalize() * PUSH_REACH;
            let Some(hit) = world.cast_shape(&shape, at, reach, &filter) else {
                return motion;
            };
            let Some(i) = boxes.iter().position(|b| b.handle == hit.handle) else {
                return motion;
            };
            let into = -motion.dot(hit.normal);
            if into <= 0.0 || dragged[i].is_some() || pushed[i].is_some() {
                return motion;
            }
            // As far as the box can go: a box pushed against a wall stays there (and so does
            // its pusher, behind it).
            let want = into * PUSH_SHARE;
            let free = box_room(world, &boxes[i], -hit.normal * want, &handles);
            let push = -hit.normal * free;
            pushed[i] = Some(push);
            // The walk along the push slows to the box's speed, once it has closed the gap to
            // the box (to a skin).
            let skin = MoveConfig::default().skin;
            let gap = hit.fraction * reach.length() * (into / motion.length());
            let along = into.min(free + (gap - skin).max(0.0));
            motion + hit.normal * (into - along)
        })
        .collect();
    (own, pushed)
}

/// How far (world units) box `b` can move along `motion` before it would come within a skin
/// of something other than the players: all of `motion` when nothing is in the way.
fn box_room(world: &World, b: &MovableBox, motion: Vec2, players: &[Handle]) -> f32 {
    let length = motion.length();
    let Some((shape, at)) = world
        .get(b.handle)
        .and_then(|c| Some((c.shape()?.clone(), c.position())))
    else {
        return 0.0;
    };
    let mut skip = players.to_vec();
    skip.push(b.handle);
    let filter = QueryFilter::default().excluding(&skip);
    let skin = MoveConfig::default().skin;
    match world.cast_shape(&shape, at, motion, &filter) {
        Some(hit) => (hit.fraction * length - skin).max(0.0),
        None => length,
    }
}

/// One sandbox tick: every player by its keys (top-down), every dragged box toward its drag
/// point at most [`DRAG_SPEED`], every pushed box with its pusher, all in one move (by
/// relative motion, whatever the order).
pub fn step_sandbox(world: &mut World, players: &mut BTreeMap<u32, Player>, boxes: &[MovableBox]) {
    let wanted = drag_targets(world, players, boxes);
    let (own, pushed) = pushes(world, players, boxes, &wanted);
    let mut moves: Vec<BodyMove> = Vec::with_capacity(players.len() + boxes.len());
    let mut ids: Vec<u32> = Vec::with_capacity(players.len());
    for ((&id, p), motion) in players.iter().zip(own) {
        moves.push(BodyMove {
            handle: p.handle,
            motion,
        });
        ids.push(id);
    }
    for ((b, target), push) in boxes.iter().zip(&wanted).zip(&pushed) {
        let centre = world.get(b.handle).map(glissade::world::Collider::position);
        let motion = match (target, centre, push) {
            (Some(t), Some(c), _) => step_toward(c, *t, DRAG_SPEED * DT),
            (None, Some(_), Some(p)) => *p,
            _ => Vec2::ZERO,
        };
        let motion = if motion.is_finite() {
            motion
        } else {
            Vec2::ZERO
        };
        moves.push(BodyMove {
            handle: b.handle,
            motion,
        });
    }
    let results = move_bodies(world, &moves, &MoveConfig::default());
    for (k, id) in ids.iter().enumerate() {
        if let Some(p) = players.get_mut(id) {
            p.grounded = false;
            p.velocity = match &results {
                Ok(r) => r[k].velocity / DT,
                Err(_) => Vec2::ZERO,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_single_box_walls_become_movable() {
        let level = glissade_level::load("sandbox").unwrap().level;
        let mut built = level.build().unwrap();
        let colliders = built.world.len();
        let boxes = movable_boxes(&mut built).unwrap();
        // The sandbox has five box walls; its tiles stay where they are.
        assert_eq!(boxes.len(), 5);
        assert_eq!(built.world.len(), colliders);
        let b = boxes[0];
        assert_eq!(b.wall, 0);
        assert_eq!(b.half, Vec2::ONE);
        let c = built.world.get(b.handle).unwrap();
        assert_eq!(c.position(), Vec2::new(15.0, 4.0));
        assert_eq!(built.walls[0], [b.handle]);
        let arena = glissade_level::load("arena").unwrap().level;
        let mut built = arena.build().unwrap();
        // The arena's four border boxes are box walls too: the rule is the shape, not the mode.
        assert_eq!(movable_boxes(&mut built).unwrap().len(), 4);
    }
}
