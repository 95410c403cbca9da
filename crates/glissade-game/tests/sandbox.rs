//! Sandbox scenarios without sockets: boxes dragged, stopped by walls.

use glissade::glam::Vec2;
use glissade_game::{DRAG_SPEED, DT, Game, Input};

fn sandbox() -> Game {
    let level = glissade_level::load("sandbox").unwrap().level;
    Game::from_level(&level, 1).unwrap()
}

fn drag(game: &mut Game, at: Option<Vec2>) {
    game.set_input(
        1,
        Input {
            drag: at,
            ..Input::default()
        },
    );
    game.step();
}

fn first_box(game: &Game) -> Vec2 {
    game.snapshot().boxes[0].position
}

#[test]
fn a_far_drag_moves_the_box_at_full_speed() {
    let mut game = sandbox();
    game.join(1);
    let start = first_box(&game);
    // Grab the first box at its centre, then drag it toward a point very far up and right.
    drag(&mut game, Some(start));
    assert_eq!(first_box(&game), start);
    drag(&mut game, Some(Vec2::splat(1e30)));
    let moved = first_box(&game) - start;
    assert!(moved.x > 0.0 && moved.y > 0.0, "{moved:?}");
    assert!(
        (moved.length() - DRAG_SPEED * DT).abs() < 1e-4,
        "{} a tick",
        moved.length()
    );
}

#[test]
fn a_dragged_box_moves_and_stops_at_the_floor() {
    let mut game = sandbox();
    game.join(1);
    let start = first_box(&game);
    let half = game.snapshot().boxes[0].half;
    drag(&mut game, Some(start));
    // Down, far below the level: the box falls at the drag speed, then the floor holds it.
    let target = Vec2::new(start.x, -1000.0);
    let mut ys = Vec::new();
    for _ in 0..240 {
        drag(&mut game, Some(target));
        ys.push(first_box(&game).y);
    }
    let end = first_box(&game);
    assert!(end.y < start.y - 0.5, "did not move: {start} -> {end}");
    assert_eq!(end.x, start.x);
    assert!(end.y - half.y >= 0.0, "through the floor: {end}");
    assert_eq!(ys[ys.len() - 1], ys[ys.len() - 60], "still moving");
    // Let go: the box stays.
    drag(&mut game, None);
    drag(&mut game, None);
    assert_eq!(first_box(&game), end);
}

#[test]
fn a_drag_started_off_every_box_moves_none() {
    let mut game = sandbox();
    game.join(1);
    let before: Vec<Vec2> = game.snapshot().boxes.iter().map(|b| b.position).collect();
    drag(&mut game, Some(Vec2::new(1.5, 16.5)));
    for _ in 0..30 {
        drag(&mut game, Some(Vec2::new(15.0, 4.0)));
    }
    let after: Vec<Vec2> = game.snapshot().boxes.iter().map(|b| b.position).collect();
    assert_eq!(before, after);
}

#[test]
fn walking_into_a_box_pushes_it_until_it_meets_a_wall_then_the_player_stops_behind_it() {
    // The sandbox's first box spans x 14 to 16, y 3 to 5; the second stands in its way from
    // x = 20 (y 4 to 7):
    // ```text
    //   □[ box 0 ]····[box 1]
    //   13.5  14  16    20
    // ```
    // Player 1 (0.6 × 0.9) at (13.5, 4), a gap of 0.2 from box 0, walks right at 8 units/s.
    // It reaches the box after 0.2 / 8 = 0.025 s, then box and player go on together at
    // 0.6 × 8 = 4.8 units/s (both in the one move of each tick, side by side at the same
    // speed: they never meet), until the box stops a skin short of box 1 (its centre at
    // 20 - 1 - 0.01 = 18.99) and the player a skin short of the box (its centre at
    // 17.99 - 0.01 - 0.3 = 17.68). Never inside each other on the way.
    let mut game = sandbox();
    game.join(1);
    assert!(game.place(1, Vec2::new(13.5, 4.0)));
    let right = Input {
        keys: glissade_game::Keys {
            right: true,
            ..Default::default()
        },
        ..Input::default()
    };
    game.set_input(1, right);
    for tick in 1..=120 {
        game.step();
        let s = game.snapshot();
        let (p, b) = (s.player(1).unwrap().position, s.boxes[0].position);
        let gap = (b.x - 1.0) - (p.x + 0.3);
        assert!(gap > -1e-4, "tick {tick}: the player is {gap} into the box");
        if tick == 30 {
            // 0.5 s: the box went 4.8 × (0.5 - 0.025 - a tick or so of contact) ≈ 2.2.
            let moved = b.x - 15.0;
            assert!((2.0..2.4).contains(&moved), "box moved {moved} in 0.5 s");
        }
    }
    let s = game.snapshot();
    let (p, b) = (s.player(1).unwrap().position, s.boxes[0].position);
    assert!(
        (b.x - 18.99).abs() < 0.02 && (b.y - 4.0).abs() < 1e-4,
        "box at {b}"
    );
    assert!((p.x - 17.68).abs() < 0.03, "player at {p}");
}
