//! The collision of each real Tiled map the importer loads, compared with a rasterisation of
//! the map file written here, apart from the importer: the map, its tilesets and its layer
//! data are read with roxmltree, serde_json, base64 and flate2, and what is solid follows
//! the rules of `docs/tiled.md`. Every tile of the map is sampled at 8×8 points; a sample
//! within [`geom::EDGE`] of an outline (and within the importer's ellipse tolerance more of
//! an ellipse's) is not compared. One-way tiles and objects and moving platforms are left out
//! on both sides: the world is queried without one-way colliders and kinematic bodies.
//!
//! Real maps are read from the folder named by `GLISSADE_REALMAPS` (nothing is done
//! without it); a small map of our own is compared always.

mod desc;
mod geom;
mod json;
mod raster;
mod templates;
mod xml;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use glissade::glam::Vec2;
use glissade::world::BodyKind;
use glissade::{QueryFilter, World};
use glissade_level::Level;

use desc::MapDesc;
use geom::Says;
use raster::Rasterised;

/// Samples per tile along each axis.
const PER_TILE: u32 = 8;

/// Every file under `dir` that may be a Tiled map, sorted.
fn map_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            map_files(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("tmx" | "tmj" | "json")
        ) {
            out.push(path);
        }
    }
}

/// The map file read by the rasteriser; `Err` is the reason it is skipped.
fn describe(path: &Path) -> Result<MapDesc, String> {
    let desc = if path.extension().is_some_and(|e| e == "tmx") {
        xml::tmx(path)
    } else {
        json::map(path)
    };
    match desc {
        Ok(d) if d.tile_w <= 0.0 => Err("no tile size".to_string()),
        Ok(d) => Ok(d),
        Err(e) => Err(match e.strip_prefix("SKIP:") {
            Some(reason) => format!("the rasteriser does not read {reason}"),
            None => format!("the rasteriser cannot read the map: {e}"),
        }),
    }
}

/// Whether the world has a static, not one-way, not sensor collider at `p`.
fn world_solid(world: &World, p: Vec2) -> bool {
    let is_static = |_, c: &glissade::world::Collider| c.kind() == BodyKind::Static;
    let filter = QueryFilter {
        one_way: false,
        predicate: Some(&is_static),
        ..QueryFilter::default()
    };
    !world.query_point(p, &filter).is_empty()
}

/// What one map's comparison found.
#[derive(Debug, Default)]
struct Compared {
    samples: usize,
    /// Samples both say are solid.
    solid: usize,
    unsure: usize,
    differing: Vec<(Vec2, bool, bool)>,
}

/// Samples the map's area (its size, the level's bounds and every rasterised shape) and
/// compares the rasterisation with the world built from `level`.
fn compare(r: &Rasterised, level: &Level) -> Compared {
    let built = level.build().expect("a loaded level builds");
    let b = &level.bounds;
    let lo = [
        0f64.min(r.raster.lo[0]).min(f64::from(b.min[0])),
        0f64.min(r.raster.lo[1]).min(f64::from(b.min[1])),
    ];
    let hi = [
        r.size[0].max(r.raster.hi[0]).max(f64::from(b.max[0])),
        r.size[1].max(r.raster.hi[1]).max(f64::from(b.max[1])),
    ];
    let mut out = Compared::default();
    for cx in lo[0].floor() as i64..hi[0].ceil() as i64 {
        for cy in lo[1].floor() as i64..hi[1].ceil() as i64 {
            for i in 0..PER_TILE {
                for j in 0..PER_TILE {
                    let p = [
                        cx as f64 + (f64::from(i) + 0.5) / f64::from(PER_TILE),
                        cy as f64 + (f64::from(j) + 0.5) / f64::from(PER_TILE),
                    ];
                    let ours = match r.raster.says(p) {
                        Says::Unsure => {
                            out.unsure += 1;
                            continue;
                        }
                        s => s == Says::Solid,
                    };
                    let q = Vec2::new(p[0] as f32, p[1] as f32);
                    let theirs = world_solid(&built.world, q);
                    out.samples += 1;
                    out.solid += usize::from(ours && theirs);
                    if ours != theirs {
                        out.differing.push((q, ours, theirs));
                    }
                }
            }
        }
    }
    out
}

