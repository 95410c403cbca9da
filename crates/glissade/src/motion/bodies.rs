//! Several kinematic bodies moved in one step, against each other by relative motion.

use glam::Vec2;

use super::{
    MoveConfig, MoveContact, MoveError, MoveResult, Response, bounce_velocity, merge_sensors,
    plan_move_with_planes, sensors_on_path,
};
use crate::query::{CastResult, cast};
use crate::shape::Shape;
use crate::tolerance::skin_at;
use crate::world::{Handle, Skip, World, slot_bits};

/// One body's share of a [`move_bodies`] step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyMove {
    /// A collider of the world (a plain shape, not a tile map).
    pub handle: Handle,
    /// Its motion this step, world units.
    pub motion: Vec2,
}

/// Moves several colliders by one step each, meeting one another by their relative motion
/// (each body sees the others as standing still and moves by the difference of the two
/// motions): two boxes crossing paths meet mid-step, two bodies moving side by
/// side at the same velocity never meet, and the outcome does not depend on the order of
/// `moves`.
///
/// Each moving body first finds its earliest contact with the other moving bodies along the
/// straight motions of both (an exact cast of the relative motion), then moves through the
/// rest of the world with [`move_and_slide`](super::move_and_slide): up to that contact, then
/// on with the motion left, clipped against the other body's normal (respecting its
/// response). A body whose motion is zero is an obstacle like any static collider. Two moving
/// bodies that start overlapping each push themselves half of the way out; no push out of
/// another body enters a static collider (the body stops a skin short of it, `pinned`). Every body is
/// computed from the positions at the start of the step, and the world is updated once all
/// are known. Results come in the order of `moves`; a collider listed twice is refused.
///
/// Limits: the contacts between moving bodies are found on their straight motions, so two
/// bodies deflected toward each other by walls or slopes in the same step can end up
/// overlapping; the next step pushes each half of the way out.
///
/// ```
/// use glissade::{Aabb, BodyMove, ColliderDesc, MoveConfig, World, glam::Vec2, move_bodies};
/// let mut world = World::new();
/// let unit = Aabb::from_half_extents(Vec2::splat(0.5))?;
/// let a = world.add(ColliderDesc::new(unit, Vec2::new(0.0, 0.0)).kinematic())?;
/// let b = world.add(ColliderDesc::new(unit, Vec2::new(10.0, 0.0)).kinematic())?;
/// // Head on: they meet in the middle, each stopping a skin short.
/// let r = move_bodies(&mut world, &[
///     BodyMove { handle: a, motion: Vec2::new(10.0, 0.0) },
///     BodyMove { handle: b, motion: Vec2::new(-10.0, 0.0) },
/// ], &MoveConfig::default())?;
/// assert!((r[0].position.x - (4.5 - 0.01)).abs() < 1e-4);
/// assert!((r[1].position.x - (5.5 + 0.01)).abs() < 1e-4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn move_bodies(
    world: &mut World,
    moves: &[BodyMove],
    config: &MoveConfig,
) -> Result<Vec<MoveResult>, MoveError> {
    for m in moves {
        super::check_vector("motion", m.motion)?;
    }
    let mut movers: Vec<Handle> = moves.iter().map(|m| m.handle).collect();
    movers.sort_unstable();
    if let Some(w) = movers.windows(2).find(|w| w[0] == w[1]) {
        return Err(MoveError::DuplicateMover(w[0]));
    }
    // Movers that do not move are obstacles like any other collider; the moving ones meet
    // one another by relative motion instead.
    let moving: Vec<Handle> = moves
        .iter()
        .filter(|m| m.motion != Vec2::ZERO)
        .map(|m| m.handle)
        .collect();
    let bits = slot_bits(world, &moving);
    let skip = Skip {
        slots: &bits,
        ..Skip::default()
    };
    // Bodies are computed in space-filling-curve order of their cells, so that neighbours
    // (and the map around them) are still in cache; results go back in the order given.
    // Read in the order given (the world's slots one after the other), then put in order by
    // sorting small keys and gathering.
    let mut read: Vec<Item> = Vec::with_capacity(moves.len());
    let mut keys: Vec<(u64, u32)> = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let c = world
            .get(m.handle)
            .ok_or(MoveError::UnknownHandle(m.handle))?;
        let shape = c.shape().ok_or(MoveError::NotAShape(m.handle))?;
        let pos = c.position();
        let (lo, hi) = shape.local_bounds();
        let plain = c.layers() != 0 && c.mask() != 0;
        let sensor = c.is_sensor();
        keys.push((morton(world.cell_of(pos)), i as u32));
        read.push(Item {
            plain,
            index: i as u32,
            handle: m.handle,
            motion: m.motion,
            pos,
            lo: pos + lo + m.motion.min(Vec2::ZERO),
            hi: pos + hi + m.motion.max(Vec2::ZERO),
            small: Small::of(shape),
            shape,
            sensor,
        });
    }
    keys.sort_unstable();
    let items: Vec<Item> = keys
        .iter()
        .map(|&(_, i)| read[i as usize].clone())
        .collect();
    drop(read);
    // Which movers another mover can meet: those whose swept boxes touch its own. The moving
    // ones are binned by the centre of their swept box in a grid built for this step (cells
    // at least as wide as any binned box, so two touching boxes sit in neighbouring cells);
    // movers with a long motion or a large box are kept apart: everyone checks them, and they
    // look for the binned ones over their whole swept box.
    let limit = FAST_IN_CELLS * world.cell_size();
    let mut bins = Bins::default();
    let mut fast: Vec<u32> = Vec::new();
    let binned: Vec<u32> = (0..items.len() as u32)
        .filter(|&k| {
            let it = &items[k as usize];
            if it.motion == Vec2::ZERO {
                return false;
            }
            if (it.hi - it.lo).max_element() > limit {
                fast.push(k);
                return false;
            }
            true
        })
        .collect();
    bins.build(&items, &binned);
    // With the default filter every mover meets every other: no need to read their colliders.
    let everyone = config.filter.is_everything();
    let mut sorted_results: Vec<MoveResult> = Vec::with_capacity(items.len());
    let mut near = Vec::new();
    for it in &items {
        let own: Shape;
        let shape: &Shape = match it.small {
            // A small shape from the item (no read of the collider's slot), else the world's.
            Some(s) => {
                own = s.shape();
                &own
            }
            None => it.shape,
        };
        let (handle, motion, pos) = (it.handle, it.motion, it.pos);
        let (lo, hi) = (it.lo, it.hi);
        // Earliest contact with another mover, straight motions (ties: lower handle).
        near.clear();
        if motion != Vec2::ZERO {
            let binned = (it.hi - it.lo).max_element() <= limit;
            bins.near(it, binned, &mut near);
            near.extend_from_slice(&fast);
            if near.len() > 1 {
                near.sort_unstable();
                near.dedup();
            }
        }
        let mut first: Option<(f32, Handle, Vec2, Vec2)> = None;
        // (A mover that stays still meets the others as an obstacle: they see it in the world.)
        for &j in &near {
            let o = &items[j as usize];
            // A moving sensor blocks nobody.
            if o.handle == handle || o.sensor || !(o.lo.cmple(hi).all() && lo.cmple(o.hi).all()) {
                continue;
            }
            if !everyone || !o.plain {
                let Some(c) = world.get(o.handle) else {
                    continue;
                };
                if !config.filter.passes(o.handle, c) {
                    continue;
                }
            }
            let os = o.shape;
            if let CastResult::Hit(h) = cast(shape, pos, motion, os, o.pos, o.motion)
                && first.is_none_or(|(t, oh, _, _)| (h.fraction, o.handle) < (t, oh))
            {
                first = Some((h.fraction, o.handle, h.normal, h.point));
            }
        }
        // Two moving movers that start overlapping each push themselves half of the way out.
        let mut halves: Vec<(Vec2, f32)> = Vec::new();
        if motion != Vec2::ZERO {
            for &j in &near {
                let o = &items[j as usize];
                // Their swept boxes must touch first: no collider is read for the many that
                // are merely near.
                let apart = |a: &Item, b: &Item| {
                    (a.lo - b.hi).max_element() > 0.0 || (b.lo - a.hi).max_element() > 0.0
                };
                if o.handle != handle
                    && !o.sensor
                    && o.motion != Vec2::ZERO
                    && !apart(it, o)
                    && let Some(p) = crate::query::overlap(shape, pos, o.shape, o.pos)
                {
                    let skin = skin_at(config.skin, pos.abs().max_element());
                    halves.push((p.normal, 0.5 * (p.depth + skin)));
                }
            }
        }
        // Never meets itself.
        let skip = Skip {
            sorted: std::slice::from_ref(&handle),
            ..skip
        };
        // The half push never enters the level: a static collider in the way stops it.
        let (pos, apart, wall) = if halves.is_empty() {
            (pos, Vec::new(), None)
        } else {
            let normals = halves.iter().map(|(n, _)| *n).collect();
            let push = crate::geometry::combine_pushes(&halves);
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
        sorted_results.push(result);
    }
    let order: Vec<(Handle, usize)> = items
        .iter()
        .map(|it| (it.handle, it.index as usize))
        .collect();
    drop(items);
    let mut writes: Vec<(Handle, Vec2)> = order
        .iter()
        .zip(&sorted_results)
        .map(|(&(h, _), r)| (h, r.position))
        .collect();
    writes.sort_unstable_by_key(|(h, _)| *h);
    for (h, p) in writes {
        world
            .set_position(h, p)
            .map_err(|_| MoveError::UnknownHandle(h))?;
    }
    let mut results: Vec<Option<MoveResult>> = vec![None; moves.len()];
    for (&(_, i), r) in order.iter().zip(sorted_results) {
        results[i] = Some(r);
    }
    let results: Vec<MoveResult> = results.into_iter().flatten().collect();
    Ok(results)
}

