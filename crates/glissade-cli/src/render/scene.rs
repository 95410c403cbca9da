//! A level (and a trace's trajectories) as a [`Scene`]: tile layers, walls, one-way walls,
//! platforms and their paths, sensors (translucent), other entities (an outline and a
//! marker), each entity's class as a label, spawns, trajectories.

use std::collections::BTreeMap;
use std::f32::consts::PI;

use glissade::glam::Vec2;
use glissade_level::{Entity, Level, PathMotion, Wall};

use super::paint::{
    Item, ONE_WAY, PLATFORM, PLATFORM_EDGE, Part, Pen, Rgb, SOLID, Scene, Style, TEXT,
    TRACE_COLORS, WALL, WALL_EDGE, bounds_style, diamond, entity_style, filled, rect, sensor_style,
    spawn_style, trace_style, wall_style,
};

/// Margin around the level, world units.
pub(super) const MARGIN: f32 = 1.0;

fn v(p: [f32; 2]) -> Vec2 {
    Vec2::new(p[0], p[1])
}

/// The outline of a capsule, as a polygon.
pub(super) fn capsule_outline(a: Vec2, b: Vec2, radius: f32) -> Vec<Vec2> {
    const HALF: usize = 12;
    let d = (b - a).normalize_or(Vec2::X);
    let n = d.perp();
    let mut pts = Vec::with_capacity(2 * HALF + 2);
    for (c, from) in [(b, PI / 2.0), (a, -PI / 2.0)] {
        for k in 0..=HALF {
            let phi = from - PI * k as f32 / HALF as f32;
            pts.push(c + (d * phi.cos() + n * phi.sin()) * radius);
        }
    }
    pts
}

/// The items drawing `wall` moved by `offset` in `style` (a segment, which has no inside,
/// as a thicker line of the stroke's colour).
fn shape_items(wall: &Wall, offset: Vec2, style: Style) -> Vec<Item> {
    let path = |points: Vec<Vec2>| Item::Path {
        points,
        closed: true,
        style,
    };
    match wall {
        Wall::Box { min, max } => vec![path(rect(v(*min) + offset, v(*max) + offset))],
        Wall::Circle { center, radius } => vec![Item::Circle {
            center: v(*center) + offset,
            radius: *radius,
            style,
        }],
        Wall::Capsule { a, b, radius } => vec![path(capsule_outline(
            v(*a) + offset,
            v(*b) + offset,
            *radius,
        ))],
        Wall::Polygon(points) => vec![path(points.iter().map(|p| v(*p) + offset).collect())],
        Wall::Segment { a, b } => {
            let pen = style.stroke.unwrap_or(Pen {
                color: style.fill.map_or(TEXT, |f| f.0),
                width: 0.05,
                dash: None,
            });
            vec![Item::Path {
                points: vec![v(*a) + offset, v(*b) + offset],
                closed: false,
                style: Style {
                    fill: None,
                    stroke: Some(Pen {
                        width: pen.width.max(0.12),
                        ..pen
                    }),
                },
            }]
        }
    }
}

/// The items drawing `wall` filled with `fill`, edged with `edge`.
fn wall_items(wall: &Wall, offset: Vec2, fill: Rgb, edge: Rgb) -> Vec<Item> {
    shape_items(wall, offset, wall_style(fill, edge))
}

/// The items drawing the tile layers: runs of solid cells, slope triangles and one-way bars
/// (shown as one-way walls).
pub(super) fn tile_items(level: &Level) -> Vec<(Part, Item)> {
    let mut items = Vec::new();
    for layer in &level.tiles {
        let c = layer.cell;
        let o = v(layer.origin);
        let rows = layer.rows.len();
        for (r, row) in layer.rows.iter().enumerate() {
            let y0 = o.y + (rows - 1 - r) as f32 * c;
            let y1 = y0 + c;
            let x = |col: usize| o.x + col as f32 * c;
            let cells: Vec<char> = row.chars().collect();
            let mut col = 0;
            while col < cells.len() {
                let tri = |a: Vec2, b: Vec2, c: Vec2| {
                    let points = vec![a, b, c];
                    let style = filled(SOLID);
                    (
                        Part::Tiles,
                        Item::Path {
                            points,
                            closed: true,
                            style,
                        },
                    )
                };
                match cells[col] {
                    '#' => {
                        let start = col;
                        while col < cells.len() && cells[col] == '#' {
                            col += 1;
                        }
                        items.push((
                            Part::Tiles,
                            Item::Path {
                                points: rect(Vec2::new(x(start), y0), Vec2::new(x(col), y1)),
                                closed: true,
                                style: filled(SOLID),
                            },
                        ));
                        continue;
                    }
                    '=' => items.push((
                        Part::OneWay,
                        Item::Path {
                            points: rect(
                                Vec2::new(x(col), y1 - 0.15 * c),
                                Vec2::new(x(col + 1), y1),
                            ),
                            closed: true,
                            style: filled(ONE_WAY),
                        },
                    )),
                    '/' => items.push(tri(
                        Vec2::new(x(col), y0),
                        Vec2::new(x(col + 1), y0),
                        Vec2::new(x(col + 1), y1),
                    )),
                    '\\' => items.push(tri(
                        Vec2::new(x(col), y0),
                        Vec2::new(x(col + 1), y0),
                        Vec2::new(x(col), y1),
                    )),
                    _ => {}
                }
                col += 1;
            }
        }
    }
    items
}

