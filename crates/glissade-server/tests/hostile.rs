//! Clients that try to hold the server's places or break its protocol, over real sockets:
//! idle and half-sent HTTP requests, responses never read, a welcome never read, frames that
//! break the WebSocket protocol.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use glissade_server::{Limits, MAX_PLAYERS, RunningServer, ServerConfig, start_with_limits};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{WebSocketStream, client_async, connect_async};

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

/// The mask of the test's client frames (any key will do).
const MASK: [u8; 4] = [0x37, 0xfa, 0x21, 0x3d];
/// The first header byte of a final frame, to be or-ed with an opcode and reserved bits.
const FIN: u8 = 0x80;
/// The first reserved bit (meaningful only with an extension, and none is agreed).
const RSV1: u8 = 0x40;
/// Opcodes: text, 3 (unassigned), close, ping.
const TEXT: u8 = 0x1;
const OPCODE_3: u8 = 0x3;
const CLOSE: u8 = 0x8;
const PING: u8 = 0x9;

/// One client frame: `first` is its first header byte (FIN, reserved bits, opcode); masked
/// with [`MASK`] unless `masked` is false.
fn frame(first: u8, payload: &[u8], masked: bool) -> Vec<u8> {
    let mask_bit = if masked { 0x80 } else { 0 };
    let mut f = vec![first];
    match u16::try_from(payload.len()) {
        Ok(n) if n <= 125 => f.push(mask_bit | n as u8),
        Ok(n) => {
            f.push(mask_bit | 126);
            f.extend(n.to_be_bytes());
        }
        Err(_) => {
            f.push(mask_bit | 127);
            f.extend((payload.len() as u64).to_be_bytes());
        }
    }
    if masked {
        f.extend(MASK);
        f.extend(payload.iter().zip(MASK.iter().cycle()).map(|(b, m)| b ^ m));
    } else {
        f.extend(payload);
    }
    f
}

/// What the server sent before its close frame: the `bye`'s reason if one came, and the
/// close frame's code and reason.
struct Ending {
    bye: Option<String>,
    code: u16,
    reason: String,
}

/// Upgrades a raw connection, reads the welcome, writes `bytes` as they are and reads what
/// the server answers, up to its close frame.
async fn answer_to(addr: SocketAddr, bytes: &[u8]) -> Ending {
    let tcp = TcpStream::connect(addr).await.expect("connects");
    let (mut ws, _) = client_async(format!("ws://{addr}/ws"), tcp)
        .await
        .expect("upgrades");
    let mut bye = None;
    let mut welcomed = false;
    loop {
        let m = tokio::time::timeout(WAIT, ws.next()).await;
        match m {
            Ok(Some(Ok(Message::Text(t)))) => {
                let m: Value = serde_json::from_str(t.as_str()).expect("JSON");
                if m["type"] == "welcome" {
                    welcomed = true;
                    raw(&mut ws).write_all(bytes).await.expect("sends");
                } else if m["type"] == "bye" {
                    assert!(bye.is_none(), "a second bye: {m}");
                    bye = m["reason"].as_str().map(str::to_string);
                } else {
                    assert!(bye.is_none(), "a message after the bye: {m}");
                }
            }
            Ok(Some(Ok(Message::Close(Some(close))))) => {
                assert!(welcomed, "closed before the welcome");
                return Ending {
                    bye,
                    code: close.code.into(),
                    reason: close.reason.to_string(),
                };
            }
            Ok(Some(Ok(Message::Close(None)))) => panic!("a close frame without a code"),
            Ok(Some(Ok(_))) => {}
            other => panic!("no close frame: {other:?}"),
        }
    }
}

/// The TCP stream under a client, to write frames no client library would.
fn raw(ws: &mut WebSocketStream<TcpStream>) -> &mut TcpStream {
    ws.get_mut()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_websocket_protocol_error_ends_with_a_bye_and_a_close_code() {
    let server = server(Limits::default()).await;
    let addr = server.local_addr();
    let over_frame_limit = {
        // A header announcing a frame over the server's 64 KiB: refused before its payload.
        let mut f = vec![FIN | TEXT, 0x80 | 127];
        f.extend(100_000u64.to_be_bytes());
        f.extend(MASK);
        f
    };
    let cases: [(&str, Vec<u8>, u16, &str); 9] = [
        (
            "invalid UTF-8 text",
            frame(FIN | TEXT, &[0xc3, 0x28], true),
            1007,
            "UTF-8",
        ),
        (
            "a reserved bit",
            frame(FIN | RSV1 | TEXT, b"{}", true),
            1002,
            "Reserved bits",
        ),
        (
            "an unmasked frame",
            frame(FIN | TEXT, b"{}", false),
            1002,
            "unmasked",
        ),
        (
            "opcode 3",
            frame(FIN | OPCODE_3, b"", true),
            1002,
            "invalid opcode: 3",
        ),
        (
            "a 126-byte ping",
            frame(FIN | PING, &[7; 126], true),
            1002,
            "Control frame too big",
        ),
        (
            "a fragmented ping",
            frame(PING, b"", true),
            1002,
            "Fragmented control frame",
        ),
        (
            "a stray continuation",
            frame(FIN, b"x", true),
            1002,
            "Continue frame",
        ),
        (
            "a close reason not UTF-8",
            frame(FIN | CLOSE, &[0x03, 0xe8, 0xff], true),
            1007,
            "UTF-8",
        ),
        (
            "a frame over 64 KiB",
            over_frame_limit,
            1009,
            "message too large",
        ),
    ];
    for (what, bytes, code, detail) in cases {
        let end = answer_to(addr, &bytes).await;
        let bye = end.bye.unwrap_or_else(|| panic!("{what}: no bye"));
        assert!(bye.contains(detail), "{what}: bye {bye:?}");
        if code != 1009 {
            assert!(
                bye.starts_with("malformed message: "),
                "{what}: bye {bye:?}"
            );
        }
        assert_eq!(end.code, code, "{what}: {bye}");
        assert!(!end.reason.is_empty(), "{what}: an empty reason");
        assert!(
            bye.starts_with(&end.reason),
            "{what}: {:?} / {bye:?}",
            end.reason
        );
    }
    server.stop().await.expect("stops");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_close_code_of_999_is_answered_with_a_protocol_error_close() {
    let server = server(Limits::default()).await;
    // After a close frame the WebSocket layer sends nothing but its answer: no bye.
    let end = answer_to(
        server.local_addr(),
        &frame(FIN | CLOSE, &999u16.to_be_bytes(), true),
    )
    .await;
    assert_eq!(end.bye, None);
    assert_eq!(end.code, 1002);
    assert_eq!(end.reason, "Protocol violation");
    server.stop().await.expect("stops");
}
