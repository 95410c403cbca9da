//! Knockback: the push a hit gives and what the character does under it (against a wall, the
//! ceiling and a corner, off the ground, during a dash); and hostile dash settings, refused by
//! name or changing nothing.

use super::*;

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
    static_box(&mut world, v(-10.0, -1.0), v(10.0, 0.0));
    static_box(&mut world, v(-10.0, 3.0), v(10.0, 4.0));
    static_box(&mut world, v(-10.0, 0.0), v(-3.0, 3.0));
    static_box(&mut world, v(3.0, 0.0), v(10.0, 3.0));
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
