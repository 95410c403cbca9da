//! The ground under a character: probing for it (and standing on a ledge's edge or wedged in a
//! V), walking along it, snapping down to it over crests and stairs (not over a ledge), and
//! settling a skin off it. A grounded state that holds across seams and slope joints is what
//! keeps it from flickering.

use glam::Vec2;

use super::controller::{Probed, Walk};
use super::step_world::{StepWorld, move_own};
use super::{CharacterController, CharacterError, Ground, Step, merge, plan};
use crate::motion::{HookAction, MoveConfig, MoveContact, SensorContact, merge_sensors};
use crate::shape::Shape;
use crate::tolerance::{
    LEDGE_LOOK_SKINS, MAX_BACK_OFF_SKINS, SETTLE_SKINS, WEDGED_SKINS, linear_tolerance,
};
use crate::world::{Handle, QueryFilter, World, WorldCastHit};

impl CharacterController {
    /// Stage 5: Snaps the character down to the ground after it walked off a slope change (down a
    /// stair or over a crest; never over a ledge), then holds a grounded character that is not
    /// going up a skin off its ground (a fall or a walk over a crest may end anywhere within
    /// the probe): the ground under it, and how far it was pulled down.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn keep_ground(
        &self,
        sw: &mut impl StepWorld,
        body: Handle,
        shape: &Shape,
        step: Step,
        walk: &Walk,
        stepped: f32,
        filter: &QueryFilter,
        (contacts, sensors): (&mut Vec<MoveContact>, &mut Vec<SensorContact>),
    ) -> Result<(Option<Ground>, f32, Probed), CharacterError> {
        let cfg = &self.config;
        // Made only for a move down (most steps end where the walk left them).
        let move_cfg = || self.move_config().with_filter(*filter);
        let stop = |_: Vec2, _: Vec2| HookAction::Stop;
        let after = sw.position(body);
        // A step that went up and away from the ground is not on it, however near it still is.
        // The probe is made either way: the report and the next step reuse it.
        let (found, first) = self.probe_first(sw.world(), shape, after, filter, cfg.ground_probe);
        let mut probed = Some((after, first, found));
        let mut ground = if walk.rising && (after - walk.before).dot(cfg.up) > 0.0 {
            None
        } else {
            found
        };
        let mut snapped = 0.0;
        if ground.is_none()
            && walk.walking.is_some()
            && step.snap
            && stepped == 0.0
            && let Some(drop) = self.snap_drop(sw.world(), shape, walk.before, after, filter)
        {
            let r = move_own(
                sw,
                body,
                -cfg.up * drop,
                &move_cfg(),
                Some(&stop),
                &self.near,
            )?;
            snapped = (after - r.position).dot(cfg.up);
            merge(contacts, r.contacts);
            merge_sensors(sensors, r.sensors);
            let (found, first) =
                self.probe_first(sw.world(), shape, r.position, filter, cfg.ground_probe);
            ground = found;
            probed = Some((r.position, first, found));
        }
        if !walk.rising
            && let Some(g) = ground
            && g.distance > SETTLE_SKINS * cfg.skin
        {
            let from = sw.position(body);
            let r = move_own(
                sw,
                body,
                -cfg.up * g.distance,
                &move_cfg(),
                Some(&stop),
                &self.near,
            )?;
            snapped += (from - r.position).dot(cfg.up);
            merge(contacts, r.contacts);
            merge_sensors(sensors, r.sensors);
            // Always a probe at the final position: the next step may reuse it instead of
            // probing (the same answer, so a world and controller cloned mid-game replay alike).
            let (found, first) =
                self.probe_first(sw.world(), shape, r.position, filter, cfg.ground_probe);
            ground = found;
            probed = Some((r.position, first, found));
        }
        Ok((ground, snapped, probed))
    }

    /// The walkable ground within `reach` below a character shaped `shape` at `pos`. A
    /// character resting on the edge of a ledge (a corner whose normal is too steep, with
    /// walkable ground just past the corner, away from the character) stands on that ground.
    pub(super) fn probe(
        &self,
        world: &World,
        shape: &Shape,
        pos: Vec2,
        filter: &QueryFilter,
        reach: f32,
    ) -> Option<Ground> {
        self.probe_first(world, shape, pos, filter, reach).0
    }

    /// [`probe`](Self::probe), with the normal of the first surface the cast down met (walkable
    /// or not), if any.
    pub(super) fn probe_first(
        &self,
        world: &World,
        shape: &Shape,
        pos: Vec2,
        filter: &QueryFilter,
        reach: f32,
    ) -> (Option<Ground>, Option<Vec2>) {
        let Some(hit) = world.cast_shape_near(
            shape,
            pos,
            -self.config.up * reach,
            filter,
            Some(&self.near),
        ) else {
            return (None, None);
        };
        (
            self.ground_from(world, shape, pos, filter, reach, &hit),
            Some(hit.normal),
        )
    }

    /// The walkable ground of [`probe`](Self::probe), from the first surface its cast met.
    fn ground_from(
        &self,
        world: &World,
        shape: &Shape,
        pos: Vec2,
        filter: &QueryFilter,
        reach: f32,
        hit: &WorldCastHit,
    ) -> Option<Ground> {
        let cfg = &self.config;
        let up = cfg.up;
        let ground = |handle: Handle, normal: Vec2| Ground {
            handle,
            normal,
            distance: hit.fraction * reach,
            velocity: world.get(handle).map_or(Vec2::ZERO, |c| c.velocity()),
        };
        if self.is_floor(hit.normal) {
            return Some(ground(hit.handle, hit.normal));
        }
        if hit.normal.dot(up) <= 0.0 {
            return None;
        }
        // On an edge? Look straight down just past the contact, away from the character.
        let away = -(hit.normal - up * hit.normal.dot(up)).normalize_or_zero();
        let origin = hit.point + away * (cfg.skin * LEDGE_LOOK_SKINS) + up * cfg.skin;
        if let Some(below) = world.raycast(origin, -up * (MAX_BACK_OFF_SKINS * cfg.skin), filter)
            && below.fraction > 0.0
            && self.is_floor(below.normal)
        {
            return Some(ground(below.handle, below.normal));
        }
        // Wedged between steep surfaces (a V): standing if it cannot slide down.
        let mc = MoveConfig::default()
            .with_skin(cfg.skin)
            .with_max_iterations(cfg.max_iterations)
            .with_filter(*filter);
        let no_rise = |n: Vec2, _: Vec2| HookAction::SlideOn(n, -up);
        let slid = plan(world, shape, pos, -up * reach, &mc, Some(&no_rise)).ok()?;
        ((pos - slid.position).dot(up) < WEDGED_SKINS * cfg.skin).then(|| Ground {
            normal: up,
            ..ground(hit.handle, hit.normal)
        })
    }

    /// How far to pull a character that walked from `before` to `after` and lost the ground
    /// down onto it: up to `min(snap_distance, Δx × max_slope_change)`, when there is
    /// walkable ground that far below and the ground between drops no steeper than
    /// `max_slope_change`, stairs up to `max_step_height` allowed (a ledge is not snapped).
    pub(super) fn snap_drop(
        &self,
        world: &World,
        shape: &Shape,
        before: Vec2,
        after: Vec2,
        filter: &QueryFilter,
    ) -> Option<f32> {
        let cfg = &self.config;
        let up = cfg.up;
        let travel = (after - before) - up * (after - before).dot(up);
        let dx = travel.length();
        let reach = cfg.snap_distance.min(dx * cfg.max_slope_change);
        if reach <= 0.0 {
            return None;
        }
        let hit = world.cast_shape(shape, after, -up * reach, filter)?;
        // Ground to stand on down there (a corner counts as a ledge's edge, as in the probe).
        let landed = after - up * (hit.fraction * reach - cfg.skin).max(0.0);
        self.probe(world, shape, landed, filter, cfg.ground_probe)?;
        // The ground's profile under the way walked, sampled as the tutorial does but with
        // exact casts: where the character would rest at each sample. Between two samples it
        // may drop at most `max_slope_change` times their spacing; samples are at most
        // `max_step_height / max_slope_change` apart, so a stair no higher than a step passes
        // and a ledge higher than that does not.
        let k = cfg.max_slope_change;
        let spacing = (cfg.max_step_height / k).max(cfg.skin);
        let samples = ((dx / spacing).ceil() as u32).clamp(1, MAX_SNAP_SAMPLES);
        let top = before.dot(up).max(after.dot(up));
        let depth = top - after.dot(up) + reach;
        let side0 = before - up * before.dot(up);
        let rest = |t: f32| -> Option<f32> {
            let q = side0 + travel * t + up * top;
            let h = world.cast_shape(shape, q, -up * depth, filter)?;
            Some(top - h.fraction * depth)
        };
        let tol = linear_tolerance(top.abs() + depth) + cfg.skin;
        let allowed = k * dx / samples as f32 + tol;
        let mut prev = rest(0.0)?;
        for i in 1..=samples {
            let h = rest(i as f32 / samples as f32)?;
            if (h - prev).abs() > allowed {
                return None;
            }
            prev = h;
        }
        Some(reach)
    }
}

/// Most samples of the ground's profile a snap takes (the tutorial samples every 2 pixels):
/// beyond `MAX_SNAP_SAMPLES × max_step_height / max_slope_change` of sideways travel in one
/// step, the samples spread and stairs a little higher than a step may pass.
const MAX_SNAP_SAMPLES: u32 = 16;
