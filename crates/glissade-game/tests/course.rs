//! The platformer's coins and goal, without sockets: taken once per run, the goal finishing
//! the run with its time and the best time, on the built-in level and from a Tiled map.

use glissade::glam::Vec2;
use glissade_game::{COIN_RADIUS, Event, Game, Respawn, TICK_HZ};

fn platformer() -> Game {
    let level = glissade_level::load("platformer").unwrap().level;
    Game::from_level(&level, 1).unwrap()
}

/// Puts player 1 on the high block at the goal and steps: what happened in that tick.
fn at_goal(g: &mut Game) -> Vec<Event> {
    assert!(g.place(1, Vec2::new(31.0, 13.5)));
    g.step().to_vec()
}

fn coin_events(events: &[Event]) -> Vec<(u32, u32)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::CoinTaken { id, coin } => Some((id, coin)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_built_in_level_has_eight_coins_and_a_goal_on_the_high_block() {
    // The goal stands on the block from x = 24 to 32 whose top is at y = 13 (a box 1 × 2
    // around (31, 14.05)); the coins lie along the way, from the first ledge (6, 7) to the
    // right-hand block (44, 4.8).
    let g = platformer();
    let c = g.course();
    assert_eq!(c.coins.len(), 8);
    assert_eq!(c.coins[0], Vec2::new(6.0, 7.0));
    let (lo, hi) = c.goal.expect("a goal");
    assert_eq!((lo, hi), (Vec2::new(30.5, 13.05), Vec2::new(31.5, 15.05)));
}

#[test]
fn a_coin_is_taken_once_per_run_by_each_player_on_its_own() {
    // Player 1 is put on the first coin (6, 7), a little above the first ledge, for two
    // ticks: one CoinTaken, not two. Player 2 is put there next and takes it too (each
    // player runs on its own).
    let mut g = platformer();
    assert!(g.join(1) && g.join(2));
    g.step();
    assert!(g.place(1, Vec2::new(6.0, 7.0 - COIN_RADIUS)));
    let first = coin_events(g.step());
    let second = coin_events(g.step());
    assert_eq!(first, vec![(1, 0)]);
    assert!(second.is_empty(), "{second:?}");
    assert_eq!(g.run(1).unwrap().coins(), 1);
    assert_eq!(g.run(2).unwrap().coins(), 0);
    assert!(g.place(2, Vec2::new(6.0, 7.0 - COIN_RADIUS)));
    assert_eq!(coin_events(g.step()), vec![(2, 0)]);
}

#[test]
fn the_goal_ends_the_run_with_its_time_keeps_the_best_and_starts_over_at_a_spawn() {
    // Player 1 joins at tick 0, takes a coin at tick 10 and is put at the goal: the tick
    // that finds it there (the 21st, tick 20) ends its run after 21 ticks, 0.35 s. It is put
    // back at a spawn point with its coins back; a slower second run (31 ticks) keeps 21 as
    // the best.
    let mut g = platformer();
    assert!(g.join(1));
    for _ in 0..10 {
        g.step();
    }
    assert!(g.place(1, Vec2::new(6.0, 7.0)));
    for _ in 0..10 {
        g.step();
    }
    let events = at_goal(&mut g);
    assert!(
        events.contains(&Event::Finished {
            id: 1,
            ticks: 21,
            best: 21,
            coins: 1
        }),
        "{events:?}"
    );
    assert!(events.contains(&Event::Respawned {
        id: 1,
        why: Respawn::Finished
    }));
    let run = g.run(1).unwrap();
    assert_eq!(
        (run.coins(), run.best, run.last, run.started),
        (0, Some(21), Some(21), 21)
    );
    let at = g.snapshot().player(1).unwrap().position;
    assert!(at.x < 5.0 && at.y < 2.0, "back at a spawn point: {at}");
    for _ in 0..30 {
        g.step();
    }
    let events = at_goal(&mut g);
    assert!(
        events.contains(&Event::Finished {
            id: 1,
            ticks: 31,
            best: 21,
            coins: 0
        }),
        "{events:?}"
    );
    assert_eq!(g.run(1).unwrap().best, Some(21));
    assert!(21.0 / f64::from(TICK_HZ) - 0.35 < 1e-9);
}

#[test]
fn a_tiled_map_s_coin_and_goal_objects_make_the_same_course() {
    // The demo Tiled map (40 × 20 tiles of 16 px, one tile a world unit, y flipped) with an
    // object layer of two points of class "coin" and one of type "goal" (Tiled's older name
    // for the class): at pixels (200, 200), (216, 200) and (600, 296), so world (12.5, 7.5),
    // (13.5, 7.5) and (37.5, 1.5).
    let text = include_str!("../../glissade-level/levels/demo.tmx").replace(
        "</map>",
        r#" <objectgroup id="90" name="pickups">
  <object id="90" class="coin" x="200" y="200"><point/></object>
  <object id="91" class="coin" x="216" y="200"><point/></object>
  <object id="92" type="goal" x="600" y="296"><point/></object>
 </objectgroup>
</map>"#,
    );
    let dir = std::env::temp_dir().join(format!("glissade-course-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("demo-with-coins.tmx");
    std::fs::write(&path, text).unwrap();
    // The map names its tilesets inline, so the copy loads from anywhere.
    let level = glissade_level::load_file(&path).unwrap().level;
    let g = Game::from_level(&level, 1).unwrap();
    let c = g.course();
    assert_eq!(c.coins, vec![Vec2::new(12.5, 7.5), Vec2::new(13.5, 7.5)]);
    let goal = Vec2::new(37.5, 1.5);
    assert_eq!(
        c.goal,
        Some((goal - Vec2::new(0.5, 1.0), goal + Vec2::new(0.5, 1.0)))
    );
    let _ = std::fs::remove_dir_all(&dir);
}
