//! Casts between faces that are nearly parallel: a polygon's vertex that is nearly straight, a
//! capsule nearly parallel to a box's face, two nearly parallel segments. Their difference
//! polygon has neighbouring faces a hair of an angle apart (or folds back on itself, a sliver),
//! where rounding decides which face a ray meets. Each case was found by a search against an
//! f64 reference (the first contact of the exact shapes, found by bisection on the distance
//! along the motion, which is convex); the expected numbers are that reference's.

use glissade::glam::Vec2;
use glissade::{
    Aabb, Capsule, CastResult, Circle, ConvexPolygon, Segment, Shape, cast, distance, overlap,
    raycast,
};

/// The hit of `a` from `pa` by `ma` against `b` standing at the origin, or a panic.
fn hit(a: &Shape, pa: Vec2, ma: Vec2, b: &Shape) -> glissade::CastHit {
    match cast(a, pa, ma, b, Vec2::ZERO, Vec2::ZERO) {
        CastResult::Hit(h) => h,
        other => panic!("{a:?} from {pa} by {ma} against {b:?}: {other:?}, not a hit"),
    }
}

/// A tall box moving up and right into a capsule lying 1e-4 rad off the horizontal, whose
/// bottom is 0.044 above the box's top. The difference's bottom face (the box's top) and the
/// capsule's side are 1e-4 rad apart; the ray entered the side's plane past its end by
/// rounding, met only the capsule's end circle, and missed: the box went 3.07 into it.
///
/// ```text
///        (====)         capsule, 1.72 long, radius 0.091
///     ┌─────────┐ ↗     box, 53.6 × 200, its top 0.044 below
///     │         │
/// ```
#[test]
fn a_box_meets_a_capsule_a_hair_off_its_top() {
    let a: Shape = Aabb::new(
        Vec2::new(-32.28626, -68.828636),
        Vec2::new(21.309538, 131.17137),
    )
    .unwrap()
    .into();
    let b: Shape = Capsule::new(
        Vec2::new(-0.25836566, 0.76245546),
        Vec2::new(1.4580657, 0.76228946),
        0.09081244,
    )
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(-19.851473, -130.54388),
        Vec2::new(8.751031, 3.1165752),
    );
    let h = hit(&a, pa, ma, &b);
    assert!((h.fraction - 0.014_114_8).abs() < 1e-5, "{h:?}");
    assert!(h.normal.abs_diff_eq(Vec2::NEG_Y, 1e-4), "{h:?}");
}

/// A circle moving up and left into a triangle whose bottom vertex, at (-0.76, -0.0355), is
/// 3.6e-6 rad from straight: the bottom is two faces nearly in line. The ray entered one
/// face's plane past its end (by rounding), missed that corner's circle, and went 0.18 in.
#[test]
fn a_circle_meets_a_polygon_at_a_nearly_straight_vertex() {
    let a: Shape = Circle::new(0.42554367).unwrap().into();
    let b: Shape = ConvexPolygon::new(&[
        Vec2::new(-1.7901251, -0.03549162),
        Vec2::new(-0.7647012, -0.035495337),
        Vec2::new(0.2607228, -0.03549162),
        Vec2::new(-0.7647012, 0.3579783),
    ])
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(41.884434, -61.7177),
        Vec2::new(-231.23952, 324.3298),
    );
    let h = hit(&a, pa, ma, &b);
    assert!((h.fraction - 0.188_871_5).abs() < 1e-5, "{h:?}");
    assert!(h.normal.abs_diff_eq(Vec2::NEG_Y, 1e-4), "{h:?}");
}

