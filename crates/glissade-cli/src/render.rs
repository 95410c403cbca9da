//! `glissade render`: a picture of a level (and of a trace's trajectories), as SVG or PNG.
//!
//! The level is first turned into a [`Scene`] of filled and stroked shapes in world units
//! (y up); the SVG and PNG writers then draw the same scene.

use std::collections::BTreeMap;
use std::f32::consts::PI;
use std::fmt::Write as _;
use std::path::Path;

use glissade::glam::Vec2;
use glissade_level::{Level, PathMotion, Wall};

use crate::failure::Failure;

/// An sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rgb(u8, u8, u8);

impl Rgb {
    fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// How a line is drawn. Widths and dashes in world units.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Pen {
    color: Rgb,
    width: f32,
    dash: Option<[f32; 2]>,
}

/// How a shape is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Style {
    fill: Option<(Rgb, f32)>,
    stroke: Option<Pen>,
}

/// One thing to draw, world units.
#[derive(Debug, Clone, PartialEq)]
enum Item {
    /// A polygon (`closed`) or a polyline.
    Path {
        points: Vec<Vec2>,
        closed: bool,
        style: Style,
    },
    /// A circle.
    Circle {
        center: Vec2,
        radius: f32,
        style: Style,
    },
}

/// What to draw, in the order drawn, and the part of the world shown.
#[derive(Debug, Clone, PartialEq)]
struct Scene {
    min: Vec2,
    max: Vec2,
    items: Vec<Item>,
}

const SOLID: Rgb = Rgb(0x4b, 0x55, 0x63);
const ONE_WAY: Rgb = Rgb(0x9c, 0x6b, 0x30);
const WALL: Rgb = Rgb(0x3b, 0x6e, 0xa8);
const WALL_EDGE: Rgb = Rgb(0x1e, 0x3a, 0x5f);
const PLATFORM: Rgb = Rgb(0xe0, 0x8a, 0x1e);
const PLATFORM_EDGE: Rgb = Rgb(0x8a, 0x4b, 0x00);
const SENSOR: Rgb = Rgb(0xd4, 0xec, 0xd9);
const SPAWN: Rgb = Rgb(0x2e, 0xa0, 0x43);
const BOUNDS: Rgb = Rgb(0x99, 0x99, 0x99);
const TRACE_COLORS: [Rgb; 8] = [
    Rgb(0xd6, 0x27, 0x28),
    Rgb(0x1f, 0x77, 0xb4),
    Rgb(0x9d, 0x4e, 0xdd),
    Rgb(0x17, 0xa0, 0xa0),
    Rgb(0xe3, 0x77, 0xc2),
    Rgb(0x8c, 0x56, 0x4b),
    Rgb(0xbc, 0xbd, 0x22),
    Rgb(0x7f, 0x7f, 0x7f),
];
/// Width of a PNG, pixels (less for a level much taller than wide).
const PNG_WIDTH: f32 = 1200.0;
/// Tallest PNG, pixels.
const PNG_MAX_HEIGHT: f32 = 4800.0;
/// Margin around the level, world units.
const MARGIN: f32 = 1.0;

fn v(p: [f32; 2]) -> Vec2 {
    Vec2::new(p[0], p[1])
}

fn filled(color: Rgb) -> Style {
    Style {
        fill: Some((color, 1.0)),
        stroke: None,
    }
}

fn rect(min: Vec2, max: Vec2) -> Vec<Vec2> {
    vec![min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)]
}

