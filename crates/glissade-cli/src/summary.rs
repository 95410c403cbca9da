//! `glissade check`: load a level, build it, and print what is in it.

use std::fmt::Write as _;

use glissade_level::{Built, Level, Loaded};

/// The number of non-empty cells of a level's tile layers.
#[must_use]
pub fn tile_count(level: &Level) -> usize {
    level
        .tiles
        .iter()
        .flat_map(|layer| layer.rows.iter())
        .flat_map(|row| row.chars())
        .filter(|c| !matches!(c, '.' | ' '))
        .count()
}

/// The summary of a level that loaded and built: one `key: value` line per item, then one
/// line per warning.
#[must_use]
pub fn summary(source: &str, loaded: &Loaded, built: &Built) -> String {
    let level = &loaded.level;
    let mut s = String::new();
    let wall_colliders: usize = built.walls.iter().map(Vec::len).sum();
    let b = level.bounds;
    // Writing to a String cannot fail.
    let _ = writeln!(s, "level: {source}");
    let _ = writeln!(s, "name: {}", level.name);
    let _ = writeln!(s, "mode: {}", level.mode.as_str());
    let _ = writeln!(
        s,
        "bounds: [{}, {}] to [{}, {}]",
        b.min[0], b.min[1], b.max[0], b.max[1]
    );
    let _ = writeln!(s, "colliders: {}", built.world.len());
    let _ = writeln!(s, "tile layers: {}", level.tiles.len());
    let _ = writeln!(s, "tiles: {}", tile_count(level));
    let _ = writeln!(
        s,
        "walls: {} ({wall_colliders} colliders)",
        level.walls.len()
    );
    let _ = writeln!(s, "platforms: {}", level.platforms.len());
    let _ = writeln!(s, "spawns: {}", level.spawns.len());
    let _ = writeln!(s, "warnings: {}", loaded.warnings.len());
    for w in &loaded.warnings {
        let _ = writeln!(s, "warning: {w}");
    }
    s
}
