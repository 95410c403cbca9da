//! Prints one `compare` line per case — glissade against parry2d on the same random inputs —
//! then the same cases again over 65,536 inputs (`compare <case>@64k`), the movement, scale
//! and character lines, the crowd's `scale character` lines, then `#` notes: each side's
//! answer counts, the raw agreement and how many disagreements the f64 reference settles
//! against parry2d, the first few disagreeing inputs, each case and @64k case timed again
//! against parry2d behind its own bounding-box test (the peer's faster path for the same
//! question), each @64k case timed again on copies of its first timed inputs, the slab-test
//! limit of `cast/aabb-aabb`, the size of a shape, and the machine's load averages at the
//! start and the end of the run.
//!
//! ```text
//! cargo run --release -p glissade-bench -- [--quick] [--reference] [--seed N] [--timing-len N] [CASE-FILTER...]
//! ```
//!
//! `--quick` times about 0.3 s per side and case; the default is five times that.
//! `--reference` also checks each side against a slow f64 reference on every input.
//! `--timing-len` sets how many inputs are timed (default 4096; the fewer, the more of their
//! branches the processor learns by heart over repeated sweeps). A filter keeps the cases
//! whose name contains it.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use glissade_bench::cases::{SLAB_CASE, slab_limit};
use glissade_bench::{
    Case, Config, PEER, WIDE_TIMING_LEN, all_cases, compare_line, measure, measure_sweeps,
};

