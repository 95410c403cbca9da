//! Platformer dashes and knockback. Each scene is drawn in ASCII; expected numbers are worked
//! out by hand in the comments. Units: world units (1 = a tile), seconds; y up.

use glissade::character::{Animation, PlatformerConfig};
use glissade::glam::Vec2;
use glissade::{
    Aabb, ColliderDesc, Handle, Platformer, PlatformerInput, Segment, Shape, TileMap, World,
};

mod common;

/// Positions worked out exactly (sums of f32 steps) agree to this, world units.
const EXACT: f32 = 1e-4;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn pos(world: &World, h: Handle) -> Vec2 {
    world.get(h).unwrap().position()
}

fn block(world: &mut World, lo: Vec2, hi: Vec2) {
    world
        .add(ColliderDesc::new(Aabb::new(lo, hi).unwrap(), Vec2::ZERO))
        .unwrap();
}

fn body(world: &mut World, half: Vec2, at: Vec2) -> Handle {
    world
        .add(ColliderDesc::new(Aabb::from_half_extents(half).unwrap(), at).kinematic())
        .unwrap()
}

const NOTHING: PlatformerInput = PlatformerInput::NONE;
const DASH: PlatformerInput = PlatformerInput {
    dash: true,
    ..PlatformerInput::NONE
};
const DASH_RIGHT: PlatformerInput = PlatformerInput {
    dash: true,
    right: true,
    ..PlatformerInput::NONE
};
const LEFT: PlatformerInput = PlatformerInput {
    left: true,
    ..PlatformerInput::NONE
};
const JUMP: PlatformerInput = PlatformerInput {
    jump: true,
    ..PlatformerInput::NONE
};

/// The default platformer with dashes of 3 units in 0.15 s (20 units/s, under the top speed
/// of 22.5), no bounces (so that the velocity into a surface is removed, not reflected).
fn dasher() -> Platformer {
    let mut pl = Platformer::default();
    pl.config.dash_distance = 3.0;
    pl.config.bounce_speed = 1e6;
    pl
}

/// A long floor, top at 0, and a 0.8 × 0.8 box standing on it at x = 0:
/// ```text
///  □
/// ##########################   from x = -10 to 200
/// ```
fn floor_scene() -> (World, Handle) {
    let mut world = World::new();
    block(&mut world, v(-10.0, -1.0), v(200.0, 0.0));
    let p = body(&mut world, v(0.4, 0.4), v(0.0, 0.41));
    (world, p)
}

/// Runs a dash pressed with `press` to its end (dash kept held, nothing else): the number of
/// updates it took, each checked to report [`Animation::Dash`].
fn dash_to_end(
    pl: &mut Platformer,
    world: &mut World,
    p: Handle,
    press: PlatformerInput,
    dt: f32,
) -> usize {
    pl.update(world, p, press, dt).unwrap();
    let mut n = 1;
    assert_eq!(pl.animation(), Animation::Dash);
    while pl.dashing() {
        pl.update(world, p, DASH, dt).unwrap();
        assert_eq!(pl.animation(), Animation::Dash);
        n += 1;
        assert!(n < 1000, "never ended");
    }
    n
}

// ---------------------------------------------------------------------------------------
// Distance and duration
// ---------------------------------------------------------------------------------------

