//! The checks a level passes before it is built: every number finite, every shape valid,
//! tiles known, paths long enough. Clockwise polygons are turned around (a warning).

use glissade::glam::Vec2;
use glissade::{Tile, shape::MAX_POLYGON_VERTICES};

use crate::convex;
use crate::entity::{Entity, EntityKind};
use crate::field_path::Path;
use crate::model::{Level, Wall};

/// What the checks found: `(is_error, field path, reason)`.
pub(crate) type Found = Vec<(bool, Path, String)>;

/// Checks `level`; returns it fixed (clockwise polygons turned counter-clockwise) with every
/// problem found.
pub(crate) fn check(mut level: Level) -> (Level, Found) {
    let mut found = Found::new();
    let root = Path::default();
    let mut err = |path: Path, reason: String| found.push((true, path, reason));

    let b = root.key("bounds");
    finite_point(&mut err, b.key("min"), level.bounds.min);
    finite_point(&mut err, b.key("max"), level.bounds.max);
    let bounds_ok =
        level.bounds.min[0] < level.bounds.max[0] && level.bounds.min[1] < level.bounds.max[1];
    if !bounds_ok {
        err(
            b.clone(),
            format!(
                "min {:?} must be below and left of max {:?}",
                level.bounds.min, level.bounds.max
            ),
        );
    }
    finite_point(&mut err, root.key("gravity"), level.gravity);

    for (i, layer) in level.tiles.iter().enumerate() {
        let p = root.key("tiles").index(i);
        finite_point(&mut err, p.key("origin"), layer.origin);
        positive(&mut err, p.key("cell"), layer.cell);
        if layer.cell.is_finite()
            && layer.cell > 0.0
            && glissade::TileMap::new(1, 1, layer.cell).is_err()
        {
            err(
                p.key("cell"),
                format!(
                    "not a usable tile size (too small or too large), found {}",
                    layer.cell
                ),
            );
        }
        if layer.rows.is_empty() {
            err(
                p.key("rows"),
                "a tile layer needs at least one row".to_string(),
            );
        }
        let width = layer.rows.first().map_or(0, |r| r.chars().count());
        for (r, row) in layer.rows.iter().enumerate() {
            let n = row.chars().count();
            if n != width {
                err(
                    p.key("rows").index(r),
                    format!(
                        "row {r} has {n} characters, row 0 has {width}: rows must be the same length"
                    ),
                );
            }
            let bad: Vec<(usize, char)> = row
                .chars()
                .enumerate()
                .filter(|(_, ch)| *ch != ' ' && Tile::from_char(*ch).is_none())
                .collect();
            if let Some((c, ch)) = bad.first() {
                let more = match bad.len() {
                    1 => String::new(),
                    n => format!(" and {} more in this row", n - 1),
                };
                err(
                    p.key("rows").index(r),
                    format!(
                        "unknown tile character {ch:?} at row {r} column {c}{more} (known: '#' solid, '=' one-way, '/' and '\\' slopes, '.' or ' ' empty)"
                    ),
                );
            }
        }
    }

    let mut warnings = Vec::new();
    for (i, wall) in level.walls.iter_mut().enumerate() {
        let p = root.key("walls").index(i);
        check_shape(&mut err, &mut warnings, p, wall, false);
    }
    for (i, wall) in level.one_way.iter_mut().enumerate() {
        let p = root.key("one_way").index(i);
        check_shape(&mut err, &mut warnings, p, wall, false);
    }
    for (i, entity) in level.entities.iter_mut().enumerate() {
        check_sensor(&mut warnings, root.key("entities").index(i), entity);
    }
    for (i, platform) in level.platforms.iter_mut().enumerate() {
        let p = root.key("platforms").index(i);
        check_shape(
            &mut err,
            &mut warnings,
            p.key("shape"),
            &mut platform.shape,
            true,
        );
        if platform.path.len() < 2 {
            err(
                p.key("path"),
                format!(
                    "a platform path needs at least 2 points, found {}",
                    platform.path.len()
                ),
            );
        }
        for (k, q) in platform.path.iter().enumerate() {
            finite_point(&mut err, p.key("path").index(k), *q);
        }
        if platform.path.windows(2).any(|w| w[0] == w[1]) {
            err(
                p.key("path"),
                "two consecutive waypoints are the same point".to_string(),
            );
        }
        positive(&mut err, p.key("speed"), platform.speed);
    }
    if level.spawns.is_empty() {
        err(
            root.key("spawns"),
            "a level needs at least one spawn point".to_string(),
        );
    }
    for (i, s) in level.spawns.iter().enumerate() {
        let p = root.key("spawns").index(i);
        finite_point(&mut err, p.clone(), *s);
        let inside = (0..2).all(|a| s[a] >= level.bounds.min[a] && s[a] <= level.bounds.max[a]);
        if bounds_ok && !inside {
            err(
                p,
                format!(
                    "spawn point {s:?} is outside the bounds {:?}–{:?}",
                    level.bounds.min, level.bounds.max
                ),
            );
        }
    }
    found.extend(warnings.into_iter().map(|(p, r)| (false, p, r)));
    (level, found)
}

