//! Players without sockets: joining, leaving, respawning, bots.

use glissade::glam::Vec2;
use glissade_game::{Event, Game, Input, Keys, Respawn, Snapshot};

fn game(name: &str, seed: u64) -> Game {
    let level = glissade_level::load(name).unwrap().level;
    Game::from_level(&level, seed).unwrap()
}

fn run_bots(name: &str, seed: u64, ticks: usize) -> Vec<Snapshot> {
    let mut g = game(name, seed);
    for id in 1..=6 {
        assert!(g.join_bot(id));
    }
    (0..ticks)
        .map(|_| {
            g.step();
            g.snapshot()
        })
        .collect()
}

fn bits(s: &[Snapshot]) -> Vec<[u32; 4]> {
    s.iter()
        .flat_map(|s| &s.players)
        .map(|p| {
            [
                p.position.x.to_bits(),
                p.position.y.to_bits(),
                p.velocity.x.to_bits(),
                p.velocity.y.to_bits(),
            ]
        })
        .collect()
}

#[test]
fn bots_with_one_seed_give_identical_snapshots() {
    for name in ["platformer", "arena", "sandbox"] {
        let a = run_bots(name, 7, 300);
        let b = run_bots(name, 7, 300);
        assert_eq!(bits(&a), bits(&b), "{name}");
        let c = run_bots(name, 8, 300);
        assert_ne!(bits(&a), bits(&c), "{name}: the seed changes nothing");
        // The bots do walk.
        let first = &a[0].players[0];
        assert!(
            a.iter().any(|s| s.players[0].position != first.position),
            "{name}"
        );
    }
}

#[test]
fn a_player_leaving_removes_its_body() {
    let mut g = game("platformer", 1);
    let colliders = g.world().len();
    assert!(g.join(1) && g.join(2));
    assert_eq!(g.world().len(), colliders + 2);
    let h = g.player_handle(1).unwrap();
    g.leave(1);
    assert!(!g.has_player(1));
    assert!(g.world().get(h).is_none());
    assert_eq!(g.world().len(), colliders + 1);
    g.step();
    let s = g.snapshot();
    assert_eq!(s.players.len(), 1);
    assert_eq!(s.players[0].id, 2);
    g.leave(1);
    assert_eq!(g.players(), 1);
}

#[test]
fn players_enter_at_the_spawn_points_in_turn() {
    let level = glissade_level::load("platformer").unwrap().level;
    let mut g = Game::from_level(&level, 1).unwrap();
    g.join(5);
    g.join(9);
    let s = g.snapshot();
    assert_eq!(s.player(5).unwrap().position, Vec2::from(level.spawns[0]));
    assert_eq!(s.player(9).unwrap().position, Vec2::from(level.spawns[1]));
}

#[test]
fn a_player_far_outside_the_level_is_put_back_at_a_spawn_point() {
    let level = glissade_level::load("arena").unwrap().level;
    let mut g = Game::from_level(&level, 1).unwrap();
    g.join(1);
    assert!(g.place(1, Vec2::new(-100.0, -100.0)));
    let events = g.step().to_vec();
    assert_eq!(
        events,
        [Event::Respawned {
            id: 1,
            why: Respawn::Lost
        }]
    );
    let s = g.snapshot();
    let p = s.player(1).unwrap();
    assert!(
        level.spawns.iter().any(|&q| Vec2::from(q) == p.position),
        "{p:?}"
    );
    assert_eq!(p.velocity, Vec2::ZERO);
}

#[test]
fn a_platformer_runs_and_lands() {
    let mut g = game("platformer", 1);
    g.join(1);
    let right = Keys {
        right: true,
        ..Keys::default()
    };
    g.set_input(
        1,
        Input {
            keys: right,
            ..Input::default()
        },
    );
    let start = g.snapshot().players[0].position;
    let mut grounded = false;
    for _ in 0..30 {
        g.step();
        grounded |= g.snapshot().players[0].grounded;
    }
    let end = g.snapshot().players[0].position;
    assert!(grounded);
    assert!(end.x > start.x + 0.5, "{start} -> {end}");
    // No scores, bullets or boxes outside their modes.
    let s = g.snapshot();
    assert!(s.scores.is_empty() && s.bullets.is_empty() && s.boxes.is_empty());
    assert_eq!(s.tick, 30);
}
