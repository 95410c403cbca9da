//! `glissade render` draws sensors and entities apart from the walls, with a legend.

use std::path::PathBuf;

mod common;

use common::{glissade, text};

/// A fresh directory for one test.
fn temp_dir(test: &str) -> PathBuf {
    common::temp_dir("glissade-cli-render-tests", test)
}

/// A small level with a wall, a one-way wall, a sensor (a door, class `trigger`), an entity
/// (a coin) and a spawn.
const LEVEL: &str = r#"{
  "mode": "platformer",
  "bounds": { "min": [0, 0], "max": [12, 6] },
  "walls": [{ "box": { "min": [0, 0], "max": [12, 1] } }],
  "one_way": [{ "segment": { "a": [7, 3], "b": [9, 3] } }],
  "spawns": [[1, 2]],
  "entities": [
    { "id": 3, "name": "door", "class": "trigger", "kind": "sensor", "sensor": true,
      "shapes": [{ "box": { "min": [4, 1], "max": [5, 3] } }], "position": [4.5, 2] },
    { "id": 4, "name": "gold", "class": "coin & <gem>", "kind": "point", "position": [8, 4] }
  ]
}"#;

#[test]
fn render_draws_sensors_entities_and_a_legend() {
    let dir = temp_dir("sensors");
    let level = dir.join("level.json");
    std::fs::write(&level, LEVEL).unwrap();
    let level = level.to_string_lossy().into_owned();
    let svg = dir.join("x.svg").to_string_lossy().into_owned();
    let o = glissade(&["render", &level, "--out", &svg]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let s = std::fs::read_to_string(&svg).unwrap();
    let lines: Vec<&str> = s.lines().collect();
    let with = |class: &str| -> Vec<&str> {
        let attr = format!("class=\"{class}\"");
        lines
            .iter()
            .copied()
            .filter(|l| l.contains(&attr))
            .collect()
    };

    // The sensor: its box, translucent and dashed, apart from the walls.
    let sensors = with("sensor");
    assert_eq!(sensors.len(), 1, "{sensors:?}");
    assert!(
        sensors[0].starts_with("<polygon")
            && sensors[0].contains("points=\"4,1 5,1 5,3 4,3\"")
            && sensors[0].contains("fill-opacity=\"0.3\"")
            && sensors[0].contains("stroke-dasharray"),
        "{}",
        sensors[0]
    );
    assert_eq!(with("wall").len(), 1);
    assert_eq!(with("one-way").len(), 1);
    assert_eq!(with("spawn").len(), 1);

    // The entity: a marker at its position, and its class as a label (escaped).
    let entities = with("entity");
    assert_eq!(entities.len(), 1, "{entities:?}");
    assert!(entities[0].starts_with("<polygon"), "{}", entities[0]);
    let labels: Vec<&str> = with("label");
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("<text") && l.contains(">trigger</text>")),
        "{labels:?}"
    );
    assert!(
        labels
            .iter()
            .any(|l| l.contains(">coin &amp; &lt;gem&gt;</text>")),
        "{labels:?}"
    );

    // The legend: a sample and a word for each part shown, nothing for what is not there.
    let legend = with("legend");
    let words: Vec<&str> = legend
        .iter()
        .filter_map(|l| l.strip_suffix("</text>")?.rsplit('>').next())
        .collect();
    assert_eq!(
        words,
        [
            "bounds",
            "walls",
            "one-way walls",
            "sensors",
            "entities",
            "spawns"
        ],
        "{legend:?}"
    );
    assert_eq!(legend.len(), 2 * words.len());

    // The PNG draws the same scene.
    let png = dir.join("x.png").to_string_lossy().into_owned();
    let o = glissade(&["render", &level, "--out", &png]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        std::fs::read(&png)
            .unwrap()
            .starts_with(b"\x89PNG\r\n\x1a\n")
    );
}
