//! Property tests for the platformer's actions (runs and jumps, air jumps, wall slides and
//! wall jumps, dashes, crouching, climbing, knockback) in random levels: a room of 24 × 12
//! unit cells closed by four zero-thickness segments, holding a tile map of solid and one-way
//! tiles, loose segments and climbable ladders, with a character driven by random buttons
//! (every action's) for 240 steps.
//!
//! Properties: never inside the level after any update; never out of the room (its walls are
//! zero-thickness, so leaving it is tunnelling); the same inputs give bit-identical runs. A
//! second group checks that each action's numbers do not depend on the frame rate, against
//! their worked-out values.
//!
//! Each property runs 500 cases when `PROPTEST_CASES` is unset (a twentieth of the usual
//! 10,000), and `PROPTEST_CASES` of them when it is set, as in CI (see
//! `common::config_divided`).

use glissade::character::{Animation, PlatformerConfig};
use glissade::glam::Vec2;
use glissade::{
    Aabb, ColliderDesc, Handle, Platformer, PlatformerInput, QueryFilter, Segment, Shape, Tile,
    TileMap, World,
};
use proptest::prelude::*;

mod common;

/// Deepest overlap accepted after an update, world units.
const MAX_DEPTH: f32 = 1e-4;

fn config() -> ProptestConfig {
    common::config_divided(20)
}

const W: u32 = 24;
const H: u32 = 12;

#[derive(Debug, Clone)]
struct Level {
    /// Tile codes row by row from the bottom (0 empty, 1 solid, 2 one-way).
    tiles: Vec<u8>,
    /// Loose zero-thickness segments.
    segments: Vec<(Vec2, Vec2)>,
    /// Ladders `(x, bottom, height)`, 0.6 wide.
    ladders: Vec<(f32, f32, f32)>,
    /// Where the character starts (the cells around it are cleared).
    start: (u32, u32),
    /// Runs of buttons: bits left, right, jump, down, up, dash, crouch; and how many steps.
    runs: Vec<(u8, u8)>,
    /// Knockbacks: at which step, and the impulse.
    pushes: Vec<(u8, Vec2)>,
    /// Frames per second.
    hz: f32,
}

fn level() -> impl Strategy<Value = Level> {
    let cell = prop_oneof![8 => Just(0u8), 3 => Just(1u8), 2 => Just(2u8)];
    let p = |lo: f32, hi: f32| (lo..hi, lo..hi).prop_map(|(x, y)| Vec2::new(x, y));
    (
        proptest::collection::vec(cell, (W * H) as usize),
        proptest::collection::vec((p(0.5, 23.5), p(-3.0, 3.0)), 0..4),
        proptest::collection::vec((1.0f32..23.0, 0.0f32..8.0, 1.0f32..6.0), 0..4),
        (1u32..W - 1, 1u32..H - 2),
        proptest::collection::vec((0u8..128, 1u8..30), 8..30),
        proptest::collection::vec((0u8..240, p(-40.0, 40.0)), 0..3),
        prop_oneof![Just(30.0f32), Just(60.0), Just(144.0)],
    )
        .prop_map(
            |(tiles, segments, ladders, start, runs, pushes, hz)| Level {
                tiles,
                segments: segments
                    .into_iter()
                    .map(|(a, d)| (a, (a + d).clamp(Vec2::ZERO, Vec2::new(24.0, 12.0))))
                    .collect(),
                ladders,
                start,
                runs,
                pushes,
                hz,
            },
        )
}

/// The character: a 0.6 × 0.9 box, crouching to 0.6 × 0.45.
fn standing() -> Shape {
    Aabb::from_half_extents(Vec2::new(0.3, 0.45))
        .unwrap()
        .into()
}

/// Every action on, in world units of a tile.
fn all_actions() -> PlatformerConfig {
    PlatformerConfig {
        air_jumps: 1,
        wall_slide_speed: Some(3.0),
        wall_jump_speed: 12.0,
        dash_distance: 3.0,
        dash_time: 0.15,
        dash_cooldown: 0.2,
        air_dashes: 1,
        crouch_shape: Some(
            Aabb::from_half_extents(Vec2::new(0.3, 0.225))
                .unwrap()
                .into(),
        ),
        crouch_max_speed: 4.0,
        climb_speed: 4.0,
        ..PlatformerConfig::default()
    }
}

