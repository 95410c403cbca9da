//! Move and slide for a 3D box among 3D box solids.
//!
//! Frame and units as everywhere in the crate: world coordinates, y up, f32 units of your
//! choice; the body and the solids are [`Aabb`]s placed by a translation. Contact normals
//! point **from the solid toward the moving body**, and are always one of the six unit axes
//! (the faces of boxes). Fractions are of the requested motion, in `[0, 1]`.
//!
//! The mover keeps a *skin*: after a hit it stops with a gap of [`MoveConfig::skin`] along
//! the contact normal (backing off at most twice the skin along the motion, so a grazing hit
//! leaves a smaller gap rather than a body far from what it hit), and it never moves a body
//! that is already closer than that any closer. Every move therefore ends with the body at a gap in `[0, 2 * skin]` from the solids
//! it touches, and never overlapping any solid deeper than the
//! [linear tolerance](crate::tolerance) unless it started overlapping in a way that one push
//! cannot resolve (see [`move_and_slide`]).

use glam::Vec3;

use crate::tolerance::skin_at;

use super::config::{MoveConfig, MoveContact, MoveError, MoveResult, check_finite, validate};
use super::{Aabb, CastHit, CastResult, cast, overlap};

/// The active constraint planes of a move. Box normals are unit axes, so a plane is an axis
/// and a side, and two planes are parallel exactly when they are the same flag.
#[derive(Debug, Clone, Copy, Default)]
struct Planes {
    /// `blocked[axis][side]`: a plane with normal `-axis` (side 0) or `+axis` (side 1).
    blocked: [[bool; 2]; 3],
}

impl Planes {
    fn add(&mut self, normal: Vec3) {
        let axis = normal.abs().max_position();
        self.blocked[axis][usize::from(normal[axis] > 0.0)] = true;
    }

    /// Exact projection of `v` onto the cone `{v : v·n >= 0}` of every plane: for mutually
    /// orthogonal (or opposite) normals, each component going into a plane is zeroed.
    fn project(&self, mut v: Vec3) -> Vec3 {
        for (axis, [neg, pos]) in self.blocked.iter().enumerate() {
            if (*pos && v[axis] < 0.0) || (*neg && v[axis] > 0.0) {
                v[axis] = 0.0;
            }
        }
        v
    }
}

