//! Which sensors a move's path touched: the path is the polyline of the body's positions
//! (its start, each stop, slide or push, its end), and each segment is tested exactly against
//! each sensor near it.
//!
//! A sensor counts as touched when the body overlaps it deeper than the tolerance somewhere
//! on the path (touching it, within the tolerance, does not count, as everywhere in the
//! crate). On a segment that starts and ends outside it this is decided where the body is
//! deepest in it along the segment's passage: the exact cast in gives where the passage
//! starts, the exact cast back from the segment's end where it ends, and the body at the
//! middle of the two is tested for overlap — never by sampling the motion.

use glam::Vec2;

use crate::query::{CastResult, cast, overlap};
use crate::shape::Shape;
use crate::world::{Handle, QueryFilter, World};

/// A sensor a move's path touched (see [`ColliderDesc::sensor`](crate::world::ColliderDesc::sensor)):
/// the body overlapped it deeper than the [linear tolerance](crate::tolerance) at some point
/// of its path this step (merely touching it does not count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SensorContact {
    /// The sensor.
    pub handle: Handle,
    /// Whether the body overlapped it at the start of the move.
    pub started_inside: bool,
    /// Whether the body overlaps it at the end of the move.
    pub ended_inside: bool,
}

impl SensorContact {
    /// Whether the body came into the sensor this move (it was not inside at the start).
    #[must_use]
    pub fn entered(&self) -> bool {
        !self.started_inside
    }

    /// Whether the body left the sensor this move (it is not inside at the end).
    #[must_use]
    pub fn left(&self) -> bool {
        !self.ended_inside
    }

    /// Whether the body went through the sensor within this move: outside it at both ends,
    /// inside it in between.
    #[must_use]
    pub fn crossed(&self) -> bool {
        self.entered() && self.left()
    }
}

/// The sensors passing `filter` (its `sensors` field aside), other than `own`, that `shape`
/// moving along `path` (world positions, at least one) touched, in the order first touched
/// (ties by handle).
pub(crate) fn sensors_on_path(
    world: &World,
    shape: &Shape,
    path: &[Vec2],
    filter: &QueryFilter,
    own: &[Handle],
) -> Vec<SensorContact> {
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
        return Vec::new();
    };
    if !world.has_sensors() {
        return Vec::new();
    }
    let (slo, shi) = shape.local_bounds();
    let (mut lo, mut hi) = (first, first);
    for p in path {
        lo = lo.min(*p);
        hi = hi.max(*p);
    }
    // (segment, fraction of it) where each was first touched.
    let mut touched: Vec<((usize, f32), SensorContact)> = Vec::new();
    for (handle, c) in world.sensors_near(lo + slo, hi + shi, filter) {
        if own.contains(&handle) {
            continue;
        }
        let Some(s) = c.shape() else { continue };
        let at = c.position();
        let inside = |p: Vec2| overlap(shape, p, s, at).is_some();
        let (started_inside, ended_inside) = (inside(first), inside(last));
        let when = if started_inside {
            Some((0, 0.0))
        } else {
            first_touch(shape, path, s, at, &inside)
        };
        if let Some(key) = when {
            touched.push((
                key,
                SensorContact {
                    handle,
                    started_inside,
                    ended_inside,
                },
            ));
        }
    }
    touched.sort_by(|a, b| {
        (a.0.0, a.0.1)
            .partial_cmp(&(b.0.0, b.0.1))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.1.handle.cmp(&b.1.handle))
    });
    touched.into_iter().map(|(_, t)| t).collect()
}

/// The first segment of `path` (and the fraction of it) where `shape` overlaps the sensor
/// `s` at `at` deeper than the tolerance, if anywhere; `inside` tells for one position.
fn first_touch(
    shape: &Shape,
    path: &[Vec2],
    s: &Shape,
    at: Vec2,
    inside: &dyn Fn(Vec2) -> bool,
) -> Option<(usize, f32)> {
    for (i, w) in path.windows(2).enumerate() {
        let (a, b) = (w[0], w[1]);
        let d = b - a;
        if d == Vec2::ZERO {
            continue;
        }
        let entry = match cast(shape, a, d, s, at, Vec2::ZERO) {
            CastResult::Hit(h) if h.fraction < 1.0 => Some(h.fraction),
            _ => None,
        };
        if inside(b) {
            return Some((i, entry.unwrap_or(1.0)));
        }
        // Outside at both ends (the start was checked as the previous segment's end).
        let Some(entry) = entry else { continue };
        // Where the passage ends: the cast back from the segment's end.
        let out = match cast(shape, b, -d, s, at, Vec2::ZERO) {
            CastResult::Hit(back) => (1.0 - back.fraction).max(entry),
            _ => 1.0,
        };
        if inside(a + d * (0.5 * (entry + out))) {
            return Some((i, entry));
        }
    }
    None
}

/// Appends to `into` (what an earlier part of a step touched) what the next part, starting
/// where that one ended, touched: a sensor in both keeps its start from the first and takes
/// its end from the second; one first touched by the next part comes after the others.
pub(crate) fn merge_sensors(into: &mut Vec<SensorContact>, later: Vec<SensorContact>) {
    for t in later {
        match into.iter_mut().find(|k| k.handle == t.handle) {
            Some(k) => k.ended_inside = t.ended_inside,
            None => into.push(t),
        }
    }
}
