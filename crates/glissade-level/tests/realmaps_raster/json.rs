//! Reading JSON maps (`.tmj`, `.json`) and tilesets (`.tsj`, `.json`) with serde_json into a
//! [`MapDesc`].

use std::path::Path;

use serde_json::Value;

use crate::desc::{
    LayerDesc, LayerKind, MapDesc, ObjDesc, ObjShape, Props, TileDesc, TilesetDesc, cells,
    decode_data,
};
use crate::templates::Templates;

fn num(v: &Value, name: &str) -> f64 {
    v.get(name).and_then(Value::as_f64).unwrap_or(0.0)
}

fn text(v: &Value, name: &str) -> String {
    v.get(name)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

fn as_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn list<'a>(v: &'a Value, name: &str) -> &'a [Value] {
    v.get(name)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Custom properties (a list of `{name, type, value}`, or an older name → value object), and
/// the ones that name another object.
fn props(v: &Value) -> (Props, Vec<(String, u32)>) {
    let mut out = Props::new();
    let mut refs = Vec::new();
    match v.get("properties") {
        Some(Value::Array(items)) => {
            for p in items {
                let name = text(p, "name");
                let value = p.get("value").map(as_text).unwrap_or_default();
                if p.get("type").and_then(Value::as_str) == Some("object")
                    && let Ok(id) = value.parse()
                {
                    refs.push((name.clone(), id));
                }
                out.insert(name, value);
            }
        }
        Some(Value::Object(map)) => {
            for (k, value) in map {
                out.insert(k.clone(), as_text(value));
            }
        }
        _ => {}
    }
    (out, refs)
}

fn class(v: &Value) -> String {
    let t = text(v, "type");
    if t.is_empty() { text(v, "class") } else { t }
}

fn points(v: &Value) -> Vec<(f64, f64)> {
    v.as_array()
        .into_iter()
        .flatten()
        .map(|p| (num(p, "x"), num(p, "y")))
        .collect()
}

/// One object: its template's object (when it has one, found from `dir`) changed by what
/// the object itself says.
fn object(v: &Value, dir: &Path, tpl: &mut Templates) -> Result<ObjDesc, String> {
    let base = match v.get("template").and_then(Value::as_str) {
        Some(file) => tpl.get(&dir.join(file))?,
        None => ObjDesc::new(0),
    };
    Ok(object_onto(base, v))
}

/// `o` with what the JSON object `v` sets.
fn object_onto(mut o: ObjDesc, v: &Value) -> ObjDesc {
    let set = |f: &mut f64, name: &str| {
        if let Some(x) = v.get(name).and_then(Value::as_f64) {
            *f = x;
        }
    };
    set(&mut o.x, "x");
    set(&mut o.y, "y");
    set(&mut o.w, "width");
    set(&mut o.h, "height");
    set(&mut o.rotation, "rotation");
    if let Some(id) = v.get("id").and_then(Value::as_u64) {
        o.id = id as u32;
    }
    if v.get("type").is_some() || v.get("class").is_some() {
        o.class = class(v);
    }
    let (props, refs) = props(v);
    o.props.extend(props);
    o.object_refs
        .retain(|(name, _)| !refs.iter().any(|(r, _)| r == name));
    o.object_refs.extend(refs);
    if let Some(gid) = v.get("gid").and_then(Value::as_u64) {
        o.gid = Some(gid as u32);
    }
    let flag = |k: &str| v.get(k).and_then(Value::as_bool) == Some(true);
    let shape = if flag("ellipse") {
        ObjShape::Ellipse
    } else if flag("capsule") {
        ObjShape::Capsule
    } else if flag("point") {
        ObjShape::Point
    } else if v.get("text").is_some() {
        ObjShape::Text
    } else if let Some(p) = v.get("polygon") {
        ObjShape::Polygon(points(p))
    } else if let Some(p) = v.get("polyline") {
        ObjShape::Polyline(points(p))
    } else {
        ObjShape::Rect
    };
    // A template's object changed in place keeps the template's shape.
    if shape != ObjShape::Rect || o.shape == ObjShape::Rect {
        o.shape = shape;
    }
    o
}

/// A `.tj` template: its object, and its tileset (with the first global id it gives).
pub fn template(path: &Path) -> Result<(ObjDesc, Option<TilesetDesc>), String> {
    let v = load(path)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let tileset = match v.get("tileset") {
        Some(t) => Some(tileset_ref(t, dir)?),
        None => None,
    };
    let o = v
        .get("object")
        .ok_or_else(|| format!("{}: a template without an object", path.display()))?;
    Ok((object_onto(ObjDesc::new(0), o), tileset))
}