#[test]
fn a_ground_dash_covers_its_distance_in_its_time_at_30_60_and_144_hz() {
    // On the floor of floor_scene, dashing right 3 units in 0.15 s: 20 units/s, so 0.6667,
    // 0.3333 and 0.1389 a step at 30, 60 and 144 Hz. 0.15 s is 4.5, 9 and 21.6 steps: the dash
    // takes 5, 9 and 22 updates, the last moving only what is left (0.5, 1 and 0.6 of a
    // step). It ends at x = 3 exactly, still on the floor at y = 0.41, going 20 units/s (under
    // the top speed of 22.5).
    let mut ends = Vec::new();
    for (hz, updates) in [(30.0f32, 5), (60.0, 9), (144.0, 22)] {
        let dt = 1.0 / hz;
        let (mut world, p) = floor_scene();
        let mut pl = dasher();
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        assert!(pl.controller.state.grounded());
        let start = pos(&world, p);
        let n = dash_to_end(&mut pl, &mut world, p, DASH_RIGHT, dt);
        assert_eq!(n, updates, "{hz} Hz");
        let moved = pos(&world, p) - start;
        assert!((moved - v(3.0, 0.0)).length() < EXACT, "{hz} Hz: {moved}");
        assert!(pl.controller.state.grounded(), "{hz} Hz");
        assert!(
            (pl.velocity - v(20.0, 0.0)).length() < EXACT,
            "{hz} Hz: {}",
            pl.velocity
        );
        ends.push(pos(&world, p));
        // The next update is an ordinary one.
        pl.update(&mut world, p, DASH, dt).unwrap();
        assert_ne!(pl.animation(), Animation::Dash);
    }
    assert!((ends[0] - ends[1]).length() < EXACT && (ends[1] - ends[2]).length() < EXACT);
}

#[test]
fn an_air_dash_goes_straight_along_its_diagonal_with_gravity_suspended() {
    // In the air at (0, 50), nothing anywhere near. Up-right and down-left presses (the
    // first update): 3 units along (±1, ±1)/√2, so the end is (±2.12132, 50 ± 2.12132) at
    // every rate; gravity does not bend the line. The top speed caps what the dash leaves
    // (20 < 22.5: all of it).
    let d = 3.0 / 2.0f32.sqrt();
    for (press, dir) in [
        (
            PlatformerInput {
                dash: true,
                right: true,
                up: true,
                ..NOTHING
            },
            v(1.0, 1.0),
        ),
        (
            PlatformerInput {
                dash: true,
                left: true,
                down: true,
                ..NOTHING
            },
            v(-1.0, -1.0),
        ),
    ] {
        let mut ends = Vec::new();
        for hz in [30.0f32, 60.0, 144.0] {
            let dt = 1.0 / hz;
            let mut world = World::new();
            let p = body(&mut world, v(0.4, 0.4), v(0.0, 50.0));
            let mut pl = dasher();
            let n = dash_to_end(&mut pl, &mut world, p, press, dt);
            assert_eq!(n, (0.15 * hz).ceil() as usize, "{hz} Hz");
            let end = pos(&world, p);
            let want = v(0.0, 50.0) + dir * d;
            assert!((end - want).length() < EXACT, "{hz} Hz: {end}, not {want}");
            let vel = dir.normalize() * 20.0;
            assert!(
                (pl.velocity - vel).length() < EXACT,
                "{hz} Hz: {}",
                pl.velocity
            );
            ends.push(end);
        }
        assert!((ends[0] - ends[1]).length() < EXACT && (ends[1] - ends[2]).length() < EXACT);
    }
}

#[test]
fn an_upward_dash_leaves_the_ground_without_being_snapped_back() {
    // On the floor of floor_scene, holding up: 3 straight up in 0.15 s, from y = 0.41 to
    // 3.41 at every rate, in the air at the end (going up at 20, then gravity takes over).
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let (mut world, p) = floor_scene();
        let mut pl = dasher();
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        let start = pos(&world, p);
        let up = PlatformerInput { up: true, ..DASH };
        dash_to_end(&mut pl, &mut world, p, up, dt);
        let moved = pos(&world, p) - start;
        assert!((moved - v(0.0, 3.0)).length() < EXACT, "{hz} Hz: {moved}");
        assert!(!pl.controller.state.grounded(), "{hz} Hz");
        assert!((pl.velocity - v(0.0, 20.0)).length() < EXACT, "{hz} Hz");
    }
}

