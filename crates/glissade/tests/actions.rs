//! Platformer actions beyond running and jumping: stopping at a constant deceleration (and
//! what else `PlatformerConfig` adds). Each scene is drawn in ASCII; expected numbers are
//! worked out by hand in the comments. Units: world units (1 = a tile), seconds; y up.

use glissade::character::{CharacterError, PlatformerConfig};
use glissade::glam::Vec2;
use glissade::{Aabb, ColliderDesc, Handle, Platformer, PlatformerInput, World};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn pos(world: &World, h: Handle) -> Vec2 {
    world.get(h).unwrap().position()
}

const RIGHT: PlatformerInput = PlatformerInput {
    left: false,
    right: true,
    jump: false,
    down: false,
};
const NOTHING: PlatformerInput = PlatformerInput {
    left: false,
    right: false,
    jump: false,
    down: false,
};

/// A long floor, top at 0, and a 0.8 × 0.8 box standing on it at x = 0:
/// ```text
///  □
/// ##########################   from x = -10 to 200
/// ```
fn floor_scene() -> (World, Handle) {
    let mut world = World::new();
    world
        .add(ColliderDesc::new(
            Aabb::new(v(-10.0, -1.0), v(200.0, 0.0)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    let body = world
        .add(
            ColliderDesc::new(Aabb::from_half_extents(v(0.4, 0.4)).unwrap(), v(0.0, 0.41))
                .kinematic(),
        )
        .unwrap();
    (world, body)
}

// ---------------------------------------------------------------------------------------
// Stopping
// ---------------------------------------------------------------------------------------

#[test]
fn deceleration_stops_from_top_speed_in_the_stated_time_and_distance_at_30_60_and_144_hz() {
    // Deceleration 45 from the default top speed of 22.5: at rest after 22.5 / 45 = 0.5 s,
    // having slid 22.5² / (2 · 45) = 5.625. The speed drops by 45 · dt a step (1.5, 0.75 and
    // 0.3125 at 30, 60 and 144 Hz: 15, 30 and 72 steps), and the move by the mean of the
    // step's velocities is exact for a constant deceleration, so the distance is 5.625 at
    // every rate (1e-3 for rounding), and the time 0.5 s to within one step.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let (mut world, p) = floor_scene();
        let mut pl = Platformer::default();
        pl.config.deceleration = Some(45.0);
        let top = pl.config.max_speed;
        assert_eq!(top, 22.5);
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        for _ in 0..(hz as usize) {
            pl.update(&mut world, p, RIGHT, dt).unwrap();
        }
        assert!(
            (pl.velocity.x - top).abs() < 1e-4,
            "{hz} Hz: {}",
            pl.velocity
        );
        let x0 = pos(&world, p).x;
        let mut steps = 0;
        while pl.velocity.x > 0.0 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
            steps += 1;
            assert!(steps < 2 * hz as usize, "{hz} Hz: still moving");
            assert!(pl.velocity.x >= 0.0, "{hz} Hz: reversed");
        }
        let t = steps as f32 * dt;
        assert!((t - 0.5).abs() <= dt + 1e-5, "{hz} Hz: at rest after {t} s");
        let d = pos(&world, p).x - x0;
        assert!((d - 5.625).abs() < 1e-3, "{hz} Hz: slid {d}");
        // At rest it stays put.
        let at = pos(&world, p);
        for _ in 0..10 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
        }
        assert_eq!(pos(&world, p), at, "{hz} Hz");
        assert!(pl.controller.state.grounded());
    }
}

