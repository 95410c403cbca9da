//! Climbing ladders (climbable sensors) with `PlatformerConfig::climb_speed`. Each scene is
//! drawn in ASCII (`H` a ladder, `:` a climbing net, `#` solid, `=` a one-way platform, `□`
//! the character); expected numbers are worked out by hand in the comments. Units: world
//! units (1 = a tile), seconds; y up. The character is a 0.8 × 0.8 box (half extents 0.4),
//! climbing at 3 units per second.

use glissade::character::Animation;
use glissade::glam::Vec2;
use glissade::{Aabb, ColliderDesc, Handle, Platformer, PlatformerInput, World};

mod common;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn pos(world: &World, h: Handle) -> Vec2 {
    world.get(h).unwrap().position()
}

/// Climbing speed of every test, world units per second.
const CLIMB: f32 = 3.0;
/// Half height of the character's box.
const HALF: f32 = 0.4;
/// The default ground probe (4 × the default skin of 0.01): how far above a floor a standing
/// character's bottom may be.
const PROBE: f32 = 0.04;

const NOTHING: PlatformerInput = PlatformerInput::NONE;
const UP: PlatformerInput = PlatformerInput {
    up: true,
    ..PlatformerInput::NONE
};
const DOWN: PlatformerInput = PlatformerInput {
    down: true,
    ..PlatformerInput::NONE
};
const RIGHT: PlatformerInput = PlatformerInput {
    right: true,
    ..PlatformerInput::NONE
};

fn climber() -> Platformer {
    let mut pl = Platformer::default();
    pl.config.climb_speed = CLIMB;
    pl
}

/// One update that must succeed and leave the character outside everything.
fn update(pl: &mut Platformer, world: &mut World, p: Handle, input: PlatformerInput, dt: f32) {
    pl.update(world, p, input, dt).unwrap();
    assert!(
        !common::overlaps(world, p),
        "inside something at {}",
        pos(world, p)
    );
}