#[test]
fn the_dash_leaves_at_most_the_top_speed_and_nothing_happens_while_dashes_are_off() {
    // 6 units in 0.15 s: 40 units/s while dashing, 22.5 (the top speed) after, still on the
    // floor. With the default settings (dash_distance 0) a dash press changes nothing: the
    // same positions and velocities as without it.
    let dt = 1.0 / 60.0;
    let (mut world, p) = floor_scene();
    let mut pl = dasher();
    pl.config.dash_distance = 6.0;
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    let x0 = pos(&world, p).x;
    pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
    assert!((pl.velocity.x - 40.0).abs() < EXACT, "{}", pl.velocity);
    dash_to_end(&mut pl, &mut world, p, DASH, dt);
    assert!((pos(&world, p).x - x0 - 6.0).abs() < EXACT);
    assert!((pl.velocity.x - 22.5).abs() < EXACT, "{}", pl.velocity);

    assert_eq!(PlatformerConfig::default().dash_distance, 0.0);
    assert_eq!(PlatformerConfig::in_pixels().dash_distance, 0.0);
    let run = |dash: bool| {
        let (mut world, p) = floor_scene();
        let mut pl = Platformer::default();
        let mut trace = Vec::new();
        for i in 0..40 {
            let input = PlatformerInput {
                right: true,
                dash: dash && i % 3 == 0,
                ..NOTHING
            };
            pl.update(&mut world, p, input, dt).unwrap();
            assert!(!pl.dashing());
            trace.push((pos(&world, p), pl.velocity, pl.animation()));
        }
        trace
    };
    assert_eq!(run(true), run(false));
}

#[test]
fn a_ground_dash_crosses_tile_seams_and_walks_up_a_walkable_slope_to_its_end() {
    // A tile floor (top at 1) rising at 45° from x = 3:
    // ```text
    //        /#    5
    //       /##
    //      /###
    //  □  /####
    // ########     1
    // 0  3
    // ```
    // The box on the floor at x = 0.5 dashes right 3: the seams between tiles stop nothing,
    // and the slope (n · direction = −0.707, more oblique than the −0.75 that stops a dash) is
    // walked up. The dash keeps its sideways progress: it ends at x = 3.5 after its 9 updates
    // at 60 Hz, higher than it started, inside nothing.
    let dt = 1.0 / 60.0;
    let mut world = World::new();
    let map = TileMap::from_rows(
        &[
            "......./#",
            "....../##",
            "...../###",
            "..../####",
            ".../#####",
            "#########",
        ],
        1.0,
    )
    .unwrap();
    world.add(ColliderDesc::tiles(map, v(0.0, 0.0))).unwrap();
    let p = body(&mut world, v(0.4, 0.4), v(0.5, 1.41));
    let mut pl = dasher();
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    assert!(pl.controller.state.grounded());
    let start = pos(&world, p);
    assert_eq!(dash_to_end(&mut pl, &mut world, p, DASH_RIGHT, dt), 9);
    let end = pos(&world, p);
    assert!((end.x - start.x - 3.0).abs() < EXACT, "{start} to {end}");
    assert!(end.y > start.y + 0.5, "{start} to {end}");
    assert!(!common::overlaps(&world, p));
    assert!(pl.controller.state.grounded());
}

// ---------------------------------------------------------------------------------------
// Stopping at what it meets
// ---------------------------------------------------------------------------------------

