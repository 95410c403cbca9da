//! The server end to end: real sockets on 127.0.0.1, an ephemeral port, WebSocket clients.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use glissade_server::{RunningServer, ServerConfig, start};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::{WAIT, Ws, connect, next_json, next_snapshot};

async fn server(bots: usize) -> RunningServer {
    start(ServerConfig {
        port: 0,
        bots,
        ..ServerConfig::default()
    })
    .await
    .expect("the server starts")
}

/// Reads until the bye, then expects the connection to close.
async fn expect_bye(ws: &mut Ws) -> String {
    let reason = loop {
        let m = next_json(ws).await.expect("a bye before the close");
        if m["type"] == "bye" {
            assert_eq!(m["v"], 3);
            break m["reason"].as_str().expect("a reason").to_string();
        }
        assert_eq!(m["type"], "snapshot", "{m}");
    };
    // Then a close (or the end of the stream), and nothing else of substance.
    loop {
        match tokio::time::timeout(WAIT, ws.next()).await {
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => break,
            Ok(Some(Ok(Message::Text(t)))) => panic!("a message after the bye: {t}"),
            Ok(Some(Ok(_))) => {}
            Err(_) => panic!("no close after the bye"),
        }
    }
    reason
}

fn input(seq: u32, right: bool) -> Message {
    Message::Text(
        format!(
            r#"{{"v":3,"type":"input","seq":{seq},"left":false,"right":{right},"up":false,"down":false,"jump":false}}"#
        )
        .into(),
    )
}