fn answer(solid: bool) -> &'static str {
    if solid { "solid" } else { "empty" }
}

/// Loads and compares one map: `Err` is why it was skipped.
fn check(path: &Path) -> Result<(Compared, usize), String> {
    let loaded = glissade_level::load_file(path)
        .map_err(|_| "not loaded by the importer (see the realmaps test)".to_string())?;
    let desc = describe(path)?;
    let r = desc.rasterise();
    Ok((compare(&r, &loaded.level), r.left_out))
}

#[test]
fn real_maps_match_their_rasterisation() {
    let Some(root) = std::env::var_os("GLISSADE_REALMAPS") else {
        eprintln!("GLISSADE_REALMAPS is not set: no real maps compared");
        return;
    };
    let mut files = Vec::new();
    map_files(Path::new(&root), &mut files);
    assert!(!files.is_empty(), "no map under {}", root.display());
    let mut skipped: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let (mut maps, mut samples, mut unsure, mut differing, mut left_out) = (0, 0, 0, 0, 0);
    let (mut solid, mut with_solid) = (0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let name = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        // Tilesets and other JSON files are not maps: the importer says so and they are
        // not counted.
        if path.extension().is_some_and(|e| e == "json")
            && glissade_level::load_file(path).is_err_and(|e| {
                e.errors[0].reason.contains("not a map") || e.errors[0].reason.contains("not JSON")
            })
        {
            continue;
        }
        match check(path) {
            Ok((c, left)) => {
                maps += 1;
                samples += c.samples;
                solid += c.solid;
                with_solid += usize::from(c.solid > 0);
                unsure += c.unsure;
                differing += c.differing.len();
                left_out += left;
                println!(
                    "{name}: {} samples compared ({} solid), {} differing ({} near outlines not compared, {left} one-way or moving left out)",
                    c.samples,
                    c.solid,
                    c.differing.len(),
                    c.unsure
                );
                for (p, ours, theirs) in c.differing.iter().take(5) {
                    let line = format!(
                        "{name}: at ({}, {}) the map file says {}, the world {}",
                        p.x,
                        p.y,
                        answer(*ours),
                        answer(*theirs)
                    );
                    println!("  {line}");
                    failures.push(line);
                }
            }
            Err(reason) => skipped.entry(reason).or_default().push(name),
        }
    }
    println!(
        "maps compared: {maps} ({with_solid} with something solid); samples compared: {samples} ({solid} solid), differing: {differing}; near outlines, not compared: {unsure}; one-way or moving things left out: {left_out}"
    );
    for (reason, names) in &skipped {
        println!("skipped, {reason}: {} ({})", names.len(), names.join(", "));
    }
    assert!(maps > 0, "no map compared");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Our own small maps, between them every kind of thing the rasteriser reads, match; and
/// the comparison sees a wall go missing.
#[test]
fn own_maps_match_and_a_missing_wall_is_seen() {
    for name in ["raster.tmx", "raster-objects.tmx"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/maps")
            .join(name);
        let loaded = glissade_level::load_file(&path).expect("the map loads");
        let r = describe(&path).expect("the map is read").rasterise();
        let c = compare(&r, &loaded.level);
        assert!(c.solid > 500 && c.unsure > 20, "{name}: {c:?}");
        assert!(c.differing.is_empty(), "{name}: {:?}", c.differing);
        let mut level = loaded.level.clone();
        assert!(level.walls.pop().is_some());
        let c = compare(&r, &level);
        assert!(
            !c.differing.is_empty(),
            "{name}: a missing wall went unseen"
        );
    }
}
