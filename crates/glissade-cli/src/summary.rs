//! `glissade check`: load a level, build it, and print what is in it.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use glissade_level::{Built, Entity, Level, Loaded};

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
    let one_way: usize = built.one_way.iter().map(Vec::len).sum::<usize>()
        + level.platforms.iter().filter(|p| p.one_way).count();
    let _ = writeln!(
        s,
        "one-way: {} ({one_way} one-way colliders with the moving platforms)",
        level.one_way.len()
    );
    let _ = writeln!(s, "platforms: {}", level.platforms.len());
    let _ = writeln!(s, "spawns: {}", level.spawns.len());
    let sensors = level.entities.iter().filter(|e| e.sensor).count();
    let sensor_colliders: usize = built.sensors.iter().map(|r| r.handles.len()).sum();
    let _ = writeln!(
        s,
        "sensors: {sensors} ({sensor_colliders} sensor colliders)"
    );
    let _ = writeln!(
        s,
        "entities: {}{}",
        level.entities.len(),
        by_class(&level.entities)
    );
    let _ = writeln!(s, "warnings: {}", loaded.warnings.len());
    for w in &loaded.warnings {
        let _ = writeln!(s, "warning: {w}");
    }
    s
}

/// The entities counted by class, ` (coin: 3, enemy: 2)`, or nothing when there are none.
fn by_class(entities: &[Entity]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for e in entities {
        let class = if e.class.is_empty() {
            "no class"
        } else {
            e.class.as_str()
        };
        *counts.entry(class).or_default() += 1;
    }
    if counts.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = counts.iter().map(|(c, n)| format!("{c}: {n}")).collect();
    format!(" ({})", parts.join(", "))
}
