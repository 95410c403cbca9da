//! What the server's socket tests share: a WebSocket client that reads JSON messages, and
//! binary snapshots as JSON.

// Each test file uses the helpers it needs.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::StreamExt;
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
            // A snapshot. These clients never report one as seen, so each comes in full.
            Ok(Some(Ok(Message::Binary(b)))) => {
                let d = glissade_server::wire::Decoder::default().decode(&b);
                return Some(d.expect("a snapshot written in full").to_json());
            }
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
