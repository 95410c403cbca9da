//! From a [`MapDesc`] to the solid shapes of its collision, in world units: one tile is one
//! unit and y points up (the map's pixel `(x, y)` is `(x / tile, height - y / tile)`).
//!
//! What is solid, as the level format promises: a layer collides as a whole by its
//! `one_way`, `collision` or `solid` property or, failing those, by its name; a tile is solid
//! by its `solid` property, its collision shapes, or (without either) by its layer colliding
//! as a whole; an object is a wall by its class, or, without a class that says what it is, by
//! its layer. One-way tiles and objects go to a raster of their own (a one-way tile is a
//! platform along the top of its cell, with no inside; a one-way object keeps its shape);
//! moving platforms (objects with a `path`) are counted and left out.

use std::collections::BTreeSet;

use crate::desc::{FLIP_D, FLIP_H, FLIP_V, LayerKind, MapDesc, ObjDesc, ObjShape, Props};
use crate::geom::{EDGE, ELLIPSE_TOLERANCE, P, Raster, Solid, ellipse_points};

/// Layer names that collide as a whole unless a property says otherwise (any case).
const WHOLE_NAMES: &[&str] = &[
    "collision",
    "collisions",
    "solid",
    "walls",
    "ground",
    "platforms",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Plain,
    Solid,
    OneWay,
}

fn flag(props: &Props, name: &str) -> Option<bool> {
    match props.get(name).map(String::as_str) {
        Some("true") => Some(true),
        Some("false") => Some(false),
        _ => None,
    }
}

fn layer_role(name: &str, props: &Props) -> Role {
    if flag(props, "one_way") == Some(true) {
        return Role::OneWay;
    }
    match flag(props, "collision").or(flag(props, "solid")) {
        Some(true) => Role::Solid,
        Some(false) => Role::Plain,
        None if WHOLE_NAMES
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name.trim())) =>
        {
            Role::Solid
        }
        None => Role::Plain,
    }
}

/// The rasterised collision of a map.
pub struct Rasterised {
    /// What is solid.
    pub raster: Raster,
    /// What is one-way (passed from below, stood on from above).
    pub one_way: Raster,
    /// One-way tiles and objects.
    pub one_way_count: usize,
    /// Moving platforms, left out.
    pub moving: usize,
    /// The map's size in tiles.
    pub size: P,
}

/// `(dx, dy)` from an object's origin, turned by its rotation as Tiled does (clockwise on
/// screen, where y points down).
fn turned(o: &ObjDesc, dx: f64, dy: f64) -> (f64, f64) {
    let (s, c) = o.rotation.to_radians().sin_cos();
    (o.x + c * dx - s * dy, o.y + s * dx + c * dy)
}

/// The solids of one object's own shape (not a tile object), with the band each gets;
/// `to` maps pixels to world units and `scale` is world units per pixel.
fn shape_solids(o: &ObjDesc, to: &dyn Fn(f64, f64) -> P, scale: f64) -> Vec<(Solid, f64)> {
    let at = |dx: f64, dy: f64| {
        let (x, y) = turned(o, dx, dy);
        to(x, y)
    };
    let poly = |pts: &[(f64, f64)]| Solid::Polygon(pts.iter().map(|&(x, y)| at(x, y)).collect());
    match &o.shape {
        ObjShape::Rect => vec![(
            poly(&[(0.0, 0.0), (o.w, 0.0), (o.w, o.h), (0.0, o.h)]),
            EDGE,
        )],
        ObjShape::Ellipse => {
            let band = if o.w == o.h {
                EDGE
            } else {
                EDGE + ELLIPSE_TOLERANCE
            };
            vec![(poly(&ellipse_points(o.w, o.h)), band)]
        }
        ObjShape::Capsule => {
            let r = o.w.min(o.h) / 2.0;
            let end = if o.w >= o.h {
                (o.w - r, r)
            } else {
                (r, o.h - r)
            };
            vec![(
                Solid::Capsule {
                    a: at(r, r),
                    b: at(end.0, end.1),
                    r: r * scale,
                },
                EDGE,
            )]
        }
        ObjShape::Polygon(pts) => vec![(poly(pts), EDGE)],
        // A chain of segments has no inside: its points are only ever unsure.
        ObjShape::Polyline(pts) => pts
            .windows(2)
            .map(|w| {
                let (a, b) = (at(w[0].0, w[0].1), at(w[1].0, w[1].1));
                (Solid::Capsule { a, b, r: 0.0 }, EDGE)
            })
            .collect(),
        ObjShape::Point | ObjShape::Text => Vec::new(),
    }
}