/// A polygon with a nearly straight vertex (its lower right side, two faces 1e-7 rad apart)
/// moving down onto a capsule: the capsule's end circle was met at 0.699, the side's other
/// face already 0.038 deep in it at the first contact, 0.641.
#[test]
fn a_polygon_with_a_nearly_straight_vertex_meets_a_capsule_first_on_its_side() {
    let a: Shape = ConvexPolygon::new(&[
        Vec2::new(-17.312372, -31.023794),
        Vec2::new(8.359267, -13.226183),
        Vec2::new(34.030712, 4.571711),
        Vec2::new(6.784775, -10.955129),
    ])
    .unwrap()
    .into();
    let b: Shape = Capsule::new(
        Vec2::new(1.0547991, 0.7312788),
        Vec2::new(-1.0547991, -0.7312788),
        0.13438271,
    )
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(-9.147234, 13.349878),
        Vec2::new(-0.34987316, -1.0329326),
    );
    let h = hit(&a, pa, ma, &b);
    assert!((h.fraction - 0.640_792_7).abs() < 1e-5, "{h:?}");
    assert!(
        h.normal.abs_diff_eq(Vec2::new(-0.569_754, 0.821_815), 1e-4),
        "{h:?}"
    );
}

/// A capsule moving up onto a kite whose bottom vertex is 5.3e-5 below its two side corners:
/// the bottom is two faces 5.3e-6 rad apart. The time was right, but the normal was a corner's
/// (0.026, -0.9997): along it, the shapes overlapped by 0.55.
#[test]
fn a_capsule_meets_a_kite_with_a_nearly_flat_bottom_along_its_bottom() {
    let a: Shape = Capsule::new(
        Vec2::new(-5.379579, -4.472275),
        Vec2::new(5.3349996, -4.472275),
        0.090872355,
    )
    .unwrap()
    .into();
    let b: Shape = ConvexPolygon::new(&[
        Vec2::new(-10.0, 0.0),
        Vec2::new(0.0, -5.3435833e-5),
        Vec2::new(10.0, 0.0),
        Vec2::new(0.0, 7.5013),
    ])
    .unwrap()
    .into();
    let (pa, ma) = (Vec2::new(-5.332596, 3.4379272), Vec2::new(0.0, 3.8928897));
    let h = hit(&a, pa, ma, &b);
    assert!((h.fraction - 0.242_344_8).abs() < 1e-5, "{h:?}");
    assert!(h.normal.abs_diff_eq(Vec2::NEG_Y, 1e-4), "{h:?}");
}

/// A capsule touching (1.7e-5 in, within the tolerance) a segment nearly parallel to its core,
/// moving across it: their difference is a sliver folded back at its tip, and the nearest
/// point's face was the far side's, whose normal points away from the capsule. The motion
/// looked like leaving: a miss, and the capsule's core went through the segment.
#[test]
fn a_capsule_touching_a_nearly_parallel_segment_does_not_pass_through_it() {
    let a: Shape = Capsule::new(
        Vec2::new(0.32806668, 0.6647041),
        Vec2::new(-1.3119103, -0.63140345),
        0.57953113,
    )
    .unwrap()
    .into();
    let b: Shape = Segment::new(
        Vec2::new(6.0673313, -2.174312),
        Vec2::new(-3.9546049, -10.09488),
    )
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(7.0198975, -1.0882568),
        Vec2::new(1.0044417, -1.2709295),
    );
    let h = hit(&a, pa, ma, &b);
    assert_eq!(h.fraction, 0.0, "{h:?}");
    assert!(
        h.normal.abs_diff_eq(Vec2::new(-0.620_054, 0.784_560), 1e-4),
        "{h:?}"
    );
    // The same from where the pair stood in the world, both moving.
    let (pb, mb) = (
        Vec2::new(908.43207, -511.79578),
        Vec2::new(0.4767255, -0.13993545),
    );
    let world = cast(&a, pa + pb, ma + mb, &b, pb, mb);
    assert!(
        matches!(world, CastResult::Hit(h) if h.fraction == 0.0),
        "{world:?}"
    );
}

