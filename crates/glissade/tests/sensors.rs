//! Sensors: scenes drawn in ASCII with the numbers worked out by hand in the comments (the
//! property tests are in `sensor_properties.rs`).
//!
//! `□` is the moving body, `S` a sensor, `#` a wall. A sensor counts as touched when the
//! body overlaps it deeper than the tolerance somewhere on its path; touching does not count.

use glissade::glam::Vec2;
use glissade::motion::SensorContact;
use glissade::world::Sensors;
use glissade::{
    Aabb, BodyMove, CharacterController, Circle, ColliderDesc, Handle, MoveConfig, MoveResult,
    QueryFilter, Shape, Step, World, move_and_slide, move_bodies,
};

#[path = "common/mod.rs"]
mod common;

use common::{static_box, v};

const SKIN: f32 = glissade::motion::DEFAULT_SKIN;

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
        (bullet.clone(), v(-5e4, 0.0)),
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
            (bullet.clone(), v(-5e4, y)),
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
        let w = static_box(&mut world, v(5.0, -1.0), v(6.0, 1.0));
        let s = with_sensor.then(|| sensor(&mut world, v(4.0, -1.0), v(7.0, 2.0)));
        (world, w, s)
    };
    let body: Shape = half(0.5, 0.5).into();
    let (mut plain, w, _) = build(false);
    let (mut with, _, s) = build(true);
    let a = move_and_slide(
        &mut plain,
        (body.clone(), Vec2::ZERO),
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
        static_box(&mut world, v(-10.0, -1.0), v(20.0, 0.0));
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
        static_box(&mut world, v(-20.0, -1.0), v(0.0, start_floor));
        for i in 0..10 {
            let x = i as f32;
            static_box(&mut world, v(x, -1.0), v(x + 1.0, top(i)));
        }
        static_box(&mut world, v(10.0, -1.0), v(30.0, top(9)));
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
    let w = static_box(&mut world, v(4.5, -0.5), v(5.5, 0.5));
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