/// The size of an entity's marker and label, world units: larger for a larger level, so
/// that they stay readable.
pub(super) fn text_size(level: &Level) -> f32 {
    let size = v(level.bounds.max) - v(level.bounds.min);
    (size.max_element() / 60.0).clamp(0.35, 4.0)
}

/// The items drawing an entity: a sensor's shapes translucent, another entity's outlined,
/// a marker at its position unless it is a sensor, and its class (or name) next to it.
fn entity_items(e: &Entity, size: f32, out: &mut Vec<(Part, Item)>) {
    let (part, style) = if e.sensor {
        (Part::Sensor, sensor_style())
    } else {
        (Part::Entity, entity_style(false))
    };
    for shape in &e.shapes {
        out.extend(
            shape_items(shape, Vec2::ZERO, style)
                .into_iter()
                .map(|i| (part, i)),
        );
    }
    let at = v(e.position);
    let r = size * 0.4;
    if !e.sensor {
        out.push((
            Part::Entity,
            Item::Path {
                points: diamond(at, r),
                closed: true,
                style: entity_style(true),
            },
        ));
    }
    let label = if e.class.is_empty() {
        &e.name
    } else {
        &e.class
    };
    if !label.is_empty() {
        out.push((
            Part::Label,
            Item::Text {
                at: at + Vec2::new(r * 1.4, -size * 0.35),
                size,
                text: label.clone(),
                color: TEXT,
            },
        ));
    }
}

/// Adds `list`, drawing `part`, to `items`.
fn add(items: &mut Vec<(Part, Item)>, part: Part, list: Vec<Item>) {
    items.extend(list.into_iter().map(|i| (part, i)));
}

/// The scene of a level, with the trajectories of `trace` (one per body, by id), and no
/// legend yet.
pub(super) fn scene(level: &Level, trace: &BTreeMap<u64, Vec<Vec2>>) -> Scene {
    let mut items: Vec<(Part, Item)> = Vec::new();
    let (bmin, bmax) = (v(level.bounds.min), v(level.bounds.max));
    add(
        &mut items,
        Part::Bounds,
        vec![Item::Path {
            points: rect(bmin, bmax),
            closed: true,
            style: bounds_style(),
        }],
    );
    items.extend(tile_items(level));
    for wall in &level.walls {
        add(
            &mut items,
            Part::Wall,
            wall_items(wall, Vec2::ZERO, WALL, WALL_EDGE),
        );
    }
    for wall in &level.one_way {
        add(
            &mut items,
            Part::OneWay,
            wall_items(wall, Vec2::ZERO, ONE_WAY, PLATFORM_EDGE),
        );
    }
    for p in &level.platforms {
        let mut path: Vec<Vec2> = p.path.iter().map(|q| v(*q)).collect();
        if p.motion == PathMotion::Loop && path.len() > 2 {
            path.push(path[0]);
        }
        let start = path.first().copied().unwrap_or(Vec2::ZERO);
        let (fill, edge) = if p.one_way {
            (Rgb(0xf3, 0xc0, 0x7a), PLATFORM)
        } else {
            (PLATFORM, PLATFORM_EDGE)
        };
        let mut list = wall_items(&p.shape, start, fill, edge);
        list.push(Item::Path {
            points: path,
            closed: false,
            style: Style {
                fill: None,
                stroke: Some(Pen {
                    color: PLATFORM_EDGE,
                    width: 0.06,
                    dash: Some([0.3, 0.2]),
                }),
            },
        });
        add(&mut items, Part::Platform, list);
    }
    // Entities over the collision (sensors are translucent), then their labels.
    let size = text_size(level);
    let mut entities = Vec::new();
    for e in &level.entities {
        entity_items(e, size, &mut entities);
    }
    entities.sort_by_key(|(part, _)| *part == Part::Label);
    items.extend(entities);
    for s in &level.spawns {
        add(
            &mut items,
            Part::Spawn,
            vec![Item::Circle {
                center: v(*s),
                radius: 0.25,
                style: spawn_style(),
            }],
        );
    }
    for (i, points) in trace.values().enumerate() {
        let color = TRACE_COLORS[i % TRACE_COLORS.len()];
        if let Some(last) = points.last() {
            add(
                &mut items,
                Part::Trace,
                vec![
                    Item::Path {
                        points: points.clone(),
                        closed: false,
                        style: trace_style(color),
                    },
                    Item::Circle {
                        center: *last,
                        radius: 0.15,
                        style: filled(color),
                    },
                ],
            );
        }
    }
    Scene {
        min: bmin - Vec2::splat(MARGIN),
        max: bmax + Vec2::splat(MARGIN),
        items,
    }
}
