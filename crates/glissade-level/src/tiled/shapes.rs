//! The shape of one Tiled object as level walls: rectangles, circles, capsules, polygons and
//! polylines, mapped from the object's pixels into the level's frame.

use tiled::{ObjectData, ObjectShape};

use crate::model::{Point, Wall};

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

pub(super) fn is_spawn(object: &ObjectData) -> bool {
    matches!(object.shape, ObjectShape::Point(..)) || object.user_type == "spawn"
}

/// The walls of an object's shape; `to` maps a pixel point of the object's frame to the
/// level's frame, and `scale` is the level units per pixel (for radii).
pub(super) fn shape_walls(
    object: &ObjectData,
    to: &dyn Fn(f32, f32) -> Point,
    scale: f32,
) -> Result<Vec<Wall>, String> {
    if object.rotation != 0.0 {
        return Err("unsupported Tiled feature: rotated object".to_string());
    }
    if object.tile_data().is_some() {
        return Err("unsupported Tiled feature: tile object".to_string());
    }
    let (x, y) = (object.x, object.y);
    let shape = match &object.shape {
        ObjectShape::Rect { width, height } => {
            let a = to(x, y);
            let b = to(x + width, y + height);
            Wall::Box {
                min: [a[0].min(b[0]), a[1].min(b[1])],
                max: [a[0].max(b[0]), a[1].max(b[1])],
            }
        }
        ObjectShape::Ellipse { width, height } => {
            if width != height {
                return Err(format!(
                    "ellipse {} is not a circle (width {width}, height {height})",
                    object.id()
                ));
            }
            Wall::Circle {
                center: to(x + width / 2.0, y + height / 2.0),
                radius: width / 2.0 * scale,
            }
        }
        ObjectShape::Capsule { width, height } => {
            let r = width.min(*height) / 2.0;
            let (a, b) = if width >= height {
                (to(x + r, y + r), to(x + width - r, y + r))
            } else {
                (to(x + r, y + r), to(x + r, y + height - r))
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
            Wall::Polygon(points.iter().map(|(px, py)| to(x + px, y + py)).collect())
        }
        ObjectShape::Polyline { points } => {
            if points.len() < 2 {
                return Err(format!(
                    "a polyline needs at least 2 points, found {}",
                    points.len()
                ));
            }
            return Ok(points
                .windows(2)
                .map(|w| Wall::Segment {
                    a: to(x + w[0].0, y + w[0].1),
                    b: to(x + w[1].0, y + w[1].1),
                })
                .collect());
        }
        ObjectShape::Point(..) => {
            return Err("a point is not a wall (points are spawn points)".to_string());
        }
        ObjectShape::Text { .. } => {
            return Err("unsupported Tiled feature: text object".to_string());
        }
    };
    Ok(vec![shape])
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
