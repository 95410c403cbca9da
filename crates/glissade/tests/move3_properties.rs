//! Property tests for the 3D mover on random box levels: it never ends inside a solid, never
//! passes through one, never returns NaN, keeps its skin, and is deterministic.
//!
//! Every property runs `PROPTEST_CASES` cases (10,000 when unset).

use glissade::glam::Vec3;
use glissade::{
    dim3::Aabb as Aabb3, dim3::CastResult as CastResult3, dim3::MoveConfig as MoveConfig3,
    dim3::MoveResult as MoveResult3, dim3::cast as cast_aabb3,
    dim3::move_and_slide as move_and_slide_aabb3, dim3::overlap as overlap_aabb3,
};
use proptest::prelude::*;

mod common;
use common::config;

/// Deepest overlap these tests accept at the end of a move, in world units.
const MAX_DEPTH: f32 = 1e-4;

#[derive(Debug, Clone)]
struct Level {
    body: Aabb3,
    start: Vec3,
    motion: Vec3,
    velocity: Vec3,
    solids: Vec<(Aabb3, Vec3)>,
    config: MoveConfig3,
}

impl Level {
    fn run(&self, config: &MoveConfig3) -> MoveResult3 {
        move_and_slide_aabb3(
            &self.body,
            self.start,
            self.motion,
            self.velocity,
            &self.solids,
            config,
        )
        .expect("finite input and a valid config")
    }
}

fn vec3(range: f32) -> impl Strategy<Value = Vec3> {
    (-range..range, -range..range, -range..range).prop_map(|(x, y, z)| Vec3::new(x, y, z))
}

fn half_extents(lo: f32, hi: f32) -> impl Strategy<Value = Aabb3> {
    (lo..hi, lo..hi, lo..hi)
        .prop_map(|(x, y, z)| Aabb3::from_half_extents(Vec3::new(x, y, z)).unwrap())
}

/// A motion: often along one axis (sliding along faces), sometimes zero, sometimes very fast.
fn motion() -> impl Strategy<Value = Vec3> {
    prop_oneof![
        4 => vec3(8.0),
        1 => (0usize..3, -8.0f32..8.0).prop_map(|(axis, d)| {
            let mut m = Vec3::ZERO;
            m[axis] = d;
            m
        }),
        1 => vec3(1.0).prop_map(|m| m * 1e5),
        1 => Just(Vec3::ZERO),
    ]
}

/// Random boxes (some very thin), plus sometimes a floor of unit cubes (seams everywhere). The
/// body may start inside some of them.
fn any_level() -> impl Strategy<Value = Level> {
    let boxes = prop::collection::vec((half_extents(0.005, 3.0), vec3(6.0)), 0..10);
    let tiles = prop_oneof![
        Just(Vec::new()),
        (-1.0f32..0.0).prop_map(|top| {
            let cube = Aabb3::from_half_extents(Vec3::splat(0.5)).unwrap();
            (-4..4)
                .flat_map(|i| (-4..4).map(move |k| (i, k)))
                .map(|(i, k)| (cube, Vec3::new(i as f32 + 0.5, top - 0.5, k as f32 + 0.5)))
                .collect()
        }),
    ];
    (
        half_extents(0.05, 1.5),
        vec3(5.0),
        motion(),
        vec3(20.0),
        boxes,
        tiles,
        (0.001f32..0.1, 1u32..=8),
    )
        .prop_map(
            |(body, start, motion, velocity, boxes, tiles, (skin, max_iterations))| {
                let solids = tiles.into_iter().chain(boxes).collect();
                Level {
                    body,
                    start,
                    motion,
                    velocity,
                    solids,
                    config: MoveConfig3 {
                        skin,
                        max_iterations,
                    },
                }
            },
        )
}

/// A level that starts clear: the solids the body starts inside are dropped.
fn level() -> impl Strategy<Value = Level> {
    any_level().prop_map(|mut level| {
        let (body, start) = (level.body, level.start);
        level
            .solids
            .retain(|(s, at)| overlap_aabb3(&body, start, s, *at).is_none());
        level
    })
}

fn assert_clear(level: &Level, at: Vec3) -> Result<(), TestCaseError> {
    for (i, (solid, pos)) in level.solids.iter().enumerate() {
        if let Some(p) = overlap_aabb3(&level.body, at, solid, *pos) {
            prop_assert!(
                p.depth <= MAX_DEPTH,
                "ends {} deep in solids[{i}] at {at}",
                p.depth
            );
        }
    }
    Ok(())
}