#[test]
fn a_dash_into_a_wall_stops_a_skin_before_it() {
    //  □ ---->   |#|       the floor of floor_scene, a wall from x = 2 to 3, 10 high.
    // A dash of 5 to the right (33.3 units/s, 0.556 a step at 60 Hz) meets the wall in its
    // third step: it ends there, the box's right side a skin from the wall, x = 2 − 0.4 −
    // 0.01 = 1.59, with nothing left of the velocity into the wall. In the air (the box at
    // y = 5) the same, and gravity takes over at the next update.
    for y in [0.41f32, 5.0] {
        let dt = 1.0 / 60.0;
        let (mut world, p) = floor_scene();
        block(&mut world, v(2.0, 0.0), v(3.0, 10.0));
        world.set_position(p, v(0.0, y)).unwrap();
        let mut pl = dasher();
        pl.config.dash_distance = 5.0;
        let skin = pl.controller.config.skin;
        let n = dash_to_end(&mut pl, &mut world, p, DASH_RIGHT, dt);
        assert_eq!(n, 3, "y {y}");
        let at = pos(&world, p);
        assert!((at.x - (2.0 - 0.4 - skin)).abs() < EXACT, "y {y}: {at}");
        assert!((at.y - y).abs() < EXACT, "y {y}: {at}");
        assert!(!common::overlaps(&world, p));
        assert!(pl.velocity.x.abs() < EXACT, "y {y}: {}", pl.velocity);
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        assert!(pos(&world, p).x <= 2.0 - 0.4, "y {y}");
    }
}

#[test]
fn a_dash_passes_through_a_gap_exactly_the_bodys_height() {
    // A slot from x = 2 to 10 between a block below (top at 0) and one above (bottom at 1):
    // exactly the height of a 0.8 × 1 box, which starts in the air at (0, 0.5), flush with
    // both faces, and dashes 12 to the right (80 units/s):
    // ```text
    //            ########
    //   □ --->                --->
    //            ########
    //   0        2      10
    // ```
    // Touching both faces all along, it meets nothing head-on: it comes out at x = 12, y = 0.5,
    // and never overlaps either block.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let mut world = World::new();
        block(&mut world, v(2.0, -5.0), v(10.0, 0.0));
        block(&mut world, v(2.0, 1.0), v(10.0, 5.0));
        let p = body(&mut world, v(0.4, 0.5), v(0.0, 0.5));
        let mut pl = dasher();
        pl.config.dash_distance = 12.0;
        pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
        while pl.dashing() {
            assert!(
                !common::overlaps(&world, p),
                "{hz} Hz at {}",
                pos(&world, p)
            );
            pl.update(&mut world, p, DASH, dt).unwrap();
        }
        let at = pos(&world, p);
        assert!((at - v(12.0, 0.5)).length() < EXACT, "{hz} Hz: {at}");
    }
}

