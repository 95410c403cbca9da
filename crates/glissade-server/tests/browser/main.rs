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

mod checks;
mod harness;
mod modes;

use std::path::Path;
use std::time::{Duration, Instant};

use glissade_server::RunningServer;
use serde_json::{Value, json};

use harness::{
    ARROW_LEFT, ARROW_RIGHT, CANVAS_COLOURS, Cdp, Chromium, Observer, docs_dir, f, server,
};
use modes::{arena, platformer, sandbox};

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
