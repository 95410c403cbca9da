//! Stepping up a ledge that stopped a walk, when there is room to stand on it.

use glam::Vec2;

use super::controller::Walk;
use super::step_world::StepWorld;
use super::{CharacterController, CharacterError, merge, plan};
use crate::motion::{HookAction, MoveConfig, MoveContact, SensorContact, merge_sensors};
use crate::shape::Shape;
use crate::tolerance::linear_tolerance;
use crate::world::{Handle, QueryFilter, World};

/// A step up a ledge: where it ends, the height climbed, the contacts and the sensors touched.
type StepUp = (Vec2, f32, Vec<MoveContact>, Vec<SensorContact>);

impl CharacterController {
    /// Stage 4: Steps up the ledge that stopped a walk, when there is room and ground up there:
    /// the height climbed (0 when none). The wall climbed is then no contact and no normal of
    /// the step; the walk's contacts go to `contacts` either way.
    pub(super) fn climb(
        &self,
        sw: &mut impl StepWorld,
        body: Handle,
        shape: &Shape,
        walk: &mut Walk,
        filter: &QueryFilter,
        (contacts, sensors): (&mut Vec<MoveContact>, &mut Vec<SensorContact>),
    ) -> Result<f32, CharacterError> {
        let is_wall = |n: &Vec2| !self.is_floor(*n) && !self.is_ceiling(*n);
        let blocked = walk.walking.is_some() && walk.normals.iter().any(is_wall);
        let moved = std::mem::take(&mut walk.moved.contacts);
        if blocked
            && self.config.max_step_height > 0.0
            && let Some((to, height, found, touched)) = self.step_up(
                sw.world(),
                shape,
                walk.before,
                walk.moved.position,
                walk.motion,
                filter,
            )?
        {
            sw.place(body, to)?;
            walk.normals.retain(|n| !is_wall(n));
            let not_walls = |v: Vec<MoveContact>| v.into_iter().filter(|k| !is_wall(&k.normal));
            merge(contacts, not_walls(moved).chain(not_walls(found)).collect());
            merge_sensors(sensors, touched);
            Ok(height)
        } else {
            merge(contacts, moved);
            Ok(0.0)
        }
    }

    /// Climbing the ledge that stopped a walk from `from` by `walk` at `blocked`: up by at
    /// most the step height, on by the rest of the walk's sideways travel, down onto walkable
    /// ground. The end position, the height climbed, the contacts and the sensors touched on
    /// the way, or `None` when there is no room or no ground up there.
    pub(super) fn step_up(
        &self,
        world: &World,
        shape: &Shape,
        from: Vec2,
        blocked: Vec2,
        walk: Vec2,
        filter: &QueryFilter,
    ) -> Result<Option<StepUp>, CharacterError> {
        let cfg = &self.config;
        let up = cfg.up;
        let side = walk - up * walk.dot(up);
        let side_len = side.length();
        let tol = linear_tolerance(blocked.abs().max_element());
        if side_len <= tol {
            return Ok(None);
        }
        let dir = side / side_len;
        let left = side_len - (blocked - from).dot(dir);
        if left <= tol {
            return Ok(None);
        }
        let mc = MoveConfig::default()
            .with_skin(cfg.skin)
            .with_max_iterations(cfg.max_iterations)
            .with_filter(*filter);
        let rise = plan(world, shape, blocked, up * cfg.max_step_height, &mc, None)?;
        let risen = (rise.position - blocked).dot(up);
        if risen <= tol {
            return Ok(None);
        }
        let on = plan(world, shape, rise.position, dir * left, &mc, None)?;
        if (on.position - rise.position).dot(dir) <= tol {
            return Ok(None);
        }
        let stop = |_: Vec2, _: Vec2| HookAction::Stop;
        let down = plan(
            world,
            shape,
            on.position,
            -up * (risen + cfg.ground_probe),
            &mc,
            Some(&stop),
        )?;
        let climbed = (down.position - blocked).dot(up);
        if climbed <= tol || climbed > cfg.max_step_height + tol {
            return Ok(None);
        }
        let Some(_) = self.probe(world, shape, down.position, filter, cfg.ground_probe) else {
            return Ok(None);
        };
        let end = down.position;
        let mut found = Vec::new();
        let mut touched = Vec::new();
        for r in [rise, on, down] {
            merge(&mut found, r.contacts);
            merge_sensors(&mut touched, r.sensors);
        }
        Ok(Some((end, climbed, found, touched)))
    }
}

impl CharacterController {
    /// Whether the character `body` of `world` could step up onto the ledge of the surface
    /// with unit normal `n` it touches: the ledge is at most
    /// [`CharacterConfig::max_step_height`](super::CharacterConfig::max_step_height) above it,
    /// with room to stand up there. Used to spare a riser the character could climb from a
    /// bounce; a surface facing up or down, or a body that is not a shape, is never one.
    pub(super) fn could_step_onto(
        &self,
        world: &World,
        body: Handle,
        n: Vec2,
    ) -> Result<bool, CharacterError> {
        let cfg = &self.config;
        let Some(c) = world.get(body) else {
            return Ok(false);
        };
        let Some(shape) = c.shape() else {
            return Ok(false);
        };
        let side = -(n - cfg.up * n.dot(cfg.up));
        let len = side.length();
        if cfg.max_step_height <= 0.0 || len <= linear_tolerance(1.0) {
            return Ok(false);
        }
        let at = c.position();
        let own = [body];
        let filter = QueryFilter::default()
            .with_layers(c.layers())
            .with_mask(c.mask())
            .excluding(&own);
        let walk = side / len * (cfg.max_step_height + cfg.skin);
        Ok(self.step_up(world, shape, at, at, walk, &filter)?.is_some())
    }
}
