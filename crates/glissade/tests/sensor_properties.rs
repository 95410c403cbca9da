//! Property tests for sensors (`PROPTEST_CASES` cases each, 10,000 when unset): random
//! levels of boxes, circles and regular polygons within about ±20 units, bodies of sizes 0.1
//! to 2 with one to three motions each from zero up to 1e5 units (log-uniform), and sensors
//! scattered over them. Sensors never change a move, `move_bodies` step or platformer step by
//! a bit; a sensor on a body's path is reported however long the step; each sensor is
//! reported as if it were alone; reports are deterministic.

use glissade::glam::Vec2;
use glissade::motion::SensorContact;
use glissade::{
    Aabb, BodyMove, Circle, ColliderDesc, ConvexPolygon, Handle, MoveConfig, MoveResult,
    QueryFilter, Shape, World, move_and_slide, move_bodies,
};
use proptest::prelude::*;

mod common;
use common::config;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn half(x: f32, y: f32) -> Aabb {
    Aabb::from_half_extents(v(x, y)).unwrap()
}

fn report(handle: Handle, started_inside: bool, ended_inside: bool) -> SensorContact {
    SensorContact {
        handle,
        started_inside,
        ended_inside,
    }
}

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
                ..glissade::PlatformerInput::NONE
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
