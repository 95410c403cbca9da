//! One body of a [`move_bodies`](super::move_bodies) step moved against the world as it stood
//! at the start of the step and against the step's other movers.
//!
//! Computing a body only reads the world and the step's other movers, so the bodies of a step
//! can be computed in any order, or on several threads at once, with the same results.

use glam::Vec2;

use super::bodies_bins::{Bins, SweptBox, swept_width};
use super::bodies_item::Item;
use super::{
    MoveConfig, MoveContact, MoveError, MoveResult, Response, bounce_velocity, merge_sensors,
    plan_move_with_planes, sensors_on_path, unobstructed_move,
};
use crate::query::{CastResult, cast};
use crate::tolerance::skin_at;
use crate::world::{Handle, Skip, World};

/// What every body of a step reads and nobody writes while the bodies are computed: the
/// world at the start of the step and the step's movers (the move's settings come apart, as
/// they may hold the caller's closures, which cannot always cross threads).
#[derive(Clone, Copy)]
pub(super) struct Shared<'s, 'w> {
    pub(super) world: &'s World,
    /// The movers, in the order they are computed.
    pub(super) items: &'s [Item<'w>],
    /// The moving movers binned by where their swept boxes are.
    pub(super) bins: &'s Bins,
    /// Moving movers too fast or large to bin: every other mover checks them.
    pub(super) fast: &'s [u32],
    /// Widest swept box (world units) of a binned mover.
    pub(super) limit: f32,
    /// Whether the filter sees every collider (no collider need be read to know).
    pub(super) everyone: bool,
    /// The colliders every body leaves out of its move through the world (the moving movers).
    pub(super) skip: Skip<'s>,
    /// Whether a move through the world that the world finds unobstructed is made whole
    /// without a sweep (see [`unobstructed_move`]).
    pub(super) unobstructed: bool,
}

/// The move of the mover `it` over the step, against the world and the other movers as they
/// stood at its start.
pub(super) fn move_item(
    shared: &Shared,
    config: &MoveConfig,
    it: &Item,
) -> Result<MoveResult, MoveError> {
    let (first, halves) = meet_movers(shared, config, it);
    // Never meets itself.
    let skip = Skip {
        sorted: std::slice::from_ref(&it.handle),
        ..shared.skip
    };
    // Most of a crowd meets nothing: made whole without the sweep, with its result.
    if first.is_none()
        && halves.is_empty()
        && shared.unobstructed
        && shared
            .world
            .sweep_meets_nothing(it.local, it.pos, it.motion, &skip)
    {
        return unobstructed_move(it.pos, it.motion, it.motion);
    }
    move_through(shared, config, it, skip, first, &halves)
}

/// The earliest contact of a mover with another mover along their straight motions, if any
/// (its fraction, the other's handle, the normal and the point); and the movers it starts
/// overlapping, each with the normal and length of its half push out, by handle.
type Met = (Option<(f32, Handle, Vec2, Vec2)>, Vec<(Handle, Vec2, f32)>);

/// What the mover `it` meets of the step's other movers (see [`Met`]).
#[inline(always)]
fn meet_movers(shared: &Shared, config: &MoveConfig, it: &Item) -> Met {
    let Shared {
        world,
        items,
        bins,
        fast,
        limit,
        everyone,
        ..
    } = *shared;
    let (handle, motion, pos, shape) = (it.handle, it.motion, it.pos, it.shape);
    let (lo, hi) = it.swept_box();
    // Earliest contact with another mover, straight motions (ties: lower handle).
    let mut first: Option<(f32, Handle, Vec2, Vec2)> = None;
    // Two moving movers that start overlapping each push themselves half of the way out.
    let mut halves: Vec<(Handle, Vec2, f32)> = Vec::new();
    // Whether another mover is met at all: it is another, not a sensor (a moving sensor
    // blocks nobody), and their swept boxes touch (no collider is read for the many that are
    // merely near). Tested in the loops below, before anything else is done with the mover.
    let other = |o: &Item| o.handle != handle && !o.sensor;
    let touches = |(olo, ohi): SweptBox| olo.cmple(hi).all() && lo.cmple(ohi).all();
    // A mover met.
    let mut meet = |o: &Item| {
        // With the default filter every mover meets every other: no filter to ask, nor
        // collider's flags to read.
        let passes = (everyone && o.plain)
            || world
                .get(o.handle)
                .is_some_and(|c| config.filter.passes(o.handle, c));
        if passes
            && let CastResult::Hit(h) = cast(shape, pos, motion, o.shape, o.pos, o.motion)
            && first.is_none_or(|(t, oh, _, _)| (h.fraction, o.handle) < (t, oh))
        {
            first = Some((h.fraction, o.handle, h.normal, h.point));
        }
        if o.motion != Vec2::ZERO
            && let Some(p) = crate::query::overlap(shape, pos, o.shape, o.pos)
        {
            let skin = skin_at(config.skin, pos.abs().max_element());
            halves.push((o.handle, p.normal, 0.5 * (p.depth + skin)));
        }
    };
    // (A mover that stays still meets the others as an obstacle: they see it in the world.)
    if motion != Vec2::ZERO {
        // Each mover once: a binned one is in one bin, and the fast ones (last) are not
        // binned. The order is the bins'. It decides nothing in the result (the half pushes
        // are sorted below); only the order in which a filter's predicate is asked about them.
        // Binned exactly when `move_bodies` binned it.
        let binned = swept_width((lo, hi)) <= limit;
        for run in bins.near((lo, hi), binned).chain([fast]) {
            for &j in run {
                let o = &items[j as usize];
                if other(o) && touches(o.swept_box()) {
                    meet(o);
                }
            }
        }
        // By handle: the order of the bins (the order the movers are computed) does not
        // decide it.
        halves.sort_unstable_by_key(|&(h, _, _)| h);
    }
    (first, halves)
}