/// A point of a tile's own pixels (y down, `w`×`h`), flipped as the global id says: the
/// diagonal flip (swapping x and y) comes first.
fn flip(gid: u32, w: f64, h: f64, x: f64, y: f64) -> (f64, f64) {
    let (mut x, mut y) = if gid & FLIP_D != 0 { (y, x) } else { (x, y) };
    if gid & FLIP_H != 0 {
        x = w - x;
    }
    if gid & FLIP_V != 0 {
        y = h - y;
    }
    (x, y)
}

/// Where the top-left corner of a `w`×`h` tile object lies from its origin, by its
/// tileset's object alignment (bottom-left when not said, as in orthogonal maps).
fn anchor(alignment: &str, w: f64, h: f64) -> (f64, f64) {
    let x = match alignment {
        "top" | "center" | "bottom" => -w / 2.0,
        "topright" | "right" | "bottomright" => -w,
        _ => 0.0,
    };
    let y = match alignment {
        "topleft" | "top" | "topright" => 0.0,
        "left" | "center" | "right" => -h / 2.0,
        _ => -h,
    };
    (x, y)
}

fn has_area(o: &ObjDesc) -> bool {
    !matches!(o.shape, ObjShape::Point | ObjShape::Text)
}

fn class_key(class: &str) -> String {
    class.trim().to_ascii_lowercase().replace(['-', ' '], "_")
}

impl MapDesc {
    /// The unit cell's square whose top-left corner is `(left, top)`.
    fn square(left: f64, top: f64) -> Solid {
        Solid::Polygon(vec![
            [left, top - 1.0],
            [left + 1.0, top - 1.0],
            [left + 1.0, top],
            [left, top],
        ])
    }

    /// A one-way tile: a platform along the top of its cell, with no inside.
    fn ledge(left: f64, top: f64) -> Solid {
        Solid::Capsule {
            a: [left, top],
            b: [left + 1.0, top],
            r: 0.0,
        }
    }

    /// The solids of a tile layer's cells.
    fn tile_layer(
        &self,
        role: Role,
        offset: (f64, f64),
        cells: &[(i64, i64, u32)],
        out: &mut Rasterised,
    ) {
        let t = self.tile_w;
        for &(cx, cy, gid) in cells {
            let left = offset.0 / t + cx as f64;
            let top = self.height - offset.1 / t - cy as f64;
            let tile = self.tile_of(gid).and_then(|(ts, id)| ts.tiles.get(&id));
            let shapes: Vec<&ObjDesc> = tile
                .map(|d| d.shapes.iter().filter(|o| has_area(o)).collect())
                .unwrap_or_default();
            let props = tile.map(|d| &d.props);
            if props.is_some_and(|p| flag(p, "solid") == Some(true)) {
                out.raster.add(Self::square(left, top), EDGE);
            } else if props.is_some_and(|p| flag(p, "one_way") == Some(true)) {
                out.one_way.add(Self::ledge(left, top), EDGE);
                out.one_way_count += 1;
            } else if !shapes.is_empty() {
                let to = |x: f64, y: f64| {
                    let (x, y) = flip(gid, t, t, x, y);
                    [left + x / t, top - y / t]
                };
                for o in shapes {
                    for (s, band) in shape_solids(o, &to, 1.0 / t) {
                        out.raster.add(s, band);
                    }
                }
            } else {
                match role {
                    Role::Solid => out.raster.add(Self::square(left, top), EDGE),
                    Role::OneWay => {
                        out.one_way.add(Self::ledge(left, top), EDGE);
                        out.one_way_count += 1;
                    }
                    Role::Plain => {}
                }
            }
        }
    }

