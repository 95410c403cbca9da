//! Arena scenarios without sockets: bullets fired, hitting, stopping at walls, scoring.

use glissade::glam::Vec2;
use glissade_game::{BULLET_SPEED, Event, Game, Input};

fn arena() -> Game {
    let level = glissade_level::load("arena").unwrap().level;
    Game::from_level(&level, 1).unwrap()
}

fn fire_at(game: &mut Game, id: u32, aim: Vec2) {
    game.set_input(
        id,
        Input {
            aim: Some(aim),
            fire: true,
            ..Input::default()
        },
    );
}

#[test]
fn a_bullet_fired_at_a_player_hits_it_and_the_shooter_scores() {
    let mut game = arena();
    assert!(game.join(1) && game.join(2));
    // Open floor beside the arena's segment wall.
    assert!(game.place(1, Vec2::new(16.0, 10.0)));
    assert!(game.place(2, Vec2::new(20.0, 10.5)));
    fire_at(&mut game, 1, Vec2::new(20.0, 10.5));
    let fired = game.step().to_vec();
    assert_eq!(
        fired,
        [Event::Fired {
            bullet: 1,
            owner: 1
        }]
    );
    assert_eq!(game.snapshot().bullets.len(), 1);
    // Stop firing: one bullet only.
    game.set_input(1, Input::default());
    let mut hits = Vec::new();
    for _ in 0..30 {
        hits.extend(
            game.step()
                .iter()
                .copied()
                .filter(|e| matches!(e, Event::Hit { .. })),
        );
    }
    assert_eq!(
        hits,
        [Event::Hit {
            bullet: 1,
            shooter: 1,
            victim: 2
        }]
    );
    let s = game.snapshot();
    assert_eq!(s.score(1), Some(1));
    assert_eq!(s.score(2), Some(0));
    assert!(s.bullets.is_empty());
    // A hit takes nothing from the victim: it stays where it stood.
    assert_eq!(s.player(2).unwrap().position, Vec2::new(20.0, 10.5));
}

#[test]
fn bullets_stop_at_a_thin_segment_and_at_players() {
    let mut game = arena();
    game.join(1);
    game.join(2);
    // The arena's segment wall runs from (14, 12) to (18, 13): y = 12.5 at x = 16.
    game.place(1, Vec2::new(16.0, 10.0));
    game.place(2, Vec2::new(16.0, 16.0));
    fire_at(&mut game, 1, Vec2::new(16.0, 20.0));
    for _ in 0..90 {
        game.step();
        for b in &game.snapshot().bullets {
            assert!(b.position.y < 12.5, "through the segment: {:?}", b.position);
        }
    }
    assert_eq!(game.snapshot().score(1), Some(0));
    // Beside the segment, at the other player: every shot scores, none flies past.
    game.place(2, Vec2::new(20.0, 10.5));
    fire_at(&mut game, 1, Vec2::new(20.0, 10.5));
    for _ in 0..60 {
        game.step();
        for b in &game.snapshot().bullets {
            assert!(b.position.x < 20.0, "through the player: {:?}", b.position);
        }
    }
    let s = game.snapshot();
    assert!(s.score(1).unwrap() >= 3, "{:?}", s.score(1));
    assert_eq!(s.score(2), Some(0));
}

#[test]
fn a_far_aim_fires_toward_it() {
    for (aim, want) in [
        (Vec2::new(1e30, 0.0), Vec2::X),
        (Vec2::splat(f32::MAX), Vec2::ONE.normalize()),
        (Vec2::new(-f32::MAX, 0.0), -Vec2::X),
    ] {
        let mut game = arena();
        game.join(1);
        fire_at(&mut game, 1, aim);
        game.step();
        let s = game.snapshot();
        let b = s
            .bullets
            .first()
            .unwrap_or_else(|| panic!("no bullet toward {aim:?}"));
        let v = b.velocity / BULLET_SPEED;
        assert!((v - want).length() < 1e-6, "{aim:?}: {:?}", b.velocity);
    }
}

#[test]
fn fire_held_shoots_once_every_quarter_second() {
    let mut game = arena();
    game.join(1);
    game.place(1, Vec2::new(16.0, 10.0));
    fire_at(&mut game, 1, Vec2::new(16.0, 11.0));
    let mut fired = 0;
    for _ in 0..60 {
        fired += game
            .step()
            .iter()
            .filter(|e| matches!(e, Event::Fired { .. }))
            .count();
    }
    assert_eq!(fired, 4);
}
