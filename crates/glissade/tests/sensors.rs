//! Sensors: scenes drawn in ASCII with the numbers worked out by hand in the comments, then
//! property tests (`PROPTEST_CASES` cases each, 10,000 when unset).
//!
//! `□` is the moving body, `S` a sensor, `#` a wall. A sensor counts as touched when the
//! body overlaps it deeper than the tolerance somewhere on its path; touching does not count.

use glissade::glam::Vec2;
use glissade::motion::SensorContact;
use glissade::world::Sensors;
use glissade::{
    Aabb, BodyMove, CharacterController, Circle, ColliderDesc, ConvexPolygon, Handle, MoveConfig,
    MoveResult, QueryFilter, Shape, Step, World, move_and_slide, move_bodies,
};
use proptest::prelude::*;

mod common;
use common::config;

const SKIN: f32 = glissade::motion::DEFAULT_SKIN;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn aabb(lo: Vec2, hi: Vec2) -> Aabb {
    Aabb::new(lo, hi).unwrap()
}

fn half(x: f32, y: f32) -> Aabb {
    Aabb::from_half_extents(v(x, y)).unwrap()
}

fn sensor(world: &mut World, lo: Vec2, hi: Vec2) -> Handle {
    world
        .add(ColliderDesc::new(aabb(lo, hi), Vec2::ZERO).sensor())
        .unwrap()
}

fn wall(world: &mut World, lo: Vec2, hi: Vec2) -> Handle {
    world
        .add(ColliderDesc::new(aabb(lo, hi), Vec2::ZERO))
        .unwrap()
}

fn report(handle: Handle, started_inside: bool, ended_inside: bool) -> SensorContact {
    SensorContact {
        handle,
        started_inside,
        ended_inside,
    }
}

/// Everything of a move but its sensors.
fn without_sensors(r: &MoveResult) -> MoveResult {
    MoveResult {
        sensors: Vec::new(),
        ..r.clone()
    }
}

// ---------------------------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------------------------

/// ```text
///  y
///  1 ┤ □ →  →  SSSSS
///    │ □       SSSSS
///  0 ┼─┴───────┴───┴────
///    0  1  2  3  4  5  6  7  8  9 10
/// ```
/// A 1 × 1 body centred at (0, 0.5) walks right 2 units a step; the sensor is [4, 6] × [0, 1].
/// The body spans [x - 0.5, x + 0.5]:
/// - step 1, to x = 2: [1.5, 2.5], never reaches 4: nothing;
/// - step 2, to x = 4: ends over [3.5, 4.5], 0.5 inside: entered (outside, then inside);
/// - step 3, to x = 6: [5.5, 6.5], still 0.5 inside: inside at both ends;
/// - step 4, to x = 8: [7.5, 8.5]: left;
/// - step 5, to x = 10: nothing.
///
/// Nothing blocks: every position is exactly 2 more than the last.
#[test]
fn walking_through_a_sensor_box_enters_stays_and_leaves() {
    let mut world = World::new();
    let s = sensor(&mut world, v(4.0, 0.0), v(6.0, 1.0));
    let body = world
        .add(ColliderDesc::new(half(0.5, 0.5), v(0.0, 0.5)).kinematic())
        .unwrap();
    let expected = [
        vec![],
        vec![report(s, false, true)],
        vec![report(s, true, true)],
        vec![report(s, true, false)],
        vec![],
    ];
    for (i, want) in expected.iter().enumerate() {
        let r = move_and_slide(&mut world, body, v(2.0, 0.0), &MoveConfig::default()).unwrap();
        assert_eq!(r.position, v(2.0 * (i as f32 + 1.0), 0.5), "step {}", i + 1);
        assert!(r.contacts.is_empty());
        assert_eq!(&r.sensors, want, "step {}", i + 1);
    }
    let entered = report(s, false, true);
    assert!(entered.entered() && !entered.left() && !entered.crossed());
    let left = report(s, true, false);
    assert!(!left.entered() && left.left() && !left.crossed());
}