#[test]
fn a_dash_at_ten_thousand_units_a_second_stops_before_a_zero_thickness_segment() {
    //  □ ------------>  |      a segment from (3, 0) to (3, 5) standing on the floor of
    // ##################|####  floor_scene, the 0.8 box on the floor at x = 0, dashing 1500
    //  0                3      in 0.15 s (1e4 units/s, 167 a step at 60 Hz). The first step
    // meets the segment: the dash ends with the box's right side a skin before it (within the
    // two skins a move may keep), never past it; nor do the dashes pressed after.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let (mut world, p) = floor_scene();
        world
            .add(ColliderDesc::new(
                Shape::from(Segment::new(v(3.0, 0.0), v(3.0, 5.0)).unwrap()),
                Vec2::ZERO,
            ))
            .unwrap();
        let mut pl = dasher();
        pl.config.dash_distance = 1500.0;
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        let skin = pl.controller.config.skin;
        let n = dash_to_end(&mut pl, &mut world, p, DASH_RIGHT, dt);
        assert_eq!(n, 1, "{hz} Hz");
        let right_side = pos(&world, p).x + 0.4;
        assert!(
            (3.0 - 2.0 * skin..=3.0 - skin + EXACT).contains(&right_side),
            "{hz} Hz: right side at {right_side}"
        );
        // Pressing on into it with more dashes never passes it either.
        for _ in 0..5 {
            for _ in 0..30 {
                pl.update(&mut world, p, NOTHING, dt).unwrap();
            }
            pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
            assert!(pos(&world, p).x + 0.4 < 3.0, "{hz} Hz");
            assert!(!common::overlaps(&world, p), "{hz} Hz");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Cooldown, air dashes, jumps
// ---------------------------------------------------------------------------------------

#[test]
fn the_cooldown_counts_from_the_dashs_end_and_ground_dashes_need_nothing_else() {
    // Dashes of 0.1 s (6 steps at 60 Hz, the last ending with its step) and a cooldown of
    // 0.1 s, on the floor, no air dashes. A press in the first update after the dash, and one
    // 3 updates later (0.05 s), do nothing; one 8 updates after the dash (0.133 s) dashes.
    // So on: on the ground only the cooldown limits dashes.
    let dt = 1.0 / 60.0;
    let (mut world, p) = floor_scene();
    let mut pl = dasher();
    pl.config.dash_time = 0.1;
    pl.config.dash_cooldown = 0.1;
    pl.config.air_dashes = 0;
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    for round in 0..4 {
        assert_eq!(dash_to_end(&mut pl, &mut world, p, DASH_RIGHT, dt), 6);
        let mut waited = 0;
        for (wait, dashes) in [(0, false), (3, false), (8, true)] {
            while waited < wait {
                pl.update(&mut world, p, NOTHING, dt).unwrap();
                waited += 1;
            }
            pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
            waited += 1;
            assert_eq!(pl.dashing(), dashes, "round {round}, after {wait}");
            if !dashes {
                pl.update(&mut world, p, NOTHING, dt).unwrap();
                waited += 1;
            }
        }
        while pl.dashing() {
            pl.update(&mut world, p, DASH, dt).unwrap();
        }
        for _ in 0..10 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
        }
        assert!(pl.controller.state.grounded());
    }
}

#[test]
fn exactly_air_dashes_dashes_in_the_air_given_back_on_landing() {
    // Two air dashes, short (1 unit in 0.05 s: 3 steps), no cooldown. Jumping off the floor
    // (18.75 up: 3.9 high, in the air for 0.83 s), the presses 5 steps apart dash twice, the
    // third does nothing. After landing, the same again.
    let dt = 1.0 / 60.0;
    let (mut world, p) = floor_scene();
    let mut pl = dasher();
    pl.config.dash_distance = 1.0;
    pl.config.dash_time = 0.05;
    pl.config.dash_cooldown = 0.0;
    pl.config.air_dashes = 2;
    pl.config.jump_cut = 1.0;
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    for round in 0..2 {
        assert!(pl.controller.state.grounded(), "round {round}");
        pl.update(&mut world, p, JUMP, dt).unwrap();
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        for press in 0..3 {
            assert!(
                !pl.controller.state.grounded(),
                "round {round}, press {press}"
            );
            let up = PlatformerInput { up: true, ..DASH };
            pl.update(&mut world, p, up, dt).unwrap();
            assert_eq!(pl.dashing(), press < 2, "round {round}, press {press}");
            for _ in 0..4 {
                pl.update(&mut world, p, NOTHING, dt).unwrap();
            }
            assert!(!pl.dashing());
        }
        for _ in 0..600 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
            if pl.controller.state.grounded() {
                break;
            }
        }
        assert!(
            pl.controller.state.grounded(),
            "round {round}: never landed"
        );
    }
}

#[test]
fn a_jump_press_ends_a_dash_and_jumps() {
    // A ground dash, three updates in: a jump press ends it and jumps from the floor (the
    // upward speed 18.75 − 45/60 = 18 at the end of the step); the sideways speed is the
    // dash's 20, less what the top speed of 22.5 then takes off the whole velocity.
    let dt = 1.0 / 60.0;
    let (mut world, p) = floor_scene();
    let mut pl = dasher();
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
    pl.update(&mut world, p, DASH, dt).unwrap();
    assert!(pl.dashing());
    pl.update(&mut world, p, PlatformerInput { jump: true, ..DASH }, dt)
        .unwrap();
    assert!(!pl.dashing());
    assert_eq!(pl.animation(), Animation::Jump);
    assert!(!pl.controller.state.grounded());
    assert!(
        pl.velocity.y > 10.0 && pl.velocity.x > 10.0,
        "{}",
        pl.velocity
    );
    assert!(pl.velocity.length() <= 22.5 + EXACT);
}

