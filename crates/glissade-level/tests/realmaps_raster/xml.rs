//! Reading `.tmx` maps and `.tsx` tilesets with roxmltree into a [`MapDesc`].

use std::path::Path;

use roxmltree::{Document, Node};

use crate::desc::{
    LayerDesc, LayerKind, MapDesc, ObjDesc, ObjShape, Props, TileDesc, TilesetDesc, cells,
    decode_data,
};
use crate::templates::Templates;

fn num(n: Node, name: &str) -> f64 {
    n.attribute(name)
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0.0)
}

fn children<'a, 'i>(n: Node<'a, 'i>, tag: &'static str) -> impl Iterator<Item = Node<'a, 'i>> {
    n.children()
        .filter(move |c| c.is_element() && c.has_tag_name(tag))
}

/// Custom properties of `n`, and the ones that name another object.
fn props(n: Node) -> (Props, Vec<(String, u32)>) {
    let mut out = Props::new();
    let mut refs = Vec::new();
    for list in children(n, "properties") {
        for p in children(list, "property") {
            let name = p.attribute("name").unwrap_or_default().to_string();
            let value = p
                .attribute("value")
                .map(str::to_string)
                .unwrap_or_else(|| p.text().unwrap_or_default().to_string());
            if p.attribute("type") == Some("object")
                && let Ok(id) = value.parse()
            {
                refs.push((name.clone(), id));
            }
            out.insert(name, value);
        }
    }
    (out, refs)
}

fn points(text: &str) -> Vec<(f64, f64)> {
    text.split_whitespace()
        .filter_map(|pair| {
            let (x, y) = pair.split_once(',')?;
            Some((x.parse().ok()?, y.parse().ok()?))
        })
        .collect()
}

/// One `<object>`: its template's object (when it has one, found from `dir`) changed by
/// what the object itself says.
fn object(n: Node, dir: &Path, tpl: &mut Templates) -> Result<ObjDesc, String> {
    let base = match n.attribute("template") {
        Some(file) => tpl.get(&dir.join(file))?,
        None => ObjDesc::new(0),
    };
    Ok(object_onto(base, n))
}

/// `o` with what the element `n` sets.
fn object_onto(mut o: ObjDesc, n: Node) -> ObjDesc {
    let set = |v: &mut f64, name: &str| {
        if n.attribute(name).is_some() {
            *v = num(n, name);
        }
    };
    set(&mut o.x, "x");
    set(&mut o.y, "y");
    set(&mut o.w, "width");
    set(&mut o.h, "height");
    set(&mut o.rotation, "rotation");
    if let Some(id) = n.attribute("id").and_then(|v| v.parse().ok()) {
        o.id = id;
    }
    if let Some(class) = n.attribute("type").or(n.attribute("class")) {
        o.class = class.to_string();
    }
    let (props, refs) = props(n);
    o.props.extend(props);
    o.object_refs
        .retain(|(name, _)| !refs.iter().any(|(r, _)| r == name));
    o.object_refs.extend(refs);
    if let Some(gid) = n.attribute("gid").and_then(|g| g.parse().ok()) {
        o.gid = Some(gid);
    }
    for c in n.children().filter(Node::is_element) {
        o.shape = match c.tag_name().name() {
            "ellipse" => ObjShape::Ellipse,
            "capsule" => ObjShape::Capsule,
            "point" => ObjShape::Point,
            "text" => ObjShape::Text,
            "polygon" => ObjShape::Polygon(points(c.attribute("points").unwrap_or_default())),
            "polyline" => ObjShape::Polyline(points(c.attribute("points").unwrap_or_default())),
            _ => continue,
        };
    }
    o
}

/// A `.tx` template: its object, and its tileset (with the first global id it gives).
pub fn template(path: &Path) -> Result<(ObjDesc, Option<TilesetDesc>), String> {
    let text = read(path)?;
    let doc = parse(&text)?;
    let t = doc.root_element();
    let dir = path.parent().unwrap_or(Path::new("."));
    let tileset = match children(t, "tileset").next() {
        Some(ts) => Some(tileset_ref(ts, dir)?),
        None => None,
    };
    let o = children(t, "object")
        .next()
        .ok_or_else(|| format!("{}: a template without an object", path.display()))?;
    Ok((object_onto(ObjDesc::new(0), o), tileset))
}

/// A `<tileset>` element: embedded, or the file it names (from `dir`).
fn tileset_ref(t: Node, dir: &Path) -> Result<TilesetDesc, String> {
    let first = num(t, "firstgid") as u32;
    match t.attribute("source") {
        Some(src) if src.ends_with(".tsx") || src.ends_with(".xml") => tsx(&dir.join(src), first),
        Some(src) => crate::json::tileset_file(&dir.join(src), first),
        None => tileset(t, first, dir),
    }
}

