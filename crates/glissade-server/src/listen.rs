//! Accepting connections: our own accept loop over hyper, in place of `axum::serve`, so that
//! a connection that never finishes its HTTP request is closed and so that idle connections
//! cannot take every file descriptor (slowloris).
//!
//! A connection is *pending* from its accept until it is upgraded to a WebSocket (or closed).
//! At most [`Limits::max_pending`] are pending at once: a connection beyond is closed at
//! once, unread, so that the file descriptors left stay free for players; a pending one
//! that sends no complete request head within [`Limits::header_timeout`] is closed (on a
//! kept-alive connection the timeout runs again for each request), and none stays pending
//! longer than [`Limits::max_http_time`].

use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};

/// Default of [`Limits::header_timeout`].
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// Default of [`Limits::max_pending`]: with the common limit of 1,024 open files, this many
/// pending connections, [`crate::MAX_PLAYERS`] players and the server's own files fit.
pub const MAX_PENDING: usize = 256;
/// Default of [`Limits::max_http_time`].
pub const MAX_HTTP_TIME: Duration = Duration::from_secs(60);
/// Default of [`Limits::send_timeout`].
pub const SEND_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a pending connection that is told to close (the server stops, or it reached
/// [`Limits::max_http_time`]) may take to finish the response under way before it is dropped.
const CLOSE_GRACE: Duration = Duration::from_secs(2);
/// How long the accept loop rests after a failed accept (such as running out of file
/// descriptors) before it tries again, rather than spinning.
const ACCEPT_RETRY: Duration = Duration::from_millis(50);

/// How long a connection may take, and how many may wait: the server's guards against
/// clients that hold connections open without playing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Longest wait for a complete HTTP request head (request line and headers), from the
    /// connection's accept or the previous response: a connection that sends nothing, or
    /// an incomplete head, is closed after it [default: [`HEADER_TIMEOUT`]].
    pub header_timeout: Duration,
    /// Most connections not yet upgraded to a WebSocket at once; a connection beyond is
    /// closed at once, unread [default: [`MAX_PENDING`]; at least 1 is used].
    pub max_pending: usize,
    /// Longest a connection may stay plain HTTP (kept alive, or reading its responses
    /// slowly): then it is closed once the response under way is written, or 2 s later
    /// [default: [`MAX_HTTP_TIME`]].
    pub max_http_time: Duration,
    /// Longest one WebSocket message (the welcome, a snapshot, the bye and the close) may
    /// take to go out to a client; a client that does not read is let go and its place
    /// freed [default: [`SEND_TIMEOUT`]].
    pub send_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_timeout: HEADER_TIMEOUT,
            max_pending: MAX_PENDING,
            max_http_time: MAX_HTTP_TIME,
            send_timeout: SEND_TIMEOUT,
        }
    }
}

/// Accepts and serves connections until `stop` turns true (or its sender is gone), then
/// stops accepting, lets every pending connection finish the request under way, and returns
/// once they all have. Upgraded connections are not waited for: they say goodbye themselves.
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    mut stop: watch::Receiver<bool>,
) {
    // Never more permits than a semaphore holds or than `acquire_many` can wait for.
    let cap = limits.max_pending.clamp(1, u32::MAX as usize);
    let pending = Arc::new(Semaphore::new(cap));
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    tokio::time::sleep(ACCEPT_RETRY).await;
                    continue;
                }
            },
            () = stopped(&mut stop) => break,
        };
        // Beyond the cap the connection is dropped here, closed before it costs anything.
        if let Ok(permit) = pending.clone().try_acquire_owned() {
            tokio::spawn(serve_connection(
                stream,
                router.clone(),
                limits,
                permit,
                stop.clone(),
            ));
        }
    }
    drop(listener);
    // Every pending connection holds a permit until it ends: all of them back means all done.
    let _ = pending.acquire_many(cap as u32).await;
}

/// One connection's HTTP part, holding a pending place (`_permit`) until it ends or is
/// upgraded to a WebSocket (hyper then hands the socket on and this future completes).
async fn serve_connection(
    stream: TcpStream,
    router: Router,
    limits: Limits,
    _permit: OwnedSemaphorePermit,
    mut stop: watch::Receiver<bool>,
) {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let mut conn = pin!(
        http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(router))
            .with_upgrades()
    );
    tokio::select! {
        _ = conn.as_mut() => return,
        () = stopped(&mut stop) => {}
        () = tokio::time::sleep(limits.max_http_time) => {}
    }
    // Shutting down, or pending too long: finish the response under way (an idle connection
    // closes at once), but do not wait for a client that does not read it.
    conn.as_mut().graceful_shutdown();
    let _ = tokio::time::timeout(CLOSE_GRACE, conn).await;
}

/// Completes once `stop` turns true, or once its sender is gone.
async fn stopped(stop: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is not `Send`: it is dropped here, not held by a caller.
    let _ = stop.wait_for(|s| *s).await;
}
