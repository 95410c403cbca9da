//! `glissade render`: a picture of a level (and of a trace's trajectories), as SVG or PNG.
//!
//! The level is first turned into a [`Scene`] of filled and stroked shapes and texts in
//! world units (y up), with a legend under it; the SVG and PNG writers then draw the same
//! scene (the PNG's texts in a tiny font of capitals of its own).

mod font;
mod legend;
mod paint;
mod scene;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use glissade::glam::Vec2;

use crate::failure::Failure;
use paint::{Item, Rgb, Scene, Style};

/// Width of a PNG, pixels (less for a level much taller than wide).
const PNG_WIDTH: f32 = 1200.0;
/// Tallest PNG, pixels.
const PNG_MAX_HEIGHT: f32 = 4800.0;

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

/// `text` with the characters XML gives a meaning to escaped.
fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0 text.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
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
    for (part, item) in &scene.items {
        let class = part.class();
        match item {
            Item::Path {
                points,
                closed,
                style,
            } => {
                let tag = if *closed { "polygon" } else { "polyline" };
                let _ = write!(s, "<{tag} class=\"{class}\" points=\"");
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
                    "<circle class=\"{class}\" cx=\"{}\" cy=\"{}\" r=\"{radius}\"{}/>",
                    center.x,
                    center.y,
                    svg_style(style)
                );
            }
            Item::Text {
                at,
                size,
                text,
                color,
            } => {
                // Flipped back upright inside the flipped group.
                let _ = writeln!(
                    s,
                    "<text class=\"{class}\" x=\"{}\" y=\"{}\" transform=\"scale(1,-1)\" font-size=\"{size}\" font-family=\"sans-serif\" fill=\"{}\">{}</text>",
                    at.x,
                    -at.y,
                    color.hex(),
                    xml_escape(text)
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
    for (_, item) in &scene.items {
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
            Item::Text {
                at,
                size,
                text,
                color,
            } => {
                let mut pb = PathBuilder::new();
                for (lo, hi) in font::squares(text, *at, *size) {
                    if let Some(r) = tiny_skia::Rect::from_ltrb(lo.x, lo.y, hi.x, hi.y) {
                        pb.push_rect(r);
                    }
                }
                if let Some(path) = pb.finish() {
                    pixmap.fill_path(
                        &path,
                        &paint(*color, 1.0),
                        FillRule::Winding,
                        transform,
                        None,
                    );
                }
                continue;
            }
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
    let l = &loaded.level;
    let mut scene = scene::scene(l, &trace);
    legend::add_legend(
        &mut scene,
        l.bounds.min[0],
        l.bounds.max[0],
        scene::text_size(l),
    );
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
    use super::scene::{capsule_outline, tile_items};
    use super::*;
    use glissade_level::Level;

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
        assert_eq!(items[5].0, paint::Part::OneWay);
        let (_, Item::Path { points, .. }) = &items[4] else {
            panic!()
        };
        assert_eq!(points[0], Vec2::new(0.0, 0.0));
        assert_eq!(points[2], Vec2::new(2.0, 1.0));
    }
}