#[test]
fn friction_stays_the_default_stopping_and_a_bad_deceleration_is_refused() {
    // Unset in both presets: the exponential friction, which after 0.5 s from 22.5 at 60 Hz
    // leaves 22.5 · 0.9³⁰ ≈ 0.954 (the speed × 0.9 a step), not yet at rest.
    assert_eq!(PlatformerConfig::default().deceleration, None);
    assert_eq!(PlatformerConfig::in_pixels().deceleration, None);
    let (mut world, p) = floor_scene();
    let mut pl = Platformer::default();
    pl.update(&mut world, p, NOTHING, 1.0 / 60.0).unwrap();
    for _ in 0..60 {
        pl.update(&mut world, p, RIGHT, 1.0 / 60.0).unwrap();
    }
    for _ in 0..30 {
        pl.update(&mut world, p, NOTHING, 1.0 / 60.0).unwrap();
    }
    let expected = 22.5 * 0.9f32.powi(30);
    assert!((pl.velocity.x - expected).abs() < 1e-3, "{}", pl.velocity);

    for bad in [0.0, -1.0, f32::NAN, f32::INFINITY] {
        let c = PlatformerConfig {
            deceleration: Some(bad),
            ..PlatformerConfig::default()
        };
        match c.validate() {
            Err(CharacterError::BadConfig { field, .. }) => assert_eq!(field, "deceleration"),
            other => panic!("{bad}: {other:?}"),
        }
        let mut pl = Platformer::new(c, PlatformerConfig::default_character());
        assert!(pl.update(&mut world, p, NOTHING, 1.0 / 60.0).is_err());
    }
}

// ---------------------------------------------------------------------------------------
// Air jumps
// ---------------------------------------------------------------------------------------

const JUMP: PlatformerInput = PlatformerInput {
    left: false,
    right: false,
    jump: true,
    down: false,
};

/// Presses jump (one step held, then `gap` steps released) and returns the upward speed at
/// the end of the pressing step.
fn press(pl: &mut Platformer, world: &mut World, p: Handle, gap: usize) -> f32 {
    let dt = 1.0 / 60.0;
    pl.update(world, p, JUMP, dt).unwrap();
    let vy = pl.velocity.y;
    for _ in 0..gap {
        pl.update(world, p, NOTHING, dt).unwrap();
    }
    vy
}

#[test]
fn air_jumps_give_exactly_that_many_extra_jumps_and_come_back_on_landing() {
    // Two air jumps, no jump cut (releasing keeps the rise). On the floor (see floor_scene) a
    // press jumps: the step ends at jump_speed − gravity · dt = 18.75 − 45 / 60 = 18 up.
    // Ten steps later (still rising, off the ground and out of coyote time), each of the next
    // two presses sets it back to jump_speed, ending the step at 18 again; the third press
    // does nothing (the upward speed keeps dropping by 0.75 a step).
    // Once landed, the same again: a ground jump and two air jumps.
    let (mut world, p) = floor_scene();
    let mut pl = Platformer::default();
    pl.config.air_jumps = 2;
    pl.config.jump_cut = 1.0;
    let dt = 1.0 / 60.0;
    let after_press = pl.config.jump_speed - pl.config.gravity * dt;
    assert!((after_press - 18.0).abs() < 1e-5);
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    for round in 0..2 {
        assert!(pl.controller.state.grounded(), "round {round}");
        let y0 = pos(&world, p).y;
        for jump in 0..3 {
            let vy = press(&mut pl, &mut world, p, 10);
            assert!(
                (vy - after_press).abs() < 1e-4,
                "round {round}, jump {jump}: {vy}"
            );
            assert!(!pl.controller.state.grounded());
        }
        let before = pl.velocity.y;
        let vy = press(&mut pl, &mut world, p, 0);
        assert!(
            (vy - (before - pl.config.gravity * dt)).abs() < 1e-4,
            "round {round}: a fourth jump in the air: {vy} after {before}"
        );
        assert!(pos(&world, p).y > y0 + 1.0);
        // Fall back down (the unused press has long expired from the buffer).
        for _ in 0..600 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
            if pl.controller.state.grounded() {
                break;
            }
        }
        for _ in 0..5 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
        }
    }
}

#[test]
fn without_air_jumps_a_press_in_the_air_does_nothing() {
    // The default (0 air jumps): after a jump, a second press in the air keeps falling speed
    // changing by gravity alone.
    let (mut world, p) = floor_scene();
    let mut pl = Platformer::default();
    assert_eq!(pl.config.air_jumps, 0);
    assert_eq!(PlatformerConfig::in_pixels().air_jumps, 0);
    pl.config.jump_cut = 1.0;
    let dt = 1.0 / 60.0;
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    press(&mut pl, &mut world, p, 10);
    let before = pl.velocity.y;
    let vy = press(&mut pl, &mut world, p, 0);
    assert!(
        (vy - (before - pl.config.gravity * dt)).abs() < 1e-4,
        "{vy}"
    );
}