/// A segment 0.0058 into a capsule nearly parallel to it: the push out of the overlap pointed
/// the wrong way (the sliver's far side), and pushing by it doubled the overlap.
#[test]
fn the_push_out_of_a_nearly_parallel_capsule_points_out() {
    let a: Shape = Segment::new(
        Vec2::new(-0.3502054, 0.08590684),
        Vec2::new(0.3502054, -0.08590684),
    )
    .unwrap()
    .into();
    let b: Shape = Capsule::new(
        Vec2::new(5.375679, -1.4145145),
        Vec2::new(-0.17924686, -0.051875878),
        0.20655505,
    )
    .unwrap()
    .into();
    let pa = Vec2::new(309.2408, 772.7779) - Vec2::new(303.56277, 774.4733);
    let p = overlap(&a, pa, &b, Vec2::ZERO).expect("overlapping");
    assert!((p.depth - 0.005_758_5).abs() < 1e-5, "{p:?}");
    assert!(
        p.normal
            .abs_diff_eq(Vec2::new(-0.238_240, -0.971_206), 1e-4),
        "{p:?}"
    );
    let out = pa + p.normal * p.depth;
    assert!(distance(&a, out, &b, Vec2::ZERO).abs() < 1e-4);
}

/// A large box turned 0.0026 rad from a tiny capsule (0.28 long, radius 0.0013) moving left
/// onto it: the capsule's side lies within the tolerance of the box's face, and the face's
/// end, found from features within the tolerance, is a little off the true corner, whose
/// circle the ray missed by a hair: the box went 2.0 past the capsule.
#[test]
fn a_turned_box_meets_a_tiny_capsule_nearly_parallel_to_its_side() {
    let a: Shape = ConvexPolygon::new(&[
        Vec2::new(-18.203575, -156.24652),
        Vec2::new(181.79573, -156.77634),
        Vec2::new(182.10854, -38.69285),
        Vec2::new(-17.890766, -38.16304),
    ])
    .unwrap()
    .into();
    let b: Shape = Capsule::new(
        Vec2::new(0.08240608, -0.11166826),
        Vec2::new(0.083212346, 0.1634697),
        0.0013296941,
    )
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(117.2573, 158.39272),
        Vec2::new(-187.60666, -3.7558763),
    );
    let h = hit(&a, pa, ma, &b);
    assert!((h.fraction - 0.527_545).abs() < 1e-4, "{h:?}");
}

/// A long thin kite with a nearly straight vertex moving up and right nearly along its lower
/// side (0.4° off) onto a tiny capsule: the ray enters the side's pushed-out plane a hair
/// before the side's end and runs onto the side through the very edge of the corner's
/// circle, which rounding missed: the kite went 0.25 past the capsule.
#[test]
fn a_kite_running_nearly_along_its_side_meets_a_tiny_capsule() {
    let a: Shape = ConvexPolygon::new(&[
        Vec2::new(-37.82732, -12.338584),
        Vec2::new(0.016504532, -0.050599176),
        Vec2::new(37.82732, 12.338584),
        Vec2::new(-0.7815854, 2.3961647),
    ])
    .unwrap()
    .into();
    let b: Shape = Capsule::new(
        Vec2::new(0.1034297, -0.07034788),
        Vec2::new(-0.1034297, 0.07034788),
        0.0016465175,
    )
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(-11.929776, -7.670595),
        Vec2::new(51.359142, 20.849808),
    );
    let h = hit(&a, pa, ma, &b);
    assert!((h.fraction - 0.249_526).abs() < 1e-4, "{h:?}");
}

/// Two capsules nearly parallel, one moving along its axis past the other's end: a miss, and
/// 0.18 of overlap by the end of the motion.
#[test]
fn a_capsule_moving_along_its_axis_meets_a_nearly_parallel_capsule() {
    let a: Shape = Capsule::new(
        Vec2::new(0.2100081, -0.4537583),
        Vec2::new(-0.2100081, 0.4537583),
        0.024085145,
    )
    .unwrap()
    .into();
    let b: Shape = Capsule::new(
        Vec2::new(-9.759622, 21.043318),
        Vec2::new(9.759622, -21.043318),
        0.44319952,
    )
    .unwrap()
    .into();
    let pb = Vec2::new(287.19122, -290.16974);
    let (pa, ma) = (
        Vec2::new(52.621292, 209.54697),
        Vec2::new(290.72604, -620.4547),
    );
    let CastResult::Hit(h) = cast(&a, pa, ma, &b, pb, Vec2::ZERO) else {
        panic!("a hit");
    };
    assert!((h.fraction - 0.772_536).abs() < 1e-4, "{h:?}");
}