/// A floor, top at 0, from x = -10 to 10, and the character standing on it at x = 0 (its
/// bottom a skin above, at 0.01).
fn floor() -> World {
    let mut world = World::new();
    world
        .add(ColliderDesc::new(
            Aabb::new(v(-10.0, -1.0), v(10.0, 0.0)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    world
}

fn add_body(world: &mut World) -> Handle {
    world
        .add(
            ColliderDesc::new(
                Aabb::from_half_extents(v(HALF, HALF)).unwrap(),
                v(0.0, 0.41),
            )
            .kinematic(),
        )
        .unwrap()
}

/// A box from `lo` to `hi`, to add to a world.
fn boxed(lo: Vec2, hi: Vec2) -> ColliderDesc {
    ColliderDesc::new(Aabb::new(lo, hi).unwrap(), Vec2::ZERO)
}

/// A climbing net 6 wide and 8 high standing on the floor, the character at its foot:
/// ```text
///  :.........:   y = 8
///  :         :
///  :    □    :
/// ###############  floor top 0, x from -10 to 10; net x from -3 to 3
/// ```
fn net_scene() -> (World, Handle, Handle) {
    let mut world = floor();
    let net = boxed(v(-3.0, 0.0), v(3.0, 8.0)).climbable();
    let net = world.add(net).unwrap();
    let body = add_body(&mut world);
    (world, body, net)
}

// ---------------------------------------------------------------------------------------
// Climbing at the stated speed
// ---------------------------------------------------------------------------------------

#[test]
fn climbing_moves_at_climb_speed_up_down_and_sideways_at_30_60_and_144_hz() {
    // In the net (see net_scene), at climb speed 3 with no gravity and no friction: holding up
    // for 1 s climbs exactly 3 (from y = 0.41 to 3.41); nothing held, or up and down together,
    // holds still; right for 0.5 s moves 1.5 right; down for 0.5 s climbs down 1.5 (to
    // y = 1.91). Holding down on, the character reaches the floor (its bottom from 1.51 to a
    // skin above 0, in about 0.5 s) and lets go there, standing.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let n = hz as usize;
        let (mut world, p, net) = net_scene();
        let mut pl = climber();
        update(&mut pl, &mut world, p, NOTHING, dt);
        assert!(pl.controller.state.grounded(), "{hz} Hz");
        // Inside the net without up or down held: not climbing.
        assert_eq!(pl.climbing(), None, "{hz} Hz");
        let p0 = pos(&world, p);

        for _ in 0..n {
            update(&mut pl, &mut world, p, UP, dt);
            assert_eq!(pl.climbing(), Some(net), "{hz} Hz");
            assert_eq!(pl.animation(), Animation::Climb, "{hz} Hz");
            assert!((pl.velocity - v(0.0, CLIMB)).length() < 1e-4, "{hz} Hz");
        }
        let p1 = pos(&world, p);
        assert!((p1 - (p0 + v(0.0, CLIMB))).length() < 1e-4, "{hz} Hz: {p1}");

        let both = PlatformerInput {
            up: true,
            down: true,
            ..NOTHING
        };
        for input in [NOTHING, both] {
            for _ in 0..n / 4 {
                update(&mut pl, &mut world, p, input, dt);
                assert_eq!(pl.climbing(), Some(net), "{hz} Hz");
                assert_eq!(pl.animation(), Animation::Climb, "{hz} Hz");
            }
            assert_eq!(pos(&world, p), p1, "{hz} Hz: {input:?} held still");
            assert_eq!(pl.velocity, Vec2::ZERO, "{hz} Hz");
        }

        for _ in 0..n / 2 {
            update(&mut pl, &mut world, p, RIGHT, dt);
            assert_eq!(pl.climbing(), Some(net), "{hz} Hz");
        }
        let p2 = pos(&world, p);
        assert!(
            (p2 - (p1 + v(0.5 * CLIMB, 0.0))).length() < 1e-4,
            "{hz} Hz: {p2}"
        );

        for _ in 0..n / 2 {
            update(&mut pl, &mut world, p, DOWN, dt);
            assert_eq!(pl.climbing(), Some(net), "{hz} Hz");
            assert!((pl.velocity - v(0.0, -CLIMB)).length() < 1e-4, "{hz} Hz");
        }
        let p3 = pos(&world, p);
        assert!(
            (p3 - (p2 - v(0.0, 0.5 * CLIMB))).length() < 1e-4,
            "{hz} Hz: {p3}"
        );

        // Down to the floor: 1.5 more at 3 per second, in 0.5 s and a step or two.
        let mut steps = 0;
        while pl.climbing().is_some() {
            update(&mut pl, &mut world, p, DOWN, dt);
            steps += 1;
            assert!(steps <= n / 2 + 2, "{hz} Hz: still climbing");
        }
        assert!(steps + 2 >= n / 2, "{hz} Hz: let go after {steps} steps");
        assert!(pl.controller.state.grounded(), "{hz} Hz");
        assert_eq!(pl.animation(), Animation::Land, "{hz} Hz");
        let bottom = pos(&world, p).y - HALF;
        assert!(
            (0.0..=PROBE).contains(&bottom),
            "{hz} Hz: bottom at {bottom}"
        );
        assert!(pl.velocity.y.abs() < 1e-6, "{hz} Hz: {}", pl.velocity);
        // Standing at the foot of the net, down does not climb (nowhere to go).
        let at = pos(&world, p);
        for _ in 0..10 {
            update(&mut pl, &mut world, p, DOWN, dt);
            assert_eq!(pl.climbing(), None, "{hz} Hz");
        }
        assert_eq!(pos(&world, p), at, "{hz} Hz");
        assert_eq!(pl.animation(), Animation::Idle, "{hz} Hz");
    }
}

// ---------------------------------------------------------------------------------------
// Jumping off
// ---------------------------------------------------------------------------------------

#[test]
fn a_jump_press_leaves_the_ladder_with_a_normal_jump_and_it_is_not_grabbed_again_while_rising() {
    // In the net (see net_scene), 1 s up (y = 3.41), then jump with right held, at 60 Hz: the
    // step sets the upward speed to jump_speed (18.75) and gravity (45) takes 0.75 off it,
    // while right accelerates at 78.75 (the default in the air): velocity (1.3125, 18).
    // The step moves by the mean of its start and end velocities: (0.65625, 18.375) / 60.
    // Holding jump and up after it, the character rises (no cut) without grabbing the net; at
    // the top of the jump (18.75 / 45 ≈ 0.417 s, 18.75² / 90 ≈ 3.9 higher, still in the net,
    // whose top is at 8) it grabs it again and climbs.
    let dt = 1.0 / 60.0;
    let (mut world, p, net) = net_scene();
    let mut pl = climber();
    update(&mut pl, &mut world, p, NOTHING, dt);
    for _ in 0..60 {
        update(&mut pl, &mut world, p, UP, dt);
    }
    assert_eq!(pl.climbing(), Some(net));
    let before = pos(&world, p);
    let jump_right = PlatformerInput {
        jump: true,
        right: true,
        ..NOTHING
    };
    update(&mut pl, &mut world, p, jump_right, dt);
    assert_eq!(pl.climbing(), None);
    assert_eq!(pl.animation(), Animation::Jump);
    assert!(
        (pl.velocity - v(1.3125, 18.0)).length() < 1e-4,
        "{}",
        pl.velocity
    );
    let moved = pos(&world, p) - before;
    assert!(
        (moved - v(0.65625, 18.375) * dt).length() < 1e-4,
        "moved {moved}"
    );

    let jump_up = PlatformerInput {
        jump: true,
        up: true,
        ..NOTHING
    };
    let mut steps = 0;
    while pl.velocity.y > 0.0 {
        update(&mut pl, &mut world, p, jump_up, dt);
        steps += 1;
        assert!(steps < 60);
        if pl.velocity.y > 0.0 {
            assert_eq!(pl.climbing(), None, "grabbed while rising, step {steps}");
        }
    }
    // 18 / 0.75 = 24 more steps to the top of the jump.
    assert_eq!(steps, 24);
    assert!(pos(&world, p).y > before.y + 3.5);
    update(&mut pl, &mut world, p, jump_up, dt);
    assert_eq!(pl.climbing(), Some(net));
    assert_eq!(pl.animation(), Animation::Climb);
    assert!(
        (pl.velocity - v(0.0, CLIMB)).length() < 1e-4,
        "{}",
        pl.velocity
    );
}

#[test]
fn at_the_foot_of_a_ladder_a_jump_press_jumps_rather_than_climbs() {
    // Standing in the net (see net_scene), jump and up pressed together: a normal jump (the
    // step ends at 18.75 - 0.75 = 18 up), not a climb.
    let dt = 1.0 / 60.0;
    let (mut world, p, _) = net_scene();
    let mut pl = climber();
    update(&mut pl, &mut world, p, NOTHING, dt);
    let jump_up = PlatformerInput {
        jump: true,
        up: true,
        ..NOTHING
    };
    update(&mut pl, &mut world, p, jump_up, dt);
    assert_eq!(pl.climbing(), None);
    assert_eq!(pl.animation(), Animation::Jump);
    assert!(
        (pl.velocity - v(0.0, 18.0)).length() < 1e-4,
        "{}",
        pl.velocity
    );
}

// ---------------------------------------------------------------------------------------
// Out of the top
// ---------------------------------------------------------------------------------------

#[test]
fn climbing_out_of_the_top_steps_onto_the_floor_beside_it() {
    // A ladder 1 wide and 3 high beside a block whose top is level with the ladder's:
    // ```text
    //      H#######   ladder x from -0.5 to 0.5, y from 0 to 3; block x from 0.5 to 10,
    //      H#######   top at 3
    //      H□######
    // ###############  floor top 0
    // ```
    // Holding up and right, the character climbs with its side against the block (the block
    // takes the sideways part) until its bottom passes 3, out of the ladder's top: it lets go
    // (keeping no upward speed) and, steered right, lands on the block: standing on it, its
    // bottom within the ground probe above 3.
    let up_right = PlatformerInput {
        up: true,
        right: true,
        ..NOTHING
    };
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let mut world = floor();
        let ladder = boxed(v(-0.5, 0.0), v(0.5, 3.0)).climbable();
        let ladder = world.add(ladder).unwrap();
        let block = boxed(v(0.5, 0.0), v(10.0, 3.0));
        let block = world.add(block).unwrap();
        let p = add_body(&mut world);
        let mut pl = climber();
        update(&mut pl, &mut world, p, NOTHING, dt);
        let mut climbed = 0;
        update(&mut pl, &mut world, p, up_right, dt);
        while pl.climbing() == Some(ladder) {
            climbed += 1;
            // Below the top, against the block, climbing at climb speed.
            assert!(pos(&world, p).x < 0.1 + 1e-4, "{hz} Hz");
            assert!(climbed < 2 * hz as usize, "{hz} Hz: still climbing");
            update(&mut pl, &mut world, p, up_right, dt);
        }
        // The climb from a bottom at 0.01 to past 3 takes about 1 s.
        assert!(
            (climbed as f32 * dt - 1.0).abs() < 0.05,
            "{hz} Hz: climbed {climbed} steps"
        );
        assert!(pl.velocity.y <= 0.0, "{hz} Hz: let go with no upward speed");
        // Then 0.2 s more to the right (to about 15.75 per second), and at most
        // 15.75 / 6.32 ≈ 2.5 of sliding to rest: well on the block, which is 9.5 long.
        for _ in 0..(hz as usize / 5) {
            update(&mut pl, &mut world, p, RIGHT, dt);
        }
        for _ in 0..(hz as usize) {
            update(&mut pl, &mut world, p, NOTHING, dt);
        }
        assert_eq!(pl.climbing(), None, "{hz} Hz");
        let g = pl.controller.state.ground.expect("standing");
        assert_eq!(g.handle, block, "{hz} Hz");
        let at = pos(&world, p);
        assert!(at.x - HALF > 0.5, "{hz} Hz: {at}");
        let bottom = at.y - HALF;
        assert!(
            (3.0..=3.0 + PROBE).contains(&bottom),
            "{hz} Hz: bottom {bottom}"
        );
    }
}

/// A ladder up to a one-way platform whose top is level with the ladder's:
/// ```text
///   ====H====     one-way platform x from -2 to 2, y from 2.75 to 3
///       H         ladder x from -0.5 to 0.5, y from 0 to 3
///       H□
/// ###############  floor top 0
/// ```
fn one_way_scene() -> (World, Handle, Handle, Handle) {
    let mut world = floor();
    let ladder = boxed(v(-0.5, 0.0), v(0.5, 3.0)).climbable();
    let ladder = world.add(ladder).unwrap();
    let platform = boxed(v(-2.0, 2.75), v(2.0, 3.0)).one_way();
    let platform = world.add(platform).unwrap();
    let p = add_body(&mut world);
    (world, p, ladder, platform)
}

#[test]
fn a_one_way_platform_at_the_top_is_climbed_through_from_below_and_stood_on() {
    // See one_way_scene. Holding up from the floor: the climb passes through the platform
    // (the body's bottom from 0.01 up to past 3 in about 1 s at 3 per second), lets go with
    // no upward speed once out of the ladder's top, and the character lands on the platform,
    // its bottom within the probe above 3. Up held on, it stays standing there: a ladder
    // only under its feet is not climbed up.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let (mut world, p, ladder, platform) = one_way_scene();
        let mut pl = climber();
        update(&mut pl, &mut world, p, NOTHING, dt);
        let y0 = pos(&world, p).y;
        let mut steps = 0;
        while pl.climbing() == Some(ladder) || steps == 0 {
            update(&mut pl, &mut world, p, UP, dt);
            steps += 1;
            assert!(steps < 2 * hz as usize, "{hz} Hz: still climbing");
        }
        // The last climbing step took the bottom past 3: (3 - 0.01) / 3 per second.
        let t = steps as f32 * dt;
        assert!((t - 2.99 / CLIMB).abs() <= dt + 1e-5, "{hz} Hz: {t} s");
        assert!(
            (pos(&world, p).y - (y0 + CLIMB * t)).abs() < 1e-4,
            "{hz} Hz: climbed at climb speed"
        );
        assert_eq!(pl.velocity.y, 0.0, "{hz} Hz: let go with no upward speed");
        for _ in 0..(hz as usize / 2) {
            update(&mut pl, &mut world, p, UP, dt);
            assert_eq!(pl.climbing(), None, "{hz} Hz");
        }
        let g = pl.controller.state.ground.expect("standing");
        assert_eq!(g.handle, platform, "{hz} Hz");
        let bottom = pos(&world, p).y - HALF;
        assert!(
            (3.0..=3.0 + PROBE).contains(&bottom),
            "{hz} Hz: bottom {bottom}"
        );
        assert_eq!(pl.animation(), Animation::Idle, "{hz} Hz");
    }
}