/// The outline of a capsule, as a polygon.
fn capsule_outline(a: Vec2, b: Vec2, radius: f32) -> Vec<Vec2> {
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

/// The items drawing `wall` moved by `offset`.
fn wall_items(wall: &Wall, offset: Vec2, fill: Rgb, edge: Rgb) -> Vec<Item> {
    let style = Style {
        fill: Some((fill, 1.0)),
        stroke: Some(Pen {
            color: edge,
            width: 0.05,
            dash: None,
        }),
    };
    match wall {
        Wall::Box { min, max } => vec![Item::Path {
            points: rect(v(*min) + offset, v(*max) + offset),
            closed: true,
            style,
        }],
        Wall::Circle { center, radius } => vec![Item::Circle {
            center: v(*center) + offset,
            radius: *radius,
            style,
        }],
        Wall::Capsule { a, b, radius } => vec![Item::Path {
            points: capsule_outline(v(*a) + offset, v(*b) + offset, *radius),
            closed: true,
            style,
        }],
        Wall::Polygon(points) => vec![Item::Path {
            points: points.iter().map(|p| v(*p) + offset).collect(),
            closed: true,
            style,
        }],
        Wall::Segment { a, b } => vec![Item::Path {
            points: vec![v(*a) + offset, v(*b) + offset],
            closed: false,
            style: Style {
                fill: None,
                stroke: Some(Pen {
                    color: edge,
                    width: 0.12,
                    dash: None,
                }),
            },
        }],
    }
}

/// The items drawing the tile layers: runs of solid cells, one-way bars, slope triangles.
fn tile_items(level: &Level) -> Vec<Item> {
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
                match cells[col] {
                    '#' => {
                        let start = col;
                        while col < cells.len() && cells[col] == '#' {
                            col += 1;
                        }
                        items.push(Item::Path {
                            points: rect(Vec2::new(x(start), y0), Vec2::new(x(col), y1)),
                            closed: true,
                            style: filled(SOLID),
                        });
                        continue;
                    }
                    '=' => items.push(Item::Path {
                        points: rect(Vec2::new(x(col), y1 - 0.15 * c), Vec2::new(x(col + 1), y1)),
                        closed: true,
                        style: filled(ONE_WAY),
                    }),
                    '/' => items.push(Item::Path {
                        points: vec![
                            Vec2::new(x(col), y0),
                            Vec2::new(x(col + 1), y0),
                            Vec2::new(x(col + 1), y1),
                        ],
                        closed: true,
                        style: filled(SOLID),
                    }),
                    '\\' => items.push(Item::Path {
                        points: vec![
                            Vec2::new(x(col), y0),
                            Vec2::new(x(col + 1), y0),
                            Vec2::new(x(col), y1),
                        ],
                        closed: true,
                        style: filled(SOLID),
                    }),
                    _ => {}
                }
                col += 1;
            }
        }
    }
    items
}

/// The scene of a level, with the trajectories of `trace` (one per body, by id).
fn scene(level: &Level, trace: &BTreeMap<u64, Vec<Vec2>>) -> Scene {
    let mut items = Vec::new();
    let (bmin, bmax) = (v(level.bounds.min), v(level.bounds.max));
    items.push(Item::Path {
        points: rect(bmin, bmax),
        closed: true,
        style: Style {
            fill: None,
            stroke: Some(Pen {
                color: BOUNDS,
                width: 0.05,
                dash: Some([0.4, 0.2]),
            }),
        },
    });
    items.extend(tile_items(level));
    // Sensors first, under the collision: they are not colliders.
    for e in level.entities.iter().filter(|e| e.sensor) {
        for shape in &e.shapes {
            items.extend(wall_items(shape, Vec2::ZERO, SENSOR, SPAWN));
        }
    }
    for wall in &level.walls {
        items.extend(wall_items(wall, Vec2::ZERO, WALL, WALL_EDGE));
    }
    for wall in &level.one_way {
        items.extend(wall_items(wall, Vec2::ZERO, ONE_WAY, PLATFORM_EDGE));
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
        items.extend(wall_items(&p.shape, start, fill, edge));
        items.push(Item::Path {
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
    }
    for s in &level.spawns {
        items.push(Item::Circle {
            center: v(*s),
            radius: 0.25,
            style: Style {
                fill: Some((SPAWN, 0.8)),
                stroke: Some(Pen {
                    color: Rgb(0x10, 0x50, 0x20),
                    width: 0.05,
                    dash: None,
                }),
            },
        });
    }
    for (i, points) in trace.values().enumerate() {
        let color = TRACE_COLORS[i % TRACE_COLORS.len()];
        if let Some(last) = points.last() {
            items.push(Item::Path {
                points: points.clone(),
                closed: false,
                style: Style {
                    fill: None,
                    stroke: Some(Pen {
                        color,
                        width: 0.08,
                        dash: None,
                    }),
                },
            });
            items.push(Item::Circle {
                center: *last,
                radius: 0.15,
                style: filled(color),
            });
        }
    }
    Scene {
        min: bmin - Vec2::splat(MARGIN),
        max: bmax + Vec2::splat(MARGIN),
        items,
    }
}

/// Reads a trace written by `glissade replay`: each body's positions, by id.
fn read_trace(path: &Path) -> Result<BTreeMap<u64, Vec<Vec2>>, Failure> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::new(format!("{name}: cannot read the trace: {e}")))?;
    let mut bodies: BTreeMap<u64, Vec<Vec2>> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let fail = |reason: String| Failure::new(format!("{name}:{}: {reason}", i + 1));
        let value: serde_json::Value =
            serde_json::from_str(line).map_err(|e| fail(format!("not a JSON object: {e}")))?;
        let list = value
            .get("bodies")
            .and_then(serde_json::Value::as_array)
            .ok_or_else(|| fail("no \"bodies\" array".to_string()))?;
        for (j, b) in list.iter().enumerate() {
            let id = b
                .get("id")
                .and_then(serde_json::Value::as_u64)
                .ok_or_else(|| fail(format!("bodies[{j}]: no \"id\" (a whole number)")))?;
            let coord = |k: &str| {
                b.get(k)
                    .and_then(serde_json::Value::as_f64)
                    .map(|x| x as f32)
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| fail(format!("bodies[{j}]: no finite \"{k}\"")))
            };
            let p = Vec2::new(coord("x")?, coord("y")?);
            bodies.entry(id).or_default().push(p);
        }
    }
    Ok(bodies)
}

