//! The three modes played in turn on one page: the platformer (walking, jumping, the own
//! player drawn from the newest snapshot, touch on a phone), the arena (shooting, bullets
//! owned and moving) and the sandbox, each with a screenshot and its key-to-motion latencies.

use super::checks::{
    PRESSES, key_to_motion_latencies, latency_line, own_player_is_drawn_from_the_newest_snapshot,
    touch_moves_the_player_on_a_phone,
};
use super::*;

/// The platformer mode, its screenshots and checks.
pub(super) async fn platformer(cdp: &mut Cdp, docs: &Path) {
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

/// The arena mode, its screenshot and checks.
pub(super) async fn arena(cdp: &mut Cdp, docs: &Path) {
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

/// The sandbox mode, its screenshot and latencies.
pub(super) async fn sandbox(cdp: &mut Cdp, docs: &Path) {
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
