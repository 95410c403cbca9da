//! A corpus of malformed level files (`tests/bad/*.json`), each with the exact message it must
//! give (`tests/bad/*.expected`): every refusal names the file, the line and column, the field
//! path and the reason.
//!
//! `GLISSADE_BLESS=1 cargo test -p glissade-level --test corpus` writes the `.expected` files
//! from the current messages (read every one before committing it).

use std::path::{Path, PathBuf};

fn corpus() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("tests/bad")
        .expect("tests/bad exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_malformed_file_is_refused_with_its_expected_message() {
    let files = corpus();
    assert!(files.len() >= 30, "only {} malformed files", files.len());
    let bless = std::env::var_os("GLISSADE_BLESS").is_some();
    let mut wrong = Vec::new();
    for file in &files {
        let got = match glissade_level::load_file(file) {
            Ok(_) => format!("loaded (it should not): {}", file.display()),
            Err(refused) => refused.to_string(),
        };
        let expected_path = file.with_extension("expected");
        if bless {
            std::fs::write(&expected_path, format!("{got}\n")).expect("writable");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if got.trim_end() != expected.trim_end() {
            wrong.push(format!(
                "{}:\n  expected: {}\n  got:      {}",
                file.display(),
                expected.trim_end(),
                got
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn files_that_cannot_be_read_are_refused_by_name() {
    let e = glissade_level::load_file(Path::new("tests/bad/no-such-level.json")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "error: tests/bad/no-such-level.json: missing file"
    );
    let e = glissade_level::load_file(Path::new("tests/bad/level.txt")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "error: tests/bad/level.txt: unknown kind of level file '.txt': expected .json (a glissade level or a Tiled JSON map), .tmx or .tmj (a Tiled map)"
    );
    let e = glissade_level::load("no-such-builtin").unwrap_err();
    assert!(e.to_string().contains("no file extension"), "{e}");
}

#[test]
fn a_clockwise_polygon_is_fixed_with_a_warning() {
    let text = r#"{
  "mode": "arena",
  "bounds": { "min": [0, 0], "max": [10, 10] },
  "walls": [ { "polygon": [[1, 1], [1, 3], [3, 3], [3, 1]] } ],
  "spawns": [[5, 5]]
}"#;
    let loaded = glissade_level::parse_json(text, "cw.json").unwrap();
    assert_eq!(loaded.warnings.len(), 1);
    assert_eq!(
        loaded.warnings[0].to_string(),
        "cw.json:4:27: walls[0].polygon: clockwise polygon: turned counter-clockwise"
    );
    let glissade_level::Wall::Polygon(p) = &loaded.level.walls[0] else {
        panic!("a polygon")
    };
    assert_eq!(p[0], [3.0, 1.0]);
    assert_eq!(loaded.level.build().unwrap().world.len(), 1);
}

#[test]
fn every_problem_of_a_file_is_reported_at_once() {
    let text = r#"{
  "mode": "platformer",
  "bounds": { "min": [0, 0], "max": [10, 10] },
  "walls": [
    { "circle": { "center": [5, 5], "radius": -1 } },
    { "segment": { "a": [1, 1], "b": [1, 1] } }
  ],
  "spawns": []
}"#;
    let e = glissade_level::parse_json(text, "two.json").unwrap_err();
    let lines: Vec<String> = e.errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "two.json:5:47: walls[0].circle.radius: must be positive, found -1",
            "two.json:6:18: walls[1].segment: the two ends are the same point",
            "two.json:8:13: spawns: a level needs at least one spawn point",
        ]
    );
}

#[test]
fn the_example_of_the_docs_loads() {
    let doc = std::fs::read_to_string("../../docs/levels.md").expect("docs/levels.md");
    let start = doc.find("```json\n").expect("a JSON example") + "```json\n".len();
    let end = start + doc[start..].find("```").expect("its end");
    let loaded = glissade_level::parse_json(&doc[start..end], "docs/levels.md").unwrap();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let built = loaded.level.build().unwrap();
    // 1 tile layer, 5 walls of one collider, an L split in 2, 1 platform.
    assert_eq!(built.world.len(), 1 + 5 + 2 + 1);
    assert_eq!(built.walls[4].len(), 2);
}

#[test]
fn the_builtin_levels_load_and_build() {
    for (name, _) in glissade_level::BUILTIN {
        let loaded = glissade_level::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(loaded.warnings.is_empty(), "{name}: {:?}", loaded.warnings);
        let built = loaded.level.build().unwrap();
        assert!(!built.spawns.is_empty());
        // Every spawn point is clear of the level.
        for s in &built.spawns {
            assert!(
                built
                    .world
                    .query_point(*s, &glissade::QueryFilter::default())
                    .is_empty(),
                "{name}: spawn {s} is inside something"
            );
        }
    }
}

#[test]
fn a_byte_order_mark_is_not_an_error_and_a_file_wrong_everywhere_is_summed_up() {
    let (name, text) = glissade_level::BUILTIN[0];
    let with_bom = format!("\u{feff}{text}");
    assert!(glissade_level::parse_json(&with_bom, name).is_ok());
    // 300 bad circles: the first 100 errors, then a count of the rest.
    let walls = vec![r#"{"circle": {"center": [1, 1], "radius": -1}}"#; 300].join(",");
    let text = format!(
        r#"{{"mode": "arena", "bounds": {{"min": [0, 0], "max": [9, 9]}}, "walls": [{walls}], "spawns": [[5, 5]]}}"#
    );
    let e = glissade_level::parse_json(&text, "many.json").unwrap_err();
    assert_eq!(e.errors.len(), 101);
    assert_eq!(e.errors[100].to_string(), "many.json: and 200 more errors");
}
