//! The browser test's tools: Chromium started and stopped, a DevTools protocol client for one
//! page, a server on a free port, and a plain WebSocket client that watches its snapshots.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use futures_util::{SinkExt, StreamExt};
use glissade_server::{RunningServer, ServerConfig, start};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The longest wait for one DevTools answer.
const CALL_WAIT: Duration = Duration::from_secs(20);
/// The longest wait for Chromium to say where its DevTools endpoint is.
const LAUNCH_WAIT: Duration = Duration::from_secs(30);

// ---------------------------------------------------------------------------------------------
// Chromium: the process, killed (and its profile removed) on drop, also when a check fails.

pub(crate) struct Chromium {
    child: Child,
    profile: PathBuf,
    pub(crate) ws_url: String,
    /// Chromium's last stderr lines, for failure messages.
    stderr: Arc<Mutex<VecDeque<String>>>,
}

impl Chromium {
    pub(crate) fn launch() -> Chromium {
        let candidates: Vec<String> = match std::env::var("CHROMIUM") {
            Ok(c) if !c.is_empty() => vec![c],
            _ => ["chromium", "chromium-browser", "google-chrome"]
                .map(String::from)
                .to_vec(),
        };
        let mut problems = Vec::new();
        for exe in &candidates {
            match Chromium::try_launch(exe) {
                Ok(c) => return c,
                Err(e) => problems.push(format!("  {exe}: {e}")),
            }
        }
        panic!(
            "Chromium could not be started, so the browser test cannot run (install it, e.g. \
             `apt-get install -y chromium chromium-driver`, or set CHROMIUM=/path/to/chrome):\n{}",
            problems.join("\n")
        );
    }

    fn try_launch(exe: &str) -> Result<Chromium, String> {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let profile = std::env::temp_dir().join(format!(
            "glissade-browser-test-{}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&profile)
            .map_err(|e| format!("cannot make the profile dir {}: {e}", profile.display()))?;
        let spawned = Command::new(exe)
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match spawned {
            Ok(c) => c,
            Err(e) => {
                let _ = std::fs::remove_dir_all(&profile);
                return Err(format!("cannot run it: {e}"));
            }
        };
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        let pipe = child.stderr.take().expect("a stderr pipe");
        let lines = stderr.clone();
        // Reads stderr to its end (a full pipe would stall Chromium), passing on the endpoint.
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines() {
                let Ok(line) = line else { break };
                if let Some(at) = line.find("DevTools listening on ") {
                    let _ = tx.send(
                        line[at + "DevTools listening on ".len()..]
                            .trim()
                            .to_string(),
                    );
                }
                let mut l = lines.lock().unwrap();
                l.push_back(line);
                if l.len() > 40 {
                    l.pop_front();
                }
            }
        });
        let mut chromium = Chromium {
            child,
            profile,
            ws_url: String::new(),
            stderr,
        };
        match rx.recv_timeout(LAUNCH_WAIT) {
            Ok(url) => {
                chromium.ws_url = url;
                Ok(chromium)
            }
            Err(_) => {
                let status = chromium.child.try_wait().ok().flatten();
                Err(format!(
                    "no `DevTools listening on ws://...` line within {LAUNCH_WAIT:?} (exit status: \
                     {status:?}); its stderr:\n{}",
                    chromium.stderr_tail()
                ))
            }
        }
    }