#[test]
fn an_update_refused_in_the_middle_of_a_dash_changes_nothing() {
    // Dashing right at 60 Hz: the update after the second step has a bad dt and is refused;
    // the body, velocity, dash and animation are as before it, and the dash goes on to the
    // same end as one never interrupted.
    let dt = 1.0 / 60.0;
    let run = |interrupt: bool| {
        let (mut world, p) = floor_scene();
        let mut pl = dasher();
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
        pl.update(&mut world, p, DASH, dt).unwrap();
        if interrupt {
            let before = (pos(&world, p), pl.velocity, pl.dashing(), pl.animation());
            for bad in [f32::NAN, 0.0, -dt, f32::INFINITY] {
                assert!(pl.update(&mut world, p, DASH_RIGHT, bad).is_err());
                let after = (pos(&world, p), pl.velocity, pl.dashing(), pl.animation());
                assert_eq!(after, before, "dt {bad}");
            }
        }
        let mut trace = Vec::new();
        for _ in 0..12 {
            pl.update(&mut world, p, DASH, dt).unwrap();
            trace.push((pos(&world, p), pl.velocity, pl.dashing()));
        }
        trace
    };
    assert_eq!(run(true), run(false));
}

// ---------------------------------------------------------------------------------------
// Knockback
// ---------------------------------------------------------------------------------------

/// A closed room: floor at 0, ceiling at 3, walls at x = -3 and 3; the 0.8 box in the air
/// at (0, 1.5):
/// ```text
/// ###############
/// #|           |#   3
/// #|     □     |#
/// #|___________|#   0
///  -3          3
/// ```
fn room() -> (World, Handle) {
    let mut world = World::new();
    block(&mut world, v(-10.0, -1.0), v(10.0, 0.0));
    block(&mut world, v(-10.0, 3.0), v(10.0, 4.0));
    block(&mut world, v(-10.0, 0.0), v(-3.0, 3.0));
    block(&mut world, v(3.0, 0.0), v(10.0, 3.0));
    let p = body(&mut world, v(0.4, 0.4), v(0.0, 1.5));
    (world, p)
}

/// Pushes, then runs `steps` updates of 1/64 s (exact in binary) holding `input`, checking
/// after each that the body overlaps nothing and that the velocity goes into no surface the
/// step met. Returns the animations seen.
fn knock(
    pl: &mut Platformer,
    world: &mut World,
    p: Handle,
    impulse: Vec2,
    input: PlatformerInput,
    steps: usize,
) -> Vec<Animation> {
    pl.push(impulse);
    let mut seen = Vec::new();
    for n in 0..steps {
        pl.update(world, p, input, 1.0 / 64.0).unwrap();
        assert!(
            !common::overlaps(world, p),
            "step {n}: inside at {}",
            pos(world, p)
        );
        for &normal in &pl.controller.state.normals {
            assert!(
                pl.velocity.dot(normal) > -EXACT,
                "step {n}: {} into {normal}",
                pl.velocity
            );
        }
        seen.push(pl.animation());
    }
    seen
}

