//! An authoritative glissade game server.
//!
//! The game's rules ([`glissade_game::Game`]) are stepped at a fixed 60 Hz in their own task;
//! this crate is the transport around them. WebSocket clients at `/ws` send their keys and get
//! a snapshot of every player every tick, acknowledging their last input (the protocol is in
//! `docs/protocol.md`). `GET /` serves the built-in web client. [`Limits`] bound how long a
//! connection may take and how many may wait for their upgrade.
//!
//! ```no_run
//! # async fn example() -> Result<(), glissade_server::ServerError> {
//! let server = glissade_server::start(glissade_server::ServerConfig::default()).await?;
//! println!("{}", server.url());
//! server.stop().await
//! # }
//! ```

mod listen;
mod outgoing;
mod page;
pub mod protocol;
pub mod sim;
pub mod stats;
pub mod wire;

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use glissade::glam::Vec2;
use glissade_game::{Course, Feel, Game};
use glissade_level::{Level, Mode};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

pub use glissade_level::Mode as LevelMode;
pub use listen::{HEADER_TIMEOUT, Limits, MAX_HTTP_TIME, MAX_PENDING, SEND_TIMEOUT};
pub use stats::Stats;

use protocol::{ClientKind, ClientMessage, Welcome};
use sim::{Command, Sim};

/// The longest client message, bytes: a longer one ends the connection.
pub const MAX_MESSAGE: usize = 4096;
/// The longest frame the WebSocket layer reads at all (longer ones are cut off unanswered).
const HARD_MAX_MESSAGE: usize = 64 * 1024;
/// Client messages allowed per second, on average (a token bucket).
pub const MAX_MESSAGES_PER_SECOND: f64 = 120.0;
/// The bucket's size: a burst of this many messages is allowed.
pub const MESSAGE_BURST: f64 = 120.0;
/// Snapshots queued for one client; more are dropped.
pub const OUT_QUEUE: usize = 4;
/// Most players at once (bots included): a connection beyond is told "server full".
pub const MAX_PLAYERS: usize = 128;
/// The view's size, world units, told to clients.
pub const VIEW: [u32; 2] = glissade_game::VIEW;
/// The longest reason a close frame carries, bytes (its payload holds at most 125, two of
/// them the code).
const CLOSE_REASON_MAX: usize = 123;
/// How long a connection being closed waits for the client's close frame.
const CLOSE_WAIT: Duration = Duration::from_secs(2);
/// How long [`RunningServer::stop`] waits for the listener, then for the simulation, to end.
const STOP_WAIT: Duration = Duration::from_secs(5);

/// How to run a server.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// The address to listen on.
    pub bind: IpAddr,
    /// The port; 0 picks a free one.
    pub port: u16,
    /// A built-in level name (platformer, arena, sandbox) or a .json / .tmx file.
    pub level: String,
    /// The mode to play the level in [default: the level's].
    pub mode: Option<Mode>,
    /// Simulated players run by the server (random walks, for load measurements).
    pub bots: usize,
    /// The seed of the bots' random walks.
    pub seed: u64,
    /// Print the tick timings to stderr once a second.
    pub print_stats: bool,
    /// The platformer players' settings ([`Feel::Demo`] by default).
    pub feel: Feel,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            level: "platformer".to_string(),
            mode: None,
            bots: 0,
            seed: 1,
            print_stats: false,
            feel: Feel::Demo,
        }
    }
}

/// Why a server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The level could not be loaded or built; one problem per line.
    #[error("{0}")]
    Level(String),
    /// The address could not be listened on.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The HTTP server failed.
    #[error("the server failed: {0}")]
    Io(#[from] std::io::Error),
}

/// What every connection shares.
struct App {
    /// Connections holding a player (bots count too).
    connected: AtomicUsize,
    commands: mpsc::UnboundedSender<Command>,
    level: Level,
    mode: Mode,
    /// The coins and the goal (platformer), told in the welcome.
    course: Course,
    next_id: Arc<AtomicU32>,
    stop: watch::Receiver<bool>,
    stats: Arc<Mutex<Stats>>,
    /// Longest one message may take to go out.
    send_timeout: Duration,
}

/// A server that runs until [`RunningServer::stop`].
#[derive(Debug)]
pub struct RunningServer {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    http: JoinHandle<()>,
    sim: JoinHandle<()>,
    stats: Arc<Mutex<Stats>>,
}