    /// The solids of a tile object that is a wall: its tile's collision shapes scaled to
    /// the object, or its rectangle (it hangs above its origin).
    fn tile_object(&self, o: &ObjDesc, gid: u32, to: &dyn Fn(f64, f64) -> P) -> Vec<(Solid, f64)> {
        let found = self.tile_of(gid);
        let tile = found.and_then(|(ts, id)| ts.tiles.get(&id));
        let solid = tile.is_some_and(|d| flag(&d.props, "solid") == Some(true));
        let shapes: Vec<&ObjDesc> = tile.map(|d| d.shapes.iter().collect()).unwrap_or_default();
        // The object's top-left corner from its origin, before turning.
        let (ax, ay) = anchor(found.map_or("", |(ts, _)| ts.alignment.as_str()), o.w, o.h);
        if solid || shapes.is_empty() {
            let corners = [(0.0, 0.0), (o.w, 0.0), (o.w, o.h), (0.0, o.h)];
            let pts = corners
                .iter()
                .map(|&(dx, dy)| {
                    let (x, y) = turned(o, ax + dx, ay + dy);
                    to(x, y)
                })
                .collect();
            return vec![(Solid::Polygon(pts), EDGE)];
        }
        let (ts, _) = found.expect("a tile was found");
        let (tw, th) = tile.and_then(|d| d.image).unwrap_or((ts.tile_w, ts.tile_h));
        let (sx, sy) = (o.w / tw, o.h / th);
        let place = |x: f64, y: f64| {
            let (x, y) = flip(gid, tw, th, x, y);
            let (x, y) = turned(o, ax + x * sx, ay + y * sy);
            to(x, y)
        };
        let scale = (sx * sy).sqrt() / self.tile_w;
        shapes
            .into_iter()
            .flat_map(|shape| shape_solids(shape, &place, scale))
            .collect()
    }

    /// The class an object goes by: its own, or its tile's for a tile object.
    fn class_of(&self, o: &ObjDesc) -> String {
        if !o.class.is_empty() {
            return o.class.clone();
        }
        o.gid
            .and_then(|g| self.tile_of(g))
            .and_then(|(ts, id)| ts.tiles.get(&id))
            .map(|d| d.class.clone())
            .unwrap_or_default()
    }

    /// Adds an object's solids if it is a wall or one-way; counts it if it is a platform.
    fn object(
        &self,
        role: Role,
        offset: (f64, f64),
        o: &ObjDesc,
        path_ids: &BTreeSet<u32>,
        out: &mut Rasterised,
    ) {
        if path_ids.contains(&o.id) {
            return;
        }
        let empty = o.gid.is_none() && o.shape == ObjShape::Rect && o.w == 0.0 && o.h == 0.0;
        if empty {
            return;
        }
        let class = class_key(&self.class_of(o));
        let shaped = o.gid.is_some() || has_area(o);
        let (wall, one_way, sensor) = match class.as_str() {
            "solid" | "wall" => (true, false, false),
            "one_way" | "oneway" | "platform" => (false, true, false),
            "spawn" | "player" | "start" => (false, false, false),
            "sensor" | "trigger" => (false, false, true),
            _ if !shaped => (false, false, false),
            _ => match role {
                Role::Solid => (true, false, false),
                Role::OneWay => (false, true, false),
                Role::Plain => (false, false, true),
            },
        };
        if o.props.contains_key("path") && (wall || one_way || sensor) {
            out.moving += 1;
            return;
        }
        let one_way = one_way || (wall && flag(&o.props, "one_way") == Some(true));
        if !(wall || one_way) {
            return;
        }
        let t = self.tile_w;
        let height = self.height;
        let to = move |x: f64, y: f64| [(x + offset.0) / t, height - (y + offset.1) / t];
        let solids = match o.gid {
            Some(gid) => self.tile_object(o, gid, &to),
            None => shape_solids(o, &to, 1.0 / t),
        };
        let raster = if one_way {
            out.one_way_count += 1;
            &mut out.one_way
        } else {
            &mut out.raster
        };
        for (s, band) in solids {
            raster.add(s, band);
        }
    }

    /// The map's collision, rasterised.
    pub fn rasterise(&self) -> Rasterised {
        let mut out = Rasterised {
            raster: Raster::new(),
            one_way: Raster::new(),
            one_way_count: 0,
            moving: 0,
            size: [self.width, self.height],
        };
        // Polylines that are platforms' paths are not walls.
        let path_ids: BTreeSet<u32> = self
            .layers
            .iter()
            .filter_map(|l| match &l.kind {
                LayerKind::Objects(objects) => Some(objects),
                LayerKind::Tiles(_) => None,
            })
            .flatten()
            .flat_map(|o| o.object_refs.iter())
            .filter(|(name, _)| name == "path")
            .map(|(_, id)| *id)
            .collect();
        for layer in &self.layers {
            let role = layer_role(&layer.name, &layer.props);
            match &layer.kind {
                LayerKind::Tiles(cells) => self.tile_layer(role, layer.offset, cells, &mut out),
                LayerKind::Objects(objects) => {
                    for o in objects {
                        self.object(role, layer.offset, o, &path_ids, &mut out);
                    }
                }
            }
        }
        out
    }
}