    fn stderr_tail(&self) -> String {
        let l = self.stderr.lock().unwrap();
        l.iter()
            .map(|s| format!("    {s}"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Chromium {
    /// Waits up to `within` for Chromium to exit by itself (after `Browser.close`), so that its
    /// helper processes end with it; `Drop` kills whatever is left.
    pub(crate) fn wait_exit(mut self, within: Duration) {
        let start = Instant::now();
        while start.elapsed() < within {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Chromium {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

// ---------------------------------------------------------------------------------------------
// A DevTools protocol client: one browser connection, one page session (flattened).

pub(crate) struct Cdp {
    ws: Ws,
    next_id: u64,
    session: Option<String>,
    /// What the page logged as an error (console.error, uncaught exceptions, network errors).
    pub(crate) errors: Vec<String>,
    /// Labels the errors with the part of the test that was running.
    pub(crate) phase: String,
}

impl Cdp {
    pub(crate) async fn connect(url: &str) -> Cdp {
        let (ws, _) = connect_async(url)
            .await
            .unwrap_or_else(|e| panic!("cannot connect to Chromium's DevTools at {url}: {e}"));
        Cdp {
            ws,
            next_id: 1,
            session: None,
            errors: Vec::new(),
            phase: "start".into(),
        }
    }

    /// Opens a new page and attaches to it; later calls go to that page.
    pub(crate) async fn open_page(&mut self) {
        let target = self
            .browser_call("Target.createTarget", json!({ "url": "about:blank" }))
            .await;
        let target_id = target["targetId"]
            .as_str()
            .expect("a target id")
            .to_string();
        let attached = self
            .browser_call(
                "Target.attachToTarget",
                json!({ "targetId": target_id, "flatten": true }),
            )
            .await;
        self.session = Some(
            attached["sessionId"]
                .as_str()
                .expect("a session id")
                .to_string(),
        );
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            self.call(domain, json!({})).await;
        }
        self.call("Page.bringToFront", json!({})).await;
    }

    pub(crate) async fn browser_call(&mut self, method: &str, params: Value) -> Value {
        self.send(method, params, None).await
    }

    /// A call to the page; panics on a protocol error.
    pub(crate) async fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(method, params, session).await
    }

    async fn send(&mut self, method: &str, params: Value, session: Option<String>) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            msg["sessionId"] = Value::String(s);
        }
        self.ws
            .send(Message::Text(msg.to_string().into()))
            .await
            .unwrap_or_else(|e| panic!("DevTools: cannot send {method}: {e}"));
        let deadline = Instant::now() + CALL_WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let m = match tokio::time::timeout(left, self.ws.next()).await {
                Ok(Some(Ok(Message::Text(t)))) => {
                    serde_json::from_str::<Value>(t.as_str()).expect("JSON from DevTools")
                }
                Ok(Some(Ok(_))) => continue,
                Ok(other) => panic!("DevTools connection lost during {method}: {other:?}"),
                Err(_) => panic!("DevTools: no answer to {method} within {CALL_WAIT:?}"),
            };
            if m["id"] == id {
                if let Some(err) = m.get("error") {
                    panic!("DevTools: {method} failed: {err}");
                }
                return m["result"].clone();
            }
            if m.get("method").is_some() {
                self.event(&m);
            }
        }
    }

    /// Remembers the page's errors.
    fn event(&mut self, m: &Value) {
        let p = &m["params"];
        let error = match m["method"].as_str() {
            Some("Runtime.consoleAPICalled")
                if matches!(p["type"].as_str(), Some("error" | "assert")) =>
            {
                let args: Vec<String> = p["args"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .map(|v| match &v["value"] {
                                Value::String(s) => s.clone(),
                                Value::Null => v["description"].as_str().unwrap_or("?").to_string(),
                                other => other.to_string(),
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                Some(format!(
                    "console.{}: {}",
                    p["type"].as_str().unwrap_or("?"),
                    args.join(" ")
                ))
            }
            Some("Runtime.exceptionThrown") => {
                let d = &p["exceptionDetails"];
                let text = d["exception"]["description"]
                    .as_str()
                    .or(d["text"].as_str())
                    .unwrap_or("?");
                Some(format!(
                    "uncaught exception: {text} ({}:{})",
                    d["url"].as_str().unwrap_or(""),
                    d["lineNumber"]
                ))
            }
            Some("Log.entryAdded") if p["entry"]["level"] == "error" => {
                let e = &p["entry"];
                Some(format!(
                    "log ({}): {} {}",
                    e["source"].as_str().unwrap_or("?"),
                    e["text"].as_str().unwrap_or("?"),
                    e["url"].as_str().unwrap_or("")
                ))
            }
            _ => None,
        };
        if let Some(e) = error {
            self.errors.push(format!("[{}] {e}", self.phase));
        }
    }

    /// Evaluates an expression in the page; its value (JSON).
    pub(crate) async fn eval(&mut self, expr: &str) -> Value {
        let r = self
            .call(
                "Runtime.evaluate",
                json!({ "expression": expr, "returnByValue": true, "awaitPromise": true }),
            )
            .await;
        if let Some(ex) = r.get("exceptionDetails") {
            panic!("evaluating `{expr}` threw: {ex}");
        }
        r["result"]["value"].clone()
    }

    /// Reads the page's pending events (errors) without waiting for anything.
    pub(crate) async fn flush(&mut self) {
        self.eval("1").await;
    }

    pub(crate) async fn navigate(&mut self, url: &str) {
        let r = self.call("Page.navigate", json!({ "url": url })).await;
        if let Some(e) = r.get("errorText") {
            panic!("navigating to {url} failed: {e}");
        }
    }

    pub(crate) async fn resize(&mut self, w: u32, h: u32) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": w, "height": h, "deviceScaleFactor": 1, "mobile": false }),
        )
        .await;
    }

    /// Presses (or releases) the right arrow.
    pub(crate) async fn key(&mut self, down: bool) {
        self.key_named(down, ARROW_RIGHT).await;
    }

    /// Presses (or releases) a key: its `key`, `code` and virtual key code.
    pub(crate) async fn key_named(&mut self, down: bool, (key, code, vk): (&str, &str, u32)) {
        self.call(
            "Input.dispatchKeyEvent",
            json!({
                "type": if down { "keyDown" } else { "keyUp" },
                "key": key,
                "code": code,
                "windowsVirtualKeyCode": vk,
                "nativeVirtualKeyCode": vk,
            }),
        )
        .await;
    }

    pub(crate) async fn click(&mut self, x: f64, y: f64) {
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseMoved", "x": x, "y": y, "button": "none", "buttons": 0 }),
        )
        .await;
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": "mousePressed", "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1 }),
        )
        .await;
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseReleased", "x": x, "y": y, "button": "left", "buttons": 0, "clickCount": 1 }),
        )
        .await;
    }

    /// A PNG screenshot of the page, written to `path`.
    pub(crate) async fn screenshot(&mut self, path: &Path) {
        let r = self
            .call("Page.captureScreenshot", json!({ "format": "png" }))
            .await;
        let png = base64_decode(r["data"].as_str().expect("screenshot data"));
        assert!(
            png.starts_with(b"\x89PNG\r\n\x1a\n"),
            "the screenshot is not a PNG"
        );
        std::fs::write(path, &png)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }

    /// Waits until `state().connection == "playing"` and the own player is in the snapshots.
    pub(crate) async fn wait_playing(&mut self, within: Duration) -> Value {
        let start = Instant::now();
        loop {
            let s = self
                .eval("window.glissade ? window.glissade.state() : null")
                .await;
            if s["connection"] == "playing" && s["me"].is_object() {
                return s;
            }
            assert!(
                start.elapsed() < within,
                "the page is not playing within {within:?}: state() = {s}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits (up to `within`) until the own player rests; its state then.
    pub(crate) async fn wait_rest(&mut self, within: Duration) -> Value {
        let start = Instant::now();
        let mut last: Option<Value> = None;
        loop {
            let s = self.eval("window.glissade.state()").await;
            let me = &s["me"];
            let still = |v: &Value| v.as_f64().is_some_and(|v| v.abs() < 1e-3);
            let same = last
                .as_ref()
                .is_some_and(|l| l["me"]["x"] == me["x"] && l["me"]["y"] == me["y"]);
            if (still(&me["vx"]) && still(&me["vy"]) && same) || start.elapsed() > within {
                return s;
            }
            last = Some(s);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// Standard base64 (with or without padding).
fn base64_decode(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() / 4 * 3);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in s.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' | b'\n' | b'\r' => continue,
            _ => panic!("not base64: {:?}", c as char),
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The server side: servers on port 0, and an observer client that keeps the latest snapshots.

pub(crate) async fn server(level: &str) -> RunningServer {
    start(ServerConfig {
        port: 0,
        level: level.to_string(),
        ..ServerConfig::default()
    })
    .await
    .unwrap_or_else(|e| panic!("the {level} server starts: {e}"))
}

/// The right arrow key: `key`, `code` and virtual key code, for [`Cdp::key_named`].
pub(crate) const ARROW_RIGHT: (&str, &str, u32) = ("ArrowRight", "ArrowRight", 39);
/// The left arrow key.
pub(crate) const ARROW_LEFT: (&str, &str, u32) = ("ArrowLeft", "ArrowLeft", 37);

/// A plain WebSocket client that keeps the server's last few seconds of snapshots (which
/// hold the players near its own player's view).
pub(crate) struct Observer {
    snapshots: Arc<Mutex<VecDeque<Value>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Observer {
    pub(crate) async fn connect(addr: SocketAddr) -> Observer {
        let (mut ws, _) = connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("the observer connects");
        let snapshots = Arc::new(Mutex::new(VecDeque::new()));
        let keep = snapshots.clone();
        let task = tokio::spawn(async move {
            // Snapshots are binary; this client never reports one as seen, so each is
            // written against the one before.
            let mut reader = glissade_server::wire::Decoder::default();
            while let Some(Ok(m)) = ws.next().await {
                let Message::Binary(b) = m else { continue };
                let Ok(d) = reader.decode(&b) else {
                    continue;
                };
                let v = d.to_json();
                if v["type"] == "snapshot" {
                    let mut k = keep.lock().unwrap();
                    k.push_back(v);
                    if k.len() > 300 {
                        k.pop_front();
                    }
                }
            }
        });
        Observer { snapshots, task }
    }

    pub(crate) fn all(&self) -> Vec<Value> {
        self.snapshots.lock().unwrap().iter().cloned().collect()
    }

    pub(crate) fn latest(&self) -> Option<Value> {
        self.snapshots.lock().unwrap().back().cloned()
    }

    /// The snapshot of tick `tick`, if it is among those kept.
    pub(crate) fn at_tick(&self, tick: u64) -> Option<Value> {
        self.snapshots
            .lock()
            .unwrap()
            .iter()
            .find(|s| s["tick"].as_u64() == Some(tick))
            .cloned()
    }

    /// The latest snapshot holding player `id`, waiting for it up to 3 s.
    pub(crate) async fn player(&self, id: &Value) -> (Value, Value) {
        let start = Instant::now();
        loop {
            if let Some(s) = self.latest()
                && let Some(p) = find_player(&s, id)
            {
                return (s.clone(), p.clone());
            }
            assert!(
                start.elapsed() < Duration::from_secs(3),
                "the observer client sees no player {id} in the server's snapshots: {:?}",
                self.latest()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for Observer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

fn find_player<'a>(snapshot: &'a Value, id: &Value) -> Option<&'a Value> {
    snapshot["players"]
        .as_array()?
        .iter()
        .find(|p| p["id"] == *id)
}

pub(crate) fn f(v: &Value) -> f64 {
    v.as_f64()
        .unwrap_or_else(|| panic!("a number expected, got {v}"))
}

pub(crate) fn docs_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    std::fs::create_dir_all(&dir).expect("the docs directory");
    dir
}

/// Counts the canvas' distinct colours (whatever its device-pixel size).
pub(crate) const CANVAS_COLOURS: &str = r#"(() => {
  const c = document.getElementById('game');
  const ctx = c.getContext('2d');
  const d = ctx.getImageData(0, 0, c.width, c.height).data;
  const seen = new Set();
  for (let i = 0; i < d.length && seen.size <= 256; i += 4) {
    seen.add(((d[i] << 24) | (d[i + 1] << 16) | (d[i + 2] << 8) | d[i + 3]) >>> 0);
  }
  return { w: c.width, h: c.height, colours: seen.size };
})()"#;