/// A ray running nearly along a capsule's axis (0.017 of approach per unit of motion), offset
/// by about its radius, enters the side's slab right where the side begins: the entry point,
/// divided by that small approach, came out 0.05 past the core's end, and the end's circle
/// was missed at its very edge. The ray ran 0.018 deep along the side unseen.
#[test]
fn a_ray_nearly_along_a_capsules_axis_enters_its_side() {
    let b: Shape = Capsule::new(
        Vec2::new(-2.2854042, 10.923835),
        Vec2::new(12.522982, -2.519071),
        0.8534842,
    )
    .unwrap()
    .into();
    let at = Vec2::new(68.333015, 52.21659);
    let (origin, dir) = (
        Vec2::new(210.42418, -66.553024),
        Vec2::new(-14.368196, 13.019085),
    );
    let h = raycast(&b, at, origin, dir, 11.755701).expect("a hit");
    // The f64 entry into the side's slab, over the side (0.9996 of the core's length).
    assert!((h.fraction - 8.978_175).abs() < 2e-3, "{h:?}");
    let side = Vec2::new(14.808386, -13.442906).perp().normalize();
    assert!(
        h.normal.abs_diff_eq(side, 1e-4) || h.normal.abs_diff_eq(-side, 1e-4),
        "{h:?}"
    );
}

/// A segment moving fast nearly along its own line past a short segment nearly parallel to it
/// (their planes 1e-5 rad apart): the planes of two such segments bound a strip whose ends
/// rounding smears far along it, and the cast met the strip 11.6 units from the short
/// segment, a hit in open air. They never come nearer than 0.0045: a miss.
#[test]
fn a_segment_sliding_past_a_nearly_parallel_segment_meets_nothing() {
    let a: Shape = Segment::new(
        Vec2::new(0.18169707, -11.592806),
        Vec2::new(9.687167, 6.003956),
    )
    .unwrap()
    .into();
    let b: Shape = Segment::new(
        Vec2::new(-1.9529072, -2.8800983),
        Vec2::new(-0.051808584, 0.63925153),
    )
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(-457.68472, 1174.6106),
        Vec2::new(-1164.4823, -2157.6929),
    );
    let pb = Vec2::new(-619.96906, 861.2553);
    let r = cast(&a, pa, ma, &b, pb, Vec2::ZERO);
    assert!(matches!(r, CastResult::Miss), "{r:?}");
}

/// A circle touching a long face of a parallelogram a hair (0.0004) before its corner, moving
/// nearly along the face and into it (7.7e-4 rad): the nearest point, rounded on a face 234
/// long, came out as the corner, whose direction is 3e-3 rad off the face's normal, and along
/// it the motion looked like leaving. A miss; the circle went 0.18 into the parallelogram.
#[test]
fn a_circle_touching_a_long_face_near_its_corner_moving_along_it_meets_it() {
    let a: Shape = Circle::new(0.14315903).unwrap().into();
    let b: Shape = ConvexPolygon::new(&[
        Vec2::new(26.47817, -125.64851),
        Vec2::new(75.90881, 103.568794),
        Vec2::new(-26.47817, 125.64851),
        Vec2::new(-75.90881, -103.568794),
    ])
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(316.2329, -46.561745),
        Vec2::new(-416.12195, -1922.464),
    );
    let pb = Vec2::new(240.18425, -150.09995);
    let CastResult::Hit(h) = cast(&a, pa, ma, &b, pb, Vec2::ZERO) else {
        panic!("a hit");
    };
    assert_eq!(h.fraction, 0.0, "{h:?}");
    assert!(
        h.normal.abs_diff_eq(Vec2::new(0.977_528, -0.210_804), 1e-4),
        "{h:?}"
    );
}

