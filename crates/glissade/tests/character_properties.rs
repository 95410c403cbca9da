//! Property tests for the character controller and the platformer in random levels: a tile
//! map of 24 × 12 unit cells (solid, one-way and slope tiles), a few boxes, triangles and
//! moving platforms, and one or two characters (box, circle or capsule) driven by random
//! buttons for 120 steps at 60 Hz.
//!
//! Each property runs 1,000 cases when `PROPTEST_CASES` is unset (a tenth of the usual
//! 10,000: a case is 120 steps), and `PROPTEST_CASES` of them when it is set, as in CI (see
//! `common::config_divided`).

use glissade::glam::Vec2;
use glissade::{
    Aabb, Capsule, CharacterState, Circle, ColliderDesc, ConvexPolygon, Handle, Platformer,
    PlatformerInput, QueryFilter, Shape, Step, Tile, TileMap, World,
};
use proptest::prelude::*;

mod common;

const DT: f32 = 1.0 / 60.0;

/// Deepest overlap accepted after a step, world units.
const MAX_DEPTH: f32 = 1e-4;

fn config() -> ProptestConfig {
    common::config_divided(10)
}

#[derive(Debug, Clone)]
struct Level {
    /// Tile codes row by row from the bottom (0 empty, 1 solid, 2 one-way, 3 slope right,
    /// 4 slope left).
    tiles: Vec<u8>,
    /// Static boxes `(min, size)`.
    boxes: Vec<(Vec2, Vec2)>,
    /// Static triangles.
    triangles: Vec<[Vec2; 3]>,
    /// Moving platforms: start, half size, velocity, one-way.
    platforms: Vec<(Vec2, Vec2, Vec2, bool)>,
    /// Character shapes (0 box, 1 circle, 2 capsule) and starts.
    characters: Vec<(u8, Vec2)>,
    /// Buttons per step per character: bits left, right, jump, down.
    inputs: Vec<u8>,
}

const W: u32 = 24;
const H: u32 = 12;

fn level() -> impl Strategy<Value = Level> {
    let cell =
        prop_oneof![6 => Just(0u8), 3 => Just(1u8), 1 => Just(2u8), 1 => Just(3u8), 1 => Just(4u8)];
    let v = |lo: f32, hi: f32| (lo..hi, lo..hi).prop_map(|(x, y)| Vec2::new(x, y));
    (
        proptest::collection::vec(cell, (W * H) as usize),
        proptest::collection::vec((v(0.0, 24.0), v(0.2, 3.0)), 0..4),
        proptest::collection::vec([v(0.0, 24.0), v(0.0, 24.0), v(0.0, 24.0)], 0..3),
        proptest::collection::vec(
            (v(2.0, 22.0), v(0.5, 2.0), v(-15.0, 15.0), any::<bool>()),
            0..3,
        ),
        proptest::collection::vec((0u8..3, v(1.0, 23.0)), 1..3),
        proptest::collection::vec(0u8..16, 240),
    )
        .prop_map(
            |(tiles, boxes, triangles, platforms, characters, inputs)| Level {
                tiles,
                boxes,
                triangles,
                platforms: platforms
                    .into_iter()
                    .map(|(p, s, vel, ow)| (p, Vec2::new(s.x, s.y * 0.2), vel, ow))
                    .collect(),
                characters,
                inputs,
            },
        )
}

fn character_shape(kind: u8) -> Shape {
    match kind {
        0 => Aabb::from_half_extents(Vec2::new(0.3, 0.45))
            .unwrap()
            .into(),
        1 => Circle::new(0.35).unwrap().into(),
        _ => Capsule::new(Vec2::new(0.0, -0.2), Vec2::new(0.0, 0.2), 0.25)
            .unwrap()
            .into(),
    }
}

struct Built {
    world: World,
    platforms: Vec<(Handle, Vec2)>,
    bodies: Vec<Handle>,
}

