//! Scenario tests: each scene drawn in ASCII, each expected number worked out by hand.

use glissade::glam::Vec2;
use glissade::{
    Aabb, Capsule, CastResult, Circle, ConvexPolygon, Segment, Shape, cast, overlap, raycast,
};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn boxed(hx: f32, hy: f32) -> Shape {
    Aabb::from_half_extents(v(hx, hy)).unwrap().into()
}

fn hit(r: CastResult) -> glissade::CastHit {
    match r {
        CastResult::Hit(h) => h,
        other => panic!("expected a hit, got {other:?}"),
    }
}

#[test]
fn two_boxes_crossing_paths_collide_mid_frame() {
    // Moved one after the other, they would miss each other.
    //
    //   a  .  .  b'      a starts at (0, 0) and moves (10, 10) to a'
    //    \     /        b starts at (10, 0) and moves (-10, 10) to b'
    //      \ /
    //      / \          their paths cross at (5, 5) in the middle of the frame
    //    /     \
    //   a'       b       (a' is at (10, 10), b' at (0, 10))
    //
    // Seen from b, a moves (20, 0) from (-10, 0). Unit boxes (half 0.5) touch when the x gap
    // of 9 has closed at 20 per frame: t = 0.45, through b's left face.
    let unit = boxed(0.5, 0.5);
    let h = hit(cast(
        &unit,
        v(0.0, 0.0),
        v(10.0, 10.0),
        &unit,
        v(10.0, 0.0),
        v(-10.0, 10.0),
    ));
    assert!((h.fraction - 0.45).abs() < 1e-6, "{h:?}");
    assert_eq!(h.normal, v(-1.0, 0.0));
    // Both at (4.5, 4.5) and (5.5, 4.5): the contact point is the middle of the shared face.
    assert!((h.point - v(5.0, 4.5)).length() < 1e-5, "{h:?}");
    // Moving one while the other stands still, at its start or at its end, misses.
    for pb in [v(10.0, 0.0), v(0.0, 10.0)] {
        assert_eq!(
            cast(&unit, v(0.0, 0.0), v(10.0, 10.0), &unit, pb, Vec2::ZERO),
            CastResult::Miss
        );
    }
    for pa in [v(0.0, 0.0), v(10.0, 10.0)] {
        assert_eq!(
            cast(&unit, v(10.0, 0.0), v(-10.0, 10.0), &unit, pa, Vec2::ZERO),
            CastResult::Miss
        );
    }
}

#[test]
fn a_box_sliding_along_a_row_of_tiles_never_hits_a_seam() {
    // The player slides along three contiguous squares.
    //
    //   [p]------------>
    //   +---+---+---+---+
    //   | 0 | 1 | 2 | 3 |   tiles 1x1, tops at y = 0
    //   +---+---+---+---+
    //
    // The player rests exactly on the tops (bottom at y = 0) and moves 4 units right: every
    // tile is touched and slid along, none is hit, not even its side face at the seam.
    let tile = boxed(0.5, 0.5);
    let player = boxed(0.25, 0.5);
    // The same tiles as polygons, and round movers too.
    let tile_poly: Shape =
        ConvexPolygon::new(&[v(-0.5, -0.5), v(0.5, -0.5), v(0.5, 0.5), v(-0.5, 0.5)])
            .unwrap()
            .into();
    let movers: [Shape; 3] = [
        player.clone(),
        Circle::new(0.5).unwrap().into(),
        Capsule::vertical(0.25, 0.25).unwrap().into(),
    ];
    for i in 0..4 {
        for t in [tile.clone(), tile_poly.clone()] {
            for mover in &movers {
                let at = v(i as f32 + 0.5, -0.5);
                let r = cast(mover, v(0.25, 0.5), v(4.0, 0.0), &t, at, Vec2::ZERO);
                assert_eq!(r, CastResult::Miss, "tile {i} {t:?}, {mover:?}");
            }
        }
    }
    // Pressing down into the floor while sliding is a hit at once, with the floor normal.
    let h = hit(cast(
        &player,
        v(0.25, 0.5),
        v(4.0, -1.0),
        &tile,
        v(0.5, -0.5),
        Vec2::ZERO,
    ));
    assert_eq!(h.fraction, 0.0);
    assert_eq!(h.normal, Vec2::Y);
}

