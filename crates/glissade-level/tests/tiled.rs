//! Tiled maps: the demo map, and bad maps with the messages they give.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use glissade_level::{EntityKind, Mode, PathMotion, Place, Refused, Wall, load_file};

fn demo_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/demo.tmx")
}

/// A fresh directory under the system's temp dir, unique to this process and call.
fn temp_dir() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "glissade-level-tiled-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` as `name` in a fresh temp dir and loads it.
fn load_text(name: &str, text: &str) -> (String, Result<glissade_level::Loaded, Refused>) {
    let path = temp_dir().join(name);
    std::fs::write(&path, text).unwrap();
    let result = load_file(&path);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
    (path.display().to_string(), result)
}

/// The error messages of a refused load.
fn errors(result: Result<glissade_level::Loaded, Refused>) -> Vec<String> {
    match result {
        Ok(loaded) => panic!("expected a refusal, loaded {:?}", loaded.level),
        Err(refused) => refused.errors.iter().map(ToString::to_string).collect(),
    }
}

/// A small map: 4×3 tiles of 16 px, one solid tile, with `objects` in an object layer that
/// collides as a whole (property `collision`) and `extra` map attributes.
fn small_map(extra: &str, objects: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="4" height="3" tilewidth="16" tileheight="16" {extra}>
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="1" columns="0">
  <tile id="0"><properties><property name="solid" type="bool" value="true"/></properties></tile>
 </tileset>
 <layer id="1" name="ground" width="4" height="3">
  <data encoding="csv">
0,0,0,0,
0,0,0,0,
1,1,1,1
</data>
 </layer>
 <objectgroup id="2" name="things">
  <properties><property name="collision" type="bool" value="true"/></properties>
  <object id="1" x="8" y="24" type="spawn"><point/></object>
{objects}
 </objectgroup>
</map>
"#
    )
}

