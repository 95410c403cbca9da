//! Clients that try to hold the server's places or break its protocol, over real sockets:
//! idle and half-sent HTTP requests, responses never read, a welcome never read.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use glissade_server::{Limits, MAX_PLAYERS, RunningServer, ServerConfig, start_with_limits};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{client_async, connect_async};

mod common;
use common::{WAIT, Ws, next_json};

/// A short timeout for the tests: the defaults are seconds.
const SHORT: Duration = Duration::from_millis(500);
/// A timeout no test reaches.
const NEVER: Duration = Duration::from_secs(600);
/// The length of a level's name that makes its welcome larger than the socket buffers of
/// both ends hold (the server's grows to 4 MiB at most; the client's is kept small).
const BIG_NAME: usize = 6_000_000;

/// A TCP connection whose receive buffer stays small, so that what it does not read soon
/// blocks the server's sends.
async fn small_buffer_connection(addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("a socket");
    socket.set_recv_buffer_size(4096).expect("a small buffer");
    socket.connect(addr).await.expect("connects")
}

async fn server(limits: Limits) -> RunningServer {
    start_with_limits(
        ServerConfig {
            port: 0,
            ..ServerConfig::default()
        },
        limits,
    )
    .await
    .expect("the server starts")
}

/// Connects until the server welcomes the client (a refused connection, or a "server full",
/// is tried again), for at most twice [`WAIT`].
async fn join(addr: SocketAddr) -> (Ws, Value) {
    let deadline = Instant::now() + 2 * WAIT;
    loop {
        assert!(Instant::now() < deadline, "no welcome");
        if let Ok(Ok((mut ws, _))) =
            tokio::time::timeout(WAIT, connect_async(format!("ws://{addr}/ws"))).await
            && let Some(m) = next_json(&mut ws).await
            && m["type"] == "welcome"
        {
            return (ws, m);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Expects the server to close `s` (end of stream or reset) within [`WAIT`], whatever it
/// sent before.
async fn expect_closed(s: &mut TcpStream, what: &str) {
    let mut sink = Vec::new();
    match tokio::time::timeout(WAIT, s.read_to_end(&mut sink)).await {
        Ok(_) => {}
        Err(_) => panic!("{what}: still open"),
    }
}

/// Idle connections: a third send nothing, the others half a request.
async fn idle_connections(addr: SocketAddr, n: usize) -> Vec<TcpStream> {
    let mut idle = Vec::new();
    for i in 0..n {
        let mut s = TcpStream::connect(addr).await.expect("connects");
        let half: &[u8] = match i % 3 {
            0 => b"",
            1 => b"GET /ws HTTP/1.1\r\n",
            _ => b"GET / HTTP/1.1\r\nHost: x\r\n",
        };
        // One beyond the cap may be closed already.
        let _ = s.write_all(half).await;
        idle.push(s);
    }
    idle
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_are_closed_after_the_header_timeout_and_a_player_gets_in() {
    let server = server(Limits {
        header_timeout: SHORT,
        max_pending: 8,
        ..Limits::default()
    })
    .await;
    let addr = server.local_addr();
    let mut idle = idle_connections(addr, 24).await;
    // The idle ones take every pending place, then time out: a player gets in.
    let (_ws, welcome) = join(addr).await;
    assert!(welcome["id"].is_u64(), "{welcome}");
    for (i, s) in idle.iter_mut().enumerate() {
        expect_closed(s, &format!("idle connection {i}")).await;
    }
    server.stop().await.expect("stops");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_beyond_the_pending_cap_are_closed_at_once() {
    // No header timeout within the test: only the cap closes connections.
    let server = server(Limits {
        header_timeout: NEVER,
        max_pending: 4,
        ..Limits::default()
    })
    .await;
    let addr = server.local_addr();
    let mut held = idle_connections(addr, 4).await;
    for i in 0..6 {
        let mut s = TcpStream::connect(addr).await.expect("connects");
        expect_closed(&mut s, &format!("connection {i} beyond the cap")).await;
    }
    // Stopping closes the idle ones that held the places, and ends.
    tokio::time::timeout(2 * WAIT, server.stop())
        .await
        .expect("stops in time")
        .expect("stops");
    for (i, s) in held.iter_mut().enumerate() {
        expect_closed(s, &format!("held connection {i}")).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_its_responses_is_cut_off() {
    let server = server(Limits {
        header_timeout: SHORT,
        max_pending: 1,
        max_http_time: SHORT,
        ..Limits::default()
    })
    .await;
    let addr = server.local_addr();
    // Far more pipelined responses than the socket buffers hold, never read: the server
    // blocks writing them and no header timeout runs meanwhile.
    let mut slow = small_buffer_connection(addr).await;
    let requests = "GET /app.js HTTP/1.1\r\nHost: x\r\n\r\n".repeat(400);
    slow.write_all(requests.as_bytes()).await.expect("sends");
    // It holds the only pending place until it is cut off.
    let (_ws, welcome) = join(addr).await;
    assert!(welcome["id"].is_u64(), "{welcome}");
    expect_closed(&mut slow, "the slow reader").await;
    server.stop().await.expect("stops");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_its_welcome_is_let_go() {
    let path = std::env::temp_dir().join(format!("glissade-big-level-{}.json", std::process::id()));
    let name = "x".repeat(BIG_NAME);
    let level = format!(
        r#"{{"name":"{name}","mode":"arena","bounds":{{"min":[0,0],"max":[8,8]}},"spawns":[[4,4]]}}"#
    );
    std::fs::write(&path, level).expect("writes the level");
    // Bots take every place but one.
    let server = start_with_limits(
        ServerConfig {
            port: 0,
            level: path.to_string_lossy().into_owned(),
            bots: MAX_PLAYERS - 1,
            ..ServerConfig::default()
        },
        Limits {
            send_timeout: SHORT,
            ..Limits::default()
        },
    )
    .await
    .expect("the server starts");
    let _ = std::fs::remove_file(&path);
    let addr = server.local_addr();
    // This one takes the last place, and never reads its welcome.
    let tcp = small_buffer_connection(addr).await;
    let (mut stuck, _) = client_async(format!("ws://{addr}/ws"), tcp)
        .await
        .expect("upgrades");
    // A newcomer is told "server full" until the stuck one is let go, then gets in.
    let (_ws, welcome) = join(addr).await;
    assert_eq!(
        welcome["level"]["name"].as_str().map(str::len),
        Some(BIG_NAME)
    );
    // The stuck one was cut off within its welcome.
    match tokio::time::timeout(WAIT, stuck.next()).await {
        Ok(Some(Ok(Message::Text(_)))) => panic!("a whole welcome"),
        Ok(_) => {}
        Err(_) => panic!("the stuck client is still connected"),
    }
    server.stop().await.expect("stops");
}