#[test]
fn touching_and_moving_away_is_not_a_hit() {
    //   +---+
    //   | a | -> moving right, away from b
    //   +---+
    //   +---+
    //   | b |
    //   +---+
    let unit = boxed(0.5, 0.5);
    assert_eq!(
        cast(
            &unit,
            v(0.0, 1.0),
            v(0.0, 3.0),
            &unit,
            Vec2::ZERO,
            Vec2::ZERO
        ),
        CastResult::Miss
    );
    // Corner to corner, moving past the corner along the top face: not a hit either.
    assert_eq!(
        cast(
            &unit,
            v(1.0, 1.0),
            v(-3.0, 0.0),
            &unit,
            Vec2::ZERO,
            Vec2::ZERO
        ),
        CastResult::Miss
    );
    let ball: Shape = Circle::new(0.5).unwrap().into();
    assert_eq!(
        cast(
            &ball,
            v(0.0, 1.0),
            v(5.0, 1.0),
            &unit,
            Vec2::ZERO,
            Vec2::ZERO
        ),
        CastResult::Miss
    );
}

#[test]
fn a_ray_leaving_a_segment_past_its_end_is_not_a_hit() {
    //           | /  leaving past the end (up and out): touches the end only, no hit;
    //   a-------b    straight across at the end (up), or across anywhere between (down
    //       |        from 0.3): both sides of a segment are solid, so a hit at fraction 0
    let wall: Shape = Segment::new(v(-1.0, 0.0), v(1.0, 0.0)).unwrap().into();
    for at in [Vec2::ZERO, v(123.4, -56.7), v(1e4, 1e4)] {
        let ray = |o: Vec2, d: Vec2| raycast(&wall, at, at + o, d, 5.0);
        // Out past either end, at any angle: nothing to cross.
        assert_eq!(ray(v(1.0, 0.0), v(1.0, 1.0)), None);
        assert_eq!(ray(v(1.0, 0.0), v(1.0, -0.01)), None);
        assert_eq!(ray(v(-1.0, 0.0), v(-1.0, 0.3)), None);
        // Along it, out or in: runs along, no hit.
        assert_eq!(ray(v(1.0, 0.0), v(1.0, 0.0)), None);
        assert_eq!(ray(v(1.0, 0.0), v(-1.0, 0.0)), None);
        // Across, from the end or from between: a hit at the start, facing the ray.
        for (o, d) in [(v(1.0, 0.0), v(0.0, 1.0)), (v(0.3, 0.0), v(0.0, -1.0))] {
            let h = ray(o, d).unwrap();
            assert_eq!(h.fraction, 0.0);
            assert_eq!(h.normal, -d.normalize());
        }
    }
    // A shallow ray across from a hair above one end of a long segment (whose nearest point,
    // rebuilt from the far end a billion away, is not that end to the bit): it crosses the
    // segment just past the end, inward, and hits.
    let long: Shape = Segment::new(v(0.3, 0.0), v(1e9, 0.0)).unwrap().into();
    let h = raycast(&long, Vec2::ZERO, v(0.3, 1e-6), v(1.0, -0.01), 1.0).unwrap();
    assert_eq!((h.fraction, h.normal), (0.0, Vec2::Y));
}

#[test]
fn a_fast_ball_cannot_pass_a_zero_thickness_wall() {
    //        |
    //   o ---|--->   ball r = 0.25 at x = -1000, moving 2000 right in one frame
    //        |       segment x = 0, y in [-1, 1]
    //
    // Contact when the ball's right edge reaches x = 0: travelled 1000 - 0.25 of 2000.
    let wall: Shape = Segment::new(v(0.0, -1.0), v(0.0, 1.0)).unwrap().into();
    let ball: Shape = Circle::new(0.25).unwrap().into();
    let h = hit(cast(
        &ball,
        v(-1000.0, 0.0),
        v(2000.0, 0.0),
        &wall,
        Vec2::ZERO,
        Vec2::ZERO,
    ));
    assert!((h.fraction - 999.75 / 2000.0).abs() < 1e-6, "{h:?}");
    assert_eq!(h.normal, v(-1.0, 0.0));
    assert!((h.point - v(0.0, 0.0)).length() < 1e-3);
    // A point-sized ray as well, from the other side.
    let r = raycast(&wall, Vec2::ZERO, v(1e4, 0.5), v(-2e4, 0.0), 1.0).unwrap();
    assert_eq!(r.fraction, 0.5);
    assert_eq!(r.normal, v(1.0, 0.0));
    // A ball grazing past the wall's end does not hit it: its top end is at y = 1 and the
    // ball passes with its lowest point at y = 1.25.
    assert_eq!(
        cast(
            &ball,
            v(-5.0, 1.5),
            v(10.0, 0.0),
            &wall,
            Vec2::ZERO,
            Vec2::ZERO
        ),
        CastResult::Miss
    );
}

