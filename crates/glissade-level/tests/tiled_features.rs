//! Tiled features, one small map of our own each (in `tests/maps/`): what each layer and
//! object becomes, the default spawn, JSON maps and tilesets, mended files, tile objects,
//! templates, and the orientations that are refused.

use std::path::PathBuf;

use glissade_level::{
    EntityKind, Loaded, PropertyValue, Refused, TiledOptions, Wall, load_file, load_file_with,
};

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/maps")
        .join(name)
}

fn load(name: &str) -> Loaded {
    let loaded = load_file(&path(name)).unwrap_or_else(|e| panic!("{e}"));
    loaded.level.build().unwrap_or_else(|e| panic!("{e}"));
    loaded
}

fn refused(name: &str) -> (String, Refused) {
    let p = path(name);
    let e = load_file(&p).expect_err("refused");
    (p.display().to_string(), e)
}

fn messages(problems: &[glissade_level::Problem]) -> Vec<String> {
    problems.iter().map(ToString::to_string).collect()
}

#[test]
fn each_layer_and_object_is_what_its_class_property_or_layer_says() {
    let loaded = load("kinds.tmx");
    let level = &loaded.level;
    let file = path("kinds.tmx").display().to_string();
    // "Ground" collides by its name: its plain tile is solid. "decor" does not: only its
    // tile with the `solid` property. "ledges" is one-way by its property.
    let rows: Vec<Vec<&str>> = level
        .tiles
        .iter()
        .map(|t| t.rows.iter().map(String::as_str).collect())
        .collect();
    assert_eq!(
        rows,
        vec![
            vec!["......", "......", "......", "##..##"],
            vec!["......", ".....#", "......", "......"],
            vec!["......", "..==..", "......", "......"],
        ]
    );
    // Walls: the rectangle of layer "Collisions" and the object of class "wall".
    assert_eq!(
        level.walls,
        vec![
            Wall::Box {
                min: [2.0, 0.0],
                max: [3.0, 1.0]
            },
            Wall::Box {
                min: [5.0, 1.0],
                max: [6.0, 2.0]
            },
        ]
    );
    // The open polyline of class "one_way": a one-way chain.
    assert_eq!(
        level.one_way,
        vec![
            Wall::Segment {
                a: [2.0, 2.0],
                b: [3.0, 2.0]
            },
            Wall::Segment {
                a: [3.0, 2.0],
                b: [4.0, 2.0]
            },
        ]
    );
    // The rectangle of class "player": a spawn at its centre.
    assert_eq!(level.spawns, vec![[1.5, 2.0]]);
    let summary: Vec<(u32, &str, &str, EntityKind, bool)> = level
        .entities
        .iter()
        .map(|e| (e.id, e.name.as_str(), e.class.as_str(), e.kind, e.sensor))
        .collect();
    assert_eq!(
        summary,
        vec![
            (3, "marker", "", EntityKind::Point, false),
            (4, "zone", "", EntityKind::Sensor, true),
            (5, "gold", "coin", EntityKind::Sensor, true),
            (6, "checkpoint", "", EntityKind::Point, false),
            (8, "door", "trigger", EntityKind::Sensor, true),
            (10, "dot", "", EntityKind::Point, false),
        ]
    );
    let gold = &level.entities[2];
    assert_eq!(gold.position, [4.5, 2.5]);
    assert_eq!(
        gold.shapes,
        vec![Wall::Box {
            min: [4.0, 2.0],
            max: [5.0, 3.0]
        }]
    );
    let p = |k: &str| gold.properties.get(k).cloned();
    assert_eq!(p("value"), Some(PropertyValue::Int(5)));
    assert_eq!(p("weight"), Some(PropertyValue::Float(0.5)));
    assert_eq!(p("shiny"), Some(PropertyValue::Bool(true)));
    assert_eq!(p("label"), Some(PropertyValue::String("gold coin".into())));
    assert_eq!(
        p("tint"),
        Some(PropertyValue::Color([0x10, 0x20, 0x30, 0xff]))
    );
    assert_eq!(p("sound"), Some(PropertyValue::File("coin.wav".into())));
    assert_eq!(p("next"), Some(PropertyValue::Object(4)));
    assert_eq!(
        messages(&loaded.warnings),
        vec![format!(
            "{file}: object 10: rectangle \"dot\" in layer \"things\": a rectangle of zero width and height: read as a point (give it a size to make it a shape)"
        )]
    );
    // 3 tile layers, 2 walls, 2 one-way segments, then one sensor collider for each sensor
    // entity (zone, gold, door).
    let built = level.build().unwrap();
    assert_eq!(built.world.len(), 10);
    let sensors: Vec<(usize, usize)> = built
        .sensors
        .iter()
        .map(|s| (s.entity, s.handles.len()))
        .collect();
    assert_eq!(sensors, vec![(1, 1), (2, 1), (4, 1)]);
}