/// A tileset entry: embedded, or the file it names (from `dir`).
fn tileset_ref(t: &Value, dir: &Path) -> Result<TilesetDesc, String> {
    let first = num(t, "firstgid") as u32;
    match t.get("source").and_then(Value::as_str) {
        Some(src) if src.ends_with(".tsx") || src.ends_with(".xml") => {
            crate::xml::tsx(&dir.join(src), first)
        }
        Some(src) => tileset_file(&dir.join(src), first),
        None => tileset(t, first, dir),
    }
}

/// A tileset; templates its tiles' collision shapes use are found from `dir`.
fn tileset(v: &Value, firstgid: u32, dir: &Path) -> Result<TilesetDesc, String> {
    let mut tpl = Templates::default();
    let mut ts = TilesetDesc {
        firstgid,
        tile_w: num(v, "tilewidth"),
        tile_h: num(v, "tileheight"),
        alignment: text(v, "objectalignment"),
        ..TilesetDesc::default()
    };
    match v.get("tiles") {
        None | Some(Value::Array(_)) => {}
        Some(_) => return Err("SKIP:tiles of a JSON tileset in the old keyed form".to_string()),
    }
    for t in list(v, "tiles") {
        let mut tile = TileDesc {
            class: class(t),
            props: props(t).0,
            ..TileDesc::default()
        };
        let (w, h) = (num(t, "imagewidth"), num(t, "imageheight"));
        if w > 0.0 && h > 0.0 {
            tile.image = Some((w, h));
        }
        if let Some(group) = t.get("objectgroup") {
            for o in list(group, "objects") {
                tile.shapes.push(object(o, dir, &mut tpl)?);
            }
        }
        ts.tiles.insert(num(t, "id") as u32, tile);
    }
    Ok(ts)
}

fn load(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// A JSON tileset file.
pub fn tileset_file(path: &Path, firstgid: u32) -> Result<TilesetDesc, String> {
    tileset(
        &load(path)?,
        firstgid,
        path.parent().unwrap_or(Path::new(".")),
    )
}

/// The gids of a layer's or chunk's `data`: an array, or base64 text.
fn data(v: &Value, layer: &Value) -> Result<Vec<u32>, String> {
    match v.get("data") {
        Some(Value::Array(items)) => Ok(items
            .iter()
            .map(|g| g.as_u64().unwrap_or(0) as u32)
            .collect()),
        Some(Value::String(s)) => decode_data(
            s,
            Some("base64"),
            layer.get("compression").and_then(Value::as_str),
        ),
        _ => Ok(Vec::new()),
    }
}

fn layers(
    items: &[Value],
    offset: (f64, f64),
    dir: &Path,
    tpl: &mut Templates,
    out: &mut Vec<LayerDesc>,
) -> Result<(), String> {
    for l in items {
        let off = (offset.0 + num(l, "offsetx"), offset.1 + num(l, "offsety"));
        let kind = match l.get("type").and_then(Value::as_str) {
            Some("group") => {
                layers(list(l, "layers"), off, dir, tpl, out)?;
                continue;
            }
            Some("tilelayer") => {
                let mut all = Vec::new();
                if let Some(chunks) = l.get("chunks").and_then(Value::as_array) {
                    for c in chunks {
                        let gids = data(c, l)?;
                        let (x, y) = (num(c, "x") as i64, num(c, "y") as i64);
                        cells(&gids, x, y, num(c, "width") as i64, &mut all);
                    }
                } else {
                    cells(&data(l, l)?, 0, 0, num(l, "width") as i64, &mut all);
                }
                LayerKind::Tiles(all)
            }
            Some("objectgroup") => LayerKind::Objects(
                list(l, "objects")
                    .iter()
                    .map(|o| object(o, dir, tpl))
                    .collect::<Result<_, _>>()?,
            ),
            _ => continue,
        };
        out.push(LayerDesc {
            name: text(l, "name"),
            props: props(l).0,
            offset: off,
            kind,
        });
    }
    Ok(())
}

/// A JSON map with its tilesets.
pub fn map(path: &Path) -> Result<MapDesc, String> {
    let v = load(path)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut m = MapDesc {
        tile_w: num(&v, "tilewidth"),
        width: num(&v, "width"),
        height: num(&v, "height"),
        ..MapDesc::default()
    };
    for t in list(&v, "tilesets") {
        m.tilesets.push(tileset_ref(t, dir)?);
    }
    let mut tpl = Templates::default();
    layers(list(&v, "layers"), (0.0, 0.0), dir, &mut tpl, &mut m.layers)?;
    m.tilesets.append(&mut tpl.tilesets);
    Ok(m)
}
