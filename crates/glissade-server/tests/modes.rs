//! The arena and sandbox modes end to end: bullets, scores and draggable boxes over real
//! WebSocket connections.

use std::time::{Duration, Instant};

use futures_util::SinkExt;
use glissade_server::{RunningServer, ServerConfig, start};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::{WAIT, Ws, connect, next_snapshot};

async fn server(level: &str) -> RunningServer {
    start(ServerConfig {
        port: 0,
        level: level.to_string(),
        ..ServerConfig::default()
    })
    .await
    .expect("the server starts")
}

async fn send(ws: &mut Ws, seq: u32, extra: Value) {
    let mut m = json!({"v": 3, "type": "input", "seq": seq});
    if let (Some(m), Some(extra)) = (m.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            m.insert(k.clone(), v.clone());
        }
    }
    ws.send(Message::Text(m.to_string().into()))
        .await
        .expect("sends");
}

fn f(v: &Value) -> f32 {
    v.as_f64().expect("a number") as f32
}

/// A player's position in a snapshot.
fn player(snap: &Value, id: u64) -> (f32, f32) {
    let p = snap["players"]
        .as_array()
        .expect("players")
        .iter()
        .find(|p| p["id"] == id)
        .expect("the player is in the snapshot");
    (f(&p["x"]), f(&p["y"]))
}

fn list<'a>(snap: &'a Value, key: &str) -> &'a [Value] {
    snap[key].as_array().map_or(&[], Vec::as_slice)
}