impl RunningServer {
    /// The address the server listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's URL.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// The simulation's figures (refreshed once a second).
    pub fn stats(&self) -> Stats {
        self.stats.lock().map(|s| *s).unwrap_or_default()
    }

    /// Says goodbye to every client, stops the simulation and the listener.
    pub async fn stop(self) -> Result<(), ServerError> {
        let _ = self.stop.send(true);
        let _ = tokio::time::timeout(STOP_WAIT, self.http).await;
        let _ = tokio::time::timeout(STOP_WAIT, self.sim).await;
        Ok(())
    }
}

/// Loads the level, listens and starts the simulation, with the default [`Limits`].
pub async fn start(cfg: ServerConfig) -> Result<RunningServer, ServerError> {
    start_with_limits(cfg, Limits::default()).await
}

/// [`start`] with other [`Limits`].
pub async fn start_with_limits(
    cfg: ServerConfig,
    limits: Limits,
) -> Result<RunningServer, ServerError> {
    let loaded = glissade_level::load(&cfg.level).map_err(|refused| {
        ServerError::Level(
            refused
                .errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n"),
        )
    })?;
    let mut level = loaded.level;
    if let Some(mode) = cfg.mode {
        level.mode = mode;
    }
    let built = level
        .build()
        .map_err(|e| ServerError::Level(format!("{}: cannot build the level: {e}", cfg.level)))?;
    let bounds = (Vec2::from(level.bounds.min), Vec2::from(level.bounds.max));
    // Coins and a goal only mean something to a platformer.
    let course = if level.mode == Mode::Platformer {
        Course::from_entities(&level.entities)
    } else {
        Course::default()
    };
    let game = Game::new(built, level.mode, bounds, cfg.seed)
        .map_err(|e| ServerError::Level(format!("cannot make a player: {e}")))?
        .with_feel(cfg.feel)
        .with_course(course.clone());
    let mut sim = Sim::new(game);

    let addr = SocketAddr::new(cfg.bind, cfg.port);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServerError::Bind { addr, source })?;
    let addr = listener.local_addr()?;

    let next_id = Arc::new(AtomicU32::new(1));
    for _ in 0..cfg.bots {
        sim.join_bot(next_id.fetch_add(1, Ordering::Relaxed));
    }
    let (stop_tx, stop_rx) = watch::channel(false);
    let (cmd_tx, cmd_rx) = mpsc::unbounded_channel();
    let stats = Arc::new(Mutex::new(Stats::default()));
    let sim = tokio::spawn(sim::run(
        sim,
        cmd_rx,
        stats.clone(),
        stop_rx.clone(),
        cfg.print_stats,
    ));

    let app = Arc::new(App {
        connected: AtomicUsize::new(cfg.bots),
        commands: cmd_tx,
        mode: level.mode,
        level,
        course,
        next_id,
        stop: stop_rx.clone(),
        stats: stats.clone(),
        send_timeout: limits.send_timeout,
    });
    let mut router = Router::new()
        .route("/", get(page::index))
        .route("/index.html", get(page::index))
        .route("/style.css", get(page::style_css));
    for (name, text) in page::SCRIPTS {
        router = router.route(&format!("/{name}"), get(move || page::script(text)));
    }
    let router = router
        .route("/stats", get(stats_json))
        .route("/ws", get(ws_upgrade))
        .with_state(app);
    let http = tokio::spawn(listen::serve(listener, router, limits, stop_rx));
    Ok(RunningServer {
        addr,
        stop: stop_tx,
        http,
        sim,
        stats,
    })
}

/// Runs a server until `shutdown` completes.
pub async fn serve(
    cfg: ServerConfig,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), ServerError> {
    let server = start(cfg).await?;
    shutdown.await;
    server.stop().await
}

async fn stats_json(State(app): State<Arc<App>>) -> impl IntoResponse {
    let s = app.stats.lock().map(|s| *s).unwrap_or_default();
    axum::Json(s)
}

async fn ws_upgrade(ws: WebSocketUpgrade, State(app): State<Arc<App>>) -> Response {
    ws.max_message_size(HARD_MAX_MESSAGE)
        .max_frame_size(HARD_MAX_MESSAGE)
        .on_upgrade(move |socket| client(socket, app))
}

/// A token bucket: `rate` tokens a second, at most `burst`.
struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    fn new() -> Self {
        Bucket {
            tokens: MESSAGE_BURST,
            last: Instant::now(),
        }
    }

    /// Takes a token; false when there is none.
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * MAX_MESSAGES_PER_SECOND).min(MESSAGE_BURST);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Why a connection ends.
enum End {
    /// The client went away (or stopped reading): nothing more can reach it.
    Gone,
    /// The client sent a close frame: it gets the answer the WebSocket layer queued.
    Closed,
    /// The server ends it, saying why.
    Bye(String, u16),
}

