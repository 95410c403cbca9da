//! Which sensors a move's path touched: the path is the polyline of the body's positions
//! (its start, each stop, slide or push, its end), and each segment is tested exactly against
//! each sensor near it — never by sampling the motion.
//!
//! A sensor counts as touched when the body overlaps it deeper than the tolerance at some
//! point of the path; touching it (within the tolerance) does not count, as everywhere in the
//! crate. At a corner of the path this is an overlap test. Along a segment that starts and
//! ends outside the sensor, the body's positions overlapping it form one stretch (both shapes
//! are convex): the exact cast in gives where it starts, the exact cast back from the
//! segment's end where it ends, and the body at the middle of the stretch is tested. Its
//! depth there is at least half the deepest along the stretch, so a path that only grazes a
//! sensor (never deeper than twice the tolerance) may go unreported; one that goes into it
//! further never does.

use glam::Vec2;

use crate::query::{CastResult, cast, overlap};
use crate::shape::Shape;
use crate::world::{Handle, QueryFilter, World};

/// A sensor a move's path touched (see [`ColliderDesc::sensor`](crate::world::ColliderDesc::sensor)):
/// the body overlapped it deeper than the [linear tolerance](crate::tolerance) at some point
/// of its path this step, the path being the straight segments between the body's start, each
/// of its stops, slides and pushes, and its end, each tested exactly (never by sampling).
/// Merely touching a sensor does not count; a path that only grazes one, never more than
/// twice the tolerance deep, may go unreported. Inside means overlapping deeper than the
/// tolerance, in the world frame, at the body's position.
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
    // (segment, fraction of it) where each was first touched. The first is kept apart: a
    // move that touches one sensor (the usual case) allocates only the list it returns.
    let mut single: Option<((usize, f32), SensorContact)> = None;
    let mut touched: Vec<((usize, f32), SensorContact)> = Vec::new();
    world.sensors_along(shape.local_bounds(), path, filter, |handle, c| {
        if own.contains(&handle) {
            return;
        }
        let Some(s) = c.shape() else { return };
        let at = c.position();
        let inside = |p: Vec2| overlap(shape, p, s, at).is_some();
        // The ends are tested once: a position the same to the bit as the path's end (the last
        // stretch's end, both ends of a path that stays put, any point that comes back to the
        // end) takes the answer found there.
        let started_inside = inside(first);
        let ended_inside = if same_bits(last, first) {
            started_inside
        } else {
            inside(last)
        };
        let inside_known = |p: Vec2| {
            if same_bits(p, last) {
                ended_inside
            } else {
                inside(p)
            }
        };
        let when = if started_inside {
            Some((0, 0.0))
        } else {
            first_touch(shape, path, s, at, &inside_known)
        };
        if let Some(key) = when {
            let t = (
                key,
                SensorContact {
                    handle,
                    started_inside,
                    ended_inside,
                },
            );
            if single.is_none() {
                single = Some(t);
            } else {
                touched.push(t);
            }
        }
    });
    let Some(one) = single else {
        return Vec::new();
    };
    if touched.is_empty() {
        return vec![one.1];
    }
    // First, as it was met: the sort sees them in the order the sensors were handed over.
    touched.insert(0, one);
    touched.sort_by(|a, b| {
        (a.0.0, a.0.1)
            .partial_cmp(&(b.0.0, b.0.1))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.1.handle.cmp(&b.1.handle))
    });
    touched.into_iter().map(|(_, t)| t).collect()
}