#[tokio::test]
async fn a_bullet_flies_toward_the_aim_point() {
    let server = server("arena").await;
    let (mut ws, welcome) = connect(server.local_addr()).await;
    assert_eq!(welcome["mode"], "arena");
    let me = welcome["id"].as_u64().expect("an id");
    let (x, y) = player(&next_snapshot(&mut ws).await, me);
    let aim = [x + 10.0, y + 17.0];
    send(&mut ws, 1, json!({"fire": true, "aim": aim})).await;
    let deadline = Instant::now() + WAIT;
    let bullet = loop {
        assert!(Instant::now() < deadline, "no bullet");
        let snap = next_snapshot(&mut ws).await;
        if let Some(b) = list(&snap, "bullets").first() {
            break b.clone();
        }
    };
    send(&mut ws, 2, json!({})).await;
    assert_eq!(bullet["owner"], me, "{bullet}");
    let (vx, vy) = (f(&bullet["vx"]), f(&bullet["vy"]));
    // Velocities come in steps of VELOCITY_QUANTUM (1/16 unit/s).
    let step = glissade_server::wire::VELOCITY_QUANTUM;
    assert!(((vx * vx + vy * vy).sqrt() - 30.0).abs() < step, "{bullet}");
    let angle = (vy.atan2(vx) - 17f32.atan2(10.0)).abs().to_degrees();
    assert!(angle < 1.0, "the bullet flies {angle}° off: {bullet}");
    // And it moves along that line from the player's centre.
    let (bx, by) = (f(&bullet["x"]), f(&bullet["y"]));
    let cross = (bx - x) * 17.0 - (by - y) * 10.0;
    assert!(cross.abs() / 10f32.hypot(17.0) < 0.05, "{bullet}");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_bullet_never_passes_a_wall() {
    let server = server("arena").await;
    let (mut ws, welcome) = connect(server.local_addr()).await;
    let me = welcome["id"].as_u64().expect("an id");
    let (_, y) = player(&next_snapshot(&mut ws).await, me);
    // The arena's left wall is x in [0, 1]: fire into it (and at a slant into the corner).
    send(&mut ws, 1, json!({"fire": true, "aim": [-50.0, y]})).await;
    let mut seen = 0;
    let deadline = Instant::now() + Duration::from_millis(1500);
    let mut seq = 2;
    while Instant::now() < deadline {
        let snap = next_snapshot(&mut ws).await;
        for b in list(&snap, "bullets") {
            seen += 1;
            let (bx, by) = (f(&b["x"]), f(&b["y"]));
            assert!(bx >= 1.0 + 0.1 - 0.02, "a bullet beyond the wall: {b}");
            assert!(by >= 1.0 + 0.1 - 0.02, "a bullet beyond the floor: {b}");
        }
        if seq == 2 && Instant::now() + Duration::from_millis(750) > deadline {
            send(&mut ws, seq, json!({"fire": true, "aim": [-40.0, -40.0]})).await;
            seq += 1;
        }
    }
    assert!(seen > 0, "no bullet seen in flight");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_hit_scores_a_point() {
    let server = server("arena").await;
    let addr = server.local_addr();
    // Spawns in turn: (3, 3), (37, 27), (3, 27): the first and the third have a clear line
    // between them (but are not in each other's view, so the target's own snapshot says
    // where it is).
    let (mut a, wa) = connect(addr).await;
    let (_b, _) = connect(addr).await;
    let (mut c, wc) = connect(addr).await;
    let (ida, idc) = (wa["id"].as_u64().unwrap(), wc["id"].as_u64().unwrap());
    let target = player(&next_snapshot(&mut c).await, idc);
    send(
        &mut a,
        1,
        json!({"fire": true, "aim": [target.0, target.1]}),
    )
    .await;
    let deadline = Instant::now() + WAIT;
    let score = |snap: &Value, id: u64| {
        list(snap, "scores")
            .iter()
            .find(|s| s["id"] == id)
            .and_then(|s| s["score"].as_u64())
    };
    loop {
        assert!(Instant::now() < deadline, "no point scored");
        let snap = next_snapshot(&mut a).await;
        assert!(
            score(&snap, ida).is_some(),
            "every player has a score: {snap}"
        );
        if score(&snap, ida) >= Some(1) {
            assert_eq!(score(&snap, idc), Some(0));
            // No bullet of the shooter is past the target.
            for b in list(&snap, "bullets") {
                assert!(f(&b["y"]) < target.1, "{b}");
            }
            break;
        }
    }
    send(&mut a, 2, json!({})).await;
    drop(c.close(None).await);
    server.stop().await.unwrap();
}

/// The largest depth a box goes into a solid tile of the sandbox level's layer.
fn tile_overlap(level: &Value, bx: &Value) -> f32 {
    let layer = &level["tiles"][0];
    let rows: Vec<&str> = layer["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    let cell = f(&layer["cell"]);
    let (ox, oy) = (f(&layer["origin"][0]), f(&layer["origin"][1]));
    let (x, y, hw, hh) = (f(&bx["x"]), f(&bx["y"]), f(&bx["hw"]), f(&bx["hh"]));
    let mut worst = 0f32;
    let n = rows.len();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch != '#' {
                continue;
            }
            let lo = (ox + c as f32 * cell, oy + (n - 1 - r) as f32 * cell);
            let hi = (lo.0 + cell, lo.1 + cell);
            let dx = (x + hw).min(hi.0) - (x - hw).max(lo.0);
            let dy = (y + hh).min(hi.1) - (y - hh).max(lo.1);
            if dx > 0.0 && dy > 0.0 {
                worst = worst.max(dx.min(dy));
            }
        }
    }
    worst
}

#[tokio::test]
async fn a_drag_moves_a_box_and_it_never_enters_a_tile_wall() {
    let server = server("sandbox").await;
    let (mut ws, welcome) = connect(server.local_addr()).await;
    assert_eq!(welcome["mode"], "sandbox");
    let level = welcome["level"].clone();
    let snap = next_snapshot(&mut ws).await;
    let boxes = list(&snap, "boxes");
    assert_eq!(boxes.len(), 5, "{snap}");
    let first = boxes.iter().find(|b| b["id"] == 0).expect("box 0").clone();
    // The level's first box is min (14, 3), max (16, 5).
    assert_eq!((f(&first["x"]), f(&first["y"])), (15.0, 4.0));
    assert_eq!((f(&first["hw"]), f(&first["hh"])), (1.0, 1.0));
    let box0 = |snap: &Value| {
        list(snap, "boxes")
            .iter()
            .find(|b| b["id"] == 0)
            .expect("box 0")
            .clone()
    };
    // Grab it 0.5 right of its centre and drag up: it follows at up to 12 units/s.
    send(&mut ws, 1, json!({"drag": [15.5, 4.0]})).await;
    send(&mut ws, 2, json!({"drag": [15.5, 8.0]})).await;
    let deadline = Instant::now() + WAIT;
    let mut last: Option<(u64, f32, f32)> = None;
    loop {
        assert!(
            Instant::now() < deadline,
            "the box does not follow the drag"
        );
        let snap = next_snapshot(&mut ws).await;
        let b = box0(&snap);
        let (x, y) = (f(&b["x"]), f(&b["y"]));
        assert!(tile_overlap(&level, &b) < 0.01, "{b}");
        let tick = snap["tick"].as_u64().unwrap();
        if let Some((t0, x0, y0)) = last
            && tick > t0
        {
            let secs = (tick - t0) as f32 / 60.0;
            let speed = (x - x0).hypot(y - y0) / secs;
            // Positions come in steps of POSITION_QUANTUM: each end may be half a step off.
            let slack = glissade_server::wire::POSITION_QUANTUM * std::f32::consts::SQRT_2 / secs;
            assert!(speed <= 12.0 + 0.05 + slack, "{speed} units/s");
        }
        last = Some((tick, x, y));
        if (x - 15.0).abs() < 1e-3 && (y - 8.0).abs() < 1e-3 {
            break;
        }
    }
    // Now far up and to the right, beyond the level's walls: it slides along the ceiling and
    // stops in the corner, never inside a tile.
    send(&mut ws, 3, json!({"drag": [15.5, 40.0]})).await;
    let deadline = Instant::now() + Duration::from_millis(1500);
    while Instant::now() < deadline {
        let b = box0(&next_snapshot(&mut ws).await);
        assert!(tile_overlap(&level, &b) < 0.01, "{b}");
    }
    send(&mut ws, 4, json!({"drag": [60.0, 40.0]})).await;
    let deadline = Instant::now() + Duration::from_millis(2500);
    let mut b = first;
    while Instant::now() < deadline {
        b = box0(&next_snapshot(&mut ws).await);
        assert!(tile_overlap(&level, &b) < 0.01, "{b}");
    }
    let (x, y) = (f(&b["x"]), f(&b["y"]));
    assert!((y - 16.0).abs() < 0.05, "against the ceiling: {b}");
    // It stops against the level's box at (27..28, 14..15), whose top it reaches by a skin
    // (or, without it, in the corner at x = 30).
    assert!(
        (x - 25.99).abs() < 0.05 || (x - 30.0).abs() < 0.05,
        "against the box or in the corner: {b}"
    );
    // Released, it stays.
    send(&mut ws, 5, json!({})).await;
    let a = box0(&next_snapshot(&mut ws).await);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let later = box0(&next_snapshot(&mut ws).await);
    assert_eq!((f(&a["x"]), f(&a["y"])), (f(&later["x"]), f(&later["y"])));
    server.stop().await.unwrap();
}
