//! The `glissade` binary, run as a user would.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::{glissade, text};

/// A fresh directory for one test.
fn temp_dir(test: &str) -> PathBuf {
    common::temp_dir("glissade-cli-tests", test)
}

fn write(dir: &Path, name: &str, contents: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("write a temp file");
    path.to_string_lossy().into_owned()
}

fn examples(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/inputs")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// One body of a trace line.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Body {
    id: u64,
    x: f32,
    y: f32,
    vx: f32,
    vy: f32,
    grounded: bool,
}

/// A float as the trace writes it: Rust's shortest round-trip `{}` of a finite f32.
fn float(s: &str) -> f32 {
    let v: f32 = s.parse().unwrap_or_else(|_| panic!("not a float: {s:?}"));
    assert!(v.is_finite(), "{s}");
    assert_eq!(format!("{v}"), s, "not in the f32 Display form");
    v
}

/// Reads `{"frame":<n>,"bodies":[{"id":..,"x":..,"y":..,"vx":..,"vy":..,"grounded":..}]}`
/// exactly (no spaces, fields in this order), and in the arena or the sandbox the lists
/// that follow the bodies.
fn parse_line(line: &str) -> (u64, Vec<Body>) {
    let rest = line
        .strip_prefix("{\"frame\":")
        .unwrap_or_else(|| panic!("bad start: {line}"));
    let (frame, rest) = rest.split_once(",\"bodies\":[").expect("bodies");
    let frame: u64 = frame.parse().expect("frame number");
    // The bodies hold no `]`; after them come the arena's bullets and scores or the
    // sandbox's boxes, or nothing.
    let (inner, after) = rest.split_once(']').expect("end of the bodies");
    assert!(
        after == "}"
            || (after.starts_with(",\"bullets\":[") && after.ends_with("]}"))
            || (after.starts_with(",\"boxes\":[") && after.ends_with("]}")),
        "bad end: {line}"
    );
    let mut bodies = Vec::new();
    if !inner.is_empty() {
        let inner = inner
            .strip_prefix('{')
            .and_then(|s| s.strip_suffix('}'))
            .expect("body braces");
        for b in inner.split("},{") {
            let mut fields = b.split(',');
            let mut field = |name: &str| {
                let f = fields.next().expect("a field");
                f.strip_prefix(&format!("\"{name}\":"))
                    .unwrap_or_else(|| panic!("expected {name} in {f}"))
                    .to_string()
            };
            let id = field("id").parse().expect("id");
            let x = float(&field("x"));
            let y = float(&field("y"));
            let vx = float(&field("vx"));
            let vy = float(&field("vy"));
            let grounded = match field("grounded").as_str() {
                "true" => true,
                "false" => false,
                other => panic!("grounded: {other}"),
            };
            assert!(fields.next().is_none(), "extra fields in {b}");
            bodies.push(Body {
                id,
                x,
                y,
                vx,
                vy,
                grounded,
            });
        }
    }
    (frame, bodies)
}