/// Checks the shapes of a sensor entity as walls are checked (a clockwise polygon is turned
/// around with a warning). A sensor that has no shape, or a shape that cannot be a collider,
/// stays an entity but stops being a sensor, with a warning saying why: the level still loads
/// and builds.
fn check_sensor(warnings: &mut Vec<(Path, String)>, path: Path, entity: &mut Entity) {
    if !entity.sensor {
        if entity.climbable {
            warnings.push((
                path,
                format!(
                    "entity {}: climbable but not a sensor: kept as an entity that is not climbable",
                    entity.id
                ),
            ));
            entity.climbable = false;
        }
        return;
    }
    let mut problems: Vec<(Path, String)> = Vec::new();
    let mut turned = Vec::new();
    let mut shapes = entity.shapes.clone();
    for (k, shape) in shapes.iter_mut().enumerate() {
        let mut err = |p: Path, reason: String| problems.push((p, reason));
        check_shape(
            &mut err,
            &mut turned,
            path.key("shapes").index(k),
            shape,
            false,
        );
    }
    let who = if entity.name.is_empty() {
        format!("entity {}", entity.id)
    } else {
        format!("entity {} {:?}", entity.id, entity.name)
    };
    let reason = if entity.shapes.is_empty() {
        Some("has no shape".to_string())
    } else {
        problems
            .first()
            .map(|(p, r)| format!("{p}: {r}{}", more(problems.len())))
    };
    if let Some(reason) = reason {
        warnings.push((
            path,
            format!("{who}: a sensor that {reason}: kept as an entity that is not a sensor"),
        ));
        entity.sensor = false;
        entity.climbable = false;
        entity.kind = if entity.shapes.is_empty() {
            EntityKind::Point
        } else {
            EntityKind::Shape
        };
    } else {
        warnings.extend(turned);
        entity.shapes = shapes;
    }
}

fn more(n: usize) -> String {
    match n {
        0 | 1 => String::new(),
        2 => " (and 1 more problem)".to_string(),
        n => format!(" (and {} more problems)", n - 1),
    }
}

fn finite_point(err: &mut impl FnMut(Path, String), path: Path, p: [f32; 2]) {
    if !(p[0].is_finite() && p[1].is_finite()) {
        err(
            path,
            format!("{p:?} is not a finite point (too large for f32?)"),
        );
    }
}

fn positive(err: &mut impl FnMut(Path, String), path: Path, r: f32) {
    if !r.is_finite() {
        err(
            path,
            format!("must be a finite number, found {r} (too large for f32)"),
        );
    } else if r <= 0.0 {
        err(path, format!("must be positive, found {r}"));
    }
}