/// ```text
///  o ─────────────────── S ───────────────────→ o
///  x = -50 000          x = 0                  x = 50 000
/// ```
/// A bullet (a circle of radius 0.25) crosses 1e5 units in one step; the sensor is 0.5 wide
/// ([-0.25, 0.25] × [-1, 1]), so the bullet is inside it only for 1e-5 of the step. It is
/// outside at both ends and reported as crossed; nothing stops it: it ends at exactly 50 000.
/// The same shot 1.25 higher (its bottom at y = 1, touching the sensor's top) or 2 higher
/// touches nothing.
#[test]
fn a_bullet_crossing_a_thin_sensor_in_one_long_step_is_reported() {
    let mut world = World::new();
    let s = sensor(&mut world, v(-0.25, -1.0), v(0.25, 1.0));
    let bullet: Shape = Circle::new(0.25).unwrap().into();
    let r = move_and_slide(
        &mut world,
        (bullet, v(-5e4, 0.0)),
        v(1e5, 0.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert_eq!(r.position, v(5e4, 0.0));
    assert_eq!(r.sensors, vec![report(s, false, false)]);
    assert!(r.sensors[0].crossed());
    for y in [1.25, 2.0] {
        let r = move_and_slide(
            &mut world,
            (bullet, v(-5e4, y)),
            v(1e5, 0.0),
            &MoveConfig::default(),
        )
        .unwrap();
        assert!(r.sensors.is_empty(), "at y = {y}: {:?}", r.sensors);
    }
}

/// ```text
///  y
///  2 ┤         SSSSSSSS
///    │ □ →     SS####SS
///  0 ┤ □       SS####SS
///  -1┤         SSSSSSSS
///    0    3    4 5  6 7
/// ```
/// The wall is [5, 6] × [-1, 1], the sensor [4, 7] × [-1, 2] over it. A 1 × 1 body at
/// (0, 0) moving 10 right stops a skin short of the wall: x = 5 - 0.5 - 0.01 = 4.49, exactly
/// as without the sensor, with the wall as its only contact. It ends 0.99 deep in the sensor.
#[test]
fn a_sensor_over_a_wall_changes_nothing_of_the_move() {
    let build = |with_sensor: bool| {
        let mut world = World::new();
        let w = wall(&mut world, v(5.0, -1.0), v(6.0, 1.0));
        let s = with_sensor.then(|| sensor(&mut world, v(4.0, -1.0), v(7.0, 2.0)));
        (world, w, s)
    };
    let body: Shape = half(0.5, 0.5).into();
    let (mut plain, w, _) = build(false);
    let (mut with, _, s) = build(true);
    let a = move_and_slide(
        &mut plain,
        (body, Vec2::ZERO),
        v(10.0, 0.0),
        &MoveConfig::default(),
    );
    let b = move_and_slide(
        &mut with,
        (body, Vec2::ZERO),
        v(10.0, 0.0),
        &MoveConfig::default(),
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert!((a.position.x - (4.5 - SKIN)).abs() < 1e-5);
    assert_eq!(a.contacts.len(), 1);
    assert_eq!(a.contacts[0].handle, w);
    assert_eq!(without_sensors(&b), a);
    assert!(a.sensors.is_empty());
    assert_eq!(b.sensors, vec![report(s.unwrap(), false, true)]);
}

/// ```text
///  □□ →   SSS   ← □□
///  x = 0  x = 5   x = 10
/// ```
/// Two kinematic 1 × 1 bodies meet head on at x = 5 (each a skin short: 4.49 and 5.51); a
/// third one, a sensor at 5 moving up, is no obstacle to them: the result is the one of the
/// world without it. Both bodies end 0.99 inside it.
#[test]
fn move_bodies_passes_through_sensors_moving_or_not() {
    let build = |with_sensor: bool| {
        let mut world = World::new();
        let unit = half(0.5, 0.5);
        let a = world
            .add(ColliderDesc::new(unit, v(0.0, 0.0)).kinematic())
            .unwrap();
        let b = world
            .add(ColliderDesc::new(unit, v(10.0, 0.0)).kinematic())
            .unwrap();
        let mut moves = vec![
            BodyMove {
                handle: a,
                motion: v(10.0, 0.0),
            },
            BodyMove {
                handle: b,
                motion: v(-10.0, 0.0),
            },
        ];
        let s = with_sensor.then(|| {
            let s = world
                .add(
                    ColliderDesc::new(half(1.0, 1.0), v(5.0, 0.0))
                        .kinematic()
                        .sensor(),
                )
                .unwrap();
            moves.push(BodyMove {
                handle: s,
                motion: v(0.0, 0.5),
            });
            s
        });
        (world, moves, s)
    };
    let (mut plain, moves, _) = build(false);
    let a = move_bodies(&mut plain, &moves, &MoveConfig::default()).unwrap();
    let (mut with, moves, s) = build(true);
    let b = move_bodies(&mut with, &moves, &MoveConfig::default()).unwrap();
    assert!((a[0].position.x - (4.5 - SKIN)).abs() < 1e-4);
    assert_eq!(without_sensors(&b[0]), a[0]);
    assert_eq!(without_sensors(&b[1]), a[1]);
    // The sensor (at its start, the world's positions during the step) is entered by both.
    let s = s.unwrap();
    assert_eq!(b[0].sensors, vec![report(s, false, true)]);
    assert_eq!(b[1].sensors, vec![report(s, false, true)]);
    assert_eq!(b[2].position, v(5.0, 0.5));
}

/// ```text
///  y
///  1 ┤ □ →      SSS          (the sensor [3, 4] × [0, 2])
///    │ □        SSS
///  0 ┼##################     (the floor [-10, 20] × [-1, 0])
/// ```
/// A character (0.5 × 1) walks right at 6 units per second at 60 Hz (0.1 a step) with a
/// little gravity, through a sensor: the positions are bit for bit those of the world without
/// the sensor; it is entered once, stays inside, and is left once. After step `i` (from 0) it
/// is at x = 0.1 (i + 1): its right edge passes 3 once x > 2.75, at step 27 (x = 2.8, 0.05
/// deep); its left edge passes 4 once x > 4.25, at step 42 (x = 4.3, 0.05 clear).
#[test]
fn a_character_walking_through_a_sensor_enters_and_leaves_it_once() {
    let build = |with_sensor: bool| {
        let mut world = World::new();
        wall(&mut world, v(-10.0, -1.0), v(20.0, 0.0));
        let body = world
            .add(ColliderDesc::new(half(0.25, 0.5), v(0.0, 0.505)).kinematic())
            .unwrap();
        let s = with_sensor.then(|| sensor(&mut world, v(3.0, 0.0), v(4.0, 2.0)));
        (world, body, s)
    };
    let (mut plain, pb, _) = build(false);
    let (mut with, wb, s) = build(true);
    let s = s.unwrap();
    let (mut ca, mut cb) = (
        CharacterController::default(),
        CharacterController::default(),
    );
    let mut events = Vec::new();
    for i in 0..60 {
        let step = Step::new(v(0.1, -0.01), 1.0 / 60.0);
        let a = ca.step(&mut plain, pb, step).unwrap().clone();
        let b = cb.step(&mut with, wb, step).unwrap().clone();
        assert_eq!(
            plain.get(pb).unwrap().position(),
            with.get(wb).unwrap().position()
        );
        assert_eq!(
            a,
            glissade::CharacterState {
                sensors: Vec::new(),
                ..b.clone()
            }
        );
        assert!(a.sensors.is_empty());
        for t in &b.sensors {
            assert_eq!(t.handle, s);
            if t.entered() {
                events.push(("entered", i));
            }
            if t.left() {
                events.push(("left", i));
            }
        }
    }
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(events[0].0, "entered");
    assert_eq!(events[1].0, "left");
    assert_eq!(events[0].1, 27);
    assert_eq!(events[1].1, 42);
}

/// ```text
///                 ▒▒__         ▒ a sensor 0.05 thick on each tread, from its top up
///              ▒▒__|
///           ▒▒__|
///   □ -->  __|             ten steps of 0.15 (half the step height), tread 1, from x = 0
///  ________|
/// ```
/// A character (a 0.8 × 0.8 box) walks up at 0.1 a step from x = -3, stepping up each riser,
/// then (the same stairs mirrored) down, snapping down each drop. Standing on a tread its
/// bottom is 0 to 2 skins (0.02) above it, so 0.03 or more inside the tread's sensor; on the
/// next tread it is 0.1 above the sensor's top. So each sensor is entered once and left once,
/// in order, through step-up and snap motions; and every step the character moves bit for
/// bit as without the sensors.
#[test]
fn a_character_on_stairs_enters_and_leaves_each_tread_sensor_once() {
    let rise = 0.15;
    let build = |with_sensors: bool, down: bool| {
        let mut world = World::new();
        // Up: treads at rise × (i + 1); down (mirrored): at 1.5 - rise × (i + 1), after a
        // landing at 1.5.
        let top = |i: usize| {
            if down {
                1.5 - rise * (i + 1) as f32
            } else {
                rise * (i + 1) as f32
            }
        };
        let start_floor = if down { 1.5 } else { 0.0 };
        wall(&mut world, v(-20.0, -1.0), v(0.0, start_floor));
        for i in 0..10 {
            let x = i as f32;
            wall(&mut world, v(x, -1.0), v(x + 1.0, top(i)));
        }
        wall(&mut world, v(10.0, -1.0), v(30.0, top(9)));
        let body = world
            .add(ColliderDesc::new(half(0.4, 0.4), v(-3.0, start_floor + 0.41)).kinematic())
            .unwrap();
        let mut sensors = Vec::new();
        if with_sensors {
            for i in 0..10 {
                let x = i as f32;
                sensors.push(sensor(&mut world, v(x, top(i)), v(x + 1.0, top(i) + 0.05)));
            }
        }
        (world, body, sensors)
    };
    for down in [false, true] {
        let (mut plain, pb, _) = build(false, down);
        let (mut with, wb, treads) = build(true, down);
        let (mut ca, mut cb) = (
            CharacterController::default(),
            CharacterController::default(),
        );
        let mut entered = Vec::new();
        let mut left = Vec::new();
        let (mut stepped, mut snapped) = (0, 0);
        for n in 0..150 {
            let step = Step::new(v(0.1, -0.1), 1.0 / 60.0);
            let a = ca.step(&mut plain, pb, step).unwrap().clone();
            let b = cb.step(&mut with, wb, step).unwrap().clone();
            let (p, q) = (
                plain.get(pb).unwrap().position(),
                with.get(wb).unwrap().position(),
            );
            assert_eq!(
                (p.x.to_bits(), p.y.to_bits()),
                (q.x.to_bits(), q.y.to_bits()),
                "step {n}"
            );
            assert_eq!(
                a,
                glissade::CharacterState {
                    sensors: Vec::new(),
                    ..b.clone()
                }
            );
            assert!(b.grounded(), "down {down}, step {n}");
            stepped += usize::from(b.stepped > 0.0);
            snapped += usize::from(b.snapped > 0.0);
            for t in &b.sensors {
                if t.entered() {
                    entered.push(t.handle);
                }
                if t.left() {
                    left.push(t.handle);
                }
            }
        }
        // Up, each riser is stepped up; down, each drop is snapped down.
        if down {
            assert!(snapped >= 10, "{snapped}");
        } else {
            assert!(stepped >= 10, "{stepped}");
        }
        // After 150 steps it is at x = 12, on the landing past the stairs: every sensor left.
        assert_eq!(entered, treads, "down {down}");
        assert_eq!(left, treads, "down {down}");
    }
}

/// ```text
///  y
///  1 ┤           ###
///  0 ┤ ·  SSS    ###      (the sensor [1.5, 2.5]², the wall [4.5, 5.5] × [-0.5, 0.5])
///    0   1  2  3  4  5
/// ```
/// (The sensor is [1.5, 2.5] × [-0.5, 0.5].) Every scene query leaves the sensor out by
/// default, sees it with `with_sensors` and sees only it with `only_sensors`:
/// - a ray from the origin by (10, 0) enters the sensor at 1.5 / 10 = 0.15 and the wall at
///   4.5 / 10 = 0.45;
/// - a 0.5 × 0.5 box cast the same way meets them at 1.25 / 10 = 0.125 and 4.25 / 10 = 0.425;
/// - that box at (2, 0) is 0.75 deep in the sensor (2.25 - 1.5 or 2.5 - 1.75).
#[test]
fn every_scene_query_includes_or_excludes_sensors_through_the_filter() {
    let mut world = World::new();
    let s = sensor(&mut world, v(1.5, -0.5), v(2.5, 0.5));
    let w = wall(&mut world, v(4.5, -0.5), v(5.5, 0.5));
    let none = QueryFilter::default();
    let with = QueryFilter::default().with_sensors();
    let only = QueryFilter::default().only_sensors();
    assert_eq!(none.sensors, Sensors::Exclude);
    assert_eq!(with.sensors, Sensors::Include);
    assert_eq!(only.sensors, Sensors::Only);

    let (lo, hi) = (v(-10.0, -10.0), v(10.0, 10.0));
    assert_eq!(world.query_aabb(lo, hi, &none), vec![w]);
    assert_eq!(world.query_aabb(lo, hi, &with), vec![s, w]);
    assert_eq!(world.query_aabb(lo, hi, &only), vec![s]);

    assert_eq!(world.query_point(v(2.0, 0.0), &none), vec![]);
    assert_eq!(world.query_point(v(2.0, 0.0), &with), vec![s]);
    assert_eq!(world.query_point(v(5.0, 0.0), &only), vec![]);

    let ray = |f: &QueryFilter| world.raycast(Vec2::ZERO, v(10.0, 0.0), f);
    assert_eq!(ray(&none).map(|h| (h.handle, h.fraction)), Some((w, 0.45)));
    assert_eq!(ray(&with).map(|h| (h.handle, h.fraction)), Some((s, 0.15)));
    assert_eq!(ray(&only).map(|h| (h.handle, h.fraction)), Some((s, 0.15)));
    let all = |f: &QueryFilter| -> Vec<Handle> {
        world
            .raycast_all(Vec2::ZERO, v(10.0, 0.0), f)
            .iter()
            .map(|h| h.handle)
            .collect()
    };
    assert_eq!(all(&none), vec![w]);
    assert_eq!(all(&with), vec![s, w]);
    assert_eq!(all(&only), vec![s]);

    let probe: Shape = half(0.25, 0.25).into();
    let cast = |f: &QueryFilter| {
        world
            .cast_shape(&probe, Vec2::ZERO, v(10.0, 0.0), f)
            .map(|h| (h.handle, h.fraction))
    };
    assert_eq!(cast(&none), Some((w, 0.425)));
    assert_eq!(cast(&with), Some((s, 0.125)));
    assert_eq!(cast(&only), Some((s, 0.125)));
    // Starting inside the sensor at (2.2, 0): its shortest way out is +x (2.5 - 1.95 = 0.55),
    // so moving +x leaves it (no hit), and moving -x is a hit at 0.
    let inside = |f: &QueryFilter, m: Vec2| {
        world
            .cast_shape(&probe, v(2.2, 0.0), m, f)
            .map(|h| (h.handle, h.fraction))
    };
    assert_eq!(inside(&none, v(10.0, 0.0)).map(|h| h.0), Some(w));
    assert_eq!(inside(&only, v(10.0, 0.0)), None);
    assert_eq!(inside(&with, v(-1.0, 0.0)), Some((s, 0.0)));
    assert_eq!(inside(&none, v(-1.0, 0.0)), None);

    let over = |f: &QueryFilter, at: Vec2| -> Vec<(Handle, f32)> {
        world
            .overlap_shape(&probe, at, f)
            .iter()
            .map(|o| (o.handle, o.depth))
            .collect()
    };
    assert_eq!(over(&none, v(2.0, 0.0)), vec![]);
    assert_eq!(over(&with, v(2.0, 0.0)), vec![(s, 0.75)]);
    assert_eq!(over(&only, v(2.0, 0.0)), vec![(s, 0.75)]);
    assert_eq!(over(&only, v(5.0, 0.0)), vec![]);
    assert_eq!(over(&with, v(5.0, 0.0)).len(), 1);
}

/// A tile map cannot be a sensor; the world refuses it by name and stays empty.
#[test]
fn a_tile_map_sensor_is_refused_by_name() {
    let mut world = World::new();
    let map = glissade::TileMap::from_rows(&["##"], 1.0).unwrap();
    let r = world.add(ColliderDesc::tiles(map, Vec2::ZERO).sensor());
    assert_eq!(r, Err(glissade::world::WorldError::SensorTileMap));
    assert!(world.is_empty());
}

/// A sensor's layers and mask decide, as for any collider, whether a move reports it: a
/// sensor on a layer the move's filter does not see is not reported.
#[test]
fn a_move_reports_only_the_sensors_its_filter_sees() {
    let mut world = World::new();
    let seen = sensor(&mut world, v(1.0, -1.0), v(2.0, 1.0));
    world
        .add(
            ColliderDesc::new(aabb(v(3.0, -1.0), v(4.0, 1.0)), Vec2::ZERO)
                .sensor()
                .with_layers(1 << 3, u32::MAX),
        )
        .unwrap();
    let body: Shape = half(0.25, 0.25).into();
    let cfg = MoveConfig::default().with_filter(QueryFilter::default().with_mask(!(1 << 3)));
    let r = move_and_slide(&mut world, (body, Vec2::ZERO), v(10.0, 0.0), &cfg).unwrap();
    assert_eq!(r.sensors, vec![report(seen, false, false)]);
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

/// A shape of the random scenes: a box, a circle or a regular polygon.
#[derive(Debug, Clone, Copy)]
enum Spec {
    Box(Vec2),
    Circle(f32),
    Regular(usize, f32),
}

impl Spec {
    fn shape(self) -> Shape {
        match self {
            Spec::Box(h) => half(h.x, h.y).into(),
            Spec::Circle(r) => Circle::new(r).unwrap().into(),
            Spec::Regular(n, r) => ConvexPolygon::regular(n, r, 0.3).unwrap().into(),
        }
    }

    /// The radius of a circle around it.
    fn reach(self) -> f32 {
        match self {
            Spec::Box(h) => h.length(),
            Spec::Circle(r) | Spec::Regular(_, r) => r,
        }
    }

    /// The radius of a circle inside it.
    fn inner(self) -> f32 {
        match self {
            Spec::Box(h) => h.min_element(),
            Spec::Circle(r) => r,
            // An n-gon's inner radius is at least half its outer one for n >= 3.
            Spec::Regular(_, r) => 0.5 * r,
        }
    }
}

fn spec(lo: f32, hi: f32) -> impl Strategy<Value = Spec> {
    prop_oneof![
        (lo..hi, lo..hi).prop_map(|(x, y)| Spec::Box(v(x, y))),
        (lo..hi).prop_map(Spec::Circle),
        (3usize..8, lo..hi).prop_map(|(n, r)| Spec::Regular(n, r)),
    ]
}

fn point(r: f32) -> impl Strategy<Value = Vec2> {
    (-r..r, -r..r).prop_map(|(x, y)| v(x, y))
}

/// Zero sometimes, else log-uniform from 1e-3 to 1e5.
fn length() -> impl Strategy<Value = f32> {
    prop_oneof![1 => Just(0.0f32), 9 => (-3.0f32..5.0).prop_map(|e| 10f32.powf(e))]
}

fn motion() -> impl Strategy<Value = Vec2> {
    (length(), 0.0f32..std::f32::consts::TAU).prop_map(|(l, a)| v(a.cos(), a.sin()) * l)
}

/// A level, a body and its moves; sensors to add.
#[derive(Debug, Clone)]
struct Scene {
    level: Vec<(Spec, Vec2)>,
    sensors: Vec<(Spec, Vec2)>,
    body: Spec,
    start: Vec2,
    motions: Vec<Vec2>,
    /// Another kinematic body for `move_bodies`, and its motions.
    other: (Spec, Vec2),
}

fn scene() -> impl Strategy<Value = Scene> {
    (
        prop::collection::vec((spec(0.1, 3.0), point(20.0)), 0..12),
        prop::collection::vec((spec(0.1, 6.0), point(25.0)), 1..8),
        spec(0.1, 1.0),
        point(20.0),
        prop::collection::vec(motion(), 1..4),
        (spec(0.1, 1.0), point(20.0)),
    )
        .prop_map(|(level, sensors, body, start, motions, other)| Scene {
            level,
            sensors,
            body,
            start,
            motions,
            other,
        })
}

impl Scene {
    /// The level (and the two bodies as kinematic colliders), with the sensors after it when
    /// asked (so every other handle is the same).
    fn world(&self, with_sensors: bool) -> (World, Handle, Handle) {
        let mut world = World::new();
        for (s, at) in &self.level {
            world.add(ColliderDesc::new(s.shape(), *at)).unwrap();
        }
        let a = world
            .add(ColliderDesc::new(self.body.shape(), self.start).kinematic())
            .unwrap();
        let b = world
            .add(ColliderDesc::new(self.other.0.shape(), self.other.1).kinematic())
            .unwrap();
        if with_sensors {
            for (s, at) in &self.sensors {
                world
                    .add(ColliderDesc::new(s.shape(), *at).sensor())
                    .unwrap();
            }
        }
        (world, a, b)
    }
}

/// Every move of the scene, in both ways: `move_and_slide` of the first body, then
/// `move_bodies` of both; the results in order.
fn play(scene: &Scene, world: &mut World, a: Handle, b: Handle) -> Vec<MoveResult> {
    let cfg = MoveConfig::default();
    let mut out = Vec::new();
    for m in &scene.motions {
        out.push(move_and_slide(world, a, *m, &cfg).unwrap());
    }
    for m in &scene.motions {
        let moves = [
            BodyMove {
                handle: a,
                motion: *m,
            },
            BodyMove {
                handle: b,
                motion: -*m,
            },
        ];
        out.extend(move_bodies(world, &moves, &cfg).unwrap());
    }
    out
}

/// The bits of everything a move decides but its sensors.
fn bits(r: &MoveResult) -> Vec<u32> {
    let mut b = vec![
        r.position.x.to_bits(),
        r.position.y.to_bits(),
        r.velocity.x.to_bits(),
        r.velocity.y.to_bits(),
        r.remaining.x.to_bits(),
        r.remaining.y.to_bits(),
        u32::from(r.pinned),
    ];
    for c in &r.contacts {
        b.extend([
            c.handle.index(),
            c.normal.x.to_bits(),
            c.normal.y.to_bits(),
            c.point.x.to_bits(),
            c.point.y.to_bits(),
            c.fraction.to_bits(),
        ]);
    }
    b
}

proptest! {
    #![proptest_config(config())]

    /// Adding sensors anywhere (over walls, around the bodies, on their paths) changes no
    /// move's position, velocity, remaining motion or contacts by a single bit, for
    /// `move_and_slide` and `move_bodies` alike; without sensors nothing is reported.
    #[test]
    fn sensors_never_change_a_move(scene in scene()) {
        let (mut plain, a, b) = scene.world(false);
        let (mut with, a2, b2) = scene.world(true);
        prop_assert_eq!((a, b), (a2, b2));
        let ra = play(&scene, &mut plain, a, b);
        let rb = play(&scene, &mut with, a, b);
        for (i, (x, y)) in ra.iter().zip(&rb).enumerate() {
            prop_assert_eq!(bits(x), bits(y), "move {}: {:?} vs {:?}", i, x, y);
            prop_assert!(x.sensors.is_empty());
        }
    }

    /// A body moving up to 1e5 units in one step across a sensor on its straight, unobstructed
    /// path is always told: the sensor's centre is on the path (a little to the side), the
    /// body starts and ends clear of it, and the report says it crossed it. Sizes grow with
    /// the distance (at least 1e-4 of it), as the crate asks of bodies far out.
    #[test]
    fn no_tunnelling_through_sensors(
        body in spec(0.1, 2.0),
        sensor_spec in spec(0.05, 5.0),
        start in point(100.0),
        angle in 0.0f32..std::f32::consts::TAU,
        exponent in -1.0f32..5.0,
        along in 0.2f32..0.8,
        side in -0.5f32..0.5,
    ) {
        let drawn = 10f32.powf(exponent);
        let scale = (1e-4 * (drawn + start.abs().max_element())).max(1.0);
        let (body, sensor_spec) = (scaled(body, scale), scaled(sensor_spec, scale));
        // Long enough that the body starts and ends clear of the sensor.
        let clear = body.reach() + sensor_spec.reach();
        let length = drawn.max(1.05 * clear / along.min(1.0 - along));
        let dir = v(angle.cos(), angle.sin());
        let motion = dir * length;
        let at = start + motion * along + dir.perp() * side * body.inner().min(sensor_spec.inner());
        let mut world = World::new();
        let s = world.add(ColliderDesc::new(sensor_spec.shape(), at).sensor()).unwrap();
        let r = move_and_slide(&mut world, (body.shape(), start), motion, &MoveConfig::default())
            .unwrap();
        prop_assert_eq!(r.position, start + motion);
        prop_assert_eq!(r.sensors, vec![report(s, false, false)]);
    }

    /// A platformer character running and jumping over a random tile map (solid, one-way
    /// and slope tiles, with a solid floor) and random shapes moves bit for bit as it does
    /// without the sensors scattered over the level, step after step; and what each step
    /// reports agrees with where it is: the sensors it ends a step inside are exactly those
    /// reported as `ended_inside`, and those reported as `started_inside` are exactly the ones
    /// it ended the step before inside (its carried, walked, stepped-up and snapped motions
    /// join into one path).
    #[test]
    fn a_platformer_moves_alike_with_sensors_and_reports_them_consistently(
        level in platform_level(),
        sensors in prop::collection::vec((spec(0.2, 3.0), (0.0f32..16.0, 0.0f32..10.0)), 1..10),
        inputs in prop::collection::vec(0u8..16, 10..80),
    ) {
        let build = |with: bool| {
            let mut world = World::new();
            world
                .add(ColliderDesc::tiles(
                    glissade::TileMap::from_rows(
                        &level.0.iter().map(String::as_str).collect::<Vec<_>>(),
                        1.0,
                    )
                    .unwrap(),
                    Vec2::ZERO,
                ))
                .unwrap();
            for (sp, at) in &level.1 {
                world.add(ColliderDesc::new(sp.shape(), *at)).unwrap();
            }
            let body = world
                .add(ColliderDesc::new(half(0.3, 0.45), v(2.5, 8.5)).kinematic())
                .unwrap();
            if with {
                for (sp, (x, y)) in &sensors {
                    world.add(ColliderDesc::new(sp.shape(), v(*x, *y)).sensor()).unwrap();
                }
            }
            (world, body)
        };
        let (mut plain, pb) = build(false);
        let (mut with, wb) = build(true);
        let (mut pa, mut pw) = (glissade::Platformer::default(), glissade::Platformer::default());
        let body: Shape = half(0.3, 0.45).into();
        let only = QueryFilter::default().only_sensors();
        let inside_now = |world: &World, h: Handle| -> Vec<Handle> {
            let at = world.get(h).unwrap().position();
            world.overlap_shape(&body, at, &only).iter().map(|o| o.handle).collect()
        };
        let mut before = inside_now(&with, wb);

        for (i, bits) in inputs.iter().enumerate() {
            let input = glissade::PlatformerInput {
                left: bits & 1 != 0,
                right: bits & 2 != 0,
                jump: bits & 4 != 0,
                down: bits & 8 != 0,
            };
            let a = pa.update(&mut plain, pb, input, 1.0 / 60.0).unwrap().clone();
            let b = pw.update(&mut with, wb, input, 1.0 / 60.0).unwrap().clone();
            let (p, q) = (plain.get(pb).unwrap().position(), with.get(wb).unwrap().position());
            prop_assert_eq!((p.x.to_bits(), p.y.to_bits()), (q.x.to_bits(), q.y.to_bits()), "step {}", i);
            prop_assert_eq!(pa.velocity, pw.velocity, "step {}", i);
            prop_assert_eq!(&a, &glissade::CharacterState { sensors: Vec::new(), ..b.clone() }, "step {}", i);
            let now = inside_now(&with, wb);
            let mut ended: Vec<Handle> =
                b.sensors.iter().filter(|t| t.ended_inside).map(|t| t.handle).collect();
            let mut started: Vec<Handle> =
                b.sensors.iter().filter(|t| t.started_inside).map(|t| t.handle).collect();
            ended.sort_unstable();
            started.sort_unstable();
            prop_assert_eq!(&ended, &now, "step {}: {:?}", i, b.sensors);
            prop_assert_eq!(&started, &before, "step {}: {:?}", i, b.sensors);
            before = now;
        }
    }

    /// With many sensors scattered over a large area (some larger than many broadphase cells),
    /// a long move of a body through a level reports exactly the sensors that a world holding
    /// each sensor alone reports, with the same starts and ends: gathering them cell by cell
    /// along the path misses none.
    #[test]
    fn each_sensor_is_reported_as_if_it_were_alone(
        sensors in prop::collection::vec((spec(0.2, 40.0), point(400.0)), 1..40),
        level in prop::collection::vec((spec(0.5, 20.0), point(400.0)), 0..10),
        body in spec(0.2, 3.0),
        start in point(400.0),
        motion in (1.0f32..3.0, 0.0f32..std::f32::consts::TAU).prop_map(|(e, a)| v(a.cos(), a.sin()) * 10f32.powf(e)),
    ) {
        let build = |only: Option<usize>| {
            let mut world = World::new();
            for (sp, at) in &level {
                world.add(ColliderDesc::new(sp.shape(), *at)).unwrap();
            }
            let mut handles = Vec::new();
            for (i, (sp, at)) in sensors.iter().enumerate() {
                if only.is_none_or(|k| k == i) {
                    handles.push(world.add(ColliderDesc::new(sp.shape(), *at).sensor()).unwrap());
                }
            }
            (world, handles)
        };
        let cfg = MoveConfig::default();
        let (mut all, handles) = build(None);
        let r = move_and_slide(&mut all, (body.shape(), start), motion, &cfg).unwrap();
        let mut expected = Vec::new();
        for (i, h) in handles.iter().enumerate() {
            let (mut alone, _) = build(Some(i));
            let ri = move_and_slide(&mut alone, (body.shape(), start), motion, &cfg).unwrap();
            prop_assert_eq!(ri.position, r.position);
            if let Some(t) = ri.sensors.first() {
                expected.push(SensorContact { handle: *h, ..*t });
            }
        }
        let mut got = r.sensors.clone();
        got.sort_by_key(|t| t.handle);
        prop_assert_eq!(got, expected);
    }

    /// The same scene played twice, in two worlds built alike or in a clone, reports the same
    /// sensors in the same order.
    #[test]
    fn sensor_reports_are_deterministic(scene in scene()) {
        let (mut w1, a, b) = scene.world(true);
        let (w2, _, _) = scene.world(true);
        let mut w3 = w2.clone();
        let mut w2 = w2;
        let r1 = play(&scene, &mut w1, a, b);
        let r2 = play(&scene, &mut w2, a, b);
        let r3 = play(&scene, &mut w3, a, b);
        for ((x, y), z) in r1.iter().zip(&r2).zip(&r3) {
            prop_assert_eq!(&x.sensors, &y.sensors);
            prop_assert_eq!(&x.sensors, &z.sensors);
        }
    }
}

/// A 16 × 10 tile map (top row first) with a solid bottom row and random tiles above it
/// (mostly empty), and a few shapes over it.
fn platform_level() -> impl Strategy<Value = (Vec<String>, Vec<(Spec, Vec2)>)> {
    let tile = prop_oneof![
        12 => Just('.'),
        2 => Just('#'),
        1 => Just('='),
        1 => Just('/'),
        1 => Just('\\'),
    ];
    (
        prop::collection::vec(tile, 16 * 9),
        prop::collection::vec((spec(0.2, 1.5), (0.0f32..16.0, 1.0f32..10.0)), 0..4),
    )
        .prop_map(|(cells, shapes)| {
            let mut rows: Vec<String> = cells
                .chunks(16)
                .map(|r| r.iter().collect::<String>())
                .collect();
            // Room to start in: the top rows' left part is empty.
            for row in rows.iter_mut().take(3) {
                row.replace_range(0..5, ".....");
            }
            rows.push("#".repeat(16));
            let shapes = shapes
                .into_iter()
                .map(|(sp, (x, y))| (sp, v(x, y)))
                .filter(|(_, at)| !(at.x < 6.0 && at.y > 6.0))
                .collect();
            (rows, shapes)
        })
}

fn scaled(s: Spec, k: f32) -> Spec {
    match s {
        Spec::Box(h) => Spec::Box(h * k),
        Spec::Circle(r) => Spec::Circle(r * k),
        Spec::Regular(n, r) => Spec::Regular(n, r * k),
    }
}