fn player(snapshot: &Value, id: u64) -> Option<&Value> {
    snapshot["players"]
        .as_array()
        .expect("players")
        .iter()
        .find(|p| p["id"] == id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn welcome_then_walking_right_moves_the_player() {
    let server = server(0).await;
    let (ws, welcome) = connect(server.local_addr()).await;
    assert_eq!(welcome["v"], 3);
    assert_eq!(welcome["mode"], "platformer");
    assert_eq!(welcome["tick_hz"], 60);
    assert_eq!(welcome["view"], serde_json::json!([32, 18]));
    assert!(
        welcome["level"]["spawns"].is_array(),
        "{}",
        welcome["level"]
    );
    let id = welcome["id"].as_u64().expect("an id");

    let (mut tx, mut rx) = ws.split();
    let mut reader = glissade_server::wire::Decoder::default();
    let first = loop {
        let m = next_json_stream(&mut rx, &mut reader).await;
        if m["type"] == "snapshot" {
            break m;
        }
    };
    assert!(first["platforms"].is_array());
    let x0 = player(&first, id).expect("my player")["x"]
        .as_f64()
        .unwrap();
    let sender = tokio::spawn(async move {
        for seq in 0..60 {
            tx.send(input(seq, true)).await.expect("send");
            tokio::time::sleep(Duration::from_millis(16)).await;
        }
        tx
    });
    let start = Instant::now();
    let mut last_tick = first["tick"].as_u64().unwrap();
    let mut x1 = x0;
    let mut snapshots = 0;
    let mut ack = 0;
    while start.elapsed() < Duration::from_millis(1100) {
        let m = next_json_stream(&mut rx, &mut reader).await;
        assert_eq!(m["type"], "snapshot");
        let tick = m["tick"].as_u64().unwrap();
        assert!(tick > last_tick, "ticks go forward");
        last_tick = tick;
        x1 = player(&m, id).expect("my player")["x"].as_f64().unwrap();
        let a = m["ack"]
            .as_u64()
            .expect("every snapshot acknowledges an input");
        assert!(a >= ack, "acks never go back: {ack} then {a}");
        ack = a;
        snapshots += 1;
    }
    let _tx = sender.await.unwrap();
    assert!(x1 > x0 + 1.0, "walked right: {x0} -> {x1}");
    // The inputs went out over about 0.96 s and the snapshots were read for 1.1 s: the
    // last input sent (59) was applied and acknowledged.
    assert_eq!(ack, 59, "the last input is acknowledged");
    assert!(
        snapshots >= 40,
        "about 60 snapshots a second, got {snapshots}"
    );
    server.stop().await.unwrap();
}

/// The next message of `rx` as JSON, a snapshot read by `reader` (each is written against
/// the one before).
async fn next_json_stream(
    rx: &mut futures_util::stream::SplitStream<Ws>,
    reader: &mut glissade_server::wire::Decoder,
) -> Value {
    loop {
        match tokio::time::timeout(WAIT, rx.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(t.as_str()).unwrap(),
            Ok(Some(Ok(Message::Binary(b)))) => {
                return reader.decode(&b).expect("a readable snapshot").to_json();
            }
            Ok(Some(Ok(_))) => {}
            other => panic!("no message: {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_clients_are_sent_away_and_others_play_on() {
    let server = server(0).await;
    let addr = server.local_addr();
    let (mut good, _) = connect(addr).await;

    let (mut malformed, _) = connect(addr).await;
    malformed
        .send(Message::Text(
            r#"{"v":3,"type":"input","seq":1,"kick":true}"#.into(),
        ))
        .await
        .unwrap();
    let reason = expect_bye(&mut malformed).await;
    assert!(
        reason.starts_with("malformed message: unknown field `kick`"),
        "{reason}"
    );

    let (mut not_json, _) = connect(addr).await;
    not_json.send(Message::Text("{nope".into())).await.unwrap();
    let reason = expect_bye(&mut not_json).await;
    assert!(reason.starts_with("malformed message: "), "{reason}");

    let (mut oversized, _) = connect(addr).await;
    let big = format!(
        r#"{{"v":3,"type":"input","seq":1,"pad":"{}"}}"#,
        "x".repeat(5000)
    );
    oversized.send(Message::Text(big.into())).await.unwrap();
    assert_eq!(expect_bye(&mut oversized).await, "message too large");

    let (mut binary, _) = connect(addr).await;
    binary
        .send(Message::Binary(vec![1u8, 2, 3].into()))
        .await
        .unwrap();
    assert!(
        expect_bye(&mut binary)
            .await
            .starts_with("malformed message")
    );

    // The good client still gets fresh snapshots.
    let a = next_snapshot(&mut good).await["tick"].as_u64().unwrap();
    let mut b = a;
    for _ in 0..5 {
        b = next_snapshot(&mut good).await["tick"].as_u64().unwrap();
    }
    assert!(b > a);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flooding_client_is_disconnected() {
    let server = server(0).await;
    let addr = server.local_addr();
    let (mut good, _) = connect(addr).await;
    let (mut flood, _) = connect(addr).await;
    for seq in 0..500 {
        flood.feed(input(seq, seq % 2 == 0)).await.unwrap();
    }
    flood.flush().await.unwrap();
    assert_eq!(expect_bye(&mut flood).await, "too many messages");
    next_snapshot(&mut good).await;
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_at_60_messages_a_second_is_not_limited() {
    let server = server(0).await;
    let (mut ws, _) = connect(server.local_addr()).await;
    for seq in 0..90 {
        ws.send(input(seq, true)).await.unwrap();
        tokio::time::sleep(Duration::from_millis(16)).await;
    }
    // Still connected: snapshots keep coming and no bye came.
    for _ in 0..3 {
        let m = next_json(&mut ws).await.expect("still connected");
        assert_eq!(m["type"], "snapshot", "{m}");
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn disconnecting_removes_the_player() {
    let server = server(0).await;
    let addr = server.local_addr();
    let (mut a, wa) = connect(addr).await;
    let (mut b, wb) = connect(addr).await;
    let (ida, idb) = (wa["id"].as_u64().unwrap(), wb["id"].as_u64().unwrap());
    assert_ne!(ida, idb);
    // Both are in the world.
    let deadline = Instant::now() + WAIT;
    loop {
        let s = next_snapshot(&mut b).await;
        if player(&s, ida).is_some() && player(&s, idb).is_some() {
            break;
        }
        assert!(Instant::now() < deadline, "both players appear");
    }
    next_snapshot(&mut a).await;
    a.close(None).await.unwrap();
    drop(a);
    let deadline = Instant::now() + WAIT;
    loop {
        let s = next_snapshot(&mut b).await;
        if player(&s, ida).is_none() {
            assert!(player(&s, idb).is_some());
            break;
        }
        assert!(Instant::now() < deadline, "the player leaves");
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_and_stop_says_goodbye() {
    let server = server(5).await;
    let (mut ws, welcome) = connect(server.local_addr()).await;
    let id = welcome["id"].as_u64().unwrap();
    let s = next_snapshot(&mut ws).await;
    assert_eq!(s["players"].as_array().unwrap().len(), 6, "{s}");
    assert!(player(&s, id).is_some());
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let stats = server.stats();
    assert!(stats.ticks >= 60, "{stats:?}");
    assert_eq!(stats.players, 6);
    assert!(stats.tick_p99_us >= stats.tick_p50_us);
    let stop = tokio::spawn(server.stop());
    assert_eq!(expect_bye(&mut ws).await, "server shutting down");
    stop.await.unwrap().unwrap();
}

/// The whole answer (status line, headers, body) to `GET <path>` over HTTP/1.0.
async fn http_get(server: &RunningServer, path: &str) -> String {
    let mut s = TcpStream::connect(server.local_addr()).await.unwrap();
    s.write_all(format!("GET {path} HTTP/1.0\r\nHost: x\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut text = String::new();
    tokio::time::timeout(WAIT, s.read_to_string(&mut text))
        .await
        .unwrap()
        .unwrap();
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_its_files_are_served() {
    let server = server(0).await;
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/stats", "application/json"),
    ] {
        let text = http_get(&server, path).await;
        assert!(text.starts_with("HTTP/1.0 200"), "{path}: {text}");
        assert!(
            text.to_ascii_lowercase()
                .contains(&format!("content-type: {kind}")),
            "{text}"
        );
    }
    // Every module the page's script imports, and every one those import, is served.
    let mut todo = vec!["app.js".to_string()];
    let mut seen = std::collections::BTreeSet::new();
    while let Some(name) = todo.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let text = http_get(&server, &format!("/{name}")).await;
        assert!(text.starts_with("HTTP/1.0 200"), "/{name}: {text}");
        for line in text.lines().filter(|l| l.starts_with("import ")) {
            let module = line
                .split("from './")
                .nth(1)
                .and_then(|rest| rest.split('\'').next())
                .unwrap_or_else(|| panic!("{name}: an import from elsewhere: {line}"));
            todo.push(module.to_string());
        }
    }
    assert!(seen.len() > 5, "only {seen:?}");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_top_down_mode_moves_at_8_units_a_second() {
    let server = start(ServerConfig {
        port: 0,
        level: "arena".into(),
        ..ServerConfig::default()
    })
    .await
    .unwrap();
    let (mut ws, welcome) = connect(server.local_addr()).await;
    assert_eq!(welcome["mode"], "arena");
    let id = welcome["id"].as_u64().unwrap();
    ws.send(input(0, true)).await.unwrap();
    // Skip what was sent before the input arrived, then measure.
    let mut a = next_snapshot(&mut ws).await;
    while player(&a, id).unwrap()["vx"].as_f64().unwrap() == 0.0 {
        a = next_snapshot(&mut ws).await;
    }
    let b = next_snapshot(&mut ws).await;
    let vx = player(&b, id).unwrap()["vx"].as_f64().unwrap();
    assert!(vx > 0.0 && vx <= 8.0 + 1e-3, "{vx}");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_bad_level_is_an_error() {
    let e = start(ServerConfig {
        port: 0,
        level: "no-such-level.json".into(),
        ..ServerConfig::default()
    })
    .await
    .unwrap_err();
    assert!(e.to_string().contains("no-such-level.json"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_turns_a_newcomer_away_and_the_others_play_on() {
    // Bots fill all places but one: the first client plays, the next is told so.
    let server = server(glissade_server::MAX_PLAYERS - 1).await;
    let (mut first, _) = connect(server.local_addr()).await;
    let (mut second, _) = connect_async(format!("ws://{}/ws", server.local_addr()))
        .await
        .expect("connects");
    let m = next_json(&mut second).await.expect("a bye");
    assert_eq!(m["type"], "bye", "{m}");
    assert_eq!(m["reason"], "server full");
    let snap = next_snapshot(&mut first).await;
    assert_eq!(
        snap["players"].as_array().map(Vec::len),
        Some(glissade_server::MAX_PLAYERS)
    );
    // Once the first leaves, there is room again.
    drop(first);
    let mut joined = false;
    for _ in 0..20 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let (mut ws, _) = connect_async(format!("ws://{}/ws", server.local_addr()))
            .await
            .expect("connects");
        if next_json(&mut ws)
            .await
            .is_some_and(|m| m["type"] == "welcome")
        {
            joined = true;
            break;
        }
    }
    assert!(joined, "no room after a player left");
    server.stop().await.expect("stops");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ping_is_answered_with_its_time_and_an_old_client_is_told_its_version() {
    let server = server(0).await;
    let (mut ws, welcome) = connect(server.local_addr()).await;
    assert_eq!(
        welcome["features"],
        serde_json::json!(["ping", "ack", "seen"])
    );
    ws.send(Message::Text(
        r#"{"v":3,"type":"ping","seq":1,"t":987.25}"#.into(),
    ))
    .await
    .unwrap();
    let pong = loop {
        let m = next_json(&mut ws).await.expect("a pong");
        if m["type"] == "pong" {
            break m;
        }
        assert_eq!(m["type"], "snapshot", "{m}");
    };
    assert_eq!(pong["t"], 987.25);
    assert_eq!(pong["v"], 3);
    // A client of protocol 2 (JSON snapshots) is told which version this is.
    let (mut old, _) = connect(server.local_addr()).await;
    old.send(Message::Text(
        r#"{"v":2,"type":"input","seq":1,"right":true}"#.into(),
    ))
    .await
    .unwrap();
    let reason = expect_bye(&mut old).await;
    assert!(
        reason.contains("protocol version 2 is not supported (this server speaks 3)"),
        "{reason}"
    );
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_reports_its_snapshots_gets_them_as_changes_and_reads_them_whole() {
    let server = server(20).await;
    let (mut ws, welcome) = connect(server.local_addr()).await;
    let me = welcome["id"].as_u64().unwrap();
    let mut decoder = glissade_server::wire::Decoder::default();
    let (mut full, mut changes, mut full_bytes, mut change_bytes) = (0, 0, 0, 0);
    let deadline = Instant::now() + WAIT;
    while changes < 60 {
        assert!(
            Instant::now() < deadline,
            "{full} full, {changes} as changes"
        );
        let bytes = match tokio::time::timeout(WAIT, ws.next()).await {
            Ok(Some(Ok(Message::Binary(b)))) => b,
            Ok(Some(Ok(_))) => continue,
            other => panic!("no snapshot: {other:?}"),
        };
        let d = decoder
            .decode(&bytes)
            .expect("every snapshot reads against its base");
        if d.base == 0 {
            full += 1;
            full_bytes += bytes.len();
        } else {
            changes += 1;
            change_bytes += bytes.len();
            assert!(d.base < d.tick);
        }
        let json = d.to_json();
        assert!(player(&json, me).is_some(), "my own player is always there");
        // Report every second snapshot, as a client on a slower link might.
        if d.tick % 2 == 0 {
            let seen = format!(
                r#"{{"v":3,"type":"seen","seq":{},"tick":{}}}"#,
                d.tick, d.tick
            );
            ws.send(Message::Text(seen.into())).await.unwrap();
        }
    }
    assert!(full >= 1, "the first snapshot comes in full");
    // Twenty bots walking: a change costs less than the whole.
    let (f, c) = (full_bytes / full, change_bytes / changes);
    assert!(c < f, "{c} bytes a change, {f} in full");
    server.stop().await.unwrap();
}