/// Checks a shape; a clockwise polygon is turned around with a warning. A platform's polygon
/// must be convex with at most [`MAX_POLYGON_VERTICES`] vertices (it is one collider).
fn check_shape(
    err: &mut impl FnMut(Path, String),
    warnings: &mut Vec<(Path, String)>,
    path: Path,
    wall: &mut Wall,
    platform: bool,
) {
    match wall {
        Wall::Box { min, max } => {
            let p = path.key("box");
            finite_point(err, p.key("min"), *min);
            finite_point(err, p.key("max"), *max);
            if !(min[0] < max[0] && min[1] < max[1]) {
                err(
                    p,
                    format!(
                        "min {min:?} must be below and left of max {max:?} (a box of positive size)"
                    ),
                );
            }
        }
        Wall::Circle { center, radius } => {
            let p = path.key("circle");
            finite_point(err, p.key("center"), *center);
            positive(err, p.key("radius"), *radius);
        }
        Wall::Capsule { a, b, radius } => {
            let p = path.key("capsule");
            finite_point(err, p.key("a"), *a);
            finite_point(err, p.key("b"), *b);
            positive(err, p.key("radius"), *radius);
        }
        Wall::Segment { a, b } => {
            let p = path.key("segment");
            finite_point(err, p.key("a"), *a);
            finite_point(err, p.key("b"), *b);
            if a == b {
                err(p, "the two ends are the same point".to_string());
            }
        }
        Wall::Polygon(points) => {
            let p = path.key("polygon");
            let mut ok = true;
            for (k, q) in points.iter().enumerate() {
                if !(q[0].is_finite() && q[1].is_finite()) {
                    err(
                        p.index(k),
                        format!("{q:?} is not a finite point (too large for f32?)"),
                    );
                    ok = false;
                }
            }
            if points.len() < 3 {
                err(
                    p.clone(),
                    format!("a polygon needs at least 3 points, found {}", points.len()),
                );
                return;
            }
            if !ok {
                return;
            }
            // A point written twice in a row is harmless: it is not an edge. `orig` maps the
            // points kept back to the user's indices.
            let mut v: Vec<Vec2> = Vec::new();
            let mut orig: Vec<usize> = Vec::new();
            for (k, q) in points.iter().enumerate() {
                let q = Vec2::new(q[0], q[1]);
                if v.last() != Some(&q) {
                    v.push(q);
                    orig.push(k);
                }
            }
            if v.len() > 1 && v.first() == v.last() {
                v.pop();
                orig.pop();
            }
            if let Some((i, j)) = convex::crossing_edges(&v) {
                let (i, j) = (
                    orig.get(i).copied().unwrap_or(i),
                    orig.get(j).copied().unwrap_or(j),
                );
                err(
                    p.clone(),
                    format!(
                        "the edges from point {i} and from point {j} cross: a polygon must not cross itself"
                    ),
                );
                return;
            }
            let area2 = convex::signed_area2(&v);
            if area2 == 0.0 || !area2.is_finite() {
                err(p.clone(), "the polygon has no area".to_string());
                return;
            }
            if area2 < 0.0 {
                warnings.push((
                    p.clone(),
                    "clockwise polygon: turned counter-clockwise".to_string(),
                ));
                points.reverse();
                v.reverse();
                orig.reverse();
            }
            if platform {
                if let Some(k) = convex::first_reflex_vertex(&v) {
                    // The user's index, in the polygon as written (`orig` follows `v`).
                    let written = orig.get(k).copied().unwrap_or(k);
                    let q = v.get(k).copied().unwrap_or(Vec2::ZERO);
                    err(
                        p.clone(),
                        format!(
                            "not convex at vertex {written} [{}, {}]: a platform is one convex shape",
                            q.x, q.y
                        ),
                    );
                } else if v.len() > MAX_POLYGON_VERTICES {
                    err(
                        p.clone(),
                        format!(
                            "a platform polygon has at most {MAX_POLYGON_VERTICES} vertices, found {}",
                            v.len()
                        ),
                    );
                } else if let Err(e) = glissade::ConvexPolygon::new(points_of(points).as_slice()) {
                    err(p.clone(), e.to_string());
                }
            } else if let Err(why) = convex::split_convex(&v, MAX_POLYGON_VERTICES) {
                err(
                    p.clone(),
                    format!("cannot be split into convex pieces: {why}"),
                );
            }
        }
    }
}

fn points_of(points: &[[f32; 2]]) -> Vec<Vec2> {
    points.iter().map(|q| Vec2::new(q[0], q[1])).collect()
}
