//! A dash's distance and duration: on the ground and in the air, up and off the ground, its
//! speed after, and across tile seams and up a walkable slope.

use super::*;

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