/// Moves `body` from `position` by `motion`, stopping at and sliding along the `solids`.
///
/// - `body`: the moving box, local frame; `position`: its translation, world frame.
/// - `motion`: the displacement wanted this step, world units (typically velocity × dt).
/// - `velocity`: returned with the components going into the contacts removed, so that a
///   body resting on a floor does not accumulate downward speed; any units.
/// - `solids`: static boxes, each with its translation (world frame); [`MoveContact::index`]
///   refers to this slice.
///
/// **Starting inside.** Every solid the body overlaps deeper than the
/// [linear tolerance](crate::tolerance) asks for a push `normal * (depth + skin)`. They are
/// combined into one offset applied once: per axis, the largest push in each direction (two
/// floor tiles under the body push up once; a floor and a wall push up and sideways; if one
/// axis has pushes both ways, the two largest are added). Those normals then constrain the
/// rest of the move: motion into them is removed, motion out is allowed. A solid still
/// overlapped after the push (the push went into it, or the space is too small for the body)
/// also becomes a constraint: the body is not moved further into it along its normal, and
/// casts ignore it.
///
/// **Moving.** Up to `config.max_iterations` times: the body is cast along the remaining
/// motion against every solid; the first hit (smallest fraction, ties to the smaller index)
/// stops it with a gap of `skin` along the hit normal, backing off at most `2 * skin` along
/// the motion (or where it is, if already closer);
/// that normal joins the constraints and the components of the remaining motion and of
/// `velocity` going into any constraint are removed; then the rest is cast again. With no hit
/// the whole remaining motion is performed and the move ends.
///
/// Deterministic (same inputs, bit-identical result); never panics, never returns NaN.
///
/// # Errors
///
/// [`MoveError`] if `position`, `motion`, `velocity`, `position + motion` or a solid's
/// position is not finite, or `config` is out of range (skin not finite and positive,
/// `max_iterations` not in `1..=8`).
///
/// ```
/// use glissade::{dim3::{Aabb, MoveConfig, move_and_slide}, glam::Vec3};
/// let cube = Aabb::from_half_extents(Vec3::splat(0.5))?;
/// let floor = Aabb::new(Vec3::new(-10.0, -1.0, -10.0), Vec3::new(10.0, 0.0, 10.0))?;
/// // Resting a skin above the floor, moving forward and down at 45°: the fall is cancelled.
/// let r = move_and_slide(&cube, Vec3::new(0.0, 0.51, 0.0), Vec3::new(1.0, -1.0, 0.0),
///     Vec3::new(60.0, -60.0, 0.0), &[(floor, Vec3::ZERO)], &MoveConfig::default()).unwrap();
/// assert!((r.position - Vec3::new(1.0, 0.51, 0.0)).length() < 1e-5);
/// assert_eq!(r.velocity, Vec3::new(60.0, 0.0, 0.0));
/// assert_eq!(r.contacts[0].normal, Vec3::Y);
/// # Ok::<(), glissade::ShapeError>(())
/// ```
pub fn move_and_slide(
    body: &Aabb,
    position: Vec3,
    motion: Vec3,
    velocity: Vec3,
    solids: &[(Aabb, Vec3)],
    config: &MoveConfig,
) -> Result<MoveResult, MoveError> {
    validate(position, motion, velocity, solids, config)?;
    let skin = config.skin;
    let mut planes = Planes::default();
    let mut contacts: Vec<MoveContact> = Vec::new();
    let mut pos = position;

    // Starting inside: one combined push out of everything overlapped, each a skin beyond its
    // depth (the skin grown to a few units in the last place far out, as in 2D).
    let push_skin = skin_at(skin, pos.abs().max_element());
    let mut push_up = Vec3::ZERO; // per axis, the largest push along +axis
    let mut push_down = Vec3::ZERO; // per axis, the largest push along -axis
    for (index, (solid, at)) in solids.iter().enumerate() {
        let Some(pen) = overlap(body, pos, solid, *at) else {
            continue;
        };
        let axis = pen.normal.abs().max_position();
        if pen.normal[axis] > 0.0 {
            push_up[axis] = push_up[axis].max(pen.depth + push_skin);
        } else {
            push_down[axis] = push_down[axis].max(pen.depth + push_skin);
        }
        planes.add(pen.normal);
        contacts.push(MoveContact {
            index,
            normal: pen.normal,
            point: overlap_point(body, pos, solid, *at, pen.normal),
            fraction: 0.0,
        });
    }
    if !contacts.is_empty() {
        pos += push_up - push_down;
        check_finite("position after the push out of solids", pos)?;
        for (index, (solid, at)) in solids.iter().enumerate() {
            if let Some(pen) = overlap(body, pos, solid, *at) {
                planes.add(pen.normal);
                if contacts.iter().all(|c| c.index != index) {
                    contacts.push(MoveContact {
                        index,
                        normal: pen.normal,
                        point: overlap_point(body, pos, solid, *at, pen.normal),
                        fraction: 0.0,
                    });
                }
            }
        }
    }
    let start = pos;
    let mut velocity = planes.project(velocity);
    let mut rem = planes.project(motion);
    let mut time_left = 1.0f32;

    for _ in 0..config.max_iterations {
        if rem == Vec3::ZERO {
            break;
        }
        let mut first: Option<(usize, CastHit)> = None;
        for (index, (solid, at)) in solids.iter().enumerate() {
            if let CastResult::Hit(hit) = cast(body, pos, rem, solid, *at, Vec3::ZERO) {
                // Strictly smaller: ties keep the smaller index.
                if first.is_none_or(|(_, f)| hit.fraction < f.fraction) {
                    first = Some((index, hit));
                }
            }
        }
        let Some((index, hit)) = first else {
            pos += rem;
            break;
        };
        // Stop where the gap along the normal is the skin (as the 2D mover does: backing off
        // at most twice the skin along the motion, so a grazing hit stays within reach), or
        // stay if already closer.
        let approach = -rem.dot(hit.normal);
        let advance = if approach > 0.0 {
            let len = rem.length();
            // Precise to units in the last place of the position and of the travel, as in 2D.
            let skin = skin_at(skin, pos.abs().max_element() + hit.fraction * len);
            let back = crate::motion::back_off(skin, approach / len) / len;
            (hit.fraction - back).max(0.0)
        } else {
            hit.fraction
        };
        let step = rem * advance;
        pos += step;
        rem -= step;
        planes.add(hit.normal);
        rem = planes.project(rem);
        velocity = planes.project(velocity);
        if contacts.iter().all(|c| c.index != index) {
            contacts.push(MoveContact {
                index,
                normal: hit.normal,
                point: hit.point,
                fraction: 1.0 - time_left + hit.fraction * time_left,
            });
        }
        time_left *= 1.0 - hit.fraction;
    }

    Ok(MoveResult {
        position: pos,
        remaining: motion - (pos - start),
        velocity,
        contacts,
    })
}