#[test]
fn demo_map_loads() {
    let loaded = load_file(&demo_path()).unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let level = &loaded.level;
    assert_eq!(level.name, "Tiled demo");
    assert_eq!(level.mode, Mode::Platformer);
    assert_eq!(level.gravity, [0.0, -45.0]);
    assert_eq!(level.bounds.min, [0.0, 0.0]);
    assert_eq!(level.bounds.max, [40.0, 20.0]);

    // One tile layer: "decor" has no collision and is left out.
    assert_eq!(level.tiles.len(), 1);
    let layer = &level.tiles[0];
    assert_eq!(layer.origin, [0.0, 0.0]);
    assert_eq!(layer.cell, 1.0);
    assert_eq!(layer.rows.len(), 20);
    assert!(layer.rows.iter().all(|r| r.chars().count() == 40));
    let at = |x: usize, y: usize| layer.rows[y].chars().nth(x).unwrap();
    // Tiled tile (0, 19), bottom-left: a brick (one full collision rectangle) is solid; its
    // cell is world [0, 1]×[0, 1] (row 19 of 20 from the top: y = 20 - 19 - 1 = 0).
    assert_eq!(at(0, 19), '#');
    // Tiled tile (0, 0), top-left: solid by property; world [0, 1]×[19, 20].
    assert_eq!(at(0, 0), '#');
    // Tiled tile (9, 18): the "/" triangle (0,16 16,16 16,0 in tile pixels, y down), world
    // cell [9, 10]×[1, 2]: rising to the right.
    assert_eq!(at(9, 18), '/');
    // Tiled tile (13, 17): the "\" triangle; (14, 18): the "/" tile flipped horizontally.
    assert_eq!(at(13, 17), '\\');
    assert_eq!(at(14, 18), '\\');
    // Tiled tile (27, 5): one-way by property, world [27, 28]×[14, 15].
    assert_eq!(at(27, 5), '=');
    // The half blocks at (24, 18) and (25, 18) are walls, not tile characters.
    assert_eq!(at(24, 18), '.');
    assert_eq!(
        layer.rows[18],
        format!("#......../####\\{}/####", ".".repeat(20))
    );

    // Walls: 2 half blocks (tile collision shapes), 2 rectangles, 1 polygon, 3 segments (a
    // polyline of 4 points), 1 circle.
    assert_eq!(level.walls.len(), 9);
    // The half block at Tiled (24, 18): lower half of world cell [24, 25]×[1, 2].
    assert_eq!(
        level.walls[0],
        Wall::Box {
            min: [24.0, 1.0],
            max: [25.0, 1.5]
        }
    );
    // The pillar: x 320 px, y 224 px, 32×80 px → x 20..22, y 20 - (224 + 80)/16 = 1 .. 20 - 14 = 6.
    assert_eq!(
        level.walls[2],
        Wall::Box {
            min: [20.0, 1.0],
            max: [22.0, 6.0]
        }
    );
    // The L-shaped ledge at (480, 128) px: concave, counter-clockwise in world units.
    assert_eq!(
        level.walls[4],
        Wall::Polygon(vec![
            [30.0, 12.0],
            [30.0, 9.0],
            [31.0, 9.0],
            [31.0, 11.0],
            [34.0, 11.0],
            [34.0, 12.0]
        ])
    );
    assert_eq!(
        level.walls[5],
        Wall::Segment {
            a: [8.0, 15.0],
            b: [10.0, 14.0]
        }
    );
    // The boulder: a 32 px ellipse at (160, 176) → centre (176, 192) px = (11, 8), radius 1.
    assert_eq!(
        level.walls[8],
        Wall::Circle {
            center: [11.0, 8.0],
            radius: 1.0
        }
    );

    // Spawns: points at (40, 280) and (72, 280) px → (2.5, 2.5) and (4.5, 2.5).
    assert_eq!(level.spawns, vec![[2.5, 2.5], [4.5, 2.5]]);

    // The elevator: a 48×8 px rectangle at (416, 248) = world [26, 29]×[4, 4.5], path from
    // (440, 252) px = (27.5, 4.25) to (440, 108) px = (27.5, 13.25): its shape is relative
    // to the first waypoint.
    assert_eq!(level.platforms.len(), 1);
    let p = &level.platforms[0];
    assert_eq!(
        p.shape,
        Wall::Box {
            min: [-1.5, -0.25],
            max: [1.5, 0.25]
        }
    );
    assert_eq!(p.path, vec![[27.5, 4.25], [27.5, 13.25]]);
    assert_eq!(p.speed, 2.5);
    assert_eq!(p.motion, PathMotion::PingPong);
    assert!(p.one_way);
}

#[test]
fn demo_map_builds() {
    let loaded = load_file(&demo_path()).unwrap_or_else(|e| panic!("{e}"));
    let built = loaded.level.build().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(built.tiles.len(), 1);
    assert_eq!(built.walls.len(), 9);
    // The concave ledge is split into convex pieces.
    assert!(built.walls[4].len() >= 2);
    assert_eq!(built.platforms.len(), 1);
    assert_eq!(built.spawns.len(), 2);
}

#[test]
fn missing_file() {
    let path = temp_dir().join("nowhere.tmx");
    let errors = errors(load_file(&path));
    assert_eq!(errors, vec![format!("{}: missing file", path.display())]);
}

#[test]
fn not_xml() {
    let (file, result) = load_text("junk.tmx", "this is { not XML at all");
    assert_eq!(
        errors(result),
        vec![format!(
            "{file}: not a Tiled map: Document ended before root element <map> was found"
        )]
    );
    let (file, result) = load_text("html.tmx", "<html><body/></html>");
    assert_eq!(
        errors(result),
        vec![format!(
            "{file}: not a Tiled map: Expected root element <map>, got <html>"
        )]
    );
}

#[test]
fn small_map_loads() {
    let (_, result) = load_text("small.tmx", &small_map("", ""));
    let loaded = result.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.level.tiles[0].rows, vec!["....", "....", "####"]);
    assert_eq!(loaded.level.spawns, vec![[0.5, 1.5]]);
    loaded.level.build().unwrap();
}

