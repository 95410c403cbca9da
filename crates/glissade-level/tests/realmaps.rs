//! Real Tiled maps made by other people, read from the folder named by the environment
//! variable `GLISSADE_REALMAPS` (the test does nothing without it). Every orthogonal map must
//! load, unless a tileset or template file it names is missing; no object of a layer that
//! does not collide may become a wall. Counts of loaded and refused maps, by reason, are
//! printed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use glissade_level::{COLLISION_LAYER_NAMES, load_file};
use quick_xml::events::{BytesStart, Event};
use serde_json::Value;

/// Every map file under `dir`: `.tmx`, `.tmj`, and `.json` files that are Tiled maps.
fn maps(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            maps(&path, out);
            continue;
        }
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let is_map = match ext.as_deref() {
            Some("tmx" | "tmj") => true,
            Some("json") => json(&path).is_some_and(|v| {
                v.get("type").and_then(Value::as_str) == Some("map")
                    || (v.get("layers").is_some() && v.get("tilewidth").is_some())
            }),
            _ => false,
        };
        if is_map {
            out.push(path);
        }
    }
}

fn json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

fn attr(e: &BytesStart, name: &[u8]) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.as_ref() == name)
        .and_then(|a| String::from_utf8(a.value.into_owned()).ok())
}

/// What the test needs to know of a map, from its text: its orientation, and the objects of
/// layers that do not collide, which must not become walls.
#[derive(Default)]
struct Facts {
    orientation: Option<String>,
    plain_objects: BTreeSet<u32>,
}

/// Whether a layer collides as a whole by its name or its properties.
fn collides(name: &str, props: &BTreeMap<String, String>) -> bool {
    let on = |k: &str| props.get(k).map(String::as_str) == Some("true");
    let off = |k: &str| props.get(k).map(String::as_str) == Some("false");
    if on("one_way") || on("collision") || on("solid") {
        return true;
    }
    if off("collision") || off("solid") {
        return false;
    }
    COLLISION_LAYER_NAMES
        .iter()
        .any(|n| n.eq_ignore_ascii_case(name.trim()))
}

/// Whether an object is left to its layer (no class that says what it is, no template, no
/// moving-platform path).
fn unclassed(class: &str, template: bool, has_path: bool) -> bool {
    let class = class.trim().to_ascii_lowercase().replace(['-', ' '], "_");
    class.is_empty() && !template && !has_path
}

/// An object layer being read: its name, its properties, and its objects (id, class, whether
/// its class may come from elsewhere, whether it has a `path`).
type ObjectLayer = (
    String,
    BTreeMap<String, String>,
    Vec<(u32, String, bool, bool)>,
);

fn xml_facts(text: &str) -> Facts {
    let mut facts = Facts::default();
    let mut reader = quick_xml::Reader::from_str(text);
    let mut stack: Vec<Vec<u8>> = Vec::new();
    // The object layer being read: name, properties, objects (id, class, template, path).
    let mut layer: Option<ObjectLayer> = None;
    loop {
        let (e, empty) = match reader.read_event() {
            Ok(Event::Start(e)) => (e, false),
            Ok(Event::Empty(e)) => (e, true),
            Ok(Event::End(e)) => {
                stack.pop();
                if e.name().as_ref() == b"objectgroup"
                    && let Some((name, props, objects)) = layer.take()
                    && !collides(&name, &props)
                {
                    for (id, class, template, path) in objects {
                        if unclassed(&class, template, path) {
                            facts.plain_objects.insert(id);
                        }
                    }
                }
                continue;
            }
            Ok(Event::Eof) | Err(_) => return facts,
            Ok(_) => continue,
        };
        let name = e.name().as_ref().to_vec();
        let parent = stack.last().cloned().unwrap_or_default();
        match name.as_slice() {
            b"map" => facts.orientation = attr(&e, b"orientation"),
            b"objectgroup" if matches!(parent.as_slice(), b"map" | b"group") => {
                layer = Some((
                    attr(&e, b"name").unwrap_or_default(),
                    BTreeMap::new(),
                    Vec::new(),
                ));
            }
            b"property" if stack.len() >= 2 && stack[stack.len() - 2] == b"objectgroup" => {
                if let (Some((_, props, _)), Some(k)) = (layer.as_mut(), attr(&e, b"name")) {
                    props.insert(k, attr(&e, b"value").unwrap_or_default());
                }
            }
            b"property" if stack.len() >= 2 && stack[stack.len() - 2] == b"object" => {
                if attr(&e, b"name").as_deref() == Some("path")
                    && let Some((_, _, objects)) = layer.as_mut()
                    && let Some(last) = objects.last_mut()
                {
                    last.3 = true;
                }
            }
            b"object" if parent == b"objectgroup" => {
                if let (Some((_, _, objects)), Some(id)) =
                    (layer.as_mut(), attr(&e, b"id").and_then(|v| v.parse().ok()))
                {
                    let class = attr(&e, b"type").or(attr(&e, b"class")).unwrap_or_default();
                    let template = attr(&e, b"template").is_some();
                    // A tile object may take its class from its tile: left out.
                    let tile = attr(&e, b"gid").is_some();
                    objects.push((id, class, template || tile, false));
                }
            }
            _ => {}
        }
        if !empty {
            stack.push(name);
        }
    }
}