#[test]
fn from_a_one_way_platform_at_the_top_down_climbs_down_through_it() {
    // See one_way_scene: the character climbs up onto the platform (as in the test above),
    // then holds down. The ladder is just under its feet (within the ground probe) and only a
    // one-way platform is in the way: down starts a climb at once, through the platform, at
    // climb speed (each step exactly 3 · dt down, where a drop-through would fall
    // 45 · dt² / 2 in its first step); the climb lets go on the floor, standing there.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let (mut world, p, ladder, platform) = one_way_scene();
        let mut pl = climber();
        update(&mut pl, &mut world, p, NOTHING, dt);
        for _ in 0..(2 * hz as usize) {
            update(&mut pl, &mut world, p, UP, dt);
        }
        assert_eq!(pl.controller.state.ground.map(|g| g.handle), Some(platform));
        for i in 0..5 {
            let before = pos(&world, p);
            update(&mut pl, &mut world, p, DOWN, dt);
            assert_eq!(pl.climbing(), Some(ladder), "{hz} Hz, step {i}");
            assert_eq!(pl.animation(), Animation::Climb, "{hz} Hz");
            let moved = pos(&world, p) - before;
            assert!(
                (moved - v(0.0, -CLIMB * dt)).length() < 1e-4,
                "{hz} Hz: {moved}"
            );
        }
        let mut steps = 0;
        while pl.climbing().is_some() {
            update(&mut pl, &mut world, p, DOWN, dt);
            steps += 1;
            assert!(steps < 2 * hz as usize, "{hz} Hz: still climbing");
        }
        assert!(pl.controller.state.grounded(), "{hz} Hz");
        let bottom = pos(&world, p).y - HALF;
        assert!((0.0..=PROBE).contains(&bottom), "{hz} Hz: bottom {bottom}");
    }
}