/// Builds the level; characters that would start inside something are left out.
fn build(l: &Level) -> Built {
    let mut world = World::new();
    let mut map = TileMap::new(W, H, 1.0).unwrap();
    for (i, t) in l.tiles.iter().enumerate() {
        let tile = match t {
            1 => Tile::Solid,
            2 => Tile::OneWay,
            3 => Tile::SlopeUpRight,
            4 => Tile::SlopeUpLeft,
            _ => Tile::Empty,
        };
        map.set(i as u32 % W, i as u32 / W, tile).unwrap();
    }
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    for (min, size) in &l.boxes {
        world
            .add(ColliderDesc::new(
                Aabb::new(*min, *min + *size).unwrap(),
                Vec2::ZERO,
            ))
            .unwrap();
    }
    for t in &l.triangles {
        if let Ok(p) = ConvexPolygon::new(t) {
            world.add(ColliderDesc::new(p, Vec2::ZERO)).unwrap();
        }
    }
    let mut platforms = Vec::new();
    for (at, half, vel, one_way) in &l.platforms {
        let mut d = ColliderDesc::new(Aabb::from_half_extents(*half).unwrap(), *at)
            .kinematic()
            .with_velocity(*vel);
        if *one_way {
            d = d.one_way();
        }
        platforms.push((world.add(d).unwrap(), *vel));
    }
    let mut bodies = Vec::new();
    for (kind, at) in &l.characters {
        let shape = character_shape(*kind);
        if world
            .overlap_shape(&shape, *at, &QueryFilter::default())
            .is_empty()
        {
            bodies.push(
                world
                    .add(ColliderDesc::new(shape, *at).kinematic())
                    .unwrap(),
            );
        }
    }
    Built {
        world,
        platforms,
        bodies,
    }
}

fn input(bits: u8) -> PlatformerInput {
    PlatformerInput {
        left: bits & 1 != 0,
        right: bits & 2 != 0,
        jump: bits & 4 != 0,
        down: bits & 8 != 0,
        ..PlatformerInput::NONE
    }
}

/// Runs the level; calls `check` for each character after every step.
fn run(
    l: &Level,
    mut check: impl FnMut(&World, Handle, usize, &CharacterState) -> Result<(), TestCaseError>,
) -> Result<Vec<Vec2>, TestCaseError> {
    let mut b = build(l);
    let mut players: Vec<Platformer> = b.bodies.iter().map(|_| Platformer::default()).collect();
    let mut trace = Vec::new();
    for n in 0..120 {
        step_level(l, &mut b.world, &b.platforms, &b.bodies, &mut players, n)?;
        for (body, pl) in b.bodies.iter().zip(&players) {
            let p = b.world.get(*body).unwrap().position();
            prop_assert!(p.is_finite(), "step {n}: position {p}");
            check(&b.world, *body, n, &pl.controller.state)?;
            trace.push(p);
            trace.push(pl.velocity);
        }
    }
    Ok(trace)
}

/// One step of the level: the platforms (back and forth every 60 steps), then each character.
fn step_level(
    l: &Level,
    world: &mut World,
    platforms: &[(Handle, Vec2)],
    bodies: &[Handle],
    players: &mut [Platformer],
    n: usize,
) -> Result<(), TestCaseError> {
    for (h, vel) in platforms {
        let v = if (n / 60).is_multiple_of(2) {
            *vel
        } else {
            -*vel
        };
        let p = world.get(*h).unwrap().position();
        world.set_position(*h, p + v * DT).unwrap();
        world.set_velocity(*h, v).unwrap();
    }
    for (i, (body, pl)) in bodies.iter().zip(players.iter_mut()).enumerate() {
        let bits = l.inputs[(n * 2 + i) % l.inputs.len()];
        pl.update(world, *body, input(bits), DT)
            .map_err(|e| TestCaseError::fail(format!("step {n}: {e}")))?;
    }
    Ok(())
}

/// The deepest overlap of `body` with the static colliders (`statics`), or with the moving
/// platforms (not the characters, which may stand in each other's way when one is carried).
fn depth(world: &World, body: Handle, characters: &[Handle], statics: bool) -> f32 {
    let c = world.get(body).unwrap();
    let own = [body];
    let keep = |h: Handle, c: &glissade::world::Collider| {
        (c.kind() == glissade::world::BodyKind::Static) == statics && !characters.contains(&h)
    };
    world
        .overlap_shape(
            c.shape().unwrap(),
            c.position(),
            &QueryFilter::default().excluding(&own).with_predicate(&keep),
        )
        .iter()
        .map(|o| o.depth)
        .fold(0.0, f32::max)
}

