//! Tiled's JSON formats (`.tmj` maps, `.tsj` tilesets, `.tj` templates, and any of them with a
//! `.json` name) written
//! out as the XML the `tiled` crate reads, element for element: maps, tilesets, tile and
//! object layers, groups, objects and properties. Image layers are left out (they never
//! collide).

use std::fmt::Write as _;

use serde_json::{Map, Value};

type Obj = Map<String, Value>;

/// What a JSON text of Tiled's is: `map`, `tileset` or `template`; none for other JSON (a
/// glissade level).
pub(crate) fn tiled_json_kind(text: &str) -> Option<&'static str> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(o)) => match o.get("type").and_then(Value::as_str) {
            Some("map") => Some("map"),
            Some("tileset") => Some("tileset"),
            Some("template") => Some("template"),
            _ if o.contains_key("tilewidth") && o.contains_key("layers") => Some("map"),
            _ => None,
        },
        _ => None,
    }
}

/// A Tiled JSON map or tileset as TMX/TSX text; the reason when it is not one.
pub(super) fn to_xml(text: &str) -> Result<String, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let Value::Object(o) = value else {
        return Err("not a Tiled map: the JSON is not an object".to_string());
    };
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    match o.get("type").and_then(Value::as_str) {
        Some("tileset") => tileset(&mut x, &o, false),
        Some("map") | None if o.contains_key("layers") => map(&mut x, &o),
        Some("template") => template(&mut x, &o),
        _ => {
            return Err(
                "not a Tiled map: a JSON object without Tiled's \"type\" and \"layers\""
                    .to_string(),
            );
        }
    }
    Ok(x)
}

fn template(x: &mut String, o: &Obj) {
    x.push_str("<template>\n");
    if let Some(t) = o.get("tileset").and_then(Value::as_object) {
        tileset(x, t, true);
    }
    if let Some(object) = o.get("object").and_then(Value::as_object) {
        self::object(x, object);
    }
    x.push_str("</template>\n");
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A JSON value as attribute text (numbers as written, bools as 0/1 for Tiled's flags).
fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(if *b { "1" } else { "0" }.to_string()),
        _ => None,
    }
}

/// ` key="value"` for each key of `o` present and not empty (JSON key, XML name): an empty
/// `type` must not hide a `class`.
fn attrs(x: &mut String, o: &Obj, keys: &[(&str, &str)]) {
    for (json, xml) in keys {
        if let Some(v) = o.get(*json).and_then(text_of).filter(|v| !v.is_empty()) {
            let _ = write!(x, " {xml}=\"{}\"", esc(&v));
        }
    }
}

fn objects_of<'a>(o: &'a Obj, key: &str) -> impl Iterator<Item = &'a Obj> {
    o.get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
}

fn map(x: &mut String, o: &Obj) {
    x.push_str("<map");
    // The tiled crate wants a version; Tiled always writes one.
    if !o.contains_key("version") {
        x.push_str(" version=\"1.10\"");
    }
    attrs(
        x,
        o,
        &[
            ("version", "version"),
            ("tiledversion", "tiledversion"),
            ("class", "class"),
            ("orientation", "orientation"),
            ("renderorder", "renderorder"),
            ("width", "width"),
            ("height", "height"),
            ("tilewidth", "tilewidth"),
            ("tileheight", "tileheight"),
            ("hexsidelength", "hexsidelength"),
            ("staggeraxis", "staggeraxis"),
            ("staggerindex", "staggerindex"),
            ("infinite", "infinite"),
            ("nextlayerid", "nextlayerid"),
            ("nextobjectid", "nextobjectid"),
        ],
    );
    x.push_str(">\n");
    properties(x, o);
    for t in objects_of(o, "tilesets") {
        tileset(x, t, true);
    }
    layers(x, o);
    x.push_str("</map>\n");
}