#[test]
fn knocked_into_a_wall_it_stops_at_it_and_steering_does_nothing_for_the_knockback_time() {
    // In the room, pushed right at 60 units/s (the top speed takes it to 22.5): it reaches
    // the wall at x = 3 − 0.4 − skin within a few steps, the sideways velocity then 0, and it
    // never overlaps the wall. Holding left all the while makes no difference for the
    // 0.25 s of knockback (16 updates of 1/64 s, each reporting Knocked; the 17th not).
    let run = |input: PlatformerInput| {
        let (mut world, p) = room();
        let mut pl = dasher();
        let seen = knock(&mut pl, &mut world, p, v(60.0, 0.0), input, 16);
        assert!(seen.iter().all(|a| *a == Animation::Knocked), "{seen:?}");
        assert!(pl.controller.state.wall.is_some() || pos(&world, p).x > 2.5);
        let x = pos(&world, p).x;
        assert!(
            (x - (3.0 - 0.4 - pl.controller.config.skin)).abs()
                <= pl.controller.config.skin + EXACT,
            "{x}"
        );
        assert!(pl.velocity.x.abs() < EXACT, "{}", pl.velocity);
        assert!(!pl.knocked());
        let trace = (pos(&world, p), pl.velocity);
        pl.update(&mut world, p, input, 1.0 / 64.0).unwrap();
        assert_ne!(pl.animation(), Animation::Knocked);
        (trace, pl.velocity.x)
    };
    let (held, after_held) = run(LEFT);
    let (free, after_free) = run(NOTHING);
    assert_eq!(held, free);
    // Once it is over, holding left accelerates again.
    assert!(after_held < after_free, "{after_held} {after_free}");
}

#[test]
fn knocked_into_the_ceiling_and_into_a_corner_it_never_overlaps_and_keeps_no_velocity_into_them() {
    // Straight up at 40 units/s (22.5 after the cap): the ceiling at 3 stops the box with its
    // top a skin under it, the upward velocity removed; then it falls back to the floor.
    // Up and right (30, 30), from (1.8, 1.8), as far from the wall (x = 3) as from the ceiling:
    // into the top-right corner, against both.
    for (impulse, from, wall, ceiling) in [
        (v(0.0, 40.0), v(0.0, 1.5), false, true),
        (v(30.0, 30.0), v(1.8, 1.8), true, true),
    ] {
        let (mut world, p) = room();
        world.set_position(p, from).unwrap();
        let mut pl = dasher();
        let skin = pl.controller.config.skin;
        let mut met_wall = false;
        let mut met_ceiling = false;
        pl.push(impulse);
        for n in 0..40 {
            pl.update(&mut world, p, NOTHING, 1.0 / 64.0).unwrap();
            assert!(!common::overlaps(&world, p), "{impulse} step {n}");
            let s = &pl.controller.state;
            met_wall |= s.wall.is_some();
            if s.ceiling {
                met_ceiling = true;
                assert!(
                    pl.velocity.y <= EXACT,
                    "{impulse} step {n}: {}",
                    pl.velocity
                );
                let top = pos(&world, p).y + 0.4;
                assert!((3.0 - 2.0 * skin - EXACT..=3.0).contains(&top), "{top}");
            }
            if s.wall.is_some() {
                assert!(
                    pl.velocity.x <= EXACT,
                    "{impulse} step {n}: {}",
                    pl.velocity
                );
            }
        }
        assert_eq!((met_wall, met_ceiling), (wall, ceiling), "{impulse}");
        for _ in 0..200 {
            pl.update(&mut world, p, NOTHING, 1.0 / 64.0).unwrap();
            assert!(!common::overlaps(&world, p));
        }
        assert!(pl.controller.state.grounded());
    }
}

