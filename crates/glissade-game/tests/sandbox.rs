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