fn svg_style(style: &Style) -> String {
    let mut s = String::new();
    match style.fill {
        Some((c, a)) => {
            let _ = write!(s, " fill=\"{}\"", c.hex());
            if a < 1.0 {
                let _ = write!(s, " fill-opacity=\"{a}\"");
            }
        }
        None => s.push_str(" fill=\"none\""),
    }
    if let Some(pen) = style.stroke {
        let _ = write!(
            s,
            " stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\" stroke-linecap=\"round\"",
            pen.color.hex(),
            pen.width
        );
        if let Some([on, off]) = pen.dash {
            let _ = write!(s, " stroke-dasharray=\"{on} {off}\"");
        }
    }
    s
}

/// The scene as an SVG document, y up.
fn to_svg(scene: &Scene) -> String {
    let size = scene.max - scene.min;
    let px_per_unit = PNG_WIDTH / size.x;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{} {} {} {}\" width=\"{}\" height=\"{}\">",
        scene.min.x,
        -scene.max.y,
        size.x,
        size.y,
        PNG_WIDTH.round(),
        (size.y * px_per_unit).round().max(1.0)
    );
    let _ = writeln!(
        s,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
        scene.min.x, -scene.max.y, size.x, size.y
    );
    s.push_str("<g transform=\"scale(1,-1)\">\n");
    for item in &scene.items {
        match item {
            Item::Path {
                points,
                closed,
                style,
            } => {
                let tag = if *closed { "polygon" } else { "polyline" };
                let _ = write!(s, "<{tag} points=\"");
                for (i, p) in points.iter().enumerate() {
                    if i > 0 {
                        s.push(' ');
                    }
                    let _ = write!(s, "{},{}", p.x, p.y);
                }
                let _ = writeln!(s, "\"{}/>", svg_style(style));
            }
            Item::Circle {
                center,
                radius,
                style,
            } => {
                let _ = writeln!(
                    s,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{radius}\"{}/>",
                    center.x,
                    center.y,
                    svg_style(style)
                );
            }
        }
    }
    s.push_str("</g>\n</svg>\n");
    s
}

