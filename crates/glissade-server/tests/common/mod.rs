//! What the server's socket tests share: a WebSocket client that reads JSON messages, and
//! binary snapshots (each read against the one before on its connection) as JSON.

// Each test file uses the helpers it needs.
#![allow(dead_code)]

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use futures_util::StreamExt;
use glissade_server::wire::Decoder;
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// A client connection.
pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long to wait for a message before giving up.
pub const WAIT: Duration = Duration::from_secs(5);

/// Connects and reads the welcome.
pub async fn connect(addr: SocketAddr) -> (Ws, Value) {
    let (mut ws, _) = connect_async(format!("ws://{addr}/ws"))
        .await
        .expect("connects");
    let welcome = next_json(&mut ws).await.expect("a welcome");
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    (ws, welcome)
}

/// The next JSON text message (a binary snapshot read as JSON), or `None` when the connection closes (or nothing comes).
pub async fn next_json(ws: &mut Ws) -> Option<Value> {
    loop {
        match tokio::time::timeout(WAIT, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                return Some(serde_json::from_str(t.as_str()).expect("JSON from the server"));
            }
            // A snapshot, written against the one before on this connection.
            Ok(Some(Ok(Message::Binary(b)))) => return Some(read_snapshot(ws, &b)),
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) | Err(_) => return None,
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// Reads until a snapshot.
pub async fn next_snapshot(ws: &mut Ws) -> Value {
    loop {
        let m = next_json(ws).await.expect("a snapshot");
        if m["type"] == "snapshot" {
            return m;
        }
    }
}

/// A binary snapshot of connection `ws` as JSON. These clients never report a snapshot as
/// seen, so each is written against the one before on the same connection: each connection
/// keeps its reader (by its local address, which is its own while it is open).
fn read_snapshot(ws: &Ws, bytes: &[u8]) -> Value {
    static READERS: OnceLock<Mutex<HashMap<SocketAddr, Decoder>>> = OnceLock::new();
    let MaybeTlsStream::Plain(tcp) = ws.get_ref() else {
        panic!("the tests connect without TLS");
    };
    let at = tcp.local_addr().expect("a connected socket");
    let mut readers = READERS.get_or_init(Mutex::default).lock().unwrap();
    let reader = readers.entry(at).or_default();
    reader.decode(bytes).expect("a readable snapshot").to_json()
}