// ---------------------------------------------------------------------------------------
// Without climbing
// ---------------------------------------------------------------------------------------

/// A scripted run of inputs: up, up and right, jump and up, nothing, down, left.
fn script() -> Vec<PlatformerInput> {
    let mut s = Vec::new();
    let jump_up = PlatformerInput {
        jump: true,
        up: true,
        ..NOTHING
    };
    let up_right = PlatformerInput {
        up: true,
        right: true,
        ..NOTHING
    };
    let left = PlatformerInput {
        left: true,
        ..NOTHING
    };
    for (input, n) in [
        (NOTHING, 5),
        (UP, 30),
        (up_right, 20),
        (jump_up, 10),
        (NOTHING, 40),
        (DOWN, 20),
        (left, 30),
        (jump_up, 5),
        (DOWN, 60),
    ] {
        s.extend(std::iter::repeat_n(input, n));
    }
    s
}

/// The positions, velocities and animations of `pl` along the script in `world`.
fn trajectory(mut pl: Platformer, world: &mut World, p: Handle) -> Vec<(Vec2, Vec2, Animation)> {
    script()
        .into_iter()
        .map(|input| {
            update(&mut pl, world, p, input, 1.0 / 60.0);
            assert_eq!(pl.climbing(), None);
            (pos(world, p), pl.velocity, pl.animation())
        })
        .collect()
}

