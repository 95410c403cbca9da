//! Arena scenarios without sockets: bullets fired, hitting, stopping at walls; health,
//! knockback, kills and rounds.

use glissade::glam::Vec2;
use glissade_game::{BULLET_SPEED, Event, Game, Input, MAX_HEALTH};

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
fn a_bullet_fired_at_a_player_takes_a_point_of_health_and_knocks_it_away() {
    // Player 1 at (16, 10) fires at player 2 at (20, 10.5): one hit, one point of health
    // (3 to 2), no kill yet. The knock sends player 2 away from the shooter, along
    // (4, 0.5) / |(4, 0.5)| ≈ (0.992, 0.124), at 14 units/s fading with a time constant of
    // 0.1 s: about 14 × 0.1 = 1.4 units in all (a little less in whole ticks), in open floor.
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
    for _ in 0..60 {
        hits.extend(
            game.step()
                .iter()
                .copied()
                .filter(|e| matches!(e, Event::Hit { .. } | Event::Killed { .. })),
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
    assert_eq!(s.score(1), Some(0));
    let health = |id| s.scores.iter().find(|v| v.id == id).unwrap().health;
    assert_eq!((health(1), health(2)), (MAX_HEALTH, MAX_HEALTH - 1));
    assert!(s.bullets.is_empty());
    // Tick by tick the knock moves it by 14 × 0.992 / 60 ≈ 0.231 along x, then 0.846 of
    // that each tick after (e^(-1/6)): 0.231 / (1 - 0.846) ≈ 1.51 in all. Along y it slides
    // on the arena's moving platform passing just above it (the knock goes through the
    // engine: along what it meets, never into it), so only x is worked out here.
    let moved = s.player(2).unwrap().position - Vec2::new(20.0, 10.5);
    assert!((moved.x - 1.51).abs() < 0.02, "knocked by {moved}");
    assert!((0.0..=0.19).contains(&moved.y), "knocked by {moved}");
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
    // Beside the segment, at the other player, held at (20, 10.5) before every tick: every
    // shot hits it, none flies past. Three hits kill it (a kill for player 1); put back at
    // (20, 10.5) it is invulnerable, and the hits after do nothing to it.
    fire_at(&mut game, 1, Vec2::new(20.0, 10.5));
    let (mut fired, mut hit, mut killed) = (0, 0, 0);
    for tick in 0..90 {
        if tick == 60 {
            game.set_input(1, Input::default());
        }
        game.place(2, Vec2::new(20.0, 10.5));
        for e in game.step() {
            match e {
                Event::Fired { .. } => fired += 1,
                Event::Hit { victim: 2, .. } => hit += 1,
                Event::Killed {
                    killer: 1,
                    victim: 2,
                } => killed += 1,
                _ => {}
            }
        }
        for b in &game.snapshot().bullets {
            assert!(b.position.x < 20.0, "through the player: {:?}", b.position);
        }
    }
    assert_eq!((fired, hit, killed), (4, 4, 1));
    let s = game.snapshot();
    assert_eq!((s.score(1), s.score(2)), (Some(1), Some(0)));
}

#[test]
fn five_kills_win_the_round_and_every_score_starts_over() {
    // Player 2 is held in front of player 1, who fires for as long as it takes: every third
    // hit after an invulnerability kills. The fifth kill wins round 1 for player 1; the
    // scores start over at 0 for round 2.
    let mut game = arena();
    game.join(1);
    game.join(2);
    game.place(1, Vec2::new(16.0, 10.0));
    fire_at(&mut game, 1, Vec2::new(20.0, 10.5));
    let mut won = None;
    for tick in 0..3000 {
        game.place(2, Vec2::new(20.0, 10.5));
        if let Some(e) = game
            .step()
            .iter()
            .find(|e| matches!(e, Event::RoundWon { .. }))
        {
            won = Some((tick, *e));
            break;
        }
    }
    let (_, e) = won.expect("a round won");
    assert_eq!(
        e,
        Event::RoundWon {
            winner: 1,
            round: 1
        }
    );
    assert_eq!(game.rounds().number, 2);
    assert_eq!(game.rounds().last.map(|(w, _)| w), Some(1));
    assert_eq!(game.snapshot().score(1), Some(0));
    // The feed keeps the kills of the last 5 s: each kill after the first waits out 1.5 s of
    // invulnerability and three shots a quarter second apart, so the last three are there.
    let feed = &game.rounds().feed;
    assert_eq!(feed.len(), 3, "{feed:?}");
    assert!(feed.iter().all(|k| (k.killer, k.victim) == (1, 2)));
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