/// A tiny capsule (0.43 long, radius 0.0052) coming up the lower left side of a blade 600
/// long, from beyond its lower tip, 0.0034 rad off the side's line: it passes the tip's
/// corner at the very edge of the corner's circle and enters the side just past it. The
/// plane entered last was the capsule's own side, past its end; the walk to the blade's side
/// found that side entered past the corner just passed (by rounding: the side is nearly
/// parallel to the motion, so its crossing time carries the rounding of 378-unit positions
/// divided by a 0.0034 rad angle), stopped there, and the corner's circle missed by a hair:
/// a miss, and the capsule went 1.95 into the blade.
///
/// ```text
///        ╱▔▔▔╲            the blade, from (-152, 256) to (152, -256) along its
///       ╱     ╲           lower left side (a vertex near the origin, nearly straight)
///      ╱  ⟵⟵ ▁╲ tip
///    (=)                  the capsule, 0.49 below the side's line, beyond the tip
/// ```
#[test]
fn a_tiny_capsule_running_up_a_blade_past_its_tip_meets_its_side() {
    let a: Shape = Capsule::new(
        Vec2::new(0.2134276, 0.04503413),
        Vec2::new(-0.2134276, -0.04503413),
        0.005206593,
    )
    .unwrap()
    .into();
    let b: Shape = ConvexPolygon::new(&[
        Vec2::new(-151.66577, 255.82924),
        Vec2::new(-0.0044241864, -0.002622834),
        Vec2::new(151.66577, -255.82924),
        Vec2::new(65.40233, 38.77311),
    ])
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(192.32835, -325.36597),
        Vec2::new(-342.69116, 582.5097),
    );
    let h = hit(&a, pa, ma, &b);
    assert!((h.fraction - 0.119_292_2).abs() < 1e-5, "{h:?}");
    assert!(
        h.normal
            .abs_diff_eq(Vec2::new(-0.860_189, -0.509_975), 1e-4),
        "{h:?}"
    );
}

/// A tiny flat capsule (0.21 long, radius 0.0014) moving left and down onto the right corner
/// of a long flat quadrilateral whose top is two faces 0.0026 rad apart: it meets the
/// corner's circle at its very edge. The plane entered last was the top face's, just past
/// its end; the corner's circle was missed by rounding, and the walk stopped at the next
/// face, entered 2.4e-6 of its length before its start: a miss, and the capsule went 1.47
/// into the quadrilateral.
///
/// ```text
///   (=) ⟵                      the capsule, 683 to the right, moving 7.6° down
///        ╲
///   ▁▁▁▁▁▁▁╱‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾•  the quadrilateral, 56 wide; its right corner •
/// ```
#[test]
fn a_tiny_capsule_meets_a_corner_at_the_edge_of_its_circle() {
    let a: Shape = Capsule::new(
        Vec2::new(-0.07647472, -0.056373134),
        Vec2::new(0.13827053, -0.056373134),
        0.0013989749,
    )
    .unwrap()
    .into();
    let b: Shape = ConvexPolygon::new(&[
        Vec2::new(1.1822897, 25.287622),
        Vec2::new(-38.42566, 22.099585),
        Vec2::new(-54.525402, 20.760952),
        Vec2::new(-22.032394, 19.979712),
    ])
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(684.7325, 116.28787),
        Vec2::new(-1511.032, -200.99356),
    );
    let h = hit(&a, pa, ma, &b);
    assert!((h.fraction - 0.452_464_66).abs() < 1e-5, "{h:?}");
    assert!(
        h.normal.abs_diff_eq(Vec2::new(-0.080_230, 0.996_776), 1e-3),
        "{h:?}"
    );
}