/// Interleaves the bits of a cell's coordinates (a Z-order curve key).
fn morton(c: glam::IVec2) -> u64 {
    fn spread(v: u32) -> u64 {
        let mut x = u64::from(v);
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
        x = (x | (x << 2)) & 0x3333_3333_3333_3333;
        x = (x | (x << 1)) & 0x5555_5555_5555_5555;
        x
    }
    // Offsetting by 2^31 keeps the order of negative coordinates.
    let x = (c.x as u32) ^ 0x8000_0000;
    let y = (c.y as u32) ^ 0x8000_0000;
    spread(x) | (spread(y) << 1)
}

/// A mover whose swept box is wider than this many broadphase cells is looked after apart
/// (checked by every other mover) rather than binned.
const FAST_IN_CELLS: f32 = 2.0;

/// Most bins along a side of the step's grid of movers.
const MAX_BIN_SIDE: i32 = 4096;

/// A body's shape when it is small enough to carry along (boxes and circles).
#[derive(Clone, Copy)]
enum Small {
    Aabb(crate::shape::Aabb),
    Circle(crate::shape::Circle),
}

impl Small {
    fn of(shape: &Shape) -> Option<Small> {
        match shape {
            Shape::Aabb(b) => Some(Small::Aabb(*b)),
            Shape::Circle(c) => Some(Small::Circle(*c)),
            _ => None,
        }
    }

