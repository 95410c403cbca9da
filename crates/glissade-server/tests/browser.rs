//! The web client end to end in headless Chromium, driven over the DevTools
//! protocol with the WebSocket client the crate already has.
//!
//! Ignored by default (it needs Chromium); run it with
//! `cargo test -p glissade-server --test browser -- --ignored --test-threads=1`.
//! The browser is `$CHROMIUM` if set, else the first of `chromium`, `chromium-browser`,
//! `google-chrome` that starts. If none starts, the test fails (it does not skip).
//!
//! It also writes a screenshot of each mode to `docs/screenshot-<mode>.png`, and of the
//! platformer on a phone held upright to `docs/screenshot-phone.png`.
//!
//! With `GLISSADE_REALMAPS` set (CI sets it when the real maps are there), a second case
//! serves a real Tiled platformer map from that folder and plays it; unset, it says it is
//! skipped and passes.

#[path = "browser/harness.rs"]
mod harness;

use std::path::Path;
use std::time::{Duration, Instant};

use glissade_server::RunningServer;
use serde_json::{Value, json};

use harness::{
    ARROW_LEFT, ARROW_RIGHT, CANVAS_COLOURS, Cdp, Chromium, Observer, docs_dir, f, server,
};

/// Screenshots' size, CSS pixels.
const SHOT: (u32, u32) = (1280, 720);
// ---------------------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium: cargo test -p glissade-server --test browser -- --ignored"]
async fn the_web_client_plays_in_chromium() {
    let started = Instant::now();
    let chromium = Chromium::launch();
    let mut cdp = Cdp::connect(&chromium.ws_url).await;
    cdp.open_page().await;
    let docs = docs_dir();

    platformer(&mut cdp, &docs).await;
    arena(&mut cdp, &docs).await;
    sandbox(&mut cdp, &docs).await;

    cdp.phase = "end".into();
    cdp.flush().await;
    assert!(
        cdp.errors.is_empty(),
        "the page logged errors:\n{}",
        cdp.errors.join("\n")
    );
    let _ = cdp.browser_call("Browser.close", json!({})).await;
    chromium.wait_exit(Duration::from_secs(5));
    eprintln!("browser test: {:.1} s", started.elapsed().as_secs_f64());
}

/// A real platformer map by other people, in the folder named by `GLISSADE_REALMAPS`.
const REAL_MAP: &str = "tutorial-platformer/tutorial_stepz_refactored/data/map/area01.tmx";