#[test]
fn check_builtin_passes() {
    let out = glissade(&["check", "--builtin"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for mode in ["mode: platformer", "mode: arena", "mode: sandbox"] {
        assert!(stdout.contains(mode), "{stdout}");
    }
    assert!(stdout.contains("colliders: "), "{stdout}");
}

#[test]
fn check_counts_one_way_colliders_sensors_and_entities_by_class() {
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("../glissade-level/tests/maps/kinds.tmx");
    let out = glissade(&["check", map.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for line in [
        "colliders: 10",
        "walls: 2 (2 colliders)",
        "one-way: 2 (2 one-way colliders with the moving platforms)",
        "spawns: 1",
        "sensors: 3 (3 sensor colliders)",
        "entities: 6 (coin: 1, no class: 4, trigger: 1)",
    ] {
        assert!(
            stdout.lines().any(|l| l == line),
            "{line:?} not in\n{stdout}"
        );
    }
}

#[test]
fn check_one_builtin_prints_a_summary() {
    let out = glissade(&["check", "platformer"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let keys: Vec<&str> = stdout
        .lines()
        .map(|l| l.split(": ").next().unwrap_or(""))
        .collect();
    assert_eq!(
        keys,
        [
            "level",
            "name",
            "mode",
            "bounds",
            "colliders",
            "tile layers",
            "tiles",
            "walls",
            "one-way",
            "platforms",
            "spawns",
            "sensors",
            "entities",
            "warnings"
        ]
    );
    assert!(stdout.contains("spawns: 2\n"), "{stdout}");
}

#[test]
fn check_a_bad_file_names_line_and_column() {
    let dir = temp_dir("check_bad");
    let bad = write(
        &dir,
        "bad.json",
        "{\n  \"mode\": \"platformer\",\n  \"bounds\": {\"min\": [0, 0], \"max\": [10, \"x\"]},\n  \"spawns\": []\n}\n",
    );
    let out = glissade(&["check", &bad]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    let first = stderr.lines().next().unwrap_or("");
    assert!(first.starts_with("error: "), "{stderr}");
    assert!(first.contains(&format!("{bad}:3:")), "{stderr}");
    assert!(text(&out.stdout).is_empty());

    let out = glissade(&["check", &write(&dir, "broken.json", "{\"mode\": ")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("broken.json:1:"),
        "{}",
        text(&out.stderr)
    );

    let out = glissade(&["check", &dir.join("missing.json").to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("error: "));
}

#[test]
fn bad_arguments_exit_2() {
    // (No arguments at all serves the game: see `serves_with_no_subcommand`.)
    for args in [
        &["check"][..],
        &["--port", "9000", "check", "platformer"],
        &["serve", "--mode", "bogus"],
        &["--port", "many"],
        &["serve", "--bind", "nowhere"],
        &["check", "platformer", "--builtin"],
        &["check", "--nope"],
        &["replay"],
        &["replay", "platformer", "--frames", "many"],
        &["replay", "platformer", "--feel", "floaty"],
        &["serve", "--feel", "floaty"],
        &["render", "platformer"],
        &["fly"],
    ] {
        let out = glissade(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        // A usage message, or clap's "invalid value" error pointing at --help.
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("Usage") || stderr.contains("--help"),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn serves_with_no_subcommand() {
    use std::io::{BufRead, Read, Write};
    for args in [
        &["--port", "0"][..],
        &["serve", "--port", "0", "--level", "arena"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_glissade"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the glissade binary runs");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout");
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .expect("a line");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("{args:?}: no URL in {line:?}"));
        let addr = url.trim_start_matches("http://").trim_end_matches('/');
        let mut s = std::net::TcpStream::connect(addr).expect("the server listens");
        s.write_all(b"GET / HTTP/1.0\r\nHost: x\r\n\r\n").unwrap();
        let mut page = String::new();
        s.read_to_string(&mut page).unwrap();
        child.kill().expect("kill the server");
        let _ = child.wait();
        assert!(page.starts_with("HTTP/1.0 200"), "{args:?}: {page}");
        assert!(page.contains("<html"), "{args:?}: {page}");
    }
}

#[test]
fn replay_writes_one_exact_line_per_frame() {
    let out = glissade(&[
        "replay",
        "platformer",
        "--inputs",
        &examples("run-right.txt"),
        "--frames",
        "120",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.ends_with('\n'));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 120);
    for (n, line) in lines.iter().enumerate() {
        let (frame, bodies) = parse_line(line);
        assert_eq!(frame, n as u64);
        // The built-in platformer level has two spawn points.
        assert_eq!(bodies.len(), 2);
        for (i, b) in bodies.iter().enumerate() {
            assert_eq!(b.id, i as u64);
        }
    }
}

#[test]
fn replays_are_identical_bytes() {
    let dir = temp_dir("identical");
    let a = dir.join("a.jsonl").to_string_lossy().into_owned();
    let b = dir.join("b.jsonl").to_string_lossy().into_owned();
    let inputs = examples("jump-around.txt");
    for (level, out) in [("platformer", &a), ("platformer", &b)] {
        let o = glissade(&["replay", level, "--inputs", &inputs, "--out", out]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert!(o.stdout.is_empty());
    }
    let (a, b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert!(!a.is_empty());
    assert_eq!(a, b);
    let o = glissade(&["replay", "platformer", "--inputs", &inputs]);
    assert_eq!(o.stdout, a, "stdout and --out differ");
    // The tutorial feel is another game: the same script, other trajectories (its top
    // speed is 22.5 against the demo's 16), the same bytes from run to run.
    let tutorial = || {
        glissade(&[
            "replay",
            "platformer",
            "--feel",
            "tutorial",
            "--inputs",
            &inputs,
        ])
    };
    let (t, again) = (tutorial(), tutorial());
    assert_eq!(t.status.code(), Some(0), "{}", text(&t.stderr));
    assert_eq!(t.stdout, again.stdout);
    assert_ne!(t.stdout, a, "--feel tutorial changed nothing");
    let demo = glissade(&[
        "replay",
        "platformer",
        "--feel",
        "demo",
        "--inputs",
        &inputs,
    ]);
    assert_eq!(demo.stdout, a, "demo is the default feel");
}

#[test]
fn an_arena_match_replays_to_identical_bytes_with_bullets_and_scores() {
    let dir = temp_dir("arena_identical");
    let inputs = examples("arena-shots.txt");
    let outs: Vec<Vec<u8>> = ["a.jsonl", "b.jsonl"]
        .iter()
        .map(|name| {
            let out = dir.join(name).to_string_lossy().into_owned();
            let o = glissade(&["replay", "arena", "--inputs", &inputs, "--out", &out]);
            assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
            std::fs::read(&out).unwrap()
        })
        .collect();
    assert!(!outs[0].is_empty());
    assert_eq!(outs[0], outs[1]);
    let lines: Vec<serde_json::Value> = text(&outs[0])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // The last frame the file names (200) + 60.
    assert_eq!(lines.len(), 260);
    assert!(
        lines
            .iter()
            .any(|l| !l["bullets"].as_array().unwrap().is_empty())
    );
    let last = &lines[lines.len() - 1];
    let scores = last["scores"].as_array().unwrap();
    assert_eq!(scores.len(), 4);
    // The first three shots along the floor hit body 3 and kill it: a kill for body 0, none
    // for the others. Body 3 is put back at a spawn point, so the fourth shot and the last
    // ones fly where it no longer is; the shots at the triangle hit the wall.
    assert_eq!(scores[0]["id"], 0);
    assert_eq!(scores[0]["score"], 1);
    assert!(scores[1..].iter().all(|s| s["score"] == 0), "{scores:?}");
    assert!(scores.iter().all(|s| s["health"] == 3), "{scores:?}");
    let killed = lines
        .iter()
        .position(|l| l["scores"][0]["score"] == 1)
        .expect("a kill");
    // Shot at frame 30 from (3, 3) to body 3 at (37, 3): 34 units at 30 a second, about 68
    // frames, hit at about frame 98 (with the two before it at about 68 and 83).
    assert!((95..=101).contains(&killed), "the kill at frame {killed}");
    let b = &lines[0]["bullets"][0];
    assert_eq!(b["owner"], 0);
    assert_eq!(b["vx"], 30.0);
}

#[test]
fn bots_replay_the_same_for_one_seed() {
    let run = |seed: &str| {
        let o = glissade(&[
            "replay",
            "platformer",
            "--bots",
            "3",
            "--seed",
            seed,
            "--frames",
            "240",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        o.stdout
    };
    let a = run("5");
    assert_eq!(a, run("5"));
    assert_ne!(a, run("6"));
    let lines: Vec<(u64, Vec<Body>)> = text(&a).lines().map(parse_line).collect();
    // Two scripted bodies (standing still) and three bots after them.
    let ids: Vec<u64> = lines[0].1.iter().map(|b| b.id).collect();
    assert_eq!(ids, [0, 1, 2, 3, 4]);
    assert!(
        lines
            .iter()
            .any(|(_, b)| b[2..].iter().any(|b| b.vx != 0.0))
    );
}

#[test]
fn a_sandbox_replay_writes_the_boxes() {
    let dir = temp_dir("sandbox_boxes");
    let inputs = write(&dir, "drag.txt", "0 drag:15:4\n1-30 drag:15:0\n");
    let out = glissade(&["replay", "sandbox", "--inputs", &inputs]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let y = |l: &serde_json::Value| l["boxes"][0]["y"].as_f64().unwrap();
    assert_eq!(y(&lines[0]), 4.0);
    assert!(y(&lines[30]) < 3.0, "{}", lines[30]);
}

#[test]
fn holding_right_runs_right_on_the_ground() {
    let dir = temp_dir("right");
    let inputs = write(&dir, "right.txt", "# run\n0-89 right\n");
    let out = glissade(&["replay", "platformer", "--inputs", &inputs]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let frames: Vec<(u64, Vec<Body>)> = stdout.lines().map(parse_line).collect();
    // Default length: the last frame named (89) + 60.
    assert_eq!(frames.len(), 149);
    let start = frames[0].1[0];
    let later = frames[20].1[0];
    assert!(later.x > start.x + 0.5, "{start:?} -> {later:?}");
    assert!(frames.iter().any(|(_, b)| b[0].grounded && b[0].vx > 0.0));
    // The second body has no input file: it stands still.
    assert!(frames.iter().all(|(_, b)| b[1].vx == 0.0));
}

#[test]
fn top_down_levels_move_at_eight_units_a_second() {
    let dir = temp_dir("top_down");
    let inputs = write(&dir, "diag.txt", "0-9 right,up\n10-19 left\n");
    let out = glissade(&["replay", "arena", "--inputs", &inputs, "--frames", "20"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let frames: Vec<(u64, Vec<Body>)> = stdout.lines().map(parse_line).collect();
    assert_eq!(frames.len(), 20);
    let b = frames[0].1[0];
    assert!((b.vx.hypot(b.vy) - 8.0).abs() < 1e-4, "{b:?}");
    assert!(b.vx > 0.0 && b.vy > 0.0 && !b.grounded);
    assert_eq!(frames[15].1[0].vx, -8.0);
}

#[test]
fn bad_input_lines_name_file_and_line() {
    let dir = temp_dir("bad_inputs");
    let inputs = write(&dir, "bad.txt", "0-10 right\n# fine\n12 sideways\n");
    let out = glissade(&["replay", "platformer", "--inputs", &inputs]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with(&format!("error: {inputs}:3: ")),
        "{stderr}"
    );
    assert!(stderr.contains("sideways"), "{stderr}");
    assert!(out.stdout.is_empty());

    let missing = dir.join("nope.txt").to_string_lossy().into_owned();
    let out = glissade(&["replay", "platformer", "--inputs", &missing]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("nope.txt"));
}

#[test]
fn render_writes_svg_and_png() {
    let dir = temp_dir("render");
    let trace = dir.join("trace.jsonl").to_string_lossy().into_owned();
    let o = glissade(&[
        "replay",
        "platformer",
        "--inputs",
        &examples("run-right.txt"),
        "--out",
        &trace,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));

    let svg = dir.join("x.svg").to_string_lossy().into_owned();
    let o = glissade(&["render", "platformer", "--out", &svg]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(s.starts_with("<svg"), "{}", &s[..s.len().min(100)]);
    assert!(s.trim_end().ends_with("</svg>"));

    let o = glissade(&["render", "platformer", "--trace", &trace, "--out", &svg]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let with_trace = std::fs::read_to_string(&svg).unwrap();
    assert!(with_trace.len() > s.len());

    let png = dir.join("x.png").to_string_lossy().into_owned();
    for args in [
        &["render", "platformer", "--out", &png][..],
        &["render", "arena", "--trace", &trace, "--out", &png],
        &["render", "sandbox", "--out", &png],
    ] {
        let o = glissade(args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let bytes = std::fs::read(&png).unwrap();
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    }
}

#[test]
fn render_refuses_unknown_pictures_and_bad_traces() {
    let dir = temp_dir("render_bad");
    let gif = dir.join("x.gif").to_string_lossy().into_owned();
    let o = glissade(&["render", "platformer", "--out", &gif]);
    // A bad argument: clap's usage message, exit status 2.
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("must end in .svg or .png"),
        "{}",
        text(&o.stderr)
    );
    assert!(!Path::new(&gif).exists());

    let trace = write(&dir, "t.jsonl", "{\"frame\":0,\"bodies\":[]}\nnot json\n");
    let svg = dir.join("x.svg").to_string_lossy().into_owned();
    let o = glissade(&["render", "platformer", "--trace", &trace, "--out", &svg]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains(&format!("{trace}:2: ")),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn every_mode_replays_to_identical_bytes_with_bots() {
    // Six bots in each built-in mode for 5 s: in the sandbox they walk into the crates and
    // push them, in the platformer they take coins; the same seed gives the same bytes.
    for mode in ["platformer", "arena", "sandbox"] {
        let run = || {
            let o = glissade(&[
                "replay", mode, "--bots", "6", "--seed", "3", "--frames", "300",
            ]);
            assert_eq!(o.status.code(), Some(0), "{mode}: {}", text(&o.stderr));
            o.stdout
        };
        let a = run();
        assert_eq!(text(&a).lines().count(), 300, "{mode}");
        assert_eq!(a, run(), "{mode}: two runs differ");
    }
}