#[test]
fn ellipse_not_a_circle() {
    let (file, result) = load_text(
        "ellipse.tmx",
        &small_map(
            "",
            r#"<object id="7" x="0" y="0" width="32" height="16"><ellipse/></object>"#,
        ),
    );
    let loaded = result.unwrap_or_else(|e| panic!("{e}"));
    let warnings: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        vec![format!(
            "{file}: object 7: ellipse in layer \"things\": an ellipse of 32×16 pixels is not a circle: made a polygon of 16 sides within 0.02 world units of it (use a circle, a capsule or a polygon to choose the shape)"
        )]
    );
    // Every vertex is on the ellipse centred at (1, 2.5) with half-axes 1 and 0.5.
    let [Wall::Polygon(points)] = loaded.level.walls.as_slice() else {
        panic!("{:?}", loaded.level.walls);
    };
    assert_eq!(points.len(), 16);
    for p in points {
        let (u, v) = ((p[0] - 1.0) / 1.0, (p[1] - 2.5) / 0.5);
        assert!((u * u + v * v - 1.0).abs() < 1e-4, "{p:?}");
    }
    loaded.level.build().unwrap();
}

#[test]
fn rotated_object() {
    let (file, result) = load_text(
        "rotated.tmx",
        &small_map(
            "",
            r#"<object id="4" x="16" y="0" width="16" height="8" rotation="30"/>"#,
        ),
    );
    let loaded = result.unwrap_or_else(|e| panic!("{e} ({file})"));
    // Turned 30° clockwise on screen about its top-left corner (1, 3).
    let [Wall::Polygon(points)] = loaded.level.walls.as_slice() else {
        panic!("{:?}", loaded.level.walls);
    };
    let (s, c) = 30f32.to_radians().sin_cos();
    let want = [
        [1.0, 3.0],
        [1.0 - s * 0.5, 3.0 - c * 0.5],
        [1.0 + c - s * 0.5, 3.0 - s - c * 0.5],
        [1.0 + c, 3.0 - s],
    ];
    assert_eq!(points.len(), 4);
    for w in want {
        assert!(
            points
                .iter()
                .any(|p| (p[0] - w[0]).abs() < 1e-5 && (p[1] - w[1]).abs() < 1e-5),
            "{w:?} not in {points:?}"
        );
    }
    loaded.level.build().unwrap();
}

#[test]
fn text_object() {
    let (file, result) = load_text(
        "text.tmx",
        &small_map(
            "",
            r#"<object id="5" x="0" y="0" width="64" height="16"><text wrap="1">Hello</text></object>"#,
        ),
    );
    let loaded = result.unwrap_or_else(|e| panic!("{e} ({file})"));
    assert!(loaded.level.walls.is_empty());
    let text = &loaded.level.entities[0];
    assert_eq!(
        (text.id, text.kind, text.sensor),
        (5, EntityKind::Point, false)
    );
    assert_eq!(text.position, [0.0, 3.0]);
}

#[test]
fn infinite_map() {
    let text = r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="30" height="20" tilewidth="16" tileheight="16" infinite="1">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="1" columns="0">
  <tile id="0"><properties><property name="solid" type="bool" value="true"/></properties></tile>
 </tileset>
 <layer id="1" name="ground" width="30" height="20">
  <data encoding="csv">
   <chunk x="-16" y="0" width="16" height="1">
0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1
</chunk>
   <chunk x="0" y="0" width="16" height="1">
1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
</chunk>
  </data>
 </layer>
</map>
"#;
    let (file, result) = load_text("infinite.tmx", text);
    let loaded = result.unwrap_or_else(|e| panic!("{e} ({file})"));
    // The chunks at columns -16..0 and 0..16 from row 0 (16 rows each): one layer over both,
    // solid at columns -1 and 0 of its top row, the top row of the 20-tile-high map.
    let layer = &loaded.level.tiles[0];
    assert_eq!(layer.origin, [-16.0, 4.0]);
    assert_eq!(layer.rows.len(), 16);
    assert_eq!(
        layer.rows[0],
        format!("{}##{}", ".".repeat(15), ".".repeat(15))
    );
    assert!(layer.rows[1..].iter().all(|r| r == &".".repeat(32)));
    assert_eq!(loaded.level.bounds.min, [-16.0, 0.0]);
    assert_eq!(loaded.level.bounds.max, [30.0, 20.0]);
    loaded.level.build().unwrap();
}