/// A tileset element; templates its tiles' collision shapes use are found from `dir`.
fn tileset(n: Node, firstgid: u32, dir: &Path) -> Result<TilesetDesc, String> {
    let mut tpl = Templates::default();
    let mut ts = TilesetDesc {
        firstgid,
        tile_w: num(n, "tilewidth"),
        tile_h: num(n, "tileheight"),
        alignment: n
            .attribute("objectalignment")
            .unwrap_or_default()
            .to_string(),
        ..TilesetDesc::default()
    };
    for t in children(n, "tile") {
        let mut tile = TileDesc {
            class: t
                .attribute("type")
                .or(t.attribute("class"))
                .unwrap_or_default()
                .to_string(),
            props: props(t).0,
            ..TileDesc::default()
        };
        if let Some(img) = children(t, "image").next() {
            let (w, h) = (num(img, "width"), num(img, "height"));
            if w > 0.0 && h > 0.0 {
                tile.image = Some((w, h));
            }
        }
        for group in children(t, "objectgroup") {
            for o in children(group, "object") {
                tile.shapes.push(object(o, dir, &mut tpl)?);
            }
        }
        ts.tiles.insert(num(t, "id") as u32, tile);
    }
    Ok(ts)
}

/// A document, a DTD allowed (some maps made by Tiled's automapping examples have one).
fn parse(text: &str) -> Result<Document<'_>, String> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    Document::parse_with_options(text, options).map_err(|e| e.to_string())
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// A `.tsx` file's tileset.
pub fn tsx(path: &Path, firstgid: u32) -> Result<TilesetDesc, String> {
    let text = read(path)?;
    let doc = parse(&text)?;
    tileset(
        doc.root_element(),
        firstgid,
        path.parent().unwrap_or(Path::new(".")),
    )
}

/// The cells of `part` (the layer's `<data>`, or one of its chunks), encoded as `data` says.
fn data_cells(
    data: Node,
    part: Node,
    x0: i64,
    y0: i64,
    w: i64,
) -> Result<Vec<(i64, i64, u32)>, String> {
    let gids: Vec<u32> = match data.attribute("encoding") {
        None => children(part, "tile")
            .map(|t| num(t, "gid") as u32)
            .collect(),
        enc => decode_data(
            part.text().unwrap_or_default(),
            enc,
            data.attribute("compression"),
        )?,
    };
    let mut out = Vec::new();
    cells(&gids, x0, y0, w, &mut out);
    Ok(out)
}

fn layers(
    n: Node,
    offset: (f64, f64),
    dir: &Path,
    tpl: &mut Templates,
    out: &mut Vec<LayerDesc>,
) -> Result<(), String> {
    for l in n.children().filter(Node::is_element) {
        let off = (offset.0 + num(l, "offsetx"), offset.1 + num(l, "offsety"));
        let kind = match l.tag_name().name() {
            "group" => {
                layers(l, off, dir, tpl, out)?;
                continue;
            }
            "layer" => {
                let Some(data) = children(l, "data").next() else {
                    continue;
                };
                let mut all = Vec::new();
                let chunks: Vec<Node> = children(data, "chunk").collect();
                if chunks.is_empty() {
                    all = data_cells(data, data, 0, 0, num(l, "width") as i64)?;
                } else {
                    for c in chunks {
                        let mut c = data_cells(
                            data,
                            c,
                            num(c, "x") as i64,
                            num(c, "y") as i64,
                            num(c, "width") as i64,
                        )?;
                        all.append(&mut c);
                    }
                }
                LayerKind::Tiles(all)
            }
            "objectgroup" => LayerKind::Objects(
                children(l, "object")
                    .map(|o| object(o, dir, tpl))
                    .collect::<Result<_, _>>()?,
            ),
            _ => continue,
        };
        out.push(LayerDesc {
            name: l.attribute("name").unwrap_or_default().to_string(),
            props: props(l).0,
            offset: off,
            kind,
        });
    }
    Ok(())
}

/// A `.tmx` map with its tilesets.
pub fn tmx(path: &Path) -> Result<MapDesc, String> {
    let text = read(path)?;
    let doc = parse(&text)?;
    let m = doc.root_element();
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut map = MapDesc {
        tile_w: num(m, "tilewidth"),
        width: num(m, "width"),
        height: num(m, "height"),
        ..MapDesc::default()
    };
    for t in children(m, "tileset") {
        map.tilesets.push(tileset_ref(t, dir)?);
    }
    let mut tpl = Templates::default();
    layers(m, (0.0, 0.0), dir, &mut tpl, &mut map.layers)?;
    map.tilesets.append(&mut tpl.tilesets);
    Ok(map)
}