#[test]
fn a_push_lifts_off_the_ground_ends_a_dash_ignores_jumps_and_refuses_non_finite_impulses() {
    let dt = 1.0 / 64.0;
    // On the floor, pushed up at 10: off the ground at the next update (no snap back).
    let (mut world, p) = floor_scene();
    let mut pl = dasher();
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    let y0 = pos(&world, p).y;
    pl.push(v(0.0, 10.0));
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    assert!(!pl.controller.state.grounded());
    assert!(pos(&world, p).y > y0 + 0.1);

    // Pushed sideways on the floor: jump presses are ignored while knocked, and jump held
    // through the end of it is no press either.
    let (mut world, p) = floor_scene();
    let mut pl = dasher();
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    pl.push(v(-10.0, 0.0));
    for _ in 0..8 {
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        pl.update(&mut world, p, JUMP, dt).unwrap();
        assert!(pl.controller.state.grounded());
        assert!(pl.velocity.y.abs() < EXACT);
    }
    for _ in 0..10 {
        pl.update(&mut world, p, JUMP, dt).unwrap();
        assert!(pl.controller.state.grounded());
    }
    // Dash presses likewise: none while knocked, and dash held through its end is no press.
    pl.push(v(-10.0, 0.0));
    for _ in 0..8 {
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
        assert!(!pl.dashing());
    }
    assert!(!pl.knocked());
    pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
    assert!(!pl.dashing());
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
    assert!(pl.dashing());

    // A push during a dash ends it.
    let (mut world, p) = floor_scene();
    let mut pl = dasher();
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
    assert!(pl.dashing());
    pl.push(v(-5.0, 0.0));
    assert!(!pl.dashing() && pl.knocked());
    assert!((pl.velocity.x - 15.0).abs() < EXACT, "{}", pl.velocity);

    // Not finite: ignored. Huge: capped at the top speed of 22.5.
    let before = pl.velocity;
    for bad in [
        v(f32::NAN, 0.0),
        v(0.0, f32::INFINITY),
        v(f32::NEG_INFINITY, 1.0),
    ] {
        pl.push(bad);
        assert_eq!(pl.velocity, before, "{bad}");
    }
    pl.push(v(f32::MAX, 0.0));
    assert!(
        (pl.velocity - v(22.5, 0.0)).length() < EXACT,
        "{}",
        pl.velocity
    );
    for _ in 0..20 {
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        assert!(!common::overlaps(&world, p));
    }
}

#[test]
fn hostile_dash_settings_are_refused_by_name_or_leave_everything_as_it_was() {
    use glissade::character::CharacterError;
    for (c, name) in [
        (
            PlatformerConfig {
                dash_distance: -1.0,
                ..PlatformerConfig::default()
            },
            "dash_distance",
        ),
        (
            PlatformerConfig {
                dash_time: 0.0,
                ..PlatformerConfig::default()
            },
            "dash_time",
        ),
        (
            PlatformerConfig {
                dash_cooldown: f32::NAN,
                ..PlatformerConfig::default()
            },
            "dash_cooldown",
        ),
        (
            PlatformerConfig {
                knockback_time: f32::INFINITY,
                ..PlatformerConfig::default()
            },
            "knockback_time",
        ),
    ] {
        match c.validate() {
            Err(CharacterError::BadConfig { field, .. }) => assert_eq!(field, name),
            other => panic!("{name}: {other:?}"),
        }
    }
    // A dash so fast its speed overflows f32: refused, naming its distance.
    let c = PlatformerConfig {
        dash_distance: 1e10,
        dash_time: f32::MIN_POSITIVE,
        ..PlatformerConfig::default()
    };
    match c.validate() {
        Err(CharacterError::BadConfig { field, .. }) => assert_eq!(field, "dash_distance"),
        other => panic!("{other:?}"),
    }
    // Finite but absurd: a dash longer than any coordinate, or lasting a tiny time. Each
    // update either works or is refused with nothing changed.
    let dt = 1.0 / 60.0;
    for (distance, time) in [
        (1e30f32, 0.15f32),
        (3e37, 0.15),
        (3.0, f32::MIN_POSITIVE),
        (1e-30, 1e-30),
    ] {
        let (mut world, p) = floor_scene();
        let mut pl = dasher();
        pl.config.dash_distance = distance;
        pl.config.dash_time = time;
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        for i in 0..20 {
            let before = (pos(&world, p), pl.velocity, pl.dashing());
            let input = if i % 2 == 0 { DASH_RIGHT } else { NOTHING };
            if pl.update(&mut world, p, input, dt).is_err() {
                assert_eq!((pos(&world, p), pl.velocity, pl.dashing()), before);
            }
            assert!(pos(&world, p).is_finite() && pl.velocity.is_finite());
            assert!(!common::overlaps(&world, p));
        }
    }
}