#[test]
fn a_capsule_lands_on_a_triangle_slope() {
    //        |cap|      capsule: segment (0, ±0.5), radius 0.5, falling straight down
    //        |   |
    //        \___/
    //          /|
    //         / |      triangle (−2, 0) (2, 0) (2, 4): its slope is the line y = x + 2
    //        /__|
    //
    // The bottom cap's centre (0, y - 0.5) touches the slope when its distance to the line
    // x - y + 2 = 0 equals 0.5: |0 - (y - 0.5) + 2| / sqrt(2) = 0.5, y - 0.5 = 2 + 0.5 sqrt(2).
    // Start at y = 10, move down 10: fraction = (10 - 2.5 - 0.5 sqrt 2) / 10.
    let tri: Shape = ConvexPolygon::new(&[v(-2.0, 0.0), v(2.0, 0.0), v(2.0, 4.0)])
        .unwrap()
        .into();
    let cap: Shape = Capsule::vertical(0.5, 0.5).unwrap().into();
    let h = hit(cast(
        &cap,
        v(0.0, 10.0),
        v(0.0, -10.0),
        &tri,
        Vec2::ZERO,
        Vec2::ZERO,
    ));
    let expected = (10.0 - 2.5 - 0.5 * 2f32.sqrt()) / 10.0;
    assert!(
        (h.fraction - expected).abs() < 1e-6,
        "{} vs {expected}",
        h.fraction
    );
    assert!((h.normal - v(-1.0, 1.0).normalize()).length() < 1e-6);
}

#[test]
fn a_circle_entering_a_polygon_corner_region_hits_the_rounded_corner() {
    //      o        circle r = 1 moving straight down at x = 2.5
    //      |
    //   +--+        box [-2, 2]²: the circle's centre passes 0.5 right of the corner (2, 2),
    //   |  |        so it meets the corner when the centre is at height 2 + sqrt(1 - 0.25).
    //   +--+
    let b: Shape = ConvexPolygon::new(&[v(-2.0, -2.0), v(2.0, -2.0), v(2.0, 2.0), v(-2.0, 2.0)])
        .unwrap()
        .into();
    let c: Shape = Circle::new(1.0).unwrap().into();
    let h = hit(cast(
        &c,
        v(2.5, 10.0),
        v(0.0, -10.0),
        &b,
        Vec2::ZERO,
        Vec2::ZERO,
    ));
    let y = 2.0 + 0.75f32.sqrt();
    assert!((h.fraction - (10.0 - y) / 10.0).abs() < 1e-6);
    assert!((h.normal - v(0.5, 0.75f32.sqrt())).length() < 1e-5);
    assert!((h.point - v(2.0, 2.0)).length() < 1e-5);
}

#[test]
fn starting_inside_reports_the_shortest_push_against_the_motion_on_a_tie() {
    //   +-------+
    //   |   a   |   a (half 0.5) exactly centred in b (half 1): all four ways out are 1.5.
    //   +-------+   Moving up, a is pushed out downward (back where it came from).
    let a = boxed(0.5, 0.5);
    let b = boxed(1.0, 1.0);
    match cast(&a, Vec2::ZERO, v(0.0, 1.0), &b, Vec2::ZERO, Vec2::ZERO) {
        CastResult::Overlapping(p) => {
            assert_eq!(p.normal, v(0.0, -1.0));
            assert_eq!(p.depth, 1.5);
        }
        other => panic!("{other:?}"),
    }
    let p = overlap(&a, v(0.2, 0.0), &b, Vec2::ZERO).unwrap();
    assert_eq!(p.normal, v(1.0, 0.0));
    assert!((p.depth - 1.3).abs() < 1e-6);
}

#[test]
fn same_inputs_give_bit_identical_results_in_any_order_and_on_any_thread() {
    // No hidden state: a batch of casts answered forwards on this thread, backwards on
    // another, gives the same bits.
    let shapes: Vec<Shape> = vec![
        boxed(0.5, 0.25),
        Circle::new(0.3).unwrap().into(),
        Capsule::vertical(0.4, 0.2).unwrap().into(),
        ConvexPolygon::regular(5, 0.6, 0.1).unwrap().into(),
        Segment::new(v(-1.0, 0.2), v(1.0, -0.3)).unwrap().into(),
    ];
    let inputs: Vec<(usize, usize, Vec2, Vec2)> = (0..400)
        .map(|i| {
            let f = i as f32;
            (
                i % 5,
                (i / 5) % 5,
                v((f * 0.37).sin() * 4.0, (f * 0.11).cos() * 4.0),
                v((f * 0.07).cos() * 9.0, (f * 0.29).sin() * 9.0),
            )
        })
        .collect();
    let bits = |r: CastResult| -> Vec<u32> {
        match r {
            CastResult::Miss => vec![0],
            CastResult::Hit(h) => vec![
                1,
                h.fraction.to_bits(),
                h.point.x.to_bits(),
                h.point.y.to_bits(),
                h.normal.x.to_bits(),
                h.normal.y.to_bits(),
            ],
            CastResult::Overlapping(p) => {
                vec![
                    2,
                    p.depth.to_bits(),
                    p.normal.x.to_bits(),
                    p.normal.y.to_bits(),
                ]
            }
        }
    };
    let run = |order: Vec<usize>| {
        let mut out = vec![Vec::new(); inputs.len()];
        for i in order {
            let (a, b, pa, m) = inputs[i];
            out[i] = bits(cast(&shapes[a], pa, m, &shapes[b], Vec2::ZERO, Vec2::ZERO));
        }
        out
    };
    let forwards = run((0..inputs.len()).collect());
    let backwards =
        std::thread::scope(|s| s.spawn(|| run((0..inputs.len()).rev().collect())).join()).unwrap();
    assert_eq!(forwards, backwards);
    assert!(forwards.iter().any(|b| b[0] == 1), "the batch has hits");
}