#[test]
fn non_square_tiles() {
    let text = small_map("", "").replace(r#"tileheight="16" >"#, r#"tileheight="8" >"#);
    let (file, result) = load_text("oblong.tmx", &text);
    assert_eq!(
        errors(result),
        vec![format!(
            "{file}: the map's tiles are 16×8 pixels: tiles must be square (one tile is one world unit)"
        )]
    );
}

#[test]
fn short_tile_data_is_an_error_not_a_panic() {
    let text = small_map("", "").replace("1,1,1,1\n", "1,1\n");
    let (file, result) = load_text("short.tmx", &text);
    assert_eq!(
        errors(result),
        vec![format!(
            "{file}: layer \"ground\": the layer's data does not have one tile for each of its 4×3 cells"
        )]
    );
}

#[test]
fn clockwise_polygon_warns_with_its_object() {
    // Clockwise in world units (y up): 0,0 → 16,0 → 16,16 in Tiled pixels (y down) goes
    // along the top, then down.
    let (file, result) = load_text(
        "clockwise.tmx",
        &small_map(
            "",
            r#"<object id="9" x="16" y="0"><polygon points="0,0 16,0 16,16"/></object>"#,
        ),
    );
    let loaded = result.unwrap_or_else(|e| panic!("{e}"));
    let warnings: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        vec![format!(
            "{file}: object 9: polygon in layer \"things\" (as walls[0].polygon): clockwise polygon: turned counter-clockwise"
        )]
    );
    assert_eq!(loaded.warnings[0].place, Place::TiledObject { id: 9 });
}

#[test]
fn platform_properties() {
    let (file, result) = load_text(
        "platform.tmx",
        &small_map(
            r#""#,
            r#"<object id="3" x="16" y="8" width="32" height="8">
   <properties>
    <property name="path" value="16,8 48,8 oops"/>
    <property name="motion" value="sideways"/>
   </properties>
  </object>
  <object id="6" x="0" y="0" width="16" height="16">
   <properties><property name="path" type="object" value="8"/><property name="motion" value="loop"/></properties>
  </object>
  <object id="8" x="0" y="0"><polyline points="0,0 32,0"/></object>"#,
        ),
    );
    assert_eq!(
        errors(result),
        vec![
            format!(
                "{file}: object 3: rectangle in layer \"things\": property \"path\": waypoint 2 \"oops\" is not \"x,y\" (two numbers, pixels)"
            ),
            format!(
                "{file}: object 3: rectangle in layer \"things\": property \"motion\" is \"sideways\": expected \"ping-pong\" or \"loop\""
            ),
        ]
    );

    // A path given as a polyline object: the polyline is the path, not a wall.
    let (_, result) = load_text(
        "platform2.tmx",
        &small_map(
            "",
            r#"<object id="6" x="0" y="0" width="16" height="16">
   <properties><property name="path" type="object" value="8"/><property name="motion" value="loop"/><property name="speed" type="int" value="3"/></properties>
  </object>
  <object id="8" x="8" y="8"><polyline points="0,0 32,0 32,16"/></object>"#,
        ),
    );
    let loaded = result.unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.level.walls.is_empty());
    let p = &loaded.level.platforms[0];
    assert_eq!(p.path, vec![[0.5, 2.5], [2.5, 2.5], [2.5, 1.5]]);
    assert_eq!(p.motion, PathMotion::Loop);
    assert_eq!(p.speed, 3.0);
    // The 16 px square at the origin, world [0, 1]×[2, 3], relative to (0.5, 2.5).
    assert_eq!(
        p.shape,
        Wall::Box {
            min: [-0.5, -0.5],
            max: [0.5, 0.5]
        }
    );
    loaded.level.build().unwrap();
}

#[test]
fn map_properties_are_checked() {
    let text = small_map("", "").replace(
        "<tileset",
        r#"<properties><property name="mode" value="flying"/><property name="gravity_y" value="down"/></properties>
 <tileset"#,
    );
    let (file, result) = load_text("props.tmx", &text);
    assert_eq!(
        errors(result),
        vec![
            format!(
                "{file}: map: property \"mode\" is \"flying\": expected \"platformer\", \"arena\" or \"sandbox\""
            ),
            format!(
                "{file}: map: property \"gravity_y\" must be a float, found a string (\"down\")"
            ),
        ]
    );
}

