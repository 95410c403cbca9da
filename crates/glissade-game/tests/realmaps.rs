//! Real platformer maps by other people (in the folder named by `GLISSADE_REALMAPS`, which
//! CI sets when it is there): a player joins at the map's spawn, falls onto something and
//! walks right. Skipped, with a printed line, when the variable is unset.

use std::path::PathBuf;

use glissade::glam::Vec2;
use glissade_game::{Event, Game, Input, Keys};

/// Real platformer maps, relative to the folder.
const MAPS: &[&str] = &[
    "tutorial-platformer/tutorial_stepz_refactored/data/map/area01.tmx",
    "tutorial-platformer/tutorial_stepz_refactored/data/map/area02.tmx",
];

fn realmaps() -> Option<PathBuf> {
    let dir = std::env::var_os("GLISSADE_REALMAPS").filter(|d| !d.is_empty())?;
    Some(PathBuf::from(dir))
}

#[test]
fn a_player_spawns_lands_and_walks_on_real_platformer_maps() {
    let Some(dir) = realmaps() else {
        println!("skipped: GLISSADE_REALMAPS is not set (CI sets it when the real maps are there)");
        return;
    };
    for name in MAPS {
        let path = dir.join(name);
        let loaded =
            glissade_level::load_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let level = loaded.level;
        let spawn = Vec2::from(level.spawns[0]);
        let mut game = Game::from_level(&level, 1).unwrap();
        assert!(game.join(1), "{name}");
        let at = game.snapshot().players[0].position;
        assert_eq!(
            at, spawn,
            "{name}: the player starts at the level's first spawn"
        );

        // Standing still until it lands (at most 5 s).
        let mut landed = None;
        for tick in 0..300 {
            let events = game.step().to_vec();
            assert!(
                !events.iter().any(|e| matches!(e, Event::Respawned { .. })),
                "{name}: the player was put back at tick {tick}: {events:?}"
            );
            let p = game.snapshot().players[0];
            if p.grounded {
                landed = Some((tick, p.position));
                break;
            }
        }
        let (tick, ground) = landed.unwrap_or_else(|| {
            panic!(
                "{name}: the player, from {spawn}, never stood on anything in 5 s: at {}",
                game.snapshot().players[0].position
            )
        });

        // Holding right for a second.
        let right = Input {
            keys: Keys {
                right: true,
                ..Keys::default()
            },
            ..Input::default()
        };
        game.set_input(1, right);
        for _ in 0..60 {
            game.step();
        }
        let walked = game.snapshot().players[0].position;
        assert!(
            walked.x > ground.x + 1.0,
            "{name}: holding right for 1 s moved the player from {ground} to {walked}"
        );
        println!(
            "{name}: spawn {spawn}, landed at {ground} after {tick} ticks, walked to {walked}"
        );
    }
}