#[test]
fn regression_positions_too_far_apart_to_subtract_do_not_panic() {
    // 3e38 - (-3e38) overflows to infinity; a NaN once reached a lane index (panic). The
    // distance is computed in f64 and scaled: beyond f32's range it saturates, never infinite.
    let shapes: Vec<Shape> = vec![
        boxed(1.0, 1.0),
        ConvexPolygon::regular(6, 1.0, 0.0).unwrap().into(),
        Circle::new(1.0).unwrap().into(),
        Capsule::vertical(1.0, 0.5).unwrap().into(),
        Segment::new(v(-1.0, 0.0), v(1.0, 0.0)).unwrap().into(),
    ];
    for a in &shapes {
        for b in &shapes {
            assert_eq!(overlap(a, v(3e38, 0.0), b, v(-3e38, 0.0)), None);
            assert_eq!(overlap(a, v(f32::NAN, 0.0), b, Vec2::ZERO), None);
            assert_eq!(
                glissade::distance(a, v(3e38, 0.0), b, v(-3e38, 0.0)),
                f32::MAX
            );
            assert_eq!(
                cast(a, v(3e38, 0.0), v(1.0, 0.0), b, v(-3e38, 0.0), Vec2::ZERO),
                CastResult::Miss
            );
        }
        assert_eq!(
            a.project_point(v(-2e38, 0.0), v(2e38, 0.0)).signed_distance,
            f32::MAX
        );
        assert!(!a.contains_point(v(-2e38, 0.0), v(2e38, 0.0)));
    }
}

#[test]
fn regression_sliding_off_a_rounded_corner_from_touching_is_not_a_hit() {
    //        \  circle b (r = 1.86): the box's corner rests on it and leaves along the
    //   +--+  \ tangent, so the distance only grows (to 1.37 at the end of the motion).
    //   |a |  o
    //   +--+
    let a: Shape = Aabb::new(v(-2.0, -1.0), v(2.0, 2.5)).unwrap().into();
    let b: Shape = Circle::new(1.860_637_1).unwrap().into();
    let (q, m) = (v(-2.535_848_1, -4.281_807), v(4.788_164_6, -1.439_958_9));
    assert_eq!(cast(&a, q, m, &b, Vec2::ZERO, Vec2::ZERO), CastResult::Miss);
    assert!(glissade::distance(&a, q + m, &b, Vec2::ZERO) > 1.3);
}

#[test]
fn regression_an_endless_ray_and_a_very_long_motion_keep_their_precision() {
    //  origin (-10, 0) ----------------> [box ±1]   enters at x = -1: 9 units along.
    // The tolerance once grew with the ray's length and swallowed the whole box.
    let unit = boxed(1.0, 1.0);
    let poly: Shape = ConvexPolygon::new(&Aabb::from_half_extents(v(1.0, 1.0)).unwrap().corners())
        .unwrap()
        .into();
    let ball: Shape = Circle::new(1.0).unwrap().into();
    for s in [unit, poly, ball.clone()] {
        for max in [1e6, 1e7, f32::MAX] {
            let h = raycast(&s, Vec2::ZERO, v(-10.0, 0.0), v(1.0, 0.0), max).unwrap();
            assert_eq!(h.fraction, 9.0, "{s:?} with max_fraction {max}");
        }
    }
    // A ball 1e7 units per frame toward a wall still stops at it.
    let wall: Shape = Aabb::new(v(10.0, -5.0), v(11.0, 5.0)).unwrap().into();
    let h = hit(cast(
        &ball,
        Vec2::ZERO,
        v(1e7, 0.0),
        &wall,
        Vec2::ZERO,
        Vec2::ZERO,
    ));
    assert!((h.fraction * 1e7 - 9.0).abs() < 1e-3, "{h:?}");
}