/// A 3×2 map whose tileset has a "/" slope (tile 0) and a tile with an oval collision shape
/// (tile 1), laid out as `data`.
fn tile_map(data: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="3" height="2" tilewidth="16" tileheight="16">
 <tileset firstgid="1" name="shapes" tilewidth="16" tileheight="16" tilecount="2" columns="0">
  <tile id="0"><objectgroup><object id="1" x="0" y="0"><polygon points="0,16 16,16 16,0"/></object></objectgroup></tile>
  <tile id="1"><objectgroup><object id="2" x="0" y="0" width="16" height="8"><ellipse/></object></objectgroup></tile>
 </tileset>
 <layer id="1" name="ground" width="3" height="2">
  <data encoding="csv">{data}</data>
 </layer>
 <objectgroup id="2" name="spawns"><object id="1" x="8" y="8" type="spawn"><point/></object></objectgroup>
</map>
"#
    )
}

#[test]
fn flipped_tiles() {
    // Row 1 (the bottom, world y 0..1): "/", "/" flipped horizontally, "/" flipped
    // vertically (a ceiling triangle: not a tile character, a wall).
    let flip_h = 1u32 | 0x8000_0000;
    let flip_v = 1u32 | 0x4000_0000;
    let (_, result) = load_text(
        "flips.tmx",
        &tile_map(&format!("0,0,0,\n1,{flip_h},{flip_v}")),
    );
    let loaded = result.unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(loaded.level.tiles[0].rows, vec!["...", "/\\."]);
    // The vertically flipped slope fills the upper-right half of world cell [2, 3]×[0, 1],
    // counter-clockwise.
    assert_eq!(
        loaded.level.walls,
        vec![Wall::Polygon(vec![[3.0, 0.0], [3.0, 1.0], [2.0, 1.0]])]
    );
    loaded.level.build().unwrap();
}

#[test]
fn tile_collision_problem_reported_once_at_its_first_tile() {
    let (file, result) = load_text("oval.tmx", &tile_map("0,0,2,\n2,0,2"));
    let loaded = result.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.warnings[0].place, Place::TiledTile { x: 2, y: 0 });
    let warnings: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        vec![format!(
            "{file}: tile (2, 0): layer \"ground\", tile 1 of tileset \"shapes\": collision shape 2 (ellipse): an ellipse of 16×8 pixels is not a circle: made a polygon of 12 sides within 0.02 world units of it (use a circle, a capsule or a polygon to choose the shape)"
        )]
    );
    assert_eq!(loaded.level.walls.len(), 3);
}

#[test]
fn one_way_property_makes_a_one_way_wall() {
    let (file, result) = load_text(
        "oneway.tmx",
        &small_map(
            "",
            r#"<object id="2" x="16" y="0" width="32" height="8"><properties><property name="one_way" type="bool" value="true"/></properties></object>"#,
        ),
    );
    let loaded = result.unwrap_or_else(|e| panic!("{e} ({file})"));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert!(loaded.level.walls.is_empty());
    assert_eq!(
        loaded.level.one_way,
        vec![Wall::Box {
            min: [1.0, 2.5],
            max: [3.0, 3.0]
        }]
    );
}

#[test]
fn missing_external_tileset() {
    let text = small_map("", "").replace(
        r#"<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="1" columns="0">
  <tile id="0"><properties><property name="solid" type="bool" value="true"/></properties></tile>
 </tileset>"#,
        r#"<tileset firstgid="1" source="gone.tsx"/>"#,
    );
    let (file, result) = load_text("external.tmx", &text);
    let gone = Path::new(&file).parent().unwrap().join("gone.tsx");
    assert_eq!(
        errors(result),
        vec![format!(
            "{file}: missing file '{}' (used by the map as a tileset): put it there, or fix the path in the map",
            gone.display()
        )]
    );
}