#[test]
fn without_climb_speed_or_on_another_layer_a_ladder_is_only_a_sensor() {
    // The same script in the net scene (see net_scene) and on the bare floor: with climb
    // speed 0 (the default) the net changes nothing, nor does it with climb speed 3 when the
    // net's layers are not in the character's mask.
    let bare = {
        let mut world = floor();
        let p = add_body(&mut world);
        trajectory(Platformer::default(), &mut world, p)
    };
    assert!(bare.iter().all(|(_, _, a)| *a != Animation::Climb));
    assert_eq!(Platformer::default().config.climb_speed, 0.0);
    let (mut world, p, _) = net_scene();
    assert_eq!(trajectory(Platformer::default(), &mut world, p), bare);

    let mut world = floor();
    let net = boxed(v(-3.0, 0.0), v(3.0, 8.0))
        .climbable()
        .with_layers(1 << 3, u32::MAX);
    world.add(net).unwrap();
    let p = world
        .add(
            ColliderDesc::new(
                Aabb::from_half_extents(v(HALF, HALF)).unwrap(),
                v(0.0, 0.41),
            )
            .kinematic()
            .with_layers(1, !(1 << 3)),
        )
        .unwrap();
    assert_eq!(trajectory(climber(), &mut world, p), bare);
}

#[test]
fn a_refused_update_leaves_the_climb_as_it_was() {
    // Climbing in the net (see net_scene), an update with a bad dt is refused and changes
    // nothing: still climbing the net, at the same place and velocity.
    let dt = 1.0 / 60.0;
    let (mut world, p, net) = net_scene();
    let mut pl = climber();
    update(&mut pl, &mut world, p, NOTHING, dt);
    for _ in 0..10 {
        update(&mut pl, &mut world, p, UP, dt);
    }
    let (at, vel) = (pos(&world, p), pl.velocity);
    assert!(pl.update(&mut world, p, UP, f32::NAN).is_err());
    let jump = PlatformerInput {
        jump: true,
        ..NOTHING
    };
    assert!(pl.update(&mut world, p, jump, -1.0).is_err());
    assert_eq!((pos(&world, p), pl.velocity), (at, vel));
    assert_eq!(pl.climbing(), Some(net));
    // A huge climb speed is refused the same way (its step overflows), keeping the climb.
    pl.config.climb_speed = f32::MAX;
    let up_right = PlatformerInput {
        up: true,
        right: true,
        ..NOTHING
    };
    assert!(pl.update(&mut world, p, up_right, dt).is_err());
    assert_eq!((pos(&world, p), pl.velocity), (at, vel));
    assert_eq!(pl.climbing(), Some(net));
}

