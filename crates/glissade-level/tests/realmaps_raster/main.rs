//! The collision of each real Tiled map the importer loads, compared with a rasterisation of
//! the map file written here, apart from the importer: the map, its tilesets and its layer
//! data are read with roxmltree, serde_json, base64, flate2 and zstd, and what is solid follows
//! the rules of `docs/tiled.md`. Every tile of the map is sampled at 8×8 points; a sample
//! within [`geom::EDGE`] of an outline (and within the importer's ellipse tolerance more of
//! an ellipse's) is not compared. Each sample is asked twice: is it solid (the world queried
//! without one-way colliders), and is it solid or one-way (with them). Moving platforms are
//! left out on both sides: the world is queried without kinematic bodies.
//!
//! Real maps are read from the folder named by `GLISSADE_REALMAPS` (nothing is done
//! without it); two small maps of our own are compared always.

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

/// Whether the world has a static, not sensor collider at `p`: one-way ones too when
/// `one_way`.
fn world_solid(world: &World, p: Vec2, one_way: bool) -> bool {
    let is_static = |_, c: &glissade::world::Collider| c.kind() == BodyKind::Static;
    let filter = QueryFilter {
        one_way,
        predicate: Some(&is_static),
        ..QueryFilter::default()
    };
    !world.query_point(p, &filter).is_empty()
}

/// A sample where the map file and the world differ: where, what was asked (`solid`, or
/// `solid or one-way`), the map file's answer and the world's.
type Difference = (Vec2, &'static str, bool, bool);

/// What one map's comparison found.
#[derive(Debug, Default)]
struct Compared {
    /// Samples compared (each is asked twice: solid, and solid or one-way).
    samples: usize,
    /// Samples both say are solid.
    solid: usize,
    /// Samples both say are one-way and not solid.
    one_way: usize,
    /// Samples near an outline, not compared.
    unsure: usize,
    differing: Vec<Difference>,
}

/// What two rasters say together of a point: solid if either is, unsure if either is.
fn either(a: Says, b: Says) -> Says {
    match (a, b) {
        (Says::Solid, _) | (_, Says::Solid) => Says::Solid,
        (Says::Unsure, _) | (_, Says::Unsure) => Says::Unsure,
        _ => Says::Empty,
    }
}

/// Samples the map's area (its size, the level's bounds and every rasterised shape) and
/// compares the rasterisation with the world built from `level`.
fn compare(r: &Rasterised, level: &Level) -> Compared {
    let built = level.build().expect("a loaded level builds");
    let b = &level.bounds;
    let (rlo, rhi) = (r.raster.lo, r.raster.hi);
    let (olo, ohi) = (r.one_way.lo, r.one_way.hi);
    let lo = [0, 1].map(|k| 0f64.min(rlo[k]).min(olo[k]).min(f64::from(b.min[k])));
    let hi = [0, 1].map(|k| r.size[k].max(rhi[k]).max(ohi[k]).max(f64::from(b.max[k])));
    let mut out = Compared::default();
    for cx in lo[0].floor() as i64..hi[0].ceil() as i64 {
        for cy in lo[1].floor() as i64..hi[1].ceil() as i64 {
            for i in 0..PER_TILE {
                for j in 0..PER_TILE {
                    let p = [
                        cx as f64 + (f64::from(i) + 0.5) / f64::from(PER_TILE),
                        cy as f64 + (f64::from(j) + 0.5) / f64::from(PER_TILE),
                    ];
                    let solid = r.raster.says(p);
                    let any = either(solid, r.one_way.says(p));
                    if solid == Says::Unsure || any == Says::Unsure {
                        out.unsure += 1;
                        continue;
                    }
                    let (ours, ours_any) = (solid == Says::Solid, any == Says::Solid);
                    let q = Vec2::new(p[0] as f32, p[1] as f32);
                    let theirs = world_solid(&built.world, q, false);
                    let theirs_any = world_solid(&built.world, q, true);
                    out.samples += 1;
                    out.solid += usize::from(ours && theirs);
                    out.one_way += usize::from(ours_any && theirs_any && !ours && !theirs);
                    if ours != theirs {
                        out.differing.push((q, "solid", ours, theirs));
                    }
                    if ours_any != theirs_any {
                        out.differing
                            .push((q, "solid or one-way", ours_any, theirs_any));
                    }
                }
            }
        }
    }
    out
}

fn answer(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

/// Loads and compares one map: `Err` is why it was skipped.
fn check(path: &Path) -> Result<(Compared, Rasterised), String> {
    let loaded = glissade_level::load_file(path)
        .map_err(|_| "not loaded by the importer (see the realmaps test)".to_string())?;
    let desc = describe(path)?;
    let r = desc.rasterise();
    Ok((compare(&r, &loaded.level), r))
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
    let mut total = Compared::default();
    let (mut maps, mut with_solid, mut with_one_way, mut one_way_things, mut moving) =
        (0, 0, 0, 0, 0);
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
            Ok((c, r)) => {
                maps += 1;
                total.samples += c.samples;
                total.solid += c.solid;
                total.one_way += c.one_way;
                total.unsure += c.unsure;
                with_solid += usize::from(c.solid > 0);
                with_one_way += usize::from(c.one_way > 0);
                one_way_things += r.one_way_count;
                moving += r.moving;
                println!(
                    "{name}: {} samples compared ({} solid, {} one-way), {} differing; {} near outlines not compared; {} one-way tiles or objects, {} moving platforms left out",
                    c.samples,
                    c.solid,
                    c.one_way,
                    c.differing.len(),
                    c.unsure,
                    r.one_way_count,
                    r.moving
                );
                for (p, asked, ours, theirs) in c.differing.iter().take(5) {
                    let line = format!(
                        "{name}: at ({}, {}), {asked}? the map file says {}, the world {}",
                        p.x,
                        p.y,
                        answer(*ours),
                        answer(*theirs)
                    );
                    println!("  {line}");
                    failures.push(line);
                }
                total.differing.extend(c.differing);
            }
            Err(reason) => skipped.entry(reason).or_default().push(name),
        }
    }
    println!(
        "maps compared: {maps} ({with_solid} with something solid, {with_one_way} with something one-way); samples compared: {} ({} solid, {} one-way), differing: {}; near outlines, not compared: {}; one-way tiles or objects: {one_way_things}; moving platforms left out: {moving}",
        total.samples,
        total.solid,
        total.one_way,
        total.differing.len(),
        total.unsure
    );
    let skipped_maps: usize = skipped.values().map(Vec::len).sum();
    println!("maps skipped: {skipped_maps}");
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
    let mut one_way = 0;
    for name in ["raster.tmx", "raster-objects.tmx", "raster-aligned.tmx"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/maps")
            .join(name);
        let loaded = glissade_level::load_file(&path).expect("the map loads");
        let r = describe(&path).expect("the map is read").rasterise();
        let c = compare(&r, &loaded.level);
        assert!(c.solid > 100 && c.unsure > 0, "{name}: {c:?}");
        assert!(c.differing.is_empty(), "{name}: {:?}", c.differing);
        one_way += c.one_way;
        let mut level = loaded.level.clone();
        assert!(level.walls.pop().is_some());
        let c = compare(&r, &level);
        assert!(
            !c.differing.is_empty(),
            "{name}: a missing wall went unseen"
        );
    }
    assert!(one_way > 10, "one-way samples: {one_way}");
}