/// `glissade serve --level <a real Tiled map>`: the page joins, gets the map, its player
/// starts at the map's spawn, lands on something and walks right. Skipped, with a printed
/// line, when `GLISSADE_REALMAPS` is unset (CI sets it when the maps are there).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium: cargo test -p glissade-server --test browser -- --ignored"]
async fn a_real_platformer_map_plays_in_chromium() {
    let Some(dir) = std::env::var_os("GLISSADE_REALMAPS").filter(|d| !d.is_empty()) else {
        println!(
            "skipped a_real_platformer_map_plays_in_chromium: GLISSADE_REALMAPS is not set \
             (CI sets it to the real maps' folder when it is there)"
        );
        return;
    };
    let path = std::path::PathBuf::from(dir).join(REAL_MAP);
    let level = glissade_level::load_file(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .level;
    let spawn = level.spawns[0];
    let chromium = Chromium::launch();
    let mut cdp = Cdp::connect(&chromium.ws_url).await;
    cdp.open_page().await;
    let server = server(&path.display().to_string()).await;

    // The welcome brought the map: its name and bounds as the loader reads them.
    let state = load(&mut cdp, &server, "platformer", SHOT).await;
    assert_eq!(state["level"], level.name.as_str(), "{state}");
    for (k, want) in [("min", level.bounds.min), ("max", level.bounds.max)] {
        let got = [f(&state["bounds"][k][0]), f(&state["bounds"][k][1])];
        assert_eq!(
            got,
            want.map(f64::from),
            "bounds.{k}: the page has {got:?}, the loader {want:?}"
        );
    }

    // The player starts at the level's first spawn: the page sees it within a few ticks of
    // joining, so it may have fallen a little, not moved sideways.
    let me = &state["me"];
    let (x, y) = (f(&me["x"]), f(&me["y"]));
    let (sx, sy) = (f64::from(spawn[0]), f64::from(spawn[1]));
    assert!(
        (x - sx).abs() < 1e-3 && y <= sy + 1e-3 && y > sy - 1.0,
        "the player starts at ({x}, {y}), not at the map's spawn ({sx}, {sy})"
    );

    // It falls onto something: grounded, and no longer falling.
    let start = Instant::now();
    let landed = loop {
        let s = cdp.eval("window.glissade.state()").await;
        if s["me"]["grounded"] == true {
            break s["me"].clone();
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the player never stood on anything in 5 s: {}",
            s["me"]
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let rest = cdp.wait_rest(Duration::from_secs(3)).await;
    let (x0, y0) = (f(&rest["me"]["x"]), f(&rest["me"]["y"]));
    assert!(
        y0 < sy && (y0 - f(&landed["y"])).abs() < 0.5,
        "the player landed at {landed} but rests at ({x0}, {y0})"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let canvas = cdp.eval(CANVAS_COLOURS).await;
    assert!(
        canvas["colours"].as_u64().unwrap_or(0) > 3,
        "the canvas looks blank: {canvas}"
    );

    // Holding the right arrow for a second walks it right.
    cdp.key(true).await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    cdp.key(false).await;
    tokio::time::sleep(Duration::from_millis(150)).await;
    let after = cdp.eval("window.glissade.state().me").await;
    let x1 = f(&after["x"]);
    assert!(
        x1 > x0 + 1.0,
        "holding ArrowRight for 1 s did not move the player right: x {x0} -> {x1} ({after})"
    );
    eprintln!(
        "{REAL_MAP}: spawn ({sx}, {sy}); first seen at ({x:.3}, {y:.3}); rests at ({x0:.3}, \
         {y0:.3}); after 1 s right at ({x1:.3}, {:.3}); canvas {canvas}",
        f(&after["y"])
    );

    cdp.navigate("about:blank").await;
    cdp.flush().await;
    assert!(
        cdp.errors.is_empty(),
        "the page logged errors:\n{}",
        cdp.errors.join("\n")
    );
    server.stop().await.expect("the server stops");
    let _ = cdp.browser_call("Browser.close", json!({})).await;
    chromium.wait_exit(Duration::from_secs(5));
}

/// Loads the page of `server`, expects it to be playing with a drawn canvas and no errors.
async fn load(cdp: &mut Cdp, server: &RunningServer, mode: &str, size: (u32, u32)) -> Value {
    cdp.phase = mode.into();
    cdp.resize(size.0, size.1).await;
    cdp.navigate(&server.url()).await;
    let state = cdp.wait_playing(Duration::from_secs(5)).await;
    assert_eq!(state["mode"], mode, "{state}");
    cdp.flush().await;
    assert!(
        cdp.errors.is_empty(),
        "the {mode} page logged errors while loading:\n{}",
        cdp.errors.join("\n")
    );
    state
}

/// Leaves the page before its server stops (a lost connection would log an error).
async fn leave(cdp: &mut Cdp, server: RunningServer) {
    cdp.navigate("about:blank").await;
    cdp.flush().await;
    server.stop().await.expect("the server stops");
}

async fn platformer(cdp: &mut Cdp, docs: &Path) {
    let server = server("platformer").await;
    // The observer joins first: it takes the first spawn point (left of the second one), so
    // it does not stand in the way of the browser's player walking right.
    let observer = Observer::connect(server.local_addr()).await;
    let state = load(cdp, &server, "platformer", (1600, 900)).await;
    let id = state["id"].clone();

    // The canvas is drawn (give it a few frames after the first snapshot).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let canvas = cdp.eval(CANVAS_COLOURS).await;
    assert!(
        canvas["colours"].as_u64().unwrap_or(0) > 3,
        "the canvas looks blank: {canvas}"
    );

    // Holding the right arrow for a second moves the player on the server.
    cdp.wait_rest(Duration::from_secs(3)).await;
    let (_, before) = observer.player(&id).await;
    cdp.key(true).await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    cdp.key(false).await;
    tokio::time::sleep(Duration::from_millis(150)).await;
    let (_, after) = observer.player(&id).await;
    let (x0, x1) = (f(&before["x"]), f(&after["x"]));
    let sent = cdp.eval("window.glissade.state().lastInput").await;
    assert!(
        x1 > x0 + 1.0,
        "holding ArrowRight for 1 s did not move player {id} right on the server: x {x0} -> \
         {x1} (the page's last input: {sent})"
    );

    eprintln!("platformer: canvas {canvas}; player {id} x {x0:.3} -> {x1:.3} on the server");

    // The walk went over the hill, through its coin (12, 3.9), the second of the course's
    // eight: the page's run has it, and its top bar says so.
    let state = cdp.eval("window.glissade.state()").await;
    assert_eq!(
        state["course"]["coins"].as_array().map(Vec::len),
        Some(8),
        "the welcome's course: {}",
        state["course"]
    );
    assert!(
        state["run"]["taken"]
            .as_array()
            .is_some_and(|t| t.contains(&json!(1))),
        "walking over the hill did not take its coin: run {} (player at {})",
        state["run"],
        state["me"]
    );
    let hud = cdp
        .eval("document.getElementById('hud-run').textContent")
        .await;
    assert!(
        hud.as_str().is_some_and(|t| t.starts_with("1/8 coins")),
        "the top bar's run: {hud}"
    );

    own_player_is_drawn_from_the_newest_snapshot(cdp, &observer, &id).await;
    let latencies = key_to_motion_latencies(cdp, PRESSES).await;
    eprintln!("{}", latency_line("platformer", &latencies));

    touch_moves_the_player_on_a_phone(cdp, &server).await;

    // Halving the window halves the scale and keeps the world region.
    cdp.wait_rest(Duration::from_secs(3)).await;
    let big = cdp
        .eval("({ s: window.glissade.scale(), v: window.glissade.view() })")
        .await;
    cdp.resize(800, 450).await;
    let small = cdp
        .eval("({ s: window.glissade.scale(), v: window.glissade.view() })")
        .await;
    let ratio = f(&small["s"]) / f(&big["s"]);
    assert!(
        (ratio - 0.5).abs() <= 0.005,
        "1600x900 -> 800x450 should halve scale(): {} -> {} (ratio {ratio})",
        big["s"],
        small["s"]
    );
    for k in ["minX", "minY", "maxX", "maxY"] {
        let (a, b) = (f(&big["v"][k]), f(&small["v"][k]));
        assert!(
            (a - b).abs() <= 1e-3,
            "resizing changed the world region shown: view().{k} {a} -> {b}\nbefore: {}\nafter: {}",
            big["v"],
            small["v"]
        );
    }

    eprintln!(
        "platformer: scale {} -> {} (ratio {ratio:.5}); view {}",
        big["s"], small["s"], small["v"]
    );

    cdp.resize(SHOT.0, SHOT.1).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    cdp.screenshot(&docs.join("screenshot-platformer.png"))
        .await;
    drop(observer);
    leave(cdp, server).await;
}

async fn arena(cdp: &mut Cdp, docs: &Path) {
    let server = server("arena").await;
    let observer = Observer::connect(server.local_addr()).await;
    let state = load(cdp, &server, "arena", SHOT).await;
    let id = state["id"].clone();
    let state = cdp.wait_rest(Duration::from_secs(3)).await;
    // The page's player as its newest snapshot has it (the observer, across the arena, is
    // not sent players out of its view).
    let me = state["me"].clone();
    let (mx, my) = (f(&me["x"]), f(&me["y"]));
    // The top bar counts both players, though the observer is not in the page's snapshots.
    let drawn = state["players"].as_array().map_or(0, Vec::len);
    let count = cdp
        .eval("document.getElementById('hud-players').textContent")
        .await;
    assert_eq!(
        (drawn, count.as_str()),
        (1, Some("2")),
        "players drawn, and the top bar's count"
    );

    // A point 7 units across and 4 along from the player, toward the middle of the view (on
    // the view, not a letterbox bar; far enough that 3° is a fair tolerance).
    let at = cdp
        .eval(&format!(
            "(() => {{ const g = window.glissade, p = g.worldToScreen({}, {}), vp = g.viewport(); \
             const sx = p[0] < vp.x + vp.w / 2 ? 1 : -1, sy = p[1] < vp.y + vp.h / 2 ? 1 : -1; \
             const x = Math.min(Math.max(p[0] + sx * 7 * g.scale(), vp.x + 20), vp.x + vp.w - 20); \
             const y = Math.min(Math.max(p[1] + sy * 4 * g.scale(), vp.y + 20), vp.y + vp.h - 20); \
             return [x, y]; }})()",
            state["me"]["x"], state["me"]["y"]
        ))
        .await;
    let (px, py) = (f(&at[0]), f(&at[1]));
    let p = cdp
        .eval(&format!("window.glissade.screenToWorld({px}, {py})"))
        .await;
    let (wx, wy) = (f(&p[0]), f(&p[1]));
    let want = (wy - my).atan2(wx - mx);

    let last_tick = observer.latest().map(|s| s["tick"].clone());
    cdp.click(px, py).await;
    let clicked = Instant::now();
    let mut found: Option<Value> = None;
    let (mut snapshot_has_bullets, mut state_has_bullets) = (false, false);
    while found.is_none() && clicked.elapsed() < Duration::from_secs(1) {
        tokio::time::sleep(Duration::from_millis(30)).await;
        for s in observer.all() {
            if last_tick.as_ref().is_some_and(|t| f(&s["tick"]) <= f(t)) {
                continue;
            }
            if let Some(bullets) = s["bullets"].as_array() {
                snapshot_has_bullets = true;
                if let Some(b) = bullets.iter().find(|b| is_owner(b, &id)) {
                    found = Some(b.clone());
                    break;
                }
            }
        }
        if found.is_none() {
            let bullets = cdp.eval("window.glissade.state().bullets").await;
            if let Some(bullets) = bullets.as_array() {
                state_has_bullets = true;
                found = bullets.iter().find(|b| is_owner(b, &id)).cloned();
            }
        }
    }
    let sent = cdp.eval("window.glissade.state().lastInput").await;
    let Some(bullet) = found else {
        let missing = match (snapshot_has_bullets, state_has_bullets) {
            (false, false) => {
                "neither the server's snapshots have a `bullets` array nor does \
                 window.glissade.state() have `bullets`: arena bullets are not implemented yet"
            }
            _ => "no bullet owned by the player (`owner` == its id) appeared",
        };
        panic!(
            "arena: a click at screen ({px:.1}, {py:.1}) = world ({wx:.3}, {wy:.3}) fired no \
             bullet within 1 s: {missing} (the page's last input: {sent}; the server's last \
             snapshot: {})",
            observer.latest().unwrap_or_default()
        );
    };
    let (vx, vy) = velocity(&bullet).unwrap_or_else(|| {
        panic!("arena: the bullet has no velocity (`vx`/`vy` or `v`/`vel`): {bullet}")
    });
    let got = vy.atan2(vx);
    let mut off = (got - want).to_degrees().abs() % 360.0;
    if off > 180.0 {
        off = 360.0 - off;
    }
    assert!(
        off <= 3.0,
        "arena: the bullet flies {:.2}° off: from the player ({mx:.3}, {my:.3}) toward the \
         click's world point ({wx:.3}, {wy:.3}) is {:.2}°, the bullet's velocity ({vx:.3}, \
         {vy:.3}) is {:.2}° (bullet {bullet})",
        off,
        want.to_degrees(),
        got.to_degrees()
    );

    eprintln!(
        "arena: click ({px:.1}, {py:.1}) -> world ({wx:.3}, {wy:.3}); bullet after {} ms, {off:.3}° \
         off: {bullet}",
        clicked.elapsed().as_millis()
    );

    // The reticle is drawn where the pointer is: the click's world point.
    let state = cdp.eval("window.glissade.state()").await;
    let reticle = &state["reticle"];
    assert!(
        (f(&reticle[0]) - wx).abs() < 1e-3 && (f(&reticle[1]) - wy).abs() < 1e-3,
        "arena: the reticle is at {reticle}, the pointer at world ({wx:.3}, {wy:.3})"
    );
    assert_eq!(state["round"]["number"], 1, "{}", state["round"]);
    let board = cdp
        .eval("document.getElementById('hud-scores').textContent")
        .await;
    assert!(
        board.as_str().is_some_and(|t| t.contains("you 0")),
        "arena: the top bar shows your own score: {board}"
    );

    let latencies = key_to_motion_latencies(cdp, PRESSES).await;
    eprintln!("{}", latency_line("arena", &latencies));

    tokio::time::sleep(Duration::from_millis(100)).await;
    cdp.screenshot(&docs.join("screenshot-arena.png")).await;
    drop(observer);
    leave(cdp, server).await;
}

fn is_owner(bullet: &Value, id: &Value) -> bool {
    ["owner", "owner_id", "player"]
        .iter()
        .any(|k| bullet[*k] == *id)
}

fn velocity(b: &Value) -> Option<(f64, f64)> {
    if let (Some(x), Some(y)) = (b["vx"].as_f64(), b["vy"].as_f64()) {
        return Some((x, y));
    }
    ["v", "vel", "velocity"].iter().find_map(|k| {
        let v = &b[*k];
        Some((v[0].as_f64()?, v[1].as_f64()?))
    })
}

async fn sandbox(cdp: &mut Cdp, docs: &Path) {
    let server = server("sandbox").await;
    load(cdp, &server, "sandbox", SHOT).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    let canvas = cdp.eval(CANVAS_COLOURS).await;
    assert!(
        canvas["colours"].as_u64().unwrap_or(0) > 3,
        "the sandbox canvas looks blank: {canvas}"
    );
    cdp.screenshot(&docs.join("screenshot-sandbox.png")).await;
    let latencies = key_to_motion_latencies(cdp, PRESSES).await;
    eprintln!("{}", latency_line("sandbox", &latencies));
    leave(cdp, server).await;
}

/// Presses timed from keydown to the first frame that draws the own player moved.
const PRESSES: usize = 12;

/// The page's own player, frame by frame, is the server's state at the newest tick the page
/// has (not the others' interpolated past), and the server acknowledges the page's inputs.
async fn own_player_is_drawn_from_the_newest_snapshot(
    cdp: &mut Cdp,
    observer: &Observer,
    id: &Value,
) {
    cdp.key_named(true, ARROW_LEFT).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let trail = cdp.eval("window.glissade.ownTrail()").await;
    cdp.key_named(false, ARROW_LEFT).await;
    let trail = trail.as_array().expect("a trail");
    let (mut checked, mut behind) = (0, 0);
    for e in trail.iter().rev().take(10) {
        let tick = e["tick"].as_u64().expect("a tick");
        let Some(s) = observer.at_tick(tick) else {
            continue;
        };
        let p = s["players"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["id"] == *id))
            .expect("the page's player in the server's snapshot");
        assert!(
            (f(&e["x"]) - f(&p["x"])).abs() < 1e-6 && (f(&e["y"]) - f(&p["y"])).abs() < 1e-6,
            "the page drew its player at ({}, {}) for tick {tick}, where the server has it at \
             ({}, {})",
            e["x"],
            e["y"],
            p["x"],
            p["y"]
        );
        // The others are drawn in the past, the own player at the newest tick (a snapshot
        // late past the others' delay shows them at the newest too, on a loaded machine).
        behind += usize::from(f(&e["renderTick"]) < tick as f64);
        checked += 1;
    }
    assert!(
        checked >= 5,
        "only {checked} drawn frames matched a snapshot the observer kept"
    );
    assert!(
        behind > 0,
        "in none of {checked} frames were the others drawn behind the own player"
    );
    // Once the keys are still, the snapshots acknowledge the last input sent (within a
    // round trip; the page repeats its input every half second, so it is read a few times).
    let start = Instant::now();
    loop {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let state = cdp.eval("window.glissade.state()").await;
        if state["ack"] == state["lastInput"]["seq"] && f(&state["ack"]) > 0.0 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "the snapshots never acknowledged the last input sent: {state}"
        );
    }
}

/// Milliseconds from a key's press to the first drawn frame where the own player moved, for
/// `presses` short presses (right and left in turn, each from rest).
async fn key_to_motion_latencies(cdp: &mut Cdp, presses: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity(presses);
    for i in 0..presses {
        cdp.wait_rest(Duration::from_secs(3)).await;
        cdp.eval(
            "window.__pressedAt = null; window.addEventListener('keydown', \
             () => { window.__pressedAt = performance.now(); }, { capture: true, once: true }); 1",
        )
        .await;
        let key = if i % 2 == 0 { ARROW_RIGHT } else { ARROW_LEFT };
        cdp.key_named(true, key).await;
        tokio::time::sleep(Duration::from_millis(250)).await;
        let r = cdp
            .eval(
                "(() => { const t0 = window.__pressedAt, trail = window.glissade.ownTrail(); \
                 const before = trail.filter((e) => e.t <= t0).pop(); \
                 const moved = before && trail.find((e) => e.t > t0 && \
                   Math.hypot(e.x - before.x, e.y - before.y) > 1e-4); \
                 return { t0, moved: moved ? moved.t - t0 : null }; })()",
            )
            .await;
        cdp.key_named(false, key).await;
        let ms = r["moved"].as_f64().unwrap_or_else(|| {
            panic!("press {i}: the own player was never drawn moved within 250 ms: {r}")
        });
        out.push(ms);
    }
    out
}

/// `latency <mode>: median <m> ms, range <lo>-<hi> ms over <n> presses`.
fn latency_line(mode: &str, ms: &[f64]) -> String {
    let mut v = ms.to_vec();
    v.sort_by(f64::total_cmp);
    format!(
        "latency {mode}: keydown to own player drawn moving, median {:.1} ms, range {:.1}-{:.1} \
         ms over {} presses",
        v[v.len() / 2],
        v[0],
        v[v.len() - 1],
        v.len()
    )
}

/// On a phone held upright (390 × 844, touch): the view sits at the top under the top bar,
/// which fits the screen's width, the touch controls show, and holding the stick to the right
/// walks the player right.
async fn touch_moves_the_player_on_a_phone(cdp: &mut Cdp, server: &RunningServer) {
    cdp.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true }),
    )
    .await;
    cdp.call(
        "Emulation.setTouchEmulationEnabled",
        json!({ "enabled": true, "maxTouchPoints": 5 }),
    )
    .await;
    cdp.navigate(&server.url()).await;
    cdp.wait_playing(Duration::from_secs(5)).await;
    let touch = |kind: &str, x: f64, y: f64| {
        let points = if kind == "touchEnd" {
            json!([])
        } else {
            json!([{ "x": x, "y": y, "id": 1 }])
        };
        json!({ "type": kind, "touchPoints": points })
    };
    // A first tap anywhere shows the controls (if the page did not already).
    cdp.call(
        "Input.dispatchTouchEvent",
        touch("touchStart", 200.0, 700.0),
    )
    .await;
    cdp.call("Input.dispatchTouchEvent", touch("touchEnd", 200.0, 700.0))
        .await;
    let layout = cdp
        .eval(
            "(() => { const vp = window.glissade.viewport(), hud = document.getElementById('hud') \
             .getBoundingClientRect(), t = document.getElementById('touch'), s = t.querySelector \
             ('.stick').getBoundingClientRect(); return { vp, hudRight: hud.right, hudBottom: \
             hud.bottom, shown: !t.hidden, stick: [s.left + s.width / 2, s.top + s.height / 2, \
             s.width] }; })()",
        )
        .await;
    let vp = &layout["vp"];
    assert!(
        f(&vp["y"]) <= 76.5 && f(&vp["w"]) >= 389.0 && f(&layout["hudRight"]) <= 390.0,
        "phone layout: the view at the top under the top bar, the bar within the screen: \
         {layout}"
    );
    assert!(
        f(&layout["hudBottom"]) <= f(&vp["y"]) + 1.0,
        "the top bar covers the view: {layout}"
    );
    assert_eq!(layout["shown"], true, "no touch controls: {layout}");
    cdp.wait_rest(Duration::from_secs(3)).await;
    let before = f(&cdp.eval("window.glissade.state().me.x").await);
    let (cx, cy, w) = (
        f(&layout["stick"][0]),
        f(&layout["stick"][1]),
        f(&layout["stick"][2]),
    );
    cdp.call("Input.dispatchTouchEvent", touch("touchStart", cx, cy))
        .await;
    cdp.call(
        "Input.dispatchTouchEvent",
        touch("touchMove", cx + w * 0.4, cy),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    cdp.call(
        "Input.dispatchTouchEvent",
        touch("touchEnd", cx + w * 0.4, cy),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let after = f(&cdp.eval("window.glissade.state().me.x").await);
    assert!(
        after > before + 1.0,
        "holding the touch stick right did not walk the player right: x {before} -> {after}"
    );
    eprintln!("phone: layout {layout}; the touch stick walked x {before:.3} -> {after:.3}");
    cdp.screenshot(&docs_dir().join("screenshot-phone.png"))
        .await;
    cdp.call(
        "Emulation.setTouchEmulationEnabled",
        json!({ "enabled": false }),
    )
    .await;
    // Back to the desktop page the platformer's checks go on with.
    cdp.resize(1600, 900).await;
    cdp.navigate(&server.url()).await;
    cdp.wait_playing(Duration::from_secs(5)).await;
}