    fn shape(self) -> Shape {
        match self {
            Small::Aabb(b) => Shape::Aabb(b),
            Small::Circle(c) => Shape::Circle(c),
        }
    }
}

/// One mover of a [`move_bodies`] step.
#[derive(Clone)]
struct Item<'w> {
    index: u32,
    handle: Handle,
    motion: Vec2,
    pos: Vec2,
    /// Swept bounds over the step.
    lo: Vec2,
    hi: Vec2,
    shape: &'w Shape,
    /// A copy of the shape when it is small.
    small: Option<Small>,
    /// On some layer and interacting with some layer (seen by the default filter).
    plain: bool,
    /// A sensor: other movers pass through it.
    sensor: bool,
}

/// The moving movers of one step binned by the centre of their swept boxes, in a grid whose
/// cells are at least as wide as any binned box (compressed rows: one array of starts, one of
/// item indices).
#[derive(Default)]
struct Bins {
    origin: Vec2,
    inv_cell: f32,
    dims: glam::IVec2,
    starts: Vec<u32>,
    ids: Vec<u32>,
}

impl Bins {
    /// Most cells per binned item (the grid is about as fine as the items are many).
    const CELLS_PER_ITEM: f32 = 4.0;

    fn cell_of(&self, p: Vec2) -> glam::IVec2 {
        let c = (p - self.origin) * self.inv_cell;
        glam::IVec2::new(
            crate::world::floor_i32(c.x).clamp(0, self.dims.x - 1),
            crate::world::floor_i32(c.y).clamp(0, self.dims.y - 1),
        )
    }

