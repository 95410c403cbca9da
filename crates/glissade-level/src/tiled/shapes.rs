//! The shape of one Tiled object as level walls: rectangles, circles, ellipses (as polygons),
//! capsules, polygons and polylines, rotated as placed and mapped from the object's pixels
//! into the level's frame.

use tiled::{ObjectData, ObjectShape};

use crate::model::{Point, Wall};

/// How far (world units) the polygon made of an ellipse that is not a circle may lie from it.
pub(crate) const ELLIPSE_TOLERANCE: f32 = 0.02;

/// What an object is, in words.
pub(super) fn kind(object: &ObjectData) -> &'static str {
    if object.tile_data().is_some() {
        return "tile object";
    }
    match object.shape {
        ObjectShape::Rect { .. } => "rectangle",
        ObjectShape::Ellipse { .. } => "ellipse",
        ObjectShape::Capsule { .. } => "capsule",
        ObjectShape::Polyline { .. } => "polyline",
        ObjectShape::Polygon { .. } => "polygon",
        ObjectShape::Point(..) => "point",
        ObjectShape::Text { .. } => "text object",
    }
}

/// Whether an object is a rectangle of zero width and height (older Tiled wrote points so).
pub(super) fn is_empty_rect(object: &ObjectData) -> bool {
    object.tile_data().is_none()
        && matches!(object.shape, ObjectShape::Rect { width, height } if width == 0.0 && height == 0.0)
}

/// The walls of one shape, with notes on what was changed to make them (warnings).
#[derive(Debug, Default)]
pub(super) struct Shaped {
    pub(super) walls: Vec<Wall>,
    pub(super) notes: Vec<String>,
}

/// A point `(dx, dy)` pixels from the object's origin, turned by its rotation (degrees,
/// clockwise on screen), in map pixels.
pub(super) fn turned(object: &ObjectData, dx: f32, dy: f32) -> (f32, f32) {
    if object.rotation == 0.0 {
        return (object.x + dx, object.y + dy);
    }
    let (s, c) = object.rotation.to_radians().sin_cos();
    (object.x + c * dx - s * dy, object.y + s * dx + c * dy)
}

/// The walls of an object's shape (tile objects are handled by the caller); `to` maps a
/// pixel point of the map (or tile) to the level's frame, and `scale` is the level units per
/// pixel (for radii and the ellipse tolerance).
pub(super) fn shape_walls(
    object: &ObjectData,
    to: &dyn Fn(f32, f32) -> Point,
    scale: f32,
) -> Result<Shaped, String> {
    let at = |dx: f32, dy: f32| {
        let (x, y) = turned(object, dx, dy);
        to(x, y)
    };
    let mut notes = Vec::new();
    let shape = match &object.shape {
        ObjectShape::Rect { width, height } => {
            if object.rotation == 0.0 {
                let a = at(0.0, 0.0);
                let b = at(*width, *height);
                Wall::Box {
                    min: [a[0].min(b[0]), a[1].min(b[1])],
                    max: [a[0].max(b[0]), a[1].max(b[1])],
                }
            } else {
                Wall::Polygon(ccw(vec![
                    at(0.0, 0.0),
                    at(*width, 0.0),
                    at(*width, *height),
                    at(0.0, *height),
                ]))
            }
        }
        ObjectShape::Ellipse { width, height } => {
            let (rx, ry) = (width / 2.0, height / 2.0);
            if width == height {
                Wall::Circle {
                    center: at(rx, ry),
                    radius: rx * scale,
                }
            } else {
                let r = rx.max(ry) * scale;
                let n = sides(r);
                notes.push(format!(
                    "an ellipse of {width}×{height} pixels is not a circle: made a polygon of {n} sides within {ELLIPSE_TOLERANCE} world units of it (use a circle, a capsule or a polygon to choose the shape)"
                ));
                Wall::Polygon(ccw((0..n)
                    .map(|k| {
                        let t = std::f32::consts::TAU * k as f32 / n as f32;
                        at(rx + rx * t.cos(), ry + ry * t.sin())
                    })
                    .collect()))
            }
        }
        ObjectShape::Capsule { width, height } => {
            let r = width.min(*height) / 2.0;
            let (a, b) = if width >= height {
                (at(r, r), at(width - r, r))
            } else {
                (at(r, r), at(r, height - r))
            };
            if a == b {
                Wall::Circle {
                    center: a,
                    radius: r * scale,
                }
            } else {
                Wall::Capsule {
                    a,
                    b,
                    radius: r * scale,
                }
            }
        }
        ObjectShape::Polygon { points } => {
            Wall::Polygon(points.iter().map(|(px, py)| at(*px, *py)).collect())
        }
        ObjectShape::Polyline { points } => {
            if points.len() < 2 {
                return Err(format!(
                    "a polyline needs at least 2 points, found {}",
                    points.len()
                ));
            }
            return Ok(Shaped {
                walls: points
                    .windows(2)
                    .map(|w| Wall::Segment {
                        a: at(w[0].0, w[0].1),
                        b: at(w[1].0, w[1].1),
                    })
                    .collect(),
                notes,
            });
        }
        ObjectShape::Point(..) => {
            return Err("a point has no shape".to_string());
        }
        ObjectShape::Text { .. } => {
            return Err("a text object has no collision shape".to_string());
        }
    };
    Ok(Shaped {
        walls: vec![shape],
        notes,
    })
}