#[test]
fn collision_layer_names_are_configurable() {
    let options = TiledOptions {
        collision_layer_names: vec!["things".to_string()],
    };
    let loaded = load_file_with(&path("kinds.tmx"), &options).unwrap_or_else(|e| panic!("{e}"));
    let level = &loaded.level;
    // "Ground" no longer collides as a whole (its tiles have no collision of their own); "things" does: its unclassed rectangle "zone"
    // is a wall, the coin and the trigger keep their class.
    assert_eq!(level.tiles.len(), 2);
    assert!(level.walls.contains(&Wall::Box {
        min: [0.0, 3.0],
        max: [2.0, 4.0]
    }));
    assert!(level.entities.iter().all(|e| e.name != "zone"));
    // The block of "Collisions" is now a sensor.
    assert!(level.entities.iter().any(|e| e.name == "block" && e.sensor));
}

#[test]
fn a_map_without_spawn_gets_one_with_a_warning() {
    let loaded = load("nospawn.tmx");
    let file = path("nospawn.tmx").display().to_string();
    assert_eq!(loaded.level.spawns, vec![[2.0, 1.0]]);
    assert_eq!(
        messages(&loaded.warnings),
        vec![format!(
            "{file}: map: no spawn point: bodies start at the map's centre (2, 1) in world units; add an object of class \"spawn\" (or \"player\", \"start\") where they should start"
        )]
    );
}

#[test]
fn a_map_whose_player_is_named_not_classed_starts_there() {
    //  y=2 +----------------+
    //      |[P]   c         |   P: "mainPlayer", x 8..24, y 0..16 px (Tiled y down)
    //  y=1 +================+   floor: the "walls" layer, y 16..32 px
    //  y=0
    // 16 px tiles: P's centre is (16, 8) px, so (1, 2 - 0.5) = (1, 1.5) in world units, y up.
    let loaded = load("named-player.tmx");
    let file = path("named-player.tmx").display().to_string();
    assert_eq!(loaded.level.spawns, vec![[1.0, 1.5]]);
    assert_eq!(
        messages(&loaded.warnings),
        vec![format!(
            "{file}: map: no object of class \"spawn\": bodies start at object 3 \"mainPlayer\" (1, 1.5) in world units, taken by its name; give it the class \"spawn\" to say so"
        )]
    );
    // The coin is not taken for a player, and neither becomes a wall; the player's start is
    // not a sensor (it marks a place), the coin is.
    assert_eq!(loaded.level.entities.len(), 2);
    assert_eq!(loaded.level.walls.len(), 1);
    let sensor = |name: &str| {
        let e = loaded
            .level
            .entities
            .iter()
            .find(|e| e.name == name)
            .unwrap();
        (e.sensor, e.kind)
    };
    assert_eq!(sensor("mainPlayer"), (false, EntityKind::Shape));
    assert_eq!(sensor("coin"), (true, EntityKind::Sensor));
}

#[test]
fn json_map_with_json_tileset() {
    let loaded = load("json-map.tmj");
    let level = &loaded.level;
    assert_eq!(level.name, "JSON map");
    // Tile 1 of the JSON tileset is a slope by its collision shape; tile 0 is solid because
    // the layer is named "ground".
    assert_eq!(level.tiles[0].rows, vec!["....", "....", "#/##"]);
    assert_eq!(level.spawns, vec![[0.5, 1.5]]);
    // The ellipse in a group's layer: a sensor polygon, with its property.
    let pond = &level.entities[0];
    assert_eq!((pond.id, pond.kind), (2, EntityKind::Sensor));
    assert!(matches!(pond.shapes.as_slice(), [Wall::Polygon(p)] if p.len() == 16));
    assert_eq!(
        pond.properties.get("deep"),
        Some(&PropertyValue::Bool(true))
    );
    // A problem in the JSON tileset names its file.
    let tsj = path("tiles.tsj");
    let tmj = path("json-map.tmj").display().to_string();
    assert_eq!(
        messages(&loaded.warnings)[0],
        format!(
            "{tmj}: tile (0, 2): layer \"ground\", tile 0 of tileset \"json tiles\" (file '{}'): collision shape 1 (point) has no area: ignored (remove it, or draw a shape)",
            tsj.display()
        )
    );
    assert_eq!(loaded.warnings.len(), 2);
}

#[test]
fn a_json_file_that_is_a_tiled_map_loads_as_one() {
    let loaded = load("json-level-named.json");
    assert_eq!(
        loaded.level.walls,
        vec![Wall::Box {
            min: [0.0, 0.0],
            max: [2.0, 1.0]
        }]
    );
    let (file, e) = refused("tiles.tsj");
    assert_eq!(
        e.to_string(),
        format!(
            "error: {file}: a Tiled tileset, not a map: load the map (.tmx or .tmj) that uses it"
        )
    );
}