/// World-frame centre of the face area where `body` at `pos` overlaps `solid` at `at`, on the
/// solid's face whose outward normal is `normal`.
fn overlap_point(body: &Aabb, pos: Vec3, solid: &Aabb, at: Vec3, normal: Vec3) -> Vec3 {
    let (b_min, b_max) = (solid.min() + at, solid.max() + at);
    let mut point = ((body.min() + pos).max(b_min) + (body.max() + pos).min(b_max)) * 0.5;
    let axis = normal.abs().max_position();
    point[axis] = if normal[axis] > 0.0 {
        b_max[axis]
    } else {
        b_min[axis]
    };
    point
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube(half: f32) -> Aabb {
        Aabb::from_half_extents(Vec3::splat(half)).unwrap()
    }

    fn slab(min: [f32; 3], max: [f32; 3]) -> (Aabb, Vec3) {
        (Aabb::new(min.into(), max.into()).unwrap(), Vec3::ZERO)
    }

    fn run(body: &Aabb, position: Vec3, motion: Vec3, solids: &[(Aabb, Vec3)]) -> MoveResult {
        move_and_slide(
            body,
            position,
            motion,
            motion * 60.0,
            solids,
            &MoveConfig::default(),
        )
        .unwrap()
    }

    fn close(a: Vec3, b: Vec3, eps: f32) -> bool {
        (a - b).abs().max_element() <= eps
    }

    #[test]
    fn falling_box_slides_over_tile_seams_without_snagging() {
        // Side view (x right, y up); the floor is a 10 x 10 grid of unit cubes seen from above,
        // tops at y = 0, covering x and z in [0, 10]:
        //
        //        [b]   body: cube of half 0.25, bottom 0.52 above the floor
        //    +--+--+--+--+--+--+--+--+--+--+
        //    |  |  |  |  |  |  |  |  |  |  |   y in [-1, 0]
        //    +--+--+--+--+--+--+--+--+--+--+
        //
        // Each step asks for (0.4, -0.05, 0.3), |m| = 0.50249, meeting the floor at
        // cos = 0.05 / 0.50249 = 0.099503. Falling 0.05 a step, the gap is 0.02 after 10
        // steps; step 11 hits at 0.02 / 0.05 = 0.4 of the motion. Backing off the skin along
        // the normal would take 0.01 / cos = 0.1005 along the motion, more than twice the
        // skin: it backs off 0.02 along the motion instead, ending 0.02 * cos = 0.0019901
        // above the floor, then slides the rest. From then on every step hits the floor just
        // where it would back off to, does not move down, and slides the whole (0.4, 0.3)
        // over the seams. The body wraps back by 8 (x) and 6 (z) to stay over the floor.
        let tiles: Vec<(Aabb, Vec3)> = (0..10)
            .flat_map(|i| (0..10).map(move |k| (i, k)))
            .map(|(i, k)| (cube(0.5), Vec3::new(i as f32 + 0.5, -0.5, k as f32 + 0.5)))
            .collect();
        let body = cube(0.25);
        let skin = MoveConfig::default().skin;
        let mut pos = Vec3::new(1.0, 0.77, 1.0);
        let step = Vec3::new(0.4, -0.05, 0.3);
        for n in 1..=500 {
            let r = run(&body, pos, step, &tiles);
            let moved = r.position - pos;
            assert!(
                (moved.x - 0.4).abs() <= 1e-4 && (moved.z - 0.3).abs() <= 1e-4,
                "step {n}: snagged, moved {moved:?} from {pos:?}"
            );
            let gap = r.position.y - 0.25;
            assert!(gap >= 0.0, "step {n}: sank {gap}");
            assert_eq!(r.contacts.is_empty(), n < 11, "step {n}: {r:?}");
            if n >= 11 {
                assert!(gap <= 2.0 * skin, "step {n}: hovering at {gap}");
                let expected = 2.0 * skin * 0.05 / step.length();
                assert!((gap - expected).abs() < 1e-5, "step {n}: gap {gap}");
                assert_eq!(r.velocity, Vec3::new(24.0, 0.0, 18.0));
                assert_eq!(r.contacts[0].normal, Vec3::Y);
            }
            pos = r.position;
            if pos.x > 9.0 {
                pos.x -= 8.0;
            }
            if pos.z > 9.0 {
                pos.z -= 6.0;
            }
        }
    }

    #[test]
    fn sliding_into_a_corner_of_two_walls_and_floor_stops_cleanly() {
        // Seen from above (x right, z down), floor top at y = 0, walls 3 high:
        //
        //   z=-5 +-------------+---+
        //        |  b ->       | X |  wall X: x in [2, 3]
        //        |    \        |   |
        //   z=2  +-------------+---+
        //        |   wall Z        |  wall Z: z in [2, 3]
        //   z=3  +-----------------+
        //
        // Body: unit cube at (0, 0.51, 0), a skin above the floor; motion (3, -1, 3),
        // |m| = 4.3589.
        // 1. Floor at 0.01 / 1 = 0.01 of the motion, met at cos = 1 / 4.3589 = 0.22942: the
        //    skin along the normal would be 0.0436 along the motion, over twice the skin, so
        //    it backs off 0.02 along the motion (0.0045883 of it): advances 0.0054117 of the
        //    motion to y = 0.51 - 0.0054117 = 0.5045883; the fall is removed.
        // 2. What is left, (2.98376, 0, 2.98376), reaches both walls at 1.483765 / 2.98376
        //    = 0.49727 (tie: wall X, the smaller index), met at 45°: backs off the skin along
        //    the normal (0.014142 along the motion): x = z = 1.49. The x part is removed.
        // 3. Wall Z a skin away: no advance, nothing left.
        // Contacts at 0.01, then 0.01 + 0.49727 * 0.99 = 0.502307, then 0.505603.
        let solids = [
            slab([-5.0, -1.0, -5.0], [5.0, 0.0, 5.0]),
            slab([2.0, 0.0, -5.0], [3.0, 3.0, 5.0]),
            slab([-5.0, 0.0, 2.0], [5.0, 3.0, 3.0]),
        ];
        let body = cube(0.5);
        let motion = Vec3::new(3.0, -1.0, 3.0);
        let r = run(&body, Vec3::new(0.0, 0.51, 0.0), motion, &solids);
        assert!(
            close(r.position, Vec3::new(1.49, 0.504_588_3, 1.49), 1e-5),
            "{r:?}"
        );
        assert!(
            close(r.remaining, Vec3::new(1.51, -0.994_588_3, 1.51), 1e-5),
            "{r:?}"
        );
        assert_eq!(r.velocity, Vec3::ZERO);
        let seen: Vec<(usize, Vec3)> = r.contacts.iter().map(|c| (c.index, c.normal)).collect();
        assert_eq!(seen, [(0, Vec3::Y), (1, Vec3::NEG_X), (2, Vec3::NEG_Z)]);
        let fractions: Vec<f32> = r.contacts.iter().map(|c| c.fraction).collect();
        let expected = [0.01, 0.502_307, 0.505_603];
        assert!(
            fractions
                .iter()
                .zip(expected)
                .all(|(f, e)| (f - e).abs() < 1e-5),
            "{fractions:?}"
        );
        // Pushing on into the corner again does not move it at all, not even by rounding.
        let again = run(&body, r.position, motion, &solids);
        assert_eq!(again.position, r.position);
        assert_eq!(again.remaining, motion);
        assert_eq!(again.contacts.len(), 3);
    }

    #[test]
    fn starting_inside_two_floor_tiles_pushes_once() {
        // Side view: the body (unit cube at (1, 0.4, 0.5)) sinks 0.1 into two tiles
        // (x in [0, 1] and [1, 2], tops at y = 0) across their seam:
        //
        //        +----+
        //   +----|-+--|----+    each tile: depth 0.1 along +Y (x overlap 0.5, z overlap 1)
        //   |    +-|--+    |
        //   +------+-------+
        //
        // One push of 0.1 + skin = 0.11 up (y = 0.51), not two (0.62). The fall is then
        // removed and the x motion slides: (1.2, 0.51, 0.5), 0.1 down not performed.
        let tiles = [
            (cube(0.5), Vec3::new(0.5, -0.5, 0.5)),
            (cube(0.5), Vec3::new(1.5, -0.5, 0.5)),
        ];
        let body = cube(0.5);
        let r = run(
            &body,
            Vec3::new(1.0, 0.4, 0.5),
            Vec3::new(0.2, -0.1, 0.0),
            &tiles,
        );
        assert!(close(r.position, Vec3::new(1.2, 0.51, 0.5), 1e-6), "{r:?}");
        assert!(close(r.remaining, Vec3::new(0.0, -0.1, 0.0), 1e-6), "{r:?}");
        assert_eq!(r.contacts.len(), 2);
        for (i, c) in r.contacts.iter().enumerate() {
            assert_eq!((c.index, c.normal, c.fraction), (i, Vec3::Y, 0.0));
            assert_eq!(c.point.y, 0.0);
        }
    }

    #[test]
    fn starting_inside_floor_and_wall_pushes_along_both_axes() {
        // Side view: the body (unit cube at (0.55, 0.4, 0)) sinks 0.1 into the floor (top
        // y = 0) and 0.05 into a wall (x in [1, 2]):
        //
        //          +---+--+
        //          |   |##|  wall: x overlap 0.05 < y overlap 0.9 -> push -X by 0.06
        //   -------|---+##|--
        //          +---+##|  floor: y overlap 0.1 -> push +Y by 0.11
        //
        // Both pushes, once: (0.49, 0.51, 0). Motion (1, -1, 0) goes into both: none of it
        // is performed.
        let solids = [
            slab([-5.0, -1.0, -5.0], [5.0, 0.0, 5.0]),
            slab([1.0, 0.0, -5.0], [2.0, 3.0, 5.0]),
        ];
        let body = cube(0.5);
        let motion = Vec3::new(1.0, -1.0, 0.0);
        let r = run(&body, Vec3::new(0.55, 0.4, 0.0), motion, &solids);
        assert!(close(r.position, Vec3::new(0.49, 0.51, 0.0), 1e-6), "{r:?}");
        assert_eq!(r.remaining, motion);
        assert_eq!(r.velocity, Vec3::ZERO);
        let seen: Vec<(usize, Vec3)> = r.contacts.iter().map(|c| (c.index, c.normal)).collect();
        assert_eq!(seen, [(0, Vec3::Y), (1, Vec3::NEG_X)]);
    }

    #[test]
    fn far_from_the_origin_a_landing_keeps_a_gap_its_coordinates_can_hold() {
        //   body (half 0.5) at (1e6, 5, 1e6), falling 10
        //   ----------------  floor top y = 0, around x = z = 1e6
        // At 1e6 an f32 step is 0.0625, more than the 0.01 skin: the gap is four steps of the
        // largest coordinate, as in 2D, so the body is clear of the floor once rounded.
        let far = 1e6;
        let floor = (
            Aabb::new(Vec3::new(-10.0, -1.0, -10.0), Vec3::new(10.0, 0.0, 10.0)).unwrap(),
            Vec3::new(far, 0.0, far),
        );
        let r = run(
            &cube(0.5),
            Vec3::new(far, 5.0, far),
            Vec3::new(0.0, -10.0, 0.0),
            &[floor],
        );
        let gap = r.position.y - 0.5;
        let expected = skin_at(MoveConfig::default().skin, far);
        assert!(expected > 0.2, "{expected}");
        assert!(
            gap > 0.0 && gap <= 2.0 * expected,
            "gap {gap}, skin there {expected}"
        );
        assert!(overlap(&cube(0.5), r.position, &floor.0, floor.1).is_none());
    }

    #[test]
    fn high_speed_never_tunnels_through_a_thin_wall() {
        // Top view: a wall 0.01 thick at x in [5, 5.01]; the unit cube starts at the origin.
        //
        //   [b] ------ 1e5 ------>  |  (the motion ends 1e5 past the wall)
        //
        // Straight on, the hit is at 4.5 / 1e5; the body stops at x = 5 - 0.5 - 0.01 = 4.49.
        // At an angle it stops with the same gap and slides along y and z (at most 10 a step,
        // so three steps stay in front of the wall, which is 100 wide).
        let wall = [slab([5.0, -50.0, -50.0], [5.01, 50.0, 50.0])];
        let body = cube(0.5);
        let r = run(&body, Vec3::ZERO, Vec3::new(1e5, 0.0, 0.0), &wall);
        assert!((r.position.x - 4.49).abs() < 1e-4, "{r:?}");
        for motion in [
            Vec3::new(1e5, 3.0, -2.0),
            Vec3::new(1e5, 10.0, -10.0),
            Vec3::new(3e4, -10.0, 7.0),
        ] {
            let mut pos = Vec3::ZERO;
            for _ in 0..3 {
                pos = run(&body, pos, motion, &wall).position;
                assert!(
                    pos.x + 0.5 <= 5.0 && pos.x > 4.48,
                    "{motion} ended at {pos}"
                );
            }
        }
    }

    #[test]
    fn bad_input_is_refused_naming_field_value_and_reason() {
        let body = cube(0.5);
        let ok = MoveConfig::default();
        let err = |p: Vec3, m: Vec3, v: Vec3, s: &[(Aabb, Vec3)], c: MoveConfig| {
            move_and_slide(&body, p, m, v, s, &c)
                .unwrap_err()
                .to_string()
        };
        let (z, x, nan) = (Vec3::ZERO, Vec3::X, Vec3::new(0.0, f32::NAN, 0.0));
        let (inf, big) = (Vec3::new(f32::INFINITY, 0.0, 0.0), Vec3::splat(f32::MAX));
        assert_eq!(
            err(nan, x, z, &[], ok),
            "position is not finite: [0, NaN, 0]"
        );
        assert_eq!(err(z, inf, z, &[], ok), "motion is not finite: [inf, 0, 0]");
        assert_eq!(
            err(z, x, nan, &[], ok),
            "velocity is not finite: [0, NaN, 0]"
        );
        assert_eq!(
            err(big, x, z, &[], ok),
            "position = [340282350000000000000000000000000000000, 340282350000000000000000000000000000000, 340282350000000000000000000000000000000] is too large: at most 1000000000000000 in magnitude on each axis"
        );
        assert!(err(z, big, z, &[], ok).starts_with("motion = [3402823"));
        let solids = [(body, z), (body, nan)];
        let e = err(z, x, z, &solids, ok);
        assert_eq!(
            e,
            "the position of solids[1] is not finite or too far: [0, NaN, 0]"
        );
        let e = err(z, x, z, &[(body, big)], ok);
        assert!(e.starts_with("the position of solids[0] is not finite or too far"));
        for (skin, shown) in [(0.0, "0"), (-0.01, "-0.01"), (f32::NAN, "NaN")] {
            let e = err(z, x, z, &[], MoveConfig { skin, ..ok });
            let msg = format!("config.skin = {shown} is invalid: it must be finite and positive");
            assert_eq!(e, msg);
        }
        for max_iterations in [0, 9] {
            let e = err(
                z,
                x,
                z,
                &[],
                MoveConfig {
                    max_iterations,
                    ..ok
                },
            );
            let why = "it must be between 1 and 8";
            assert_eq!(
                e,
                format!("config.max_iterations = {max_iterations} is invalid: {why}")
            );
        }
        assert_eq!((ok.skin, ok.max_iterations), (0.01, 4));
    }
}