/// One client's connection: welcome, then its inputs in and snapshots out.
async fn client(mut socket: WebSocket, app: Arc<App>) {
    // A full server says so and takes no player (the tick stays within its budget), and
    // does not wait for the client's close: the connection is gone at once.
    if app.connected.fetch_add(1, Ordering::Relaxed) >= MAX_PLAYERS {
        app.connected.fetch_sub(1, Ordering::Relaxed);
        goodbye(
            &mut socket,
            "server full",
            close_code::AGAIN,
            app.send_timeout,
        )
        .await;
        return;
    }
    serve_client(socket, &app).await;
    app.connected.fetch_sub(1, Ordering::Relaxed);
}

/// A connection that has its place among the players.
async fn serve_client(mut socket: WebSocket, app: &Arc<App>) {
    let app = app.clone();
    let id = app.next_id.fetch_add(1, Ordering::Relaxed);
    let welcome = serde_json::to_string(&Welcome {
        v: protocol::VERSION,
        kind: "welcome",
        id,
        mode: app.mode.as_str(),
        tick_hz: glissade_game::TICK_HZ,
        view: VIEW,
        player_size: (glissade_game::BODY_HALF_EXTENTS * 2.0).to_array(),
        arena_radius: glissade_game::ARENA_RADIUS,
        grid_cell: glissade_game::GRID_CELL,
        features: protocol::FEATURES,
        margin: outgoing::SENT_MARGIN,
        course: (!app.course.is_empty()).then(|| protocol::CourseState::of(&app.course)),
        level: &app.level,
    })
    .unwrap_or_default();
    // A client that does not take its welcome in time is let go, its place freed.
    if !send_within(&mut socket, Message::Text(welcome.into()), app.send_timeout).await {
        return;
    }
    let (out_tx, mut out_rx) = mpsc::channel(OUT_QUEUE);
    if app
        .commands
        .send(Command::Join { id, out: out_tx })
        .is_err()
    {
        return;
    }
    let mut stop = app.stop.clone();
    let mut bucket = Bucket::new();
    let end = loop {
        if *stop.borrow() {
            break End::Bye("server shutting down".into(), close_code::AWAY);
        }
        tokio::select! {
            biased;
            r = stop.changed() => {
                // A dropped handle stops the server too.
                if r.is_err() {
                    break End::Bye("server shutting down".into(), close_code::AWAY);
                }
            }
            msg = socket.recv() => match msg {
                None => break End::Gone,
                Some(Err(e)) => break refused(e),
                Some(Ok(msg)) => match receive(&app, id, &mut bucket, msg) {
                    Received::Done => {}
                    Received::Answer(text) => {
                        if !send_within(&mut socket, Message::Text(text.into()), app.send_timeout).await {
                            break End::Gone;
                        }
                    }
                    Received::End(end) => break end,
                },
            },
            out = out_rx.recv() => match out {
                Some(bytes) => {
                    // A client that stops reading is let go, not waited for.
                    if !send_within(&mut socket, Message::Binary(bytes), app.send_timeout).await {
                        break End::Gone;
                    }
                }
                // The simulation has stopped: the server is shutting down.
                None => break End::Bye("server shutting down".into(), close_code::AWAY),
            },
        }
    };
    let _ = app.commands.send(Command::Leave { id });
    match end {
        End::Bye(reason, code) => {
            goodbye(&mut socket, &reason, code, app.send_timeout).await;
            // Unread input would reset the connection (and could lose the bye) when it is
            // dropped.
            drain(&mut socket).await;
        }
        // Reading on sends the answer to the client's close frame, then ends.
        End::Closed => drain(&mut socket).await,
        End::Gone => {}
    }
}