/// The world, the character's body, and the start.
fn build(l: &Level) -> (World, Handle) {
    let mut world = World::new();
    let mut map = TileMap::new(W, H, 1.0).unwrap();
    let (sx, sy) = l.start;
    for (i, t) in l.tiles.iter().enumerate() {
        let (x, y) = (i as u32 % W, i as u32 / W);
        let near_start = x.abs_diff(sx) <= 1 && (sy..sy + 2).contains(&y);
        let tile = match t {
            1 if !near_start => Tile::Solid,
            2 if !near_start => Tile::OneWay,
            _ => Tile::Empty,
        };
        map.set(x, y, tile).unwrap();
    }
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let corners = [
        Vec2::ZERO,
        Vec2::new(24.0, 0.0),
        Vec2::new(24.0, 12.0),
        Vec2::new(0.0, 12.0),
    ];
    for i in 0..4 {
        let s = Segment::new(corners[i], corners[(i + 1) % 4]).unwrap();
        world.add(ColliderDesc::new(s, Vec2::ZERO)).unwrap();
    }
    let start = Vec2::new(sx as f32 + 0.5, sy as f32 + 0.46);
    let start_box = (start - Vec2::new(1.5, 0.5), start + Vec2::new(1.5, 2.0));
    for (a, b) in &l.segments {
        // Segments through the cleared cells would start the character inside them.
        let lo = a.min(*b);
        let hi = a.max(*b);
        let clear = hi.x < start_box.0.x
            || lo.x > start_box.1.x
            || hi.y < start_box.0.y
            || lo.y > start_box.1.y;
        if let Ok(s) = Segment::new(*a, *b)
            && clear
        {
            world.add(ColliderDesc::new(s, Vec2::ZERO)).unwrap();
        }
    }
    for (x, bottom, height) in &l.ladders {
        let ladder = Aabb::new(
            Vec2::new(x - 0.3, *bottom),
            Vec2::new(x + 0.3, (bottom + height).min(12.0)),
        )
        .unwrap();
        world
            .add(ColliderDesc::new(ladder, Vec2::ZERO).climbable())
            .unwrap();
    }
    let body = world
        .add(ColliderDesc::new(standing(), start).kinematic())
        .unwrap();
    (world, body)
}

fn input(bits: u8) -> PlatformerInput {
    PlatformerInput {
        left: bits & 1 != 0,
        right: bits & 2 != 0,
        jump: bits & 4 != 0,
        down: bits & 8 != 0,
        up: bits & 16 != 0,
        dash: bits & 32 != 0,
        crouch: bits & 64 != 0,
    }
}

/// What a run leaves after each update: position, velocity and animation.
type Trace = Vec<(Vec2, Vec2, Animation)>;

/// Plays the level's runs (at most 240 updates), checking after each update that the body
/// overlaps nothing but sensors and one-way platforms and is inside the room.
fn play(l: &Level) -> Result<Trace, TestCaseError> {
    let (mut world, body) = build(l);
    let mut p = Platformer::new(all_actions(), PlatformerConfig::default_character());
    let dt = 1.0 / l.hz;
    let mut trace = Vec::new();
    let steps = l
        .runs
        .iter()
        .flat_map(|(bits, n)| std::iter::repeat_n(*bits, usize::from(*n)))
        .take(240);
    for (i, bits) in steps.enumerate() {
        for (at, impulse) in &l.pushes {
            if usize::from(*at) == i {
                p.push(*impulse);
            }
        }
        p.update(&mut world, body, input(bits), dt)
            .map_err(|e| TestCaseError::fail(format!("step {i}: {e}")))?;
        let c = world.get(body).unwrap();
        let (at, shape) = (c.position(), c.shape().unwrap().clone());
        let exclude = [body];
        let filter = QueryFilter::default().excluding(&exclude).without_one_way();
        for o in world.overlap_shape(&shape, at, &filter) {
            prop_assert!(
                o.depth <= MAX_DEPTH,
                "step {i}: inside {:?} by {} at {at}",
                o.handle,
                o.depth
            );
        }
        let (lo, hi) = c.bounds();
        prop_assert!(
            lo.x >= -MAX_DEPTH
                && lo.y >= -MAX_DEPTH
                && hi.x <= 24.0 + MAX_DEPTH
                && hi.y <= 12.0 + MAX_DEPTH,
            "step {i}: out of the room at {at} ({lo}..{hi})"
        );
        trace.push((at, p.velocity, p.animation()));
    }
    Ok(trace)
}