/// Whether `a` and `b` are the same position to the bit (`-0` and `0` count as different):
/// an exact test made at one gives the same answer at the other.
fn same_bits(a: Vec2, b: Vec2) -> bool {
    a.x.to_bits() == b.x.to_bits() && a.y.to_bits() == b.y.to_bits()
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
    // Most moves cross no sensor: nothing to merge, nor a list to walk.
    if later.is_empty() {
        return;
    }
    debug_assert!(
        later
            .iter()
            .enumerate()
            .all(|(i, t)| later[..i].iter().all(|k| k.handle != t.handle)),
        "a part of a step names each sensor once"
    );
    // Nothing earlier: the next part's list is the whole of it (each sensor once, in order,
    // as pushing them one by one would leave them), without copying it into a new one.
    if into.is_empty() {
        *into = later;
        return;
    }
    for t in later {
        match into.iter_mut().find(|k| k.handle == t.handle) {
            Some(k) => k.ended_inside = t.ended_inside,
            None => into.push(t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Aabb, Circle};
    use crate::world::ColliderDesc;

    fn world_with_sensor(lo: Vec2, hi: Vec2) -> (World, Handle) {
        let mut world = World::new();
        let s = world
            .add(ColliderDesc::new(Aabb::new(lo, hi).unwrap(), Vec2::ZERO).sensor())
            .unwrap();
        (world, s)
    }

    fn unit() -> Shape {
        Aabb::from_half_extents(Vec2::splat(0.5)).unwrap().into()
    }

    fn on(world: &World, shape: &Shape, path: &[Vec2]) -> Vec<SensorContact> {
        sensors_on_path(world, shape, path, &QueryFilter::default(), &[])
    }

    /// Far out, the world-frame sums of a stretch's swept box round differently from the
    /// body's box where it ends: a box of half-size 0.58 moving from x = 600,000 to
    /// 1,100,000 has its swept box end at x = 1,100,000.5 (1,100,000.5625 rounded to the
    /// 0.125 steps of floats there), while it really ends at 1,100,000.58; a sensor starting
    /// at 1,100,000.57 (1,100,000.625 as a float) overlaps its end by 0.01, which the exact
    /// test (relative to the sensor) sees. It is reported, ended inside, as it was before
    /// the sensors near a path were chosen by their bounds.
    #[test]
    fn a_sensor_met_at_the_end_of_a_long_stretch_far_out_is_reported() {
        let at = Vec2::new(1_100_000.0, 0.0);
        let sensor = Aabb::new(Vec2::new(0.57, -0.5), Vec2::new(1.57, 0.5)).unwrap();
        let mut world = World::new();
        let s = world.add(ColliderDesc::new(sensor, at).sensor()).unwrap();
        let body: Shape = Aabb::from_half_extents(Vec2::splat(0.58)).unwrap().into();
        let path = [Vec2::new(600_000.0, 0.0), at];
        let r = on(&world, &body, &path);
        assert_eq!(
            r,
            vec![SensorContact {
                handle: s,
                started_inside: false,
                ended_inside: true,
            }]
        );
    }

    #[test]
    fn touching_does_not_count_and_a_bit_deeper_does() {
        // The sensor [1, 2]²; a unit box passing under it, its top at y = 1: touching.
        let (world, s) = world_with_sensor(Vec2::ONE, Vec2::splat(2.0));
        let path = [Vec2::new(-3.0, 0.5), Vec2::new(5.0, 0.5)];
        assert!(on(&world, &unit(), &path).is_empty());
        // 0.01 higher: 0.01 deep while under it, outside at both ends: crossed.
        let path = [Vec2::new(-3.0, 0.51), Vec2::new(5.0, 0.51)];
        let r = on(&world, &unit(), &path);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].handle, s);
        assert!(r[0].crossed());
    }

    #[test]
    fn a_corner_of_the_path_inside_counts() {
        // Into the sensor [1, 2]² and back out by another segment.
        let (world, s) = world_with_sensor(Vec2::ONE, Vec2::splat(2.0));
        let ball: Shape = Circle::new(0.25).unwrap().into();
        let path = [Vec2::ZERO, Vec2::splat(1.5), Vec2::new(3.0, 0.0)];
        assert_eq!(
            on(&world, &ball, &path),
            vec![SensorContact {
                handle: s,
                started_inside: false,
                ended_inside: false,
            }]
        );
        // A single point: inside or not.
        let r = on(&world, &ball, &[Vec2::splat(1.5)]);
        assert!(r[0].started_inside && r[0].ended_inside);
        assert!(on(&world, &ball, &[Vec2::ZERO]).is_empty());
    }

    #[test]
    fn reports_come_in_the_order_first_touched() {
        // Two sensors along +x: the one met second was added first.
        let mut world = World::new();
        let box_at = |x: f32| Aabb::new(Vec2::new(x, -1.0), Vec2::new(x + 1.0, 1.0)).unwrap();
        let far = world
            .add(ColliderDesc::new(box_at(6.0), Vec2::ZERO).sensor())
            .unwrap();
        let near = world
            .add(ColliderDesc::new(box_at(2.0), Vec2::ZERO).sensor())
            .unwrap();
        let r = on(&world, &unit(), &[Vec2::ZERO, Vec2::new(10.0, 0.0)]);
        let order: Vec<Handle> = r.iter().map(|t| t.handle).collect();
        assert_eq!(order, vec![near, far]);
        // Leaving itself out.
        let r = sensors_on_path(
            &world,
            &unit(),
            &[Vec2::ZERO, Vec2::new(10.0, 0.0)],
            &QueryFilter::default(),
            &[near],
        );
        assert_eq!(r.iter().map(|t| t.handle).collect::<Vec<_>>(), vec![far]);
    }

    #[test]
    fn merging_keeps_the_first_start_and_the_last_end() {
        let h = |i| {
            let mut world = World::new();
            let mut last = None;
            for _ in 0..=i {
                last = Some(world.add(ColliderDesc::new(unit(), Vec2::ZERO)).unwrap());
            }
            last.unwrap()
        };
        let (a, b) = (h(0), h(1));
        let t = |handle, started_inside, ended_inside| SensorContact {
            handle,
            started_inside,
            ended_inside,
        };
        let mut into = vec![t(a, false, true)];
        merge_sensors(&mut into, vec![t(a, true, false), t(b, false, true)]);
        assert_eq!(into, vec![t(a, false, false), t(b, false, true)]);
    }
}
