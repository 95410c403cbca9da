//! The demo's platformer feel, played through the game without sockets: top speed, stopping,
//! the built-in level's ledges within a jump, and the tutorial feel still there.

use glissade_game::{DEMO_MAX_SPEED, Event, Feel, Game, Input, Keys, PlayerView, TICK_HZ, VIEW};

/// A flat floor 60 wide, its top at y = 1, under the built-in level's gravity (45):
/// ```text
///   □                                   the body (0.6 × 0.9) spawns at (10.5, 1.5)
/// ############################################################   y = 0 to 1
/// ```
fn flat() -> String {
    format!(
        r#"{{"name":"flat","mode":"platformer","bounds":{{"min":[0,0],"max":[60,20]}},
         "gravity":[0,-45],"tiles":[{{"origin":[0,0],"cell":1.0,"rows":["{}"]}}],
         "spawns":[[10.5,1.5]]}}"#,
        "#".repeat(60)
    )
}

fn game(feel: Feel) -> Game {
    let level = glissade_level::parse_json(&flat(), "flat.json")
        .unwrap()
        .level;
    let mut g = Game::from_level(&level, 1).unwrap().with_feel(feel);
    assert!(g.join(1));
    g
}

fn step(g: &mut Game, keys: Keys) -> PlayerView {
    g.set_input(
        1,
        Input {
            keys,
            ..Input::default()
        },
    );
    g.step();
    g.snapshot().players[0]
}

const NONE: Keys = Keys {
    left: false,
    right: false,
    up: false,
    down: false,
    jump: false,
    dash: false,
};
const RIGHT: Keys = Keys {
    right: true,
    ..NONE
};

#[test]
fn the_demo_runs_at_16_crossing_the_view_in_over_2_s_and_stops_within_a_tenth_of_a_second() {
    // Settled on the floor, right held for 1 s: at 100 units/s² the top speed (16) is
    // reached in 0.16 s and kept; the 32-unit view takes 32 / 16 = 2 s to cross. Let go:
    // 160 units/s² of braking stop it in 0.1 s, 6 ticks at 60 Hz (the seventh at most, for
    // the tick the release lands in).
    let mut g = game(Feel::Demo);
    for _ in 0..30 {
        step(&mut g, NONE);
    }
    let mut top = 0.0f32;
    for _ in 0..TICK_HZ {
        let p = step(&mut g, RIGHT);
        assert!(p.grounded);
        top = top.max(p.velocity.x);
    }
    assert!((top - DEMO_MAX_SPEED).abs() < 1e-3, "top speed {top}");
    assert!(VIEW[0] as f32 / top >= 2.0);
    let mut ticks = 0;
    while step(&mut g, NONE).velocity.x != 0.0 {
        ticks += 1;
        assert!(ticks <= 7, "still moving {ticks} ticks after letting go");
    }
    assert!(
        ticks >= 5,
        "stopped in {ticks} ticks: braking harder than stated"
    );
}

#[test]
fn the_tutorial_feel_keeps_the_library_defaults() {
    // The tutorial's top speed is 22.5 and its stop is exponential (over a second).
    let mut g = game(Feel::Tutorial);
    for _ in 0..30 {
        step(&mut g, NONE);
    }
    let mut top = 0.0f32;
    for _ in 0..(2 * TICK_HZ) {
        top = top.max(step(&mut g, RIGHT).velocity.x);
    }
    assert!((top - 22.5).abs() < 1e-3, "top speed {top}");
    for _ in 0..(TICK_HZ / 2) {
        step(&mut g, NONE);
    }
    assert!(
        step(&mut g, NONE).velocity.x > 0.5,
        "the tutorial creeps on"
    );
}

