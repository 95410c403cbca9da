//! Mutation fuzzing of valid levels: random byte edits and random structure edits of the
//! built-in levels, the docs' example and two Tiled JSON maps (`tests/maps/json-map.tmj`, and
//! `features.tmj`: an infinite map in chunks, a flipped tile, rotated, polygon and elliptical
//! walls, a one-way polyline, a template, a rotated tile object, a trigger with typed
//! properties), and byte edits of our Tiled XML maps (one case in five), each read from a file
//! with the tilesets and templates it uses next to it; `FUZZ_CASES` inputs in all (100,000 when
//! unset).
//! Each must give a level or an error, never a panic (a level is only given once it built:
//! never half a world).

use serde_json::Value;

/// Draws from the workspace's seeded generator.
struct Rng(glissade_rng::SplitMix64);

impl Rng {
    /// A number in `0..n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n.max(1))
    }
}

fn seeds() -> Vec<String> {
    let mut v: Vec<String> = glissade_level::BUILTIN
        .iter()
        .map(|(_, s)| s.to_string())
        .collect();
    let doc = std::fs::read_to_string("../../docs/levels.md").expect("docs/levels.md");
    let start = doc.find("```json\n").expect("a JSON example") + "```json\n".len();
    let end = start + doc[start..].find("```").expect("its end");
    v.push(doc[start..end].to_string());
    for map in TMJ_SEEDS {
        v.push(std::fs::read_to_string(format!("tests/maps/{map}")).expect(map));
    }
    v
}

/// The Tiled JSON maps among the seeds (the last ones): their cases are loaded from a file.
const TMJ_SEEDS: &[&str] = &["json-map.tmj", "features.tmj"];

/// Tiled XML maps of ours, each a feature (tile and object collision, tile objects, templates,
/// mended files, triggers, a named player, other orientations): byte-mutated and loaded from a
/// file in a share of the cases.
const TMX_SEEDS: &[&str] = &[
    "kinds.tmx",
    "tile-objects.tmx",
    "raster-objects.tmx",
    "raster-aligned.tmx",
    "mended.tmx",
    "trigger.tmx",
    "named-player.tmx",
    "iso.tmx",
];

/// Bytes an XML edit is made of.
const XML_BYTES: &[u8] = b"<>/=\"' 0123456789-.xyabcdefgh\n";

/// A folder for the Tiled cases, with every file of our test maps (the tilesets and templates
/// they use among them).
fn tiled_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("glissade-level-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    for entry in std::fs::read_dir("tests/maps").expect("tests/maps") {
        let path = entry.expect("an entry").path();
        if path.is_file() {
            let name = path.file_name().expect("a file name");
            std::fs::copy(&path, dir.join(name)).expect("a map file copied");
        }
    }
    dir
}

/// `text` with 1 to 4 random byte edits drawn from `alphabet`.
fn mutate_with(rng: &mut Rng, text: &str, alphabet: &[u8]) -> Vec<u8> {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        if b.is_empty() {
            b.push(alphabet[rng.below(alphabet.len())]);
            continue;
        }
        let i = rng.below(b.len());
        match rng.below(5) {
            0 => b[i] = alphabet[rng.below(alphabet.len())],
            1 => {
                b.remove(i);
            }
            2 => b.insert(i, alphabet[rng.below(alphabet.len())]),
            3 => {
                let j = (i + rng.below(64)).min(b.len());
                let chunk = b[i..j].to_vec();
                let k = rng.below(b.len());
                b.splice(k..k, chunk);
            }
            _ => b[i] = (rng.0.next_u64() & 0xff) as u8,
        }
    }
    b
}

const BYTES: &[u8] = b"{}[],:\"0123456789-+.eE \n\\#=/xnulltruefalseNaN";

fn mutate_bytes(rng: &mut Rng, text: &str) -> Vec<u8> {
    mutate_with(rng, text, BYTES)
}

const NUMBERS: &[f64] = &[
    0.0, -0.0, -1.0, 1e-30, 1e30, 3.4e38, 1e39, -1e39, 0.5, 1e6, -7.25,
];

