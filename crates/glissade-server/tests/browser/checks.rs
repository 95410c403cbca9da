//! Checks the modes share: the own player drawn from the newest snapshot, the time from a
//! key press to the first frame that draws the player moved, and touch controls on a phone.

use super::*;

/// Presses timed from keydown to the first frame that draws the own player moved.
pub(super) const PRESSES: usize = 12;

/// The page's own player, frame by frame, is the server's state at the newest tick the page
/// has (not the others' interpolated past), and the server acknowledges the page's inputs.
pub(super) async fn own_player_is_drawn_from_the_newest_snapshot(
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
pub(super) async fn key_to_motion_latencies(cdp: &mut Cdp, presses: usize) -> Vec<f64> {
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
pub(super) fn latency_line(mode: &str, ms: &[f64]) -> String {
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
pub(super) async fn touch_moves_the_player_on_a_phone(cdp: &mut Cdp, server: &RunningServer) {
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