#[test]
fn random_keys_on_ladders_never_fail_nor_leave_the_character_inside_anything() {
    // Both ladder scenes (a one-way platform at the top, see one_way_scene; and a block beside
    // the top), walled at both ends, under 3000 updates of random keys at 30, 60 and 144 Hz: every update succeeds,
    // the character is never inside anything, and it climbs exactly when the animation says.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        // xorshift64
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for scene in 0..2 {
        for hz in [30.0f32, 60.0, 144.0] {
            let (mut world, p) = if scene == 0 {
                let (world, p, _, _) = one_way_scene();
                (world, p)
            } else {
                let mut world = floor();
                world
                    .add(boxed(v(-0.5, 0.0), v(0.5, 3.0)).climbable())
                    .unwrap();
                world.add(boxed(v(0.5, 0.0), v(10.0, 3.0))).unwrap();
                let p = add_body(&mut world);
                (world, p)
            };
            // Walls at both ends of the floor keep the character on it.
            world.add(boxed(v(-11.0, -1.0), v(-10.0, 20.0))).unwrap();
            world.add(boxed(v(10.0, -1.0), v(11.0, 20.0))).unwrap();
            let mut pl = climber();
            let mut keys = NOTHING;
            let mut climbed = 0;
            for _ in 0..3000 {
                let r = next();
                // Keys change now and then, so that holds last long enough to climb.
                if r % 8 == 0 {
                    keys = PlatformerInput {
                        up: r & (1 << 8) != 0,
                        down: r & (1 << 9) != 0,
                        left: r & (1 << 10) != 0,
                        right: r & (1 << 11) != 0,
                        jump: r & (1 << 12) != 0,
                        ..NOTHING
                    };
                }
                update(&mut pl, &mut world, p, keys, 1.0 / hz);
                assert_eq!(
                    pl.climbing().is_some(),
                    pl.animation() == Animation::Climb,
                    "{hz} Hz"
                );
                assert!(pos(&world, p).y > 0.0, "{hz} Hz: fell through the floor");
                climbed += usize::from(pl.climbing().is_some());
            }
            // Some of it on the ladder (it wanders off it often).
            assert!(climbed > 20, "{hz} Hz: climbed only {climbed} updates");
        }
    }
}