fn tileset(x: &mut String, o: &Obj, in_map: bool) {
    x.push_str("<tileset");
    if in_map {
        attrs(x, o, &[("firstgid", "firstgid")]);
        if let Some(source) = o.get("source").and_then(Value::as_str) {
            let _ = writeln!(x, " source=\"{}\"/>", esc(source));
            return;
        }
    }
    attrs(
        x,
        o,
        &[
            ("name", "name"),
            ("class", "class"),
            ("tilewidth", "tilewidth"),
            ("tileheight", "tileheight"),
            ("spacing", "spacing"),
            ("margin", "margin"),
            ("tilecount", "tilecount"),
            ("columns", "columns"),
        ],
    );
    x.push_str(">\n");
    if let Some(offset) = o.get("tileoffset").and_then(Value::as_object) {
        x.push_str("<tileoffset");
        attrs(x, offset, &[("x", "x"), ("y", "y")]);
        x.push_str("/>\n");
    }
    properties(x, o);
    image(x, o);
    for t in objects_of(o, "tiles") {
        x.push_str("<tile");
        attrs(x, t, &[("id", "id"), ("type", "type"), ("class", "class")]);
        x.push_str(">\n");
        properties(x, t);
        image(x, t);
        if let Some(group) = t.get("objectgroup").and_then(Value::as_object) {
            object_group(x, group);
        }
        x.push_str("</tile>\n");
    }
    x.push_str("</tileset>\n");
}

fn image(x: &mut String, o: &Obj) {
    if let Some(source) = o.get("image").and_then(Value::as_str) {
        let _ = write!(x, "<image source=\"{}\"", esc(source));
        attrs(x, o, &[("imagewidth", "width"), ("imageheight", "height")]);
        x.push_str("/>\n");
    }
}

fn layers(x: &mut String, o: &Obj) {
    for layer in objects_of(o, "layers") {
        match layer.get("type").and_then(Value::as_str) {
            Some("tilelayer") => tile_layer(x, layer),
            Some("objectgroup") => object_group(x, layer),
            Some("group") => {
                x.push_str("<group");
                common(x, layer);
                x.push_str(">\n");
                properties(x, layer);
                layers(x, layer);
                x.push_str("</group>\n");
            }
            // Image layers and anything newer: nothing that collides.
            _ => {}
        }
    }
}

fn common(x: &mut String, o: &Obj) {
    attrs(
        x,
        o,
        &[
            ("id", "id"),
            ("name", "name"),
            ("class", "class"),
            ("offsetx", "offsetx"),
            ("offsety", "offsety"),
            ("visible", "visible"),
            ("opacity", "opacity"),
        ],
    );
}

fn tile_layer(x: &mut String, o: &Obj) {
    x.push_str("<layer");
    common(x, o);
    attrs(x, o, &[("width", "width"), ("height", "height")]);
    x.push_str(">\n");
    properties(x, o);
    let encoding = o.get("encoding").and_then(Value::as_str).unwrap_or("csv");
    let compression = o
        .get("compression")
        .and_then(Value::as_str)
        .filter(|c| !c.is_empty());
    let _ = write!(x, "<data encoding=\"{}\"", esc(encoding));
    if let Some(c) = compression {
        let _ = write!(x, " compression=\"{}\"", esc(c));
    }
    x.push('>');
    if let Some(chunks) = o.get("chunks").and_then(Value::as_array) {
        for chunk in chunks.iter().filter_map(Value::as_object) {
            x.push_str("<chunk");
            attrs(
                x,
                chunk,
                &[
                    ("x", "x"),
                    ("y", "y"),
                    ("width", "width"),
                    ("height", "height"),
                ],
            );
            x.push('>');
            data(x, chunk.get("data"));
            x.push_str("</chunk>\n");
        }
    } else {
        data(x, o.get("data"));
    }
    x.push_str("</data>\n</layer>\n");
}