/// The scene as a PNG image about [`PNG_WIDTH`] pixels wide.
fn to_png(scene: &Scene) -> Result<Vec<u8>, String> {
    use tiny_skia::{
        FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Stroke, StrokeDash, Transform,
    };
    let size = scene.max - scene.min;
    let scale = (PNG_WIDTH / size.x).min(PNG_MAX_HEIGHT / size.y);
    let w = (size.x * scale).ceil().clamp(1.0, PNG_WIDTH) as u32;
    let h = (size.y * scale).ceil().clamp(1.0, PNG_MAX_HEIGHT) as u32;
    let mut pixmap = Pixmap::new(w, h).ok_or("cannot make an image of that size")?;
    pixmap.fill(tiny_skia::Color::WHITE);
    let transform = Transform::from_row(
        scale,
        0.0,
        0.0,
        -scale,
        -scene.min.x * scale,
        scene.max.y * scale,
    );
    // Points far outside the picture are pulled in (a body falling forever), keeping the
    // rasteriser's numbers small; what is seen does not change.
    let far_min = scene.min - size * 4.0;
    let far_max = scene.max + size * 4.0;
    let clamp = |p: Vec2| p.clamp(far_min, far_max);
    let paint = |c: Rgb, a: f32| {
        let mut paint = Paint::default();
        paint.set_color_rgba8(c.0, c.1, c.2, (a.clamp(0.0, 1.0) * 255.0).round() as u8);
        paint.anti_alias = true;
        paint
    };
    for item in &scene.items {
        let (path, style) = match item {
            Item::Path {
                points,
                closed,
                style,
            } => {
                let mut pb = PathBuilder::new();
                for (i, p) in points.iter().enumerate() {
                    let p = clamp(*p);
                    if i == 0 {
                        pb.move_to(p.x, p.y);
                    } else {
                        pb.line_to(p.x, p.y);
                    }
                }
                if *closed {
                    pb.close();
                }
                (pb.finish(), style)
            }
            Item::Circle {
                center,
                radius,
                style,
            } => (PathBuilder::from_circle(center.x, center.y, *radius), style),
        };
        // An empty or degenerate path draws nothing.
        let Some(path) = path else { continue };
        if let Some((c, a)) = style.fill {
            pixmap.fill_path(&path, &paint(c, a), FillRule::Winding, transform, None);
        }
        if let Some(pen) = style.stroke {
            let stroke = Stroke {
                width: pen.width,
                line_cap: LineCap::Round,
                line_join: LineJoin::Round,
                dash: pen.dash.and_then(|d| StrokeDash::new(d.to_vec(), 0.0)),
                ..Stroke::default()
            };
            pixmap.stroke_path(&path, &paint(pen.color, 1.0), &stroke, transform, None);
        }
    }
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// Runs `glissade render`.
pub fn run(level: &str, trace: Option<&Path>, out: &Path) -> Result<(), Failure> {
    let out_name = out.display().to_string();
    let ext = out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let svg = match ext.as_deref() {
        Some("svg") => true,
        Some("png") => false,
        _ => {
            return Err(Failure::new(format!(
                "{out_name}: unknown picture kind: the file name must end in .svg or .png"
            )));
        }
    };
    let (loaded, _built) = crate::load::load_level(level)?;
    let trace = match trace {
        Some(path) => read_trace(path)?,
        None => BTreeMap::new(),
    };
    let scene = scene(&loaded.level, &trace);
    let size = scene.max - scene.min;
    if !(size.is_finite() && size.x > 0.0 && size.y > 0.0) {
        return Err(Failure::new(format!(
            "{level}: the level's bounds are empty: nothing to draw"
        )));
    }
    let bytes = if svg {
        to_svg(&scene).into_bytes()
    } else {
        to_png(&scene).map_err(|e| Failure::new(format!("{out_name}: cannot make the PNG: {e}")))?
    };
    std::fs::write(out, bytes).map_err(|e| Failure::io(&format!("{out_name}: cannot write"), &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capsule_outline_is_round_at_both_ends() {
        let pts = capsule_outline(Vec2::ZERO, Vec2::new(4.0, 0.0), 1.0);
        for p in &pts {
            let on_core = p.x.clamp(0.0, 4.0);
            let d = p.distance(Vec2::new(on_core, 0.0));
            assert!((d - 1.0).abs() < 1e-5, "{p}");
        }
        let max_x = pts.iter().map(|p| p.x).fold(f32::MIN, f32::max);
        let min_x = pts.iter().map(|p| p.x).fold(f32::MAX, f32::min);
        assert!((max_x - 5.0).abs() < 1e-5 && (min_x + 1.0).abs() < 1e-5);
    }

    #[test]
    fn solid_runs_are_merged() {
        let level: Level = serde_json::from_str(
            r###"{"mode":"sandbox","bounds":{"min":[0,0],"max":[4,2]},"spawns":[],
                "tiles":[{"rows":["#/\\#","##=."]}]}"###,
        )
        .unwrap();
        let items = tile_items(&level);
        // Top row: '#', '/', '\', '#'; bottom row: one run of two, then a one-way bar.
        assert_eq!(items.len(), 6);
        let Item::Path { points, .. } = &items[4] else {
            panic!()
        };
        assert_eq!(points[0], Vec2::new(0.0, 0.0));
        assert_eq!(points[2], Vec2::new(2.0, 1.0));
    }
}