#[test]
fn from_the_floor_of_the_built_in_level_a_jump_lands_on_its_lowest_one_way_ledge() {
    // The built-in platformer level: the floor's top at y = 1, a one-way ledge from x = 4 to
    // 8 with its top at y = 6, five above the floor:
    // ```text
    // #...====      y = 5 to 6
    // #
    // #  □          the body at its spawn, x = 2.5
    // ##########    floor top y = 1
    // ```
    // Walking right to under the ledge and jumping, then jumping again in the air at the top
    // of the first jump: 16² / 90 ≈ 2.84 up each, about 5.7 in all, up through the ledge from
    // below (one way), its bottom past 6, and down onto it: standing on it, the body's
    // centre at 6 + 0.45 (and a skin). One jump alone falls short.
    let level = glissade_level::load("platformer").unwrap().level;
    let mut g = Game::from_level(&level, 1).unwrap();
    assert_eq!(g.feel(), Feel::Demo);
    assert!(g.join(1));
    for _ in 0..30 {
        step(&mut g, NONE);
    }
    let mut p = step(&mut g, NONE);
    while p.position.x < 5.5 {
        p = step(&mut g, RIGHT);
    }
    while p.velocity.x != 0.0 {
        p = step(&mut g, NONE);
    }
    let jump = Keys { jump: true, ..NONE };
    // Up for 16 / 45 ≈ 0.36 s: 21 ticks to the top, then a fresh press there.
    let floor = p.position.y;
    let mut apex = floor;
    for _ in 0..21 {
        p = step(&mut g, jump);
        apex = apex.max(p.position.y);
    }
    assert!(
        (apex - floor - 2.84).abs() < 0.1,
        "one jump rises {}",
        apex - floor
    );
    step(&mut g, NONE);
    for _ in 0..21 {
        p = step(&mut g, jump);
    }
    for _ in 0..(2 * TICK_HZ) {
        p = step(&mut g, NONE);
    }
    assert!(p.grounded, "{p:?}");
    let bottom = p.position.y - 0.45;
    assert!(
        (6.0..6.05).contains(&bottom),
        "landed with its bottom at {bottom}, not on the ledge (top 6): {p:?}"
    );
}

#[test]
fn the_built_in_level_s_ladder_climbs_to_the_high_block_and_steps_off_onto_it() {
    // The ladder stands on the stairs at x 32.2 to 33 and rises to y = 13, the top of the high
    // block (x 24 to 32) just left of it:
    // ```text
    //  ########H     block top y = 13
    //          H
    //          H     ladder x 32.2 to 33, y 4 to 13
    //        __H     stairs
    // ```
    // Put on the ladder at (32.6, 5) and holding up: it climbs at 6 units/s, and at the top
    // (nothing to stand on there, up alone held) it is held with its bottom a skin under 13.
    // Up and left together then step it off the top onto the block.
    let level = glissade_level::load("platformer").unwrap().level;
    let mut g = Game::from_level(&level, 1).unwrap();
    assert!(g.join(1));
    g.step();
    assert!(g.place(1, glissade::glam::Vec2::new(32.6, 5.0)));
    let up = Keys { up: true, ..NONE };
    let mut p = step(&mut g, up);
    for _ in 0..(3 * TICK_HZ) {
        p = step(&mut g, up);
    }
    let bottom = p.position.y - 0.45;
    assert!(
        (bottom - 12.99).abs() < 1e-3,
        "held at the top: bottom {bottom} ({p:?})"
    );
    assert_eq!(p.velocity.y, 0.0);
    let up_left = Keys {
        up: true,
        left: true,
        ..NONE
    };
    // Stepping off, it lands on the block and runs on into the goal flag standing on it
    // (x 30.5 to 31.5): the run ends there.
    let mut landed = false;
    let mut finished = false;
    for _ in 0..TICK_HZ {
        g.set_input(
            1,
            Input {
                keys: up_left,
                ..Input::default()
            },
        );
        for e in g.step() {
            finished |= matches!(e, Event::Finished { id: 1, .. });
        }
        if finished {
            break;
        }
        let p = g.snapshot().players[0];
        if p.grounded {
            let bottom = p.position.y - 0.45;
            assert!(
                (13.0..13.05).contains(&bottom),
                "landed at bottom {bottom}: {p:?}"
            );
            landed = true;
        }
    }
    assert!(landed && finished, "landed {landed}, finished {finished}");
}