fn data(x: &mut String, d: Option<&Value>) {
    match d {
        Some(Value::Array(gids)) => {
            let parts: Vec<String> = gids.iter().filter_map(text_of).collect();
            x.push_str(&parts.join(","));
        }
        Some(Value::String(s)) => x.push_str(&esc(s)),
        _ => {}
    }
}

fn object_group(x: &mut String, o: &Obj) {
    x.push_str("<objectgroup");
    common(x, o);
    x.push_str(">\n");
    properties(x, o);
    for object in objects_of(o, "objects") {
        self::object(x, object);
    }
    x.push_str("</objectgroup>\n");
}

fn points(x: &mut String, tag: &str, v: &Value) {
    let pts: Vec<String> = v
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| {
            let (px, py) = (p.get("x")?, p.get("y")?);
            Some(format!("{},{}", text_of(px)?, text_of(py)?))
        })
        .collect();
    let _ = writeln!(x, "<{tag} points=\"{}\"/>", pts.join(" "));
}

fn object(x: &mut String, o: &Obj) {
    x.push_str("<object");
    attrs(
        x,
        o,
        &[
            ("id", "id"),
            ("name", "name"),
            ("type", "type"),
            ("class", "class"),
            ("x", "x"),
            ("y", "y"),
            ("width", "width"),
            ("height", "height"),
            ("rotation", "rotation"),
            ("gid", "gid"),
            ("visible", "visible"),
            ("template", "template"),
        ],
    );
    x.push_str(">\n");
    properties(x, o);
    let flag = |k: &str| o.get(k).and_then(Value::as_bool) == Some(true);
    if flag("ellipse") {
        x.push_str("<ellipse/>\n");
    } else if flag("point") {
        x.push_str("<point/>\n");
    } else if flag("capsule") {
        x.push_str("<capsule/>\n");
    } else if let Some(p) = o.get("polygon") {
        points(x, "polygon", p);
    } else if let Some(p) = o.get("polyline") {
        points(x, "polyline", p);
    } else if let Some(t) = o.get("text").and_then(Value::as_object) {
        let body = t.get("text").and_then(Value::as_str).unwrap_or("");
        let _ = writeln!(x, "<text>{}</text>", esc(body));
    }
    x.push_str("</object>\n");
}

fn properties(x: &mut String, o: &Obj) {
    let list: Vec<&Obj> = objects_of(o, "properties").collect();
    if list.is_empty() {
        return;
    }
    x.push_str("<properties>\n");
    for p in list {
        let name = p.get("name").and_then(Value::as_str).unwrap_or("");
        let ty = p.get("type").and_then(Value::as_str).unwrap_or("string");
        let value = p.get("value");
        if ty == "class" {
            let _ = write!(x, "<property name=\"{}\" type=\"class\"", esc(name));
            attrs(x, p, &[("propertytype", "propertytype")]);
            x.push_str(">\n");
            if let Some(members) = value.and_then(Value::as_object) {
                let typed: Vec<Value> = members
                    .iter()
                    .map(|(k, v)| {
                        let t = match v {
                            Value::Bool(_) => "bool",
                            Value::Number(n) if n.is_i64() => "int",
                            Value::Number(_) => "float",
                            _ => "string",
                        };
                        serde_json::json!({"name": k, "type": t, "value": v})
                    })
                    .collect();
                let mut inner = Obj::new();
                inner.insert("properties".to_string(), Value::Array(typed));
                properties(x, &inner);
            }
            x.push_str("</property>\n");
            continue;
        }
        let v = value.and_then(text_of).unwrap_or_default();
        let v = if ty == "bool" {
            match v.as_str() {
                "1" => "true".to_string(),
                "0" => "false".to_string(),
                _ => v,
            }
        } else {
            v
        };
        let _ = writeln!(
            x,
            "<property name=\"{}\" type=\"{}\" value=\"{}\"/>",
            esc(name),
            esc(ty),
            esc(&v)
        );
    }
    x.push_str("</properties>\n");
}