/// A thin parallelogram (58 long, 1.43 wide) moving down and left, 0.015 rad off its long
/// sides, onto a small capsule (2.0 long, radius 0.021) lying along its path: the capsule's
/// axis is 6e-5 rad off the long sides, so the difference has two nearly parallel faces. The
/// plane entered last was one of them, before its start; the walk found the other entered
/// past the corner just passed (0.99995 of its length, rounded beyond its end): a miss, and
/// the parallelogram went 0.74 into the capsule.
///
/// ```text
///      ╱╱     the parallelogram, moving ↙ nearly along its long sides
///     ╱╱
///    ╱╱  ╱   the capsule, 2 long, lying along the parallelogram's path
/// ```
#[test]
fn a_thin_parallelogram_meets_a_capsule_along_its_long_side() {
    let a: Shape = ConvexPolygon::new(&[
        Vec2::new(10.994459, 26.447031),
        Vec2::new(-12.301464, -25.864986),
        Vec2::new(-10.994459, -26.447031),
        Vec2::new(12.301464, 25.864986),
    ])
    .unwrap()
    .into();
    let b: Shape = Capsule::new(
        Vec2::new(1.3168093, 0.42479363),
        Vec2::new(0.5032951, -1.402279),
        0.020862278,
    )
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(780.20996, 1679.2869),
        Vec2::new(-1151.982, -2484.196),
    );
    let h = hit(&a, pa, ma, &b);
    assert!((h.fraction - 0.666_144_5).abs() < 1e-5, "{h:?}");
    assert!(
        h.normal.abs_diff_eq(Vec2::new(0.913_512, -0.406_811), 1e-4),
        "{h:?}"
    );
}

/// A capsule (34.5 long, radius 0.144) lying along a long thin slab's lower side, wholly
/// beyond its right corner, its left core end 0.0058 outside that corner's circle (inside
/// both faces' planes, within their tolerance), moving left 0.0033 rad into the side's line.
/// Apart, in the corner's wedge: only the corner's circle was asked, and the motion passes it
/// 5e-5 outside. A miss, and the capsule went 1.01 into the slab; it meets the side as it
/// comes over the corner.
///
/// ```text
///  ▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁╱         the slab, 1,430 long, its lower right corner ◢
///                     ◢  ⟵ (=================)   the capsule, beyond the corner, 0.144
///                                               below the line of the slab's lower side
/// ```
#[test]
fn a_capsule_just_past_a_slabs_corner_moving_along_its_side_meets_it() {
    let a: Shape = Capsule::new(
        Vec2::new(15.717303, 7.132946),
        Vec2::new(-15.717303, -7.132946),
        0.14398865,
    )
    .unwrap()
    .into();
    let b: Shape = ConvexPolygon::new(&[
        Vec2::new(-1227.2603, -783.99835),
        Vec2::new(74.627365, -193.16566),
        Vec2::new(56.13965, -152.42838),
        Vec2::new(-1245.7479, -743.2611),
    ])
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(90.441284, -186.14719),
        Vec2::new(-280.56104, -126.21484),
    );
    let h = hit(&a, pa, ma, &b);
    assert!((h.fraction - 0.000_172_5).abs() < 1e-5, "{h:?}");
    assert!(
        h.normal.abs_diff_eq(Vec2::new(0.413_261, -0.910_613), 1e-4),
        "{h:?}"
    );
}

/// A sliver (70 long, 0.04 thick at most) touching a circle (radius 0.082) with its upper side
/// near its tip, moving tip first along that side and 0.001 rad into it. The nearest point came
/// out on the sliver's underside (both sides are within 1e-5 there), whose direction to the
/// circle is off the upper side's normal by the tip's angle; along it the motion looked like
/// leaving: a miss, and the circle went 0.069 into the sliver. The nearest point's normal is
/// now the upper side's, whose face it lies over.
///
/// ```text
///    ○                                  the circle, touching the upper side at its tip
///    ◣━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━  the sliver, moving tip first ⟵ (under the circle)
/// ```
#[test]
fn a_sliver_touching_a_circle_near_its_tip_moving_along_its_side_meets_it() {
    let a: Shape = ConvexPolygon::new(&[
        Vec2::new(30.173315, -18.0899),
        Vec2::new(-30.173315, 18.0899),
        Vec2::new(-0.021534998, -0.035919618),
        Vec2::new(2.7557776, -1.7010103),
    ])
    .unwrap()
    .into();
    let b: Shape = Circle::new(0.0823985).unwrap().into();
    let (pa, ma) = (
        Vec2::new(30.130402, -18.160233),
        Vec2::new(-131.96574, 79.295074),
    );
    let h = hit(&a, pa, ma, &b);
    assert_eq!(h.fraction, 0.0, "{h:?}");
    assert!(
        h.normal
            .abs_diff_eq(Vec2::new(-0.514_201, -0.857_670), 1e-4),
        "{h:?}"
    );
}
