//! The legend under a picture: one sample and one word for each part of the level the
//! picture shows, in rows as wide as the level.

use glissade::glam::Vec2;

use super::paint::{
    Item, ONE_WAY, PLATFORM, PLATFORM_EDGE, Part, SOLID, Scene, TEXT, TRACE_COLORS, WALL,
    WALL_EDGE, bounds_style, diamond, entity_style, filled, rect, sensor_style, spawn_style,
    trace_style, wall_style,
};

/// What the legend calls a part (none for the labels and the legend itself).
fn word(part: Part) -> Option<&'static str> {
    Some(match part {
        Part::Bounds => "bounds",
        Part::Tiles => "solid tiles",
        Part::Wall => "walls",
        Part::OneWay => "one-way walls",
        Part::Platform => "moving platforms",
        Part::Sensor => "sensors",
        Part::Entity => "entities",
        Part::Spawn => "spawns",
        Part::Trace => "trajectories",
        Part::Label | Part::Legend => return None,
    })
}

/// A sample of how `part` is drawn, in the square `[lo, lo + size]`.
fn sample(part: Part, lo: Vec2, size: f32) -> Item {
    let hi = lo + Vec2::splat(size);
    let mid = (lo + hi) * 0.5;
    let square = |style| Item::Path {
        points: rect(lo, hi),
        closed: true,
        style,
    };
    match part {
        Part::Tiles => square(filled(SOLID)),
        Part::Wall => square(wall_style(WALL, WALL_EDGE)),
        Part::OneWay => Item::Path {
            points: rect(Vec2::new(lo.x, hi.y - size * 0.3), hi),
            closed: true,
            style: wall_style(ONE_WAY, PLATFORM_EDGE),
        },
        Part::Platform => square(wall_style(PLATFORM, PLATFORM_EDGE)),
        Part::Sensor => square(sensor_style()),
        Part::Entity => Item::Path {
            points: diamond(mid, size * 0.45),
            closed: true,
            style: entity_style(true),
        },
        Part::Spawn => Item::Circle {
            center: mid,
            radius: size * 0.4,
            style: spawn_style(),
        },
        Part::Trace => Item::Path {
            points: vec![Vec2::new(lo.x, mid.y), Vec2::new(hi.x, mid.y)],
            closed: false,
            style: trace_style(TRACE_COLORS[0]),
        },
        Part::Bounds | Part::Label | Part::Legend => Item::Path {
            points: vec![Vec2::new(lo.x, mid.y), Vec2::new(hi.x, mid.y)],
            closed: false,
            style: bounds_style(),
        },
    }
}

/// Adds the legend of the parts `scene` shows below it, `size` units tall a row, from the
/// left edge of the level (`left`, `right`), and grows the scene to hold it.
pub(super) fn add_legend(scene: &mut Scene, left: f32, right: f32, size: f32) {
    let mut parts: Vec<Part> = scene.items.iter().map(|(p, _)| *p).collect();
    parts.sort_unstable();
    parts.dedup();
    let entries: Vec<(Part, &str)> = parts
        .into_iter()
        .filter_map(|p| word(p).map(|w| (p, w)))
        .collect();
    if entries.is_empty() {
        return;
    }
    let row = size * 1.8;
    let top = scene.min.y;
    let mut x = left;
    let mut y = top - row;
    for (part, text) in entries {
        // A sample, a gap, the word (about 0.6 of its height per letter), a wider gap.
        let width = size * (2.4 + 0.6 * text.chars().count() as f32);
        if x > left && x + width > right {
            x = left;
            y -= row;
        }
        scene
            .items
            .push((Part::Legend, sample(part, Vec2::new(x, y), size)));
        scene.items.push((
            Part::Legend,
            Item::Text {
                at: Vec2::new(x + size * 1.4, y + size * 0.15),
                size,
                text: text.to_string(),
                color: TEXT,
            },
        ));
        x += width;
    }
    scene.min.y = y - size * 0.8;
}