proptest! {
    #![proptest_config(config())]

    /// Never sinks: whatever the buttons, a character that starts clear of the level never
    /// ends a step inside a static collider or solid tile, nor inside a moving platform unless
    /// that platform is crushing it against something.
    #[test]
    fn characters_never_end_a_step_inside_the_level(l in level()) {
        let b = build(&l);
        let characters = b.bodies.clone();
        run(&l, |world, body, n, state| {
            let d = depth(world, body, &characters, true);
            prop_assert!(d <= MAX_DEPTH, "step {n}: {d} deep at {}", world.get(body).unwrap().position());
            if !state.crushed {
                let d = depth(world, body, &characters, false);
                prop_assert!(d <= MAX_DEPTH, "step {n}: {d} deep in a platform at {}", world.get(body).unwrap().position());
            }
            Ok(())
        })?;
    }

    /// Deterministic: the same level and buttons give bit-identical positions and velocities.
    #[test]
    fn characters_are_deterministic(l in level()) {
        let a = run(&l, |_, _, _, _| Ok(()))?;
        let b = run(&l, |_, _, _, _| Ok(()))?;
        let same = a.len() == b.len()
            && a.iter().zip(&b).all(|(x, y)| x.x.to_bits() == y.x.to_bits() && x.y.to_bits() == y.y.to_bits());
        prop_assert!(same);
    }

    /// A world and its characters cloned mid-run (a rollback snapshot) go on exactly like the
    /// originals: what a controller keeps between steps never changes an answer.
    #[test]
    fn a_cloned_run_replays_bit_for_bit(l in level(), at in 1usize..119) {
        let mut b = build(&l);
        let mut players: Vec<Platformer> = b.bodies.iter().map(|_| Platformer::default()).collect();
        let mut snapshot = None;
        let mut original = Vec::new();
        for n in 0..120 {
            if n == at {
                snapshot = Some((b.world.clone(), players.clone()));
            }
            step_level(&l, &mut b.world, &b.platforms, &b.bodies, &mut players, n)?;
            if n >= at {
                original.extend(b.bodies.iter().map(|h| b.world.get(*h).unwrap().position()));
            }
        }
        let (mut world, mut players) = snapshot.unwrap();
        let mut replay = Vec::new();
        for n in at..120 {
            step_level(&l, &mut world, &b.platforms, &b.bodies, &mut players, n)?;
            replay.extend(b.bodies.iter().map(|h| world.get(*h).unwrap().position()));
        }
        let same = original.len() == replay.len()
            && original.iter().zip(&replay).all(|(x, y)| x.x.to_bits() == y.x.to_bits() && x.y.to_bits() == y.y.to_bits());
        prop_assert!(same);
    }

    /// Never tunnels: a character thrown at a zero-thickness wall at any speed up to 10^5
    /// units/s never ends a step on the other side (3 steps: at most 5,000 units along the
    /// wall, which is 40,000 long).
    #[test]
    fn characters_never_tunnel_through_a_segment(kind in 0u8..3, speed in 1.0f32..1e5, angle in -1.2f32..1.2) {
        let mut world = World::new();
        world
            .add(ColliderDesc::new(
                glissade::Segment::new(Vec2::new(5.0, -2e4), Vec2::new(5.0, 2e4)).unwrap(),
                Vec2::ZERO,
            ))
            .unwrap();
        let body = world.add(ColliderDesc::new(character_shape(kind), Vec2::ZERO).kinematic()).unwrap();
        let mut pl = Platformer::default();
        pl.config.max_speed = 2e5;
        pl.velocity = Vec2::new(angle.cos(), angle.sin()) * speed;
        for n in 0..3 {
            pl.update(&mut world, body, PlatformerInput::default(), DT).unwrap();
            let x = world.get(body).unwrap().position().x;
            prop_assert!(x < 5.0, "step {n}: at x = {x}");
        }
    }

    /// Bad steps are refused by name and move nothing, whatever the values.
    #[test]
    fn bad_steps_are_refused(dt in prop_oneof![Just(f32::NAN), Just(f32::INFINITY), -10.0f32..=0.0]) {
        let mut world = World::new();
        let body = world.add(ColliderDesc::new(character_shape(0), Vec2::ZERO).kinematic()).unwrap();
        let mut c = glissade::CharacterController::default();
        let e = c.step(&mut world, body, Step::new(Vec2::X, dt)).unwrap_err();
        prop_assert!(e.to_string().starts_with("Step.dt = "), "{e}");
        prop_assert_eq!(world.get(body).unwrap().position(), Vec2::ZERO);
    }
}
