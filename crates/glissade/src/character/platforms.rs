//! Moving platforms and other movers: riding what the character stood on, being pushed by
//! kinematic colliders that moved into it, and being crushed against the level by them.

use glam::Vec2;

use super::step_world::{StepWorld, move_own};
use super::{CharacterController, CharacterError, Scope, merge};
use crate::motion::{MoveConfig, MoveContact, SensorContact, merge_sensors};
use crate::query::{CastResult, cast};
use crate::shape::Shape;
use crate::world::{BodyKind, Handle};

impl CharacterController {
    /// Stage 1: Carries the character by the velocity × `dt` of what it stood on, if that moves:
    /// the collider ridden.
    pub(super) fn ride(
        &self,
        sw: &mut impl StepWorld,
        body: Handle,
        scope: &Scope,
        dt: f32,
        contacts: &mut Vec<MoveContact>,
        sensors: &mut Vec<SensorContact>,
    ) -> Result<Option<Handle>, CharacterError> {
        let riding = self.state.ground.and_then(|g| {
            let v = sw.world().get(g.handle)?.velocity();
            (v != Vec2::ZERO).then_some((g.handle, v))
        });
        let Some((platform, v)) = riding else {
            return Ok(None);
        };
        let ex = [body, platform];
        let config = self.move_config().with_filter(scope.filter(&ex));
        let r = move_own(sw, body, v * dt, &config, None, &self.near)?;
        merge(contacts, r.contacts);
        merge_sensors(sensors, r.sensors);
        Ok(Some(platform))
    }

    /// Stage 2: Pushed out by the kinematic colliders that moved into the character (see
    /// [`pushed`](Self::pushed)), only when something other than the character has a velocity:
    /// the movers it is still inside after that crush it (pressed against the level by them).
    /// Their handles and the character's own, sorted, for the rest of the step to pass
    /// through; empty when nothing crushes it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn be_pushed(
        &self,
        sw: &mut impl StepWorld,
        body: Handle,
        shape: &Shape,
        scope: &Scope,
        (dt, ridden): (f32, Option<Handle>),
        contacts: &mut Vec<MoveContact>,
        sensors: &mut Vec<SensorContact>,
    ) -> Result<Vec<Handle>, CharacterError> {
        let own_moving = sw.velocity(body) != Vec2::ZERO;
        if sw.world().moving_count() <= u32::from(own_moving) {
            return Ok(Vec::new());
        }
        let config = self.move_config();
        self.pushed(
            sw,
            body,
            shape,
            scope,
            &config,
            (dt, ridden),
            (contacts, sensors),
        )?;
        let ex = [body];
        let here = sw.position(body);
        let mut crushers = vec![body];
        let world = sw.world();
        crushers.extend(
            world
                .overlap_shape(shape, here, &scope.filter(&ex))
                .into_iter()
                .map(|o| o.handle)
                .filter(|h| {
                    world.get(*h).is_some_and(|c| {
                        c.kind() == BodyKind::Kinematic && c.velocity() != Vec2::ZERO
                    })
                }),
        );
        crushers.sort_unstable();
        crushers.dedup();
        Ok(if crushers.len() > 1 {
            crushers
        } else {
            Vec::new()
        })
    }

    /// Pushes the character out along the motion of each kinematic collider with a velocity
    /// that moved into it since the last step (not `ridden`, which already carried it).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pushed(
        &self,
        sw: &mut impl StepWorld,
        body: Handle,
        shape: &Shape,
        scope: &Scope,
        move_cfg: &MoveConfig,
        (dt, ridden): (f32, Option<Handle>),
        (contacts, sensors): (&mut Vec<MoveContact>, &mut Vec<SensorContact>),
    ) -> Result<(), CharacterError> {
        let pos = sw.position(body);
        let own = [body];
        let (lo, hi) = shape.local_bounds();
        let pad = Vec2::splat(self.config.skin);
        let near = sw
            .world()
            .query_aabb(pos + lo - pad, pos + hi + pad, &scope.filter(&own));
        for h in near {
            if Some(h) == ridden {
                continue;
            }
            let Some(c) = sw.world().get(h) else {
                continue;
            };
            let d = c.velocity() * dt;
            let (BodyKind::Kinematic, Some(other)) = (c.kind(), c.shape()) else {
                continue;
            };
            if d == Vec2::ZERO {
                continue;
            }
            let now = sw.position(body);
            // Where it entered: the collider moving from where it was to where it is.
            let CastResult::Hit(hit) = cast(shape, now, Vec2::ZERO, other, c.position() - d, d)
            else {
                continue;
            };
            if c.is_one_way() && hit.normal.dot(Vec2::Y) <= 0.0 {
                continue;
            }
            let depth = ((1.0 - hit.fraction) * d).dot(hit.normal);
            if depth <= 0.0 {
                continue;
            }
            let ex = [body, h];
            let r = move_own(
                sw,
                body,
                hit.normal * (depth + self.config.skin),
                &move_cfg.with_filter(scope.filter(&ex)),
                None,
                &self.near,
            )?;
            merge(
                contacts,
                vec![MoveContact {
                    handle: h,
                    normal: hit.normal,
                    point: hit.point,
                    fraction: 0.0,
                    response: crate::motion::Response::Slide,
                    cell: None,
                }],
            );
            merge(contacts, r.contacts);
            merge_sensors(sensors, r.sensors);
        }
        Ok(())
    }
}