#[test]
fn out_of_the_bottom_or_the_side_the_climber_lets_go_keeping_the_climbs_velocity() {
    // A net hanging above the floor, the character in it:
    // ```text
    //  :.........:   y = 8
    //  :    □    :   the character at (0, 5)
    //  :.........:   y = 2, x from -3 to 3
    //
    // ###############  floor top 0
    // ```
    // Down held in the air grabs the net at once (nothing solid below). Climbing down out of
    // its bottom (the top of the box past y = 2) lets go falling at the climb speed, (0, -3);
    // climbing right out of its side lets go at (3, 0). Either way the character then falls
    // to the floor and stands on it.
    let dt = 1.0 / 60.0;
    let ways = [(DOWN, v(0.0, -CLIMB)), (RIGHT, v(CLIMB, 0.0))];
    for (input, expected) in ways {
        let mut world = floor();
        let net = world
            .add(boxed(v(-3.0, 2.0), v(3.0, 8.0)).climbable())
            .unwrap();
        let p = world
            .add(
                ColliderDesc::new(Aabb::from_half_extents(v(HALF, HALF)).unwrap(), v(0.0, 5.0))
                    .kinematic(),
            )
            .unwrap();
        let mut pl = climber();
        update(&mut pl, &mut world, p, DOWN, dt);
        assert_eq!(pl.climbing(), Some(net));
        let mut steps = 0usize;
        while pl.climbing().is_some() {
            update(&mut pl, &mut world, p, input, dt);
            steps += 1;
            assert!(steps < 200, "{input:?}: still climbing");
        }
        // Out of the bottom: from y = 5 - 0.05 to a top below 2 (y < 1.6), 3.35 at 0.05 a
        // step: 67 steps; out of the side: from x = 0 to a left side past 3 (x > 3.4), 68.
        let expected_steps = if input == DOWN { 67 } else { 68 };
        assert!(
            steps.abs_diff(expected_steps) <= 1,
            "{input:?}: {steps} steps"
        );
        assert!((pl.velocity - expected).length() < 1e-4, "{}", pl.velocity);
        assert_eq!(pl.animation(), Animation::Fall);
        assert!(!pl.controller.state.grounded());
        for _ in 0..120 {
            update(&mut pl, &mut world, p, NOTHING, dt);
        }
        assert!(pl.controller.state.grounded(), "{input:?}");
        assert_eq!(pl.climbing(), None);
    }
}

#[test]
fn at_the_open_top_of_a_rope_the_climber_is_held_still_not_bobbing() {
    // A rope hanging in the air, nothing at its top, the character in it:
    // ```text
    //       H        y = 6: the rope's top (x from -0.5 to 0.5, y from 2 to 6)
    //       H□       the character at (0, 3)
    //       H        y = 2
    //
    // ###############  floor top 0
    // ```
    // Up held: it climbs at 3 per second until its bottom reaches the top (y = 6) and is
    // held there, one skin (0.01) inside the rope: the box's centre at 6 - 0.01 + 0.4 = 6.39,
    // still climbing, no upward speed, at any frame rate. (Letting go there would drop it
    // back into the rope, which up would grab again: a bob of a few hundredths every few
    // frames.) Released, it stays; down climbs down at the climb speed; a jump leaves it.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let mut world = floor();
        let rope = world
            .add(boxed(v(-0.5, 2.0), v(0.5, 6.0)).climbable())
            .unwrap();
        let p = world
            .add(
                ColliderDesc::new(Aabb::from_half_extents(v(HALF, HALF)).unwrap(), v(0.0, 3.0))
                    .kinematic(),
            )
            .unwrap();
        let mut pl = climber();
        update(&mut pl, &mut world, p, UP, dt);
        assert_eq!(pl.climbing(), Some(rope), "{hz} Hz");
        // From y = 3 (bottom 2.6) to a bottom at 5.99: 3.39 at 3 per second, about 1.13 s.
        // Two seconds of up: the last 0.8 s all at the top.
        let n = (2.0 * hz) as usize;
        for i in 0..n {
            update(&mut pl, &mut world, p, UP, dt);
            assert_eq!(pl.climbing(), Some(rope), "{hz} Hz: let go at update {i}");
            if i as f32 * dt > 1.2 {
                let y = pos(&world, p).y;
                assert!((y - 6.39).abs() < 1e-4, "{hz} Hz: y {y} at update {i}");
                assert_eq!(pl.velocity, Vec2::ZERO, "{hz} Hz");
                assert_eq!(pl.animation(), Animation::Climb, "{hz} Hz");
            }
        }
        for _ in 0..(hz as usize / 2) {
            update(&mut pl, &mut world, p, NOTHING, dt);
        }
        assert!(
            (pos(&world, p).y - 6.39).abs() < 1e-4,
            "{hz} Hz: stays when released"
        );
        for _ in 0..(hz as usize / 2) {
            update(&mut pl, &mut world, p, DOWN, dt);
        }
        // Half a second down: 1.5 lower.
        assert!(
            (pos(&world, p).y - 4.89).abs() < 1e-3,
            "{hz} Hz: {}",
            pos(&world, p)
        );
        let jump = PlatformerInput {
            jump: true,
            ..NOTHING
        };
        update(&mut pl, &mut world, p, jump, dt);
        assert_eq!(pl.climbing(), None, "{hz} Hz: a jump leaves the rope");
        assert!(pl.velocity.y > 0.0, "{hz} Hz");
    }
}