fn bits(r: &MoveResult3) -> Vec<u32> {
    let mut out: Vec<u32> = [r.position, r.remaining, r.velocity]
        .iter()
        .flat_map(|v| v.to_array())
        .map(f32::to_bits)
        .collect();
    for c in &r.contacts {
        out.push(c.index as u32);
        out.extend(c.normal.to_array().map(f32::to_bits));
        out.extend(c.point.to_array().map(f32::to_bits));
        out.push(c.fraction.to_bits());
    }
    out
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_move_ends_clear_of_every_solid_without_nan(level in level()) {
        let r = level.run(&level.config);
        prop_assert!(r.position.is_finite() && r.remaining.is_finite() && r.velocity.is_finite());
        assert_clear(&level, r.position)?;
        // What was performed plus what remains is what was asked.
        let performed = r.position - level.start;
        let scale = 1.0 + level.motion.abs().max_element() + level.start.abs().max_element();
        prop_assert!(
            (performed + r.remaining - level.motion).abs().max_element() <= 1e-6 * scale,
            "performed {performed} + remaining {} != {}", r.remaining, level.motion
        );
    }

    #[test]
    fn each_sub_motion_is_free_so_nothing_is_tunnelled(level in level()) {
        // A move stopped after k casts is the first k casts of a longer one: walk the path.
        let mut from = level.start;
        for k in 1..=level.config.max_iterations {
            let to = level.run(&MoveConfig3 { max_iterations: k, ..level.config }).position;
            let step = to - from;
            for (i, (solid, pos)) in level.solids.iter().enumerate() {
                match cast_aabb3(&level.body, from, step, solid, *pos, Vec3::ZERO) {
                    CastResult3::Miss => {}
                    CastResult3::Hit(h) => prop_assert!(
                        (1.0 - h.fraction) * step.length() <= MAX_DEPTH,
                        "cast {k} from {from} to {to} enters solids[{i}] at {}", h.fraction
                    ),
                    CastResult3::Overlapping(p) => prop_assert!(
                        p.depth <= MAX_DEPTH,
                        "cast {k} starts {} deep in solids[{i}]", p.depth
                    ),
                }
            }
            from = to;
        }
        prop_assert_eq!(from, level.run(&level.config).position);
    }

    #[test]
    fn contacts_keep_the_skin_and_the_velocity_leaves_them(level in level()) {
        let r = level.run(&level.config);
        let skin = level.config.skin;
        let body_min = level.body.min() + r.position;
        let body_max = level.body.max() + r.position;
        for (n, c) in r.contacts.iter().enumerate() {
            prop_assert!(r.contacts[..n].iter().all(|o| o.index != c.index), "{:?}", r.contacts);
            prop_assert!((0.0..=1.0).contains(&c.fraction), "{c:?}");
            prop_assert!(r.velocity.dot(c.normal) >= 0.0, "{} into {c:?}", r.velocity);
            let (solid, at) = level.solids[c.index];
            let axis = c.normal.abs().max_position();
            let gap = if c.normal[axis] > 0.0 {
                body_min[axis] - (solid.max() + at)[axis]
            } else {
                (solid.min() + at)[axis] - body_max[axis]
            };
            prop_assert!(
                (-MAX_DEPTH..=skin + MAX_DEPTH).contains(&gap),
                "gap {gap} to {c:?} with skin {skin}"
            );
        }
    }

    #[test]
    fn a_body_moving_straight_at_a_wall_stops_before_it(
        body in half_extents(0.05, 1.5),
        axis in 0usize..3,
        toward in prop_oneof![Just(1.0f32), Just(-1.0f32)],
        distance in 0.0f32..20.0,
        thickness in 0.001f32..0.5,
        speed in prop_oneof![1.0f32..50.0, 50.0f32..1e5],
        lateral in vec3(1.0),
        skin in 0.001f32..0.1,
    ) {
        // The wall faces the body `distance` ahead along `axis`, 2000 wide; the motion goes
        // through it (at least `distance` past it) with a sideways drift of at most 1.5.
        let mut wall_min = Vec3::splat(-1000.0);
        let mut wall_max = Vec3::splat(1000.0);
        if toward > 0.0 {
            wall_min[axis] = body.max()[axis] + distance;
            wall_max[axis] = wall_min[axis] + thickness;
        } else {
            wall_max[axis] = body.min()[axis] - distance;
            wall_min[axis] = wall_max[axis] - thickness;
        }
        let wall = Aabb3::new(wall_min, wall_max).unwrap();
        let mut motion = lateral * 1.5;
        motion[axis] = toward * (2.0 * distance + thickness + speed);
        let config = MoveConfig3 { skin, max_iterations: 4 };
        let r = move_and_slide_aabb3(&body, Vec3::ZERO, motion, motion, &[(wall, Vec3::ZERO)], &config)
            .unwrap();
        let reach = if toward > 0.0 {
            (body.max() + r.position)[axis] - wall_min[axis]
        } else {
            wall_max[axis] - (body.min() + r.position)[axis]
        };
        prop_assert!(reach <= 0.0, "passed the wall face by {reach} at {}", r.position);
        prop_assert!(reach >= -skin - MAX_DEPTH, "stopped {} short", -reach);
        prop_assert_eq!(r.velocity[axis], 0.0);
    }

    #[test]
    fn starting_inside_pushes_out_of_a_lone_solid_without_nan(level in any_level()) {
        let r = level.run(&level.config);
        prop_assert!(r.position.is_finite() && r.remaining.is_finite() && r.velocity.is_finite());
        let depth = |at: Vec3, i: usize| {
            let (solid, pos) = level.solids[i];
            overlap_aabb3(&level.body, at, &solid, pos).map_or(0.0, |p| p.depth)
        };
        let overlapped: Vec<usize> =
            (0..level.solids.len()).filter(|&i| depth(level.start, i) > 0.0).collect();
        for &i in &overlapped {
            prop_assert!(r.contacts.iter().any(|c| c.index == i && c.fraction == 0.0));
        }
        // One solid alone is always left behind.
        if let [i] = overlapped[..] {
            prop_assert!(depth(r.position, i) <= MAX_DEPTH, "still {} deep", depth(r.position, i));
        }
        prop_assert!(r.contacts.iter().all(|c| (0.0..=1.0).contains(&c.fraction)));
    }

    #[test]
    fn the_same_move_twice_is_bit_identical(level in any_level()) {
        let a = level.run(&level.config);
        let b = level.clone().run(&level.config.clone());
        prop_assert_eq!(bits(&a), bits(&b));
    }
}
