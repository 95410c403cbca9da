//! Sandbox boxes: the level's box walls made movable, dragged by the players toward their
//! drag points and moved together with the players in one move.

use std::collections::BTreeMap;

use glissade::glam::Vec2;
use glissade::{
    Aabb, BodyMove, ColliderDesc, Handle, MoveConfig, Shape, ShapeError, World, move_bodies,
};
use glissade_level::Built;

use crate::player::Player;
use crate::steer::step_toward;
use crate::tuning::{DRAG_SPEED, DT};

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

/// One sandbox tick: every player by its keys (top-down) and every dragged box toward its
/// drag point at most [`DRAG_SPEED`], all in one move (by relative motion, whatever the
/// order).
pub fn step_sandbox(world: &mut World, players: &mut BTreeMap<u32, Player>, boxes: &[MovableBox]) {
    let wanted = drag_targets(world, players, boxes);
    let mut moves: Vec<BodyMove> = Vec::with_capacity(players.len() + boxes.len());
    let mut ids: Vec<u32> = Vec::with_capacity(players.len());
    for (&id, p) in players.iter() {
        let v = p.input.keys.top_down_velocity();
        moves.push(BodyMove {
            handle: p.handle,
            motion: v * DT,
        });
        ids.push(id);
    }
    for (b, target) in boxes.iter().zip(&wanted) {
        let centre = world.get(b.handle).map(glissade::world::Collider::position);
        let motion = match (target, centre) {
            (Some(t), Some(c)) => step_toward(c, *t, DRAG_SPEED * DT),
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