fn main() -> ExitCode {
    let mut cfg = Config::full();
    let mut filters = Vec::new();
    let mut reference = false;
    let mut quick = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => {
                quick = true;
                cfg = Config {
                    seed: cfg.seed,
                    timing_len: cfg.timing_len,
                    ..Config::quick()
                };
            }
            "--seed" => match args.next().and_then(|s| s.parse().ok()) {
                Some(seed) => cfg.seed = seed,
                None => {
                    eprintln!("--seed needs an unsigned integer");
                    return ExitCode::FAILURE;
                }
            },
            "--reference" => reference = true,
            "--timing-len" => match args.next().and_then(|s| s.parse().ok()) {
                Some(n) if n > 0 => cfg.timing_len = n,
                _ => {
                    eprintln!("--timing-len needs a positive integer");
                    return ExitCode::FAILURE;
                }
            },
            "-h" | "--help" => {
                println!(
                    "usage: glissade-bench [--quick] [--reference] [--seed N] [--timing-len N] [CASE-FILTER...]\n\
                     Compares glissade with parry2d; prints one `compare` line per case."
                );
                return ExitCode::SUCCESS;
            }
            _ if arg.starts_with('-') => {
                eprintln!("unknown option {arg} (try --help)");
                return ExitCode::FAILURE;
            }
            _ => filters.push(arg),
        }
    }

    let pinned = glissade_bench::pin_to_current_core();
    let load_at_start = glissade_bench::machine_load();
    let started = Instant::now();
    let specs: Vec<_> = all_cases()
        .into_iter()
        .filter(|c| filters.is_empty() || filters.iter().any(|f| c.name.contains(f.as_str())))
        .collect();
    let mut notes = Vec::new();
    let mut wide = Vec::new();
    let mut out = std::io::stdout();
    for spec in &specs {
        let mut case = spec.build(&cfg);
        let check = case.check(reference);
        let timing = measure(case.as_ref(), &cfg);
        let _ = writeln!(out, "{}", compare_line(case.name(), &timing, check.agree()));
        let _ = out.flush();
        if let Some(note) = peer_boxed_note(case.as_ref(), "", &cfg) {
            notes.push(note);
        }
        notes.push(format!(
            "# {} inputs={} timed={} raw_agree={:.6} disagree={} parry2d_wrong={} (nearer the \
             f64 reference: glissade={} parry2d={}) glissade: {} parry2d: {}",
            case.name(),
            check.total,
            case.timing_len(),
            check.raw_agree(),
            check.total - check.agreeing,
            check.peer_wrong,
            check.ours_nearer,
            check.peer_nearer,
            check.ours,
            check.peer,
        ));
        if let Some((ours, peer)) = check.reference_agreeing {
            let total = check.total as f64;
            notes.push(format!(
                "# {} agreement with the f64 reference: glissade={:.6} parry2d={:.6}",
                case.name(),
                ours as f64 / total,
                peer as f64 / total,
            ));
        }
        for example in &check.examples {
            notes.push(format!("#   {} {example}", case.name()));
        }
        // The same inputs (so the same agreement) timed over a working set 16 times larger,
        // printed after the eight lines above.
        case.set_timing_len(WIDE_TIMING_LEN);
        let timing = measure(case.as_ref(), &cfg);
        wide.push(compare_line(
            &format!("{}@64k", case.name()),
            &timing,
            check.agree(),
        ));
        if let Some(note) = peer_boxed_note(case.as_ref(), "@64k", &cfg) {
            notes.push(note);
        }
        // The same number of inputs again, made of copies of the inputs of the first line:
        // as much to read (each copy shares nothing with its original on either side: our
        // polygons are copied into new `Arc`s, parry's into new vectors), but only that line's
        // distinct inputs. Where this times like the first
        // line and not like the @64k one, the @64k line's extra time is branches on the data
        // that the processor cannot learn by heart over 65,536 distinct inputs, not the size
        // of the working set. The check above ran on the inputs as generated.
        let wide_len = case.timing_len();
        if cfg.timing_len > 0 && cfg.timing_len < wide_len {
            case.repeat_timed(cfg.timing_len);
            let repeated = measure(case.as_ref(), &cfg);
            notes.push(format!(
                "# {}@64k repeated: {wide_len} inputs made of copies of the first {} \
                 ({:.1} times over): ours_ns={:.2} peer_ns={:.2}",
                case.name(),
                cfg.timing_len,
                wide_len as f64 / cfg.timing_len as f64,
                repeated.ours_ns,
                repeated.peer_ns,
            ));
        }
    }
    for line in &wide {
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
    if filters.is_empty()
        || filters
            .iter()
            .any(|f| "limit cast/aabb-aabb".contains(f.as_str()))
    {
        notes.push(limit_note(&cfg));
    }
    notes.push(size_note());
    // Like the cases above: a filter keeps what its name contains.
    let names = [
        "move/tile-floor",
        "move/exact-vs-bisection",
        "scale move/bodies",
    ];
    if filters.is_empty()
        || filters
            .iter()
            .any(|f| names.iter().any(|n| n.contains(f.as_str())))
    {
        move_cases(&mut out, &mut notes, quick);
    }
    let character_names = ["character/walk", "character/walk-first-leg"];
    if filters.is_empty()
        || filters
            .iter()
            .any(|f| character_names.iter().any(|n| n.contains(f.as_str())))
    {
        character_cases(&mut out, &mut notes, quick);
    }
    for name in ["character/tile-floor", "character/box-floor"] {
        if filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str())) {
            floor_case(&mut out, &mut notes, name, quick);
        }
    }
    let actions_name = "character/actions";
    if filters.is_empty() || filters.iter().any(|f| actions_name.contains(f.as_str())) {
        actions_case(&mut out, &mut notes, quick);
    }
    let crowd_name = "scale character/bodies";
    if filters.is_empty() || filters.iter().any(|f| crowd_name.contains(f.as_str())) {
        crowd_cases(&mut out, &mut notes, quick);
    }
    for note in &notes {
        let _ = writeln!(out, "{note}");
    }
    let unknown = || "unknown".to_string();
    let _ = writeln!(
        out,
        "# load (1, 5, 15 min averages) at start: {}; at end: {}",
        load_at_start.unwrap_or_else(unknown),
        glissade_bench::machine_load().unwrap_or_else(unknown)
    );
    let _ = writeln!(
        out,
        "# seed={} pinned_core={} total {:.1} s",
        cfg.seed,
        pinned.map_or_else(|| "none".to_string(), |c| c.to_string()),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// The note of the peer's box-first path for `case` (its timed inputs; `suffix` names the
/// working set, as the compare lines do), or `None` when the peer has none for the question:
/// parry2d answering behind its own bounding-box test on boxes kept with each input, timed
/// against glissade (whose queries test the shapes' boxes inside) the way every line is, and
/// how often that path answers as parry2d's plain query does.
fn peer_boxed_note(case: &dyn Case, suffix: &str, cfg: &Config) -> Option<String> {
    if !case.peer_boxed() {
        return None;
    }
    let timing = measure_sweeps(
        &|| case.sweep_ours(),
        &|| case.sweep_peer_boxed(),
        case.timing_len(),
        cfg,
    );
    Some(format!(
        "# {}{suffix} peer with its box test first ({PEER}'s Aabb test on kept local boxes, \
         then the query): ours_ns={:.2} peer_ns={:.2} speedup={:.2} same_answers={:.6}",
        case.name(),
        timing.ours_ns,
        timing.peer_ns,
        timing.speedup(),
        case.peer_boxed_agree(),
    ))
}

/// The note of the practical limit of `cast/aabb-aabb`: the plain scalar slab test on the
/// same inputs, timed like the case, with glissade's `cast` timed beside it.
fn limit_note(cfg: &Config) -> String {
    let limit = slab_limit(cfg);
    format!(
        "# limit {SLAB_CASE} scalar_slab_ns={:.2} glissade_ns={:.2} (the textbook per-axis \
         entry/exit test on the same {} inputs, timed alike; it agrees with glissade on {} of \
         {} inputs)",
        limit.timing.ours_ns, limit.timing.peer_ns, cfg.timing_len, limit.agreeing, limit.total
    )
}

/// The note of the shapes' sizes in memory (a cast reads two of them).
fn size_note() -> String {
    use std::mem::size_of;
    format!(
        "# size_of glissade::Shape={} glissade::ConvexPolygon={} (behind a polygon shape's \
         Arc) parry2d::Cuboid={} parry2d::Ball={} parry2d::ConvexPolygon={} (plus its points \
         and normals on the heap, {} bytes a vertex) (bytes)",
        size_of::<glissade::Shape>(),
        size_of::<glissade::ConvexPolygon>(),
        size_of::<parry2d::shape::Cuboid>(),
        size_of::<parry2d::shape::Ball>(),
        size_of::<parry2d::shape::ConvexPolygon>(),
        2 * size_of::<parry2d::math::Vector>()
    )
}

/// The movement lines: the tile floor against rapier2d, exact against bisection, and the
/// scale runs.
fn move_cases(out: &mut impl Write, notes: &mut Vec<String>, quick: bool) {
    use glissade_bench::moves::{
        TileFloor, compare_move_line, same_results, scale_line, scale_run_on, scale_world,
        walk_exact_vs_bisection, walk_glissade_vs_rapier,
    };
    let floor = TileFloor::standard();
    let (ours, peer) = walk_glissade_vs_rapier(&floor);
    let _ = writeln!(
        out,
        "{}",
        compare_move_line("move/tile-floor", &ours, "rapier2d", &peer, true)
    );
    let _ = out.flush();
    notes.push(format!(
        "# move/tile-floor steps={} final_x: ours={:.3} rapier2d={:.3} (the f32 sum of the \
         requested steps is {:.3})",
        floor.steps,
        ours.final_x,
        peer.final_x,
        (0..floor.steps).fold(floor.start.x, |x, _| x + floor.desired.x)
    ));
    let (exact, bisection) = walk_exact_vs_bisection(&floor);
    let _ = writeln!(
        out,
        "{}",
        compare_move_line(
            "move/exact-vs-bisection",
            &exact,
            "bisection",
            &bisection,
            false
        )
    );
    let _ = out.flush();
    notes.push(format!(
        "# move/exact-vs-bisection snags: exact={} bisection={}; final_x: exact={:.3} bisection={:.3}",
        exact.snags, bisection.snags, exact.final_x, bisection.final_x
    ));
    let rounds = if quick { 3 } else { 7 };
    for n in [1_000, 10_000, 100_000] {
        let (world, moves) = scale_world(1000, 10_000, n, 7);
        let (one, first) = scale_run_on(&world, &moves, rounds, 1);
        let _ = writeln!(
            out,
            "scale move/bodies={} ns_per_body={:.2}",
            moves.len(),
            one
        );
        // The same run, with the whole step's time; then the step on two threads.
        let _ = writeln!(out, "{}", scale_line(moves.len(), 1, one));
        let _ = out.flush();
        let (two, second) = scale_run_on(&world, &moves, rounds, 2);
        let _ = writeln!(out, "{}", scale_line(moves.len(), 2, two));
        let _ = out.flush();
        notes.push(format!(
            "# scale move/bodies={} threads=1,2 identical={}",
            moves.len(),
            same_results(&first, &second)
        ));
    }
}

/// The crowd lines: many characters stepped together by `step_characters`, on one thread and
/// on two (glissade's `parallel` feature), the same steps either way.
fn crowd_cases(out: &mut impl Write, notes: &mut Vec<String>, quick: bool) {
    use glissade_bench::character::{crowd_line, crowd_run_on, crowd_world};
    let rounds = if quick { 3 } else { 7 };
    for n in [1_000, 10_000] {
        let (world, bodies) = crowd_world(400, n, 11);
        let (one, first) = crowd_run_on(&world, &bodies, rounds, 1);
        let _ = writeln!(out, "{}", crowd_line(bodies.len(), 1, one));
        let _ = out.flush();
        let (two, second) = crowd_run_on(&world, &bodies, rounds, 2);
        let _ = writeln!(out, "{}", crowd_line(bodies.len(), 2, two));
        let _ = out.flush();
        notes.push(format!(
            "# scale character/bodies={} threads=1,2 identical={}",
            bodies.len(),
            first == second
        ));
    }
}

/// The character-controller line: glissade's `CharacterController` against rapier2d's
/// `KinematicCharacterController` walking the same course of tiles, ramps and stairs.
fn character_cases(out: &mut impl Write, notes: &mut Vec<String>, quick: bool) {
    use glissade_bench::character::{
        Course, character_notes, compare_character_line, first_leg, walk_both_characters,
    };
    let course = Course::standard();
    let rounds = if quick { 3 } else { 7 };
    let (ours, peer) = walk_both_characters(&course, rounds);
    let _ = writeln!(
        out,
        "{}",
        compare_character_line("character/walk", &ours, "rapier2d", &peer)
    );
    let _ = out.flush();
    notes.extend(character_notes(
        "character/walk",
        &course,
        &ours,
        "rapier2d",
        &peer,
    ));
    let _ = writeln!(
        out,
        "{}",
        compare_character_line(
            "character/walk-first-leg",
            &first_leg(&ours),
            "rapier2d",
            &first_leg(&peer)
        )
    );
    let _ = out.flush();
}

/// A character line on a plain floor: glissade's `CharacterController` against rapier2d's
/// `KinematicCharacterController` (both with autostep and snap to ground) walking right along
/// `character/tile-floor` (the 10,000 tiles of `move/tile-floor`) or `character/box-floor`
/// (100 boxes of 100 × 1).
fn floor_case(out: &mut impl Write, notes: &mut Vec<String>, name: &str, quick: bool) {
    use glissade_bench::character::{
        Course, character_notes, compare_character_line, walk_both_characters,
    };
    let course = if name.ends_with("tile-floor") {
        Course::tile_floor()
    } else {
        Course::box_floor()
    };
    let rounds = if quick { 3 } else { 7 };
    let (ours, peer) = walk_both_characters(&course, rounds);
    let _ = writeln!(
        out,
        "{}",
        compare_character_line(name, &ours, "rapier2d", &peer)
    );
    let _ = out.flush();
    // The first-leg note says nothing new on a floor walked one way only.
    notes.extend(
        character_notes(name, &course, &ours, "rapier2d", &peer)
            .into_iter()
            .filter(|n| !n.contains("first leg")),
    );
}

/// The actions line: glissade's `Platformer` against rapier2d's `KinematicCharacterController`
/// with the same actions written over it, playing the same input script over a tile level.
fn actions_case(out: &mut impl Write, notes: &mut Vec<String>, quick: bool) {
    use glissade_bench::character::actions::{actions_notes, compare_actions_line, play_both};
    let runs = if quick { 30 } else { 100 };
    let (ours, peer) = play_both(runs);
    let name = "character/actions";
    let _ = writeln!(
        out,
        "{}",
        compare_actions_line(name, &ours, "rapier2d", &peer)
    );
    let _ = out.flush();
    notes.extend(actions_notes(name, &ours, "rapier2d", &peer));
}