/// How many sides a polygon inscribed in a circle of radius `r` needs to stay within
/// [`ELLIPSE_TOLERANCE`] of it (8 to 64).
fn sides(r: f32) -> usize {
    if !(r.is_finite() && r > ELLIPSE_TOLERANCE) {
        return 8;
    }
    let half = (1.0 - ELLIPSE_TOLERANCE / r).acos();
    let n = (std::f32::consts::PI / half).ceil();
    if n.is_finite() {
        (n as usize).clamp(8, 64)
    } else {
        64
    }
}

/// The points counter-clockwise (the y flip from the map turns Tiled's order around).
fn ccw(mut points: Vec<Point>) -> Vec<Point> {
    let n = points.len();
    let area2: f32 = (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum();
    if area2 < 0.0 {
        points.reverse();
    }
    points
}

/// The centre of the box around some walls.
pub(super) fn centre(walls: &[Wall]) -> Option<Point> {
    let mut pts: Vec<Point> = Vec::new();
    for w in walls {
        match w {
            Wall::Box { min, max } => pts.extend([*min, *max]),
            Wall::Circle { center, radius } => pts.extend([
                [center[0] - radius, center[1] - radius],
                [center[0] + radius, center[1] + radius],
            ]),
            Wall::Capsule { a, b, .. } | Wall::Segment { a, b } => pts.extend([*a, *b]),
            Wall::Polygon(p) => pts.extend(p.iter().copied()),
        }
    }
    let first = *pts.first()?;
    let (mut lo, mut hi) = (first, first);
    for p in &pts {
        lo = [lo[0].min(p[0]), lo[1].min(p[1])];
        hi = [hi[0].max(p[0]), hi[1].max(p[1])];
    }
    Some([(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0])
}

pub(super) fn translate(wall: &Wall, d: Point) -> Wall {
    let t = |p: &Point| [p[0] + d[0], p[1] + d[1]];
    match wall {
        Wall::Box { min, max } => Wall::Box {
            min: t(min),
            max: t(max),
        },
        Wall::Circle { center, radius } => Wall::Circle {
            center: t(center),
            radius: *radius,
        },
        Wall::Capsule { a, b, radius } => Wall::Capsule {
            a: t(a),
            b: t(b),
            radius: *radius,
        },
        Wall::Polygon(points) => Wall::Polygon(points.iter().map(t).collect()),
        Wall::Segment { a, b } => Wall::Segment { a: t(a), b: t(b) },
    }
}