fn json_facts(v: &Value) -> Facts {
    fn walk(layers: &Value, facts: &mut Facts) {
        for l in layers.as_array().into_iter().flatten() {
            match l.get("type").and_then(Value::as_str) {
                Some("group") => walk(&l["layers"], facts),
                Some("objectgroup") => {
                    let name = l.get("name").and_then(Value::as_str).unwrap_or("");
                    let props: BTreeMap<String, String> = l
                        .get("properties")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .filter_map(|p| {
                            Some((
                                p.get("name")?.as_str()?.to_string(),
                                p.get("value")?.to_string(),
                            ))
                        })
                        .collect();
                    if collides(name, &props) {
                        continue;
                    }
                    for o in l["objects"].as_array().into_iter().flatten() {
                        let class = o
                            .get("type")
                            .or(o.get("class"))
                            .and_then(Value::as_str)
                            .unwrap_or("");
                        let template = o.get("template").is_some() || o.get("gid").is_some();
                        let path = o
                            .get("properties")
                            .and_then(Value::as_array)
                            .is_some_and(|ps| ps.iter().any(|p| p["name"] == "path"));
                        if let Some(id) = o.get("id").and_then(Value::as_u64)
                            && unclassed(class, template, path)
                        {
                            facts.plain_objects.insert(id as u32);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    let mut facts = Facts {
        orientation: v
            .get("orientation")
            .and_then(Value::as_str)
            .map(String::from),
        ..Facts::default()
    };
    walk(&v["layers"], &mut facts);
    facts
}

/// The reason a refusal counts under.
fn reason_of(message: &str) -> String {
    if message.contains("missing file") && message.contains("(used by the map as") {
        return "missing tileset or template file".to_string();
    }
    if let Some(i) = message.find("unsupported Tiled feature: ") {
        let rest = &message[i + "unsupported Tiled feature: ".len()..];
        return rest.split(" (").next().unwrap_or(rest).to_string();
    }
    message.to_string()
}

#[test]
fn every_real_orthogonal_map_loads() {
    let Some(root) = std::env::var_os("GLISSADE_REALMAPS") else {
        eprintln!("GLISSADE_REALMAPS is not set: no real maps read");
        return;
    };
    let root = PathBuf::from(root);
    let mut found = Vec::new();
    maps(&root, &mut found);
    assert!(!found.is_empty(), "no map under {}", root.display());
    let mut loaded = 0usize;
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut plain_checked = 0usize;
    for path in &found {
        let is_json = path.extension().is_some_and(|e| e != "tmx");
        let facts = if is_json {
            json(path).map(|v| json_facts(&v)).unwrap_or_default()
        } else {
            xml_facts(&std::fs::read_to_string(path).unwrap_or_default())
        };
        let orthogonal = facts.orientation.as_deref() == Some("orthogonal");
        match load_file(path) {
            Ok(l) => {
                loaded += 1;
                let entities: BTreeSet<u32> = l.level.entities.iter().map(|e| e.id).collect();
                plain_checked += facts.plain_objects.len();
                for id in &facts.plain_objects {
                    if !entities.contains(id) {
                        failures.push(format!(
                            "{}: object {id} is on a layer that does not collide and did not become an entity",
                            path.display()
                        ));
                    }
                }
                l.level
                    .build()
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
            Err(e) => {
                let reason = if facts.orientation.is_none() {
                    "no orientation (not a valid map)".to_string()
                } else {
                    reason_of(&e.errors[0].reason)
                };
                *refused.entry(reason.clone()).or_default() += 1;
                if orthogonal && reason != "missing tileset or template file" {
                    failures.push(format!("{}: refused: {e}", path.display()));
                }
            }
        }
    }
    println!("real maps: {} found, {loaded} loaded", found.len());
    println!(
        "objects without a class on layers that do not collide, checked to be entities: {plain_checked}"
    );
    for (reason, n) in &refused {
        println!("refused, {reason}: {n}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