fn bits(t: &Trace) -> Vec<(u32, u32, u32, u32, Animation)> {
    t.iter()
        .map(|(p, v, a)| {
            (
                p.x.to_bits(),
                p.y.to_bits(),
                v.x.to_bits(),
                v.y.to_bits(),
                *a,
            )
        })
        .collect()
}

proptest! {
    #![proptest_config(config())]

    /// Every action, in a random level: never inside it, never out of the room, and the same
    /// run twice is the same to the bit.
    #[test]
    fn every_action_stays_out_of_the_level_and_repeats_exactly(l in level()) {
        let first = play(&l)?;
        let again = play(&l)?;
        prop_assert_eq!(bits(&first), bits(&again));
    }
}

/// A floor with its top at y = 0 from x = -1000 to 1000, nothing above, and a 0.6 × 0.9 box
/// standing on it at x = 0 (a skin above it).
fn open_floor() -> (World, Handle) {
    let mut world = World::new();
    world
        .add(ColliderDesc::new(
            Aabb::new(Vec2::new(-1000.0, -1.0), Vec2::new(1000.0, 0.0)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    let body = world
        .add(ColliderDesc::new(standing(), Vec2::new(0.0, 0.46)).kinematic())
        .unwrap();
    (world, body)
}

fn y_of(world: &World, body: Handle) -> f32 {
    world.get(body).unwrap().position().y
}

fn x_of(world: &World, body: Handle) -> f32 {
    world.get(body).unwrap().position().x
}

proptest! {
    #![proptest_config(config())]

    /// A jump from rest peaks at `jump_speed² / (2 · gravity)` at any frame rate: the moves
    /// are exact for a constant acceleration, so the highest update misses the peak by at
    /// most what a step around it hides, `gravity · dt² / 8` (plus 1e-3 for rounding).
    #[test]
    fn a_jump_peaks_at_its_worked_out_height_at_any_frame_rate(
        jump_speed in 5.0f32..30.0,
        gravity in 20.0f32..100.0,
        hz in 20.0f32..240.0,
    ) {
        let (mut world, body) = open_floor();
        let mut p = Platformer::new(all_actions(), PlatformerConfig::default_character());
        p.config.jump_speed = jump_speed;
        p.config.gravity = gravity;
        p.config.terminal_speed = 1e4;
        p.config.max_speed = 1e4;
        let dt = 1.0 / hz;
        p.update(&mut world, body, PlatformerInput::NONE, dt).unwrap();
        let y0 = y_of(&world, body);
        let jump = PlatformerInput { jump: true, ..PlatformerInput::NONE };
        let mut top = y0;
        for _ in 0..(hz as usize * 4) {
            p.update(&mut world, body, jump, dt).unwrap();
            top = top.max(y_of(&world, body));
        }
        let peak = jump_speed * jump_speed / (2.0 * gravity);
        let slack = gravity * dt * dt / 8.0 + 1e-3;
        prop_assert!(top - y0 <= peak + 1e-3, "{} over {peak}", top - y0);
        prop_assert!(top - y0 >= peak - slack, "{} under {peak} by more than {slack}", top - y0);
    }

    /// Stopping at a constant deceleration from top speed slides `max_speed² / (2 ·
    /// deceleration)` at any frame rate, within what the last step hides, `deceleration ·
    /// dt² / 8` (plus 1e-3).
    #[test]
    fn a_stop_slides_its_worked_out_distance_at_any_frame_rate(
        deceleration in 10.0f32..200.0,
        hz in 20.0f32..240.0,
    ) {
        let (mut world, body) = open_floor();
        let mut p = Platformer::new(all_actions(), PlatformerConfig::default_character());
        p.config.deceleration = Some(deceleration);
        let dt = 1.0 / hz;
        let right = PlatformerInput { right: true, ..PlatformerInput::NONE };
        for _ in 0..(hz as usize) {
            p.update(&mut world, body, right, dt).unwrap();
        }
        let top = p.config.max_speed;
        prop_assert!((p.velocity.x - top).abs() < 1e-3);
        let x0 = x_of(&world, body);
        for _ in 0..(hz as usize * 4) {
            p.update(&mut world, body, PlatformerInput::NONE, dt).unwrap();
        }
        prop_assert_eq!(p.velocity.x, 0.0);
        let slid = x_of(&world, body) - x0;
        let expected = top * top / (2.0 * deceleration);
        let slack = deceleration * dt * dt / 8.0 + 1e-3;
        prop_assert!((slid - expected).abs() <= slack, "{slid} for {expected} (slack {slack})");
    }

    /// A dash in any of the eight directions, in the open air, ends exactly
    /// `dash_distance` away along its direction at any frame rate (gravity is suspended, and
    /// the last step moves only the time left): within 1e-3 (rounding over the steps).
    #[test]
    fn a_dash_covers_its_distance_at_any_frame_rate(
        dash_distance in 0.5f32..10.0,
        dash_time in 0.05f32..0.5,
        hz in 20.0f32..240.0,
        keys in 1u8..16,
    ) {
        let mut world = World::new();
        let start = Vec2::new(0.0, 50.0);
        let body = world
            .add(ColliderDesc::new(standing(), start).kinematic())
            .unwrap();
        let mut p = Platformer::new(all_actions(), PlatformerConfig::default_character());
        p.config.dash_distance = dash_distance;
        p.config.dash_time = dash_time;
        let dt = 1.0 / hz;
        let held = PlatformerInput {
            left: keys & 1 != 0,
            right: keys & 2 != 0,
            up: keys & 4 != 0,
            down: keys & 8 != 0,
            ..PlatformerInput::NONE
        };
        let sideways = f32::from(u8::from(held.right)) - f32::from(u8::from(held.left));
        let upward = f32::from(u8::from(held.up)) - f32::from(u8::from(held.down));
        // Opposite keys cancel; nothing left means the facing (right, before any).
        let dir = match Vec2::new(sideways, upward).try_normalize() {
            Some(d) => d,
            None => Vec2::X,
        };
        p.update(&mut world, body, PlatformerInput { dash: true, ..held }, dt).unwrap();
        let mut updates = 1;
        while p.dashing() {
            p.update(&mut world, body, held, dt).unwrap();
            updates += 1;
            prop_assert!(updates < 10_000);
        }
        let at = world.get(body).unwrap().position();
        let want = start + dir * dash_distance;
        prop_assert!((at - want).length() < 1e-3, "{at} for {want} ({updates} updates)");
        // It lasted dash_time: the updates that dashed cover it, less one step at most.
        let lasted = updates as f32 * dt;
        prop_assert!(lasted >= dash_time - 1e-4 && lasted < dash_time + dt + 1e-4);
    }
}

/// The random levels do exercise every action: over 300 of them, every animation state
/// shows up (a property that never saw a dash or a climb would prove nothing about them).
#[test]
fn the_random_levels_reach_every_action() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..300 {
        let l = level().new_tree(&mut runner).unwrap().current();
        for (_, _, a) in play(&l).unwrap() {
            seen.insert(format!("{a:?}"));
        }
    }
    for a in [
        Animation::Idle,
        Animation::Run,
        Animation::Jump,
        Animation::Fall,
        Animation::Land,
        Animation::WallSlide,
        Animation::Climb,
        Animation::Crouch,
        Animation::Dash,
        Animation::Knocked,
    ] {
        assert!(seen.contains(&format!("{a:?}")), "{a:?} never happened");
    }
}