/// The move of the mover `it` (leaving out `skip`) through the world, after
/// what it met of the other movers: pushed out of those it starts in, stopped at the first it
/// meets, sliding on. Apart from [`move_item`]'s common case, which it keeps small.
#[inline(never)]
fn move_through(
    shared: &Shared,
    config: &MoveConfig,
    it: &Item,
    skip: Skip,
    first: Option<(f32, Handle, Vec2, Vec2)>,
    halves: &[(Handle, Vec2, f32)],
) -> Result<MoveResult, MoveError> {
    let world = shared.world;
    let (handle, motion, pos, shape) = (it.handle, it.motion, it.pos, it.shape);
    // The half push never enters the level: a static collider in the way stops it.
    let (pos, apart, wall) = if halves.is_empty() {
        (pos, Vec::new(), None)
    } else {
        let normals = halves.iter().map(|&(_, n, _)| n).collect();
        let pushes: Vec<(Vec2, f32)> = halves.iter().map(|&(_, n, d)| (n, d)).collect();
        let push = crate::geometry::combine_pushes(&pushes);
        let (to, wall) = super::push_clear(world, shape, pos, push, config, skip)?;
        (to, normals, wall)
    };
    let mut result = match first {
        None => plan_move_with_planes(
            world, shape, pos, motion, motion, config, skip, &apart, None,
        )?,
        Some((t, other, normal, point)) => {
            let response = config.respond(world, other)?;
            // Up to the other body less the skin (measured along the normal), then on.
            let len = motion.length();
            let dir = if len > 0.0 { motion / len } else { Vec2::ZERO };
            let approach = -dir.dot(normal);
            let skin = skin_at(config.skin, pos.abs().max_element() + t * len);
            let before = dir * (t * len - super::back_off(skin, approach)).max(0.0);
            let r1 = plan_move_with_planes(
                world, shape, pos, before, motion, config, skip, &apart, None,
            )?;
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
                    bounce_velocity(left, normal, restitution),
                    bounce_velocity(r1.velocity, normal, restitution),
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
                skip,
                planes,
                None,
            )?;
            for c in r2.contacts {
                if !contacts.iter().any(|k| k.handle == c.handle) {
                    contacts.push(c);
                }
            }
            let mut sensors = r1.sensors;
            merge_sensors(&mut sensors, r2.sensors);
            MoveResult {
                position: r2.position,
                remaining: r2.remaining,
                velocity: r2.velocity,
                contacts,
                pinned: r1.pinned || r2.pinned,
                sensors,
            }
        }
    };
    // The half push out of another mover is the first stretch of the path.
    if pos != it.pos && world.has_sensors() {
        let path = [it.pos, pos];
        let mut sensors = sensors_on_path(world, shape, &path, &config.filter, &[handle]);
        merge_sensors(&mut sensors, std::mem::take(&mut result.sensors));
        result.sensors = sensors;
    }
    if let Some(w) = wall {
        result.pinned = true;
        if !result.contacts.iter().any(|c| c.handle == w.handle) {
            result.contacts.insert(
                0,
                MoveContact {
                    handle: w.handle,
                    normal: w.normal,
                    point: w.point,
                    fraction: 0.0,
                    response: Response::Slide,
                    cell: w.cell,
                },
            );
        }
    }
    Ok(result)
}

/// Every mover of the step computed on the calling thread, in the order of `shared.items`:
/// the results in that order, or the error of the first mover (in that order) that fails.
pub(super) fn move_all(shared: &Shared, config: &MoveConfig) -> Result<Vec<MoveResult>, MoveError> {
    let mut results = Vec::with_capacity(shared.items.len());
    for it in shared.items {
        results.push(move_item(shared, config, it)?);
    }
    Ok(results)
}