/// What a frame that the WebSocket layer refused ends in. A frame over its size limit
/// (close code 1009), text or a close reason that is not UTF-8 (1007), and every other
/// breach of the WebSocket protocol (1002: reserved bits set, an unmasked frame, an unknown
/// opcode, a control frame over 125 bytes or fragmented, a stray continuation...) leave the
/// connection able to send: the client gets a bye and a close saying what was wrong. A
/// failed or reset connection can take nothing more.
fn refused(e: axum::Error) -> End {
    use tungstenite::Error as WsError;
    let Ok(e) = e.into_inner().downcast::<WsError>() else {
        return End::Gone;
    };
    let malformed = |code| End::Bye(format!("malformed message: {e}"), code);
    match *e {
        WsError::Capacity(_) => End::Bye("message too large".into(), close_code::SIZE),
        WsError::Utf8(_) => malformed(close_code::INVALID),
        WsError::Protocol(tungstenite::error::ProtocolError::ResetWithoutClosingHandshake) => {
            End::Gone
        }
        WsError::Protocol(_) => malformed(close_code::PROTOCOL),
        _ => End::Gone,
    }
}

/// Sends one message within `limit`; false when it failed or took longer (part of it may
/// have gone out: the connection is then of no further use).
async fn send_within(socket: &mut WebSocket, msg: Message, limit: Duration) -> bool {
    matches!(
        tokio::time::timeout(limit, socket.send(msg)).await,
        Ok(Ok(()))
    )
}

/// Says why a connection ends: a `bye` with `reason`, then a close frame with `code` and the
/// reason, each sent within `limit`.
async fn goodbye(socket: &mut WebSocket, reason: &str, code: u16, limit: Duration) {
    let bye = Message::Text(protocol::bye(reason).into());
    let close = Message::Close(Some(CloseFrame {
        code,
        reason: short(reason, CLOSE_REASON_MAX).into(),
    }));
    if send_within(socket, bye, limit).await {
        let _ = send_within(socket, close, limit).await;
    }
}

/// Reads (and drops) the client's input until its close frame or the end, for at most
/// [`CLOSE_WAIT`]. Reading also sends what the WebSocket layer has queued: the answer to a
/// close frame.
async fn drain(socket: &mut WebSocket) {
    let drain = async { while let Some(Ok(_)) = socket.recv().await {} };
    let _ = tokio::time::timeout(CLOSE_WAIT, drain).await;
}

/// What one client message leads to.
enum Received {
    /// Nothing more to do.
    Done,
    /// An answer to send now (a pong).
    Answer(String),
    /// The end of the connection.
    End(End),
}

/// Handles one client message.
fn receive(app: &App, id: u32, bucket: &mut Bucket, msg: Message) -> Received {
    match receive_or_end(app, id, bucket, msg) {
        Ok(Some(answer)) => Received::Answer(answer),
        Ok(None) => Received::Done,
        Err(end) => Received::End(end),
    }
}

/// [`receive`], as a result: `Err` ends the connection, `Ok(Some(text))` is an answer.
fn receive_or_end(
    app: &App,
    id: u32,
    bucket: &mut Bucket,
    msg: Message,
) -> Result<Option<String>, End> {
    // Every frame a client sends counts (the server never sends WebSocket pings, so
    // WebSocket pongs are not answers).
    let counted = matches!(
        msg,
        Message::Text(_) | Message::Binary(_) | Message::Ping(_) | Message::Pong(_)
    );
    if counted && !bucket.take() {
        return Err(End::Bye("too many messages".into(), close_code::POLICY));
    }
    match msg {
        Message::Text(text) => {
            if text.len() > MAX_MESSAGE {
                return Err(End::Bye("message too large".into(), close_code::SIZE));
            }
            let m = ClientMessage::parse(text.as_str())
                .map_err(|reason| End::Bye(reason, close_code::POLICY))?;
            match m.kind {
                ClientKind::Input => {
                    let _ = app.commands.send(Command::Input {
                        id,
                        controls: m.controls(),
                        seq: m.seq,
                    });
                    Ok(None)
                }
                // Answered here, at once: the round trip is the network's, not the tick's.
                ClientKind::Ping => Ok(m.t.map(protocol::pong)),
                ClientKind::Seen => {
                    if let Some(tick) = m.tick {
                        let _ = app.commands.send(Command::Seen { id, tick });
                    }
                    Ok(None)
                }
            }
        }
        Message::Binary(bytes) => Err(if bytes.len() > MAX_MESSAGE {
            End::Bye("message too large".into(), close_code::SIZE)
        } else {
            End::Bye(
                "malformed message: binary frames are not accepted (send JSON text)".into(),
                close_code::UNSUPPORTED,
            )
        }),
        Message::Ping(_) | Message::Pong(_) => Ok(None),
        Message::Close(_) => Err(End::Closed),
    }
}

/// At most `max` bytes of `s`, cut at a character boundary (a close frame's reason is short).
fn short(s: &str, max: usize) -> &str {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}