#[test]
fn mended_files_tilecount_image_layer_plain_xml_and_zstd() {
    // A tileset without tilecount, an image layer whose image has no size, plain XML tile
    // data and zstd-compressed data.
    let loaded = load("mended.tmx");
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let rows: Vec<&Vec<String>> = loaded.level.tiles.iter().map(|t| &t.rows).collect();
    assert_eq!(rows, vec![&vec!["#.", ".#"], &vec!["#.", ".#"]]);
}

#[test]
fn tile_objects_and_templates() {
    let loaded = load("tile-objects.tmx");
    let level = &loaded.level;
    // Object 1: tile 0 drawn 32×32 from (0, 64) up: its 8×8 collision square at (0, 8) of the
    // 16 px tile scales to 16×16 px at the object's lower left, world [0, 1]×[0, 1]. Object
    // 2: tile 0 flipped horizontally at its size, 16 px: the square at the lower right.
    assert_eq!(level.walls.len(), 2);
    let corners = |w: &Wall| match w {
        Wall::Box { min, max } => vec![*min, [min[0], max[1]], [max[0], min[1]], *max],
        Wall::Polygon(p) => {
            let mut p = p.clone();
            p.sort_by(|a, b| a.partial_cmp(b).unwrap());
            p
        }
        other => panic!("{other:?}"),
    };
    assert_eq!(
        corners(&level.walls[0]),
        vec![[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
    );
    assert_eq!(
        corners(&level.walls[1]),
        vec![[2.5, 0.0], [2.5, 0.5], [3.0, 0.0], [3.0, 0.5]]
    );
    // On a layer that does not collide: the tile object is a sensor, and the object made
    // from the template has the template's class, size and properties.
    let kinds: Vec<(u32, &str, EntityKind)> = level
        .entities
        .iter()
        .map(|e| (e.id, e.class.as_str(), e.kind))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (3, "", EntityKind::Sensor),
            (4, "coin", EntityKind::Sensor),
            (6, "pickup", EntityKind::Sensor)
        ]
    );
    // A JSON template: an 8 px circle at (48, 0) px.
    assert_eq!(
        level.entities[2].shapes,
        vec![Wall::Circle {
            center: [3.25, 3.75],
            radius: 0.25
        }]
    );
    assert_eq!(
        level.entities[2].properties.get("score"),
        Some(&PropertyValue::Int(10))
    );
    assert_eq!(
        level.entities[1].properties.get("value"),
        Some(&PropertyValue::Int(3))
    );
    assert_eq!(level.entities[1].position, [2.5, 3.5]);
}

#[test]
fn other_orientations_are_refused_by_name() {
    let (file, e) = refused("iso.tmx");
    assert_eq!(
        e.to_string(),
        format!(
            "error: {file}: unsupported Tiled feature: isometric map (only orthogonal maps are read; make an orthogonal copy of it in Tiled)"
        )
    );
}

/// The box around a wall's points.
fn wall_box(wall: &Wall) -> ([f32; 2], [f32; 2]) {
    let pts: Vec<[f32; 2]> = match wall {
        Wall::Polygon(p) => p.clone(),
        Wall::Box { min, max } => vec![*min, *max],
        other => panic!("not a polygon or a box: {other:?}"),
    };
    let mut lo = [f32::INFINITY; 2];
    let mut hi = [f32::NEG_INFINITY; 2];
    for p in pts {
        lo = [lo[0].min(p[0]), lo[1].min(p[1])];
        hi = [hi[0].max(p[0]), hi[1].max(p[1])];
    }
    (lo, hi)
}

#[test]
fn tile_objects_are_placed_by_their_tilesets_object_alignment() {
    let level = load("raster-aligned.tmx").level;
    let near = |a: [f32; 2], b: [f32; 2]| (a[0] - b[0]).abs() < 1e-4 && (a[1] - b[1]).abs() < 1e-4;
    // Centred on its origin (24, 24) pixels: 16 pixels square, in a map 6 tiles high.
    let (lo, hi) = wall_box(&level.walls[0]);
    assert!(
        near(lo, [1.0, 4.0]) && near(hi, [2.0, 5.0]),
        "{lo:?} {hi:?}"
    );
    // Centred too, 32×16 pixels: its tile's shape (the tile's lower half) scaled to it.
    let (lo, hi) = wall_box(&level.walls[1]);
    assert!(
        near(lo, [3.5, 4.0]) && near(hi, [5.5, 4.5]),
        "{lo:?} {hi:?}"
    );
    // Top-left at its origin (16, 56) pixels, turned 30° about it: that corner stays put and
    // the rest lies below it.
    let Wall::Polygon(points) = &level.walls[2] else {
        panic!("{:?}", level.walls[2]);
    };
    assert!(points.iter().any(|p| near(*p, [1.0, 2.5])), "{points:?}");
    let (_, hi) = wall_box(&level.walls[2]);
    assert!((hi[1] - 2.5).abs() < 1e-4, "{points:?}");
}