fn mutate_value(rng: &mut Rng, v: &mut Value, depth: usize) {
    match v {
        Value::Object(map) if !map.is_empty() => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let k = &keys[rng.below(keys.len())];
            match rng.below(6) {
                0 => {
                    map.remove(k);
                }
                1 => {
                    map.insert(format!("{k}x"), Value::Null);
                }
                _ => {
                    if let Some(child) = map.get_mut(k) {
                        mutate_value(rng, child, depth + 1);
                    }
                }
            }
        }
        Value::Array(items) if !items.is_empty() => {
            let i = rng.below(items.len());
            match rng.below(6) {
                0 => {
                    items.remove(i);
                }
                1 => {
                    let c = items[i].clone();
                    items.insert(i, c);
                }
                2 => items.clear(),
                _ => mutate_value(rng, &mut items[i], depth + 1),
            }
        }
        Value::Number(_) => {
            *v = match rng.below(4) {
                0 => Value::String("1".into()),
                1 => Value::Null,
                _ => serde_json::Number::from_f64(NUMBERS[rng.below(NUMBERS.len())])
                    .map_or(Value::Null, Value::Number),
            }
        }
        Value::String(s) => {
            *v = match rng.below(4) {
                0 => Value::Number(3.into()),
                1 => Value::String(String::new()),
                2 => Value::String(s.replace('#', "x")),
                _ => Value::String(format!("{s}{s}")),
            }
        }
        _ => {
            if depth > 0 && rng.below(2) == 0 {
                *v = Value::Array(vec![Value::Number(1.into())]);
            }
        }
    }
}

#[test]
fn mutated_levels_give_a_level_or_an_error_never_a_panic() {
    let cases: usize = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let seeds = seeds();
    let values: Vec<Value> = seeds
        .iter()
        .map(|s| serde_json::from_str(s).expect("the seeds are valid JSON"))
        .collect();
    let mut rng = Rng(glissade_rng::SplitMix64::new(0x9e37_79b9_7f4a_7c15));
    // The last seeds are the Tiled JSON maps: their cases are loaded from a file.
    let first_tmj = seeds.len() - TMJ_SEEDS.len();
    let dir = tiled_dir();
    let map = dir.join("fuzz.tmj");
    let xml_map = dir.join("fuzz.tmx");
    let xml_seeds: Vec<String> = TMX_SEEDS
        .iter()
        .map(|m| std::fs::read_to_string(format!("tests/maps/{m}")).expect(m))
        .collect();
    let (mut loaded, mut refused) = (0usize, 0usize);
    for n in 0..cases {
        // One case in five is a Tiled XML map with a few bytes edited.
        if n % 5 == 4 {
            let seed = &xml_seeds[rng.below(xml_seeds.len())];
            std::fs::write(&xml_map, mutate_with(&mut rng, seed, XML_BYTES)).expect("written");
            match glissade_level::load_file(&xml_map) {
                Ok(l) => {
                    l.level.build().expect("a loaded level builds");
                    loaded += 1;
                }
                Err(e) => {
                    refused += 1;
                    assert!(!e.errors.is_empty(), "case {n}: refused with no error");
                }
            }
            continue;
        }
        let pick = rng.below(seeds.len());
        let text = if n % 2 == 0 {
            String::from_utf8_lossy(&mutate_bytes(&mut rng, &seeds[pick])).into_owned()
        } else {
            let mut v = values[pick].clone();
            for _ in 0..1 + rng.below(3) {
                mutate_value(&mut rng, &mut v, 0);
            }
            v.to_string()
        };
        let result = if pick >= first_tmj {
            std::fs::write(&map, &text).expect("the map written");
            // A level that loads must build.
            glissade_level::load_file(&map).map(|l| {
                l.level.build().expect("a loaded level builds");
            })
        } else {
            glissade_level::parse_json(&text, "fuzz.json").map(|_| ())
        };
        match result {
            // `parse_json` builds every level it accepts: an Ok is a whole world.
            Ok(_) => loaded += 1,
            Err(e) => {
                refused += 1;
                assert!(!e.errors.is_empty(), "case {n}: refused with no error");
                for p in &e.errors {
                    assert!(!p.reason.is_empty(), "case {n}: an error with no reason");
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(loaded + refused, cases);
    // Both outcomes are exercised.
    assert!(
        loaded > cases / 100 && refused > cases / 100,
        "loaded {loaded}, refused {refused}"
    );
}