    fn build(&mut self, items: &[Item], binned: &[u32]) {
        if binned.is_empty() {
            return;
        }
        let (mut lo, mut hi, mut big) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN), 0.0f32);
        for &k in binned {
            let it = &items[k as usize];
            let c = (it.lo + it.hi) * 0.5;
            lo = lo.min(c);
            hi = hi.max(c);
            big = big.max((it.hi - it.lo).max_element());
        }
        let span = (hi - lo).max(Vec2::splat(f32::MIN_POSITIVE));
        // Cells about as many as items, never narrower than the widest box.
        let even = (span.x * span.y / (binned.len() as f32 * Self::CELLS_PER_ITEM)).sqrt();
        // Never narrower than the widest box, nor so fine that a side has too many cells.
        let cell = even
            .max(big)
            .max(span.max_element() / (MAX_BIN_SIDE - 1) as f32)
            .max(f32::MIN_POSITIVE);
        let dims = ((span / cell).floor().as_ivec2() + 1)
            .clamp(glam::IVec2::ONE, glam::IVec2::splat(MAX_BIN_SIDE));
        self.origin = lo;
        self.inv_cell = 1.0 / cell;
        self.dims = dims;
        let n = (dims.x * dims.y) as usize;
        let mut counts = vec![0u32; n + 1];
        let cells: Vec<usize> = binned
            .iter()
            .map(|&k| {
                let it = &items[k as usize];
                let c = self.cell_of((it.lo + it.hi) * 0.5);
                (c.y * dims.x + c.x) as usize
            })
            .collect();
        for &c in &cells {
            counts[c + 1] += 1;
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let mut fill = counts.clone();
        let mut ids = vec![0u32; binned.len()];
        for (&c, &k) in cells.iter().zip(binned) {
            ids[fill[c] as usize] = k;
            fill[c] += 1;
        }
        self.starts = counts;
        self.ids = ids;
    }

    /// Pushes the binned items whose swept boxes may touch `it`'s: for a binned item, those
    /// in the cells around its own (3 × 3); for a larger one, those in the cells its box
    /// covers and one more all round (a binned box's centre is within a cell of its edges).
    fn near(&self, it: &Item, binned: bool, out: &mut Vec<u32>) {
        if self.ids.is_empty() {
            return;
        }
        let (c0, c1) = if binned {
            let c = self.cell_of((it.lo + it.hi) * 0.5);
            (c, c)
        } else {
            (self.cell_of(it.lo), self.cell_of(it.hi))
        };
        let (x0, x1) = ((c0.x - 1).max(0), (c1.x + 1).min(self.dims.x - 1));
        for y in (c0.y - 1).max(0)..=(c1.y + 1).min(self.dims.y - 1) {
            let row = y * self.dims.x;
            let a = (row + x0) as usize;
            let b = (row + x1) as usize;
            out.extend_from_slice(&self.ids[self.starts[a] as usize..self.starts[b + 1] as usize]);
        }
    }
}
