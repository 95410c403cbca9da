//! The game's task: the rules of [`glissade_game::Game`] ticked at their fixed rate, with
//! the connections' commands applied between ticks and snapshots sent to every client.
//! The rules live in the game crate; this holds only what needs sockets: each player's
//! outgoing queue and the wire form of the snapshots.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use glissade::character::Facing;
use glissade::glam::Vec2;
use glissade_game::{Game, Input, KILL_TARGET, TICK_HZ};
use tokio::sync::{mpsc, watch};
use tokio::time::MissedTickBehavior;

use crate::protocol::{
    BoxState, BulletState, Controls, KillState, PlatformState, PlayerState, RoundState, RunState,
    ScoreState, SnapshotBody, animation_name, snapshot_for,
};
use crate::stats::{Stats, TickTimes, micros};

/// A snapshot is sent every this many ticks (every tick: 60 Hz).
pub const SNAPSHOT_EVERY: u64 = 1;

/// What the connections ask of the simulation.
#[derive(Debug)]
pub enum Command {
    /// A client's player enters; snapshots go to `out`.
    Join {
        /// The player's id.
        id: u32,
        /// The client's outgoing queue.
        out: mpsc::Sender<Utf8Bytes>,
    },
    /// A client's input.
    Input {
        /// The player's id.
        id: u32,
        /// The keys held, aim, fire and drag.
        controls: Controls,
        /// The input's sequence number, acknowledged in the snapshots that follow.
        seq: u32,
    },
    /// A client's player leaves.
    Leave {
        /// The player's id.
        id: u32,
    },
}

/// The game and the clients' queues.
pub struct Sim {
    game: Game,
    /// Every client's outgoing queue and the sequence number of its last input applied (0
    /// before any), by player id (bots have none).
    outs: BTreeMap<u32, (mpsc::Sender<Utf8Bytes>, u32)>,
    /// The game's snapshot and its wire form, reused every time.
    snapshot: glissade_game::Snapshot,
    wire: Wire,
    /// Snapshots dropped because a client's queue was full.
    pub dropped: u64,
}

/// Buffers of a snapshot's wire form.
#[derive(Default)]
struct Wire {
    players: Vec<PlayerState>,
    platforms: Vec<PlatformState>,
    bullets: Vec<BulletState>,
    scores: Vec<ScoreState>,
    boxes: Vec<BoxState>,
    feed: Vec<KillState>,
}

impl Sim {
    /// A simulation of `game`.
    pub fn new(game: Game) -> Self {
        Sim {
            game,
            outs: BTreeMap::new(),
            snapshot: glissade_game::Snapshot::default(),
            wire: Wire::default(),
            dropped: 0,
        }
    }

    /// Ticks run so far.
    pub fn tick(&self) -> u64 {
        self.game.tick()
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.game.players()
    }

    /// Adds a bot.
    pub fn join_bot(&mut self, id: u32) {
        self.game.join_bot(id);
    }

    /// Applies one command.
    pub fn apply(&mut self, cmd: Command) {
        match cmd {
            Command::Join { id, out } => {
                // A player that cannot be placed gets no queue: its connection sees the
                // queue closed and ends.
                if self.game.join(id) {
                    self.outs.insert(id, (out, 0));
                } else {
                    self.outs.remove(&id);
                }
            }
            Command::Input { id, controls, seq } => {
                self.game.set_input(id, input(controls));
                if let Some((_, ack)) = self.outs.get_mut(&id) {
                    *ack = seq;
                }
            }
            Command::Leave { id } => {
                self.game.leave(id);
                self.outs.remove(&id);
            }
        }
    }

    /// One tick of the game.
    pub fn step(&mut self) {
        self.game.step();
    }

    /// The body of the current tick's snapshot as JSON text (see
    /// [`SnapshotBody`]): the same for every client.
    pub fn snapshot_json(&mut self) -> String {
        self.game.snapshot_into(&mut self.snapshot);
        let s = &self.snapshot;
        let w = &mut self.wire;
        w.players.clear();
        w.players.extend(s.players.iter().map(|p| PlayerState {
            id: p.id,
            x: p.position.x,
            y: p.position.y,
            vx: p.velocity.x,
            vy: p.velocity.y,
            grounded: p.grounded,
            anim: p.pose.map(|(a, _)| animation_name(a)),
            facing: p.pose.map(|(_, f)| match f {
                Facing::Left => -1,
                Facing::Right => 1,
            }),
        }));
        w.platforms.clear();
        w.platforms
            .extend(s.platforms.iter().map(|q| PlatformState { x: q.x, y: q.y }));
        w.bullets.clear();
        w.bullets.extend(s.bullets.iter().map(|b| BulletState {
            id: b.id,
            x: b.position.x,
            y: b.position.y,
            vx: b.velocity.x,
            vy: b.velocity.y,
            owner: b.owner,
        }));
        w.scores.clear();
        w.scores.extend(s.scores.iter().map(|s| ScoreState {
            id: s.id,
            score: s.score,
            health: s.health,
            invulnerable: s.invulnerable,
            deaths: s.deaths,
        }));
        let arena = self.game.mode() == glissade_level::Mode::Arena;
        let rounds = self.game.rounds();
        w.feed.clear();
        if arena {
            w.feed.extend(rounds.feed.iter().map(|k| KillState {
                tick: k.tick,
                killer: k.killer,
                victim: k.victim,
            }));
        }
        let round = arena.then(|| RoundState {
            number: rounds.number,
            target: KILL_TARGET,
            last_winner: rounds.last.map(|(w, _)| w),
            won_at: rounds.last.map(|(_, t)| t),
        });
        w.boxes.clear();
        w.boxes.extend(s.boxes.iter().map(|b| BoxState {
            id: b.wall,
            x: b.position.x,
            y: b.position.y,
            hw: b.half.x,
            hh: b.half.y,
        }));
        serde_json::to_string(&SnapshotBody {
            tick: s.tick,
            players: &w.players,
            platforms: &w.platforms,
            bullets: &w.bullets,
            scores: &w.scores,
            boxes: &w.boxes,
            round,
            feed: &w.feed,
        })
        .unwrap_or_default()
    }

    /// Sends the current snapshot to every client, with its own `ack`; a full queue drops it
    /// for that client.
    pub fn broadcast(&mut self) {
        if self.outs.is_empty() {
            return;
        }
        let body = self.snapshot_json();
        let course = !self.game.course().is_empty();
        let tick = self.game.tick();
        for (id, (out, ack)) in &self.outs {
            let run = course
                .then(|| self.game.run(*id))
                .flatten()
                .map(|r| RunState::of(&r, tick, TICK_HZ));
            let text = Utf8Bytes::from(snapshot_for(&body, *ack, run.as_ref()));
            if let Err(mpsc::error::TrySendError::Full(_)) = out.try_send(text) {
                self.dropped += 1;
            }
        }
    }
}

/// The game's input for a client's controls.
fn input(c: Controls) -> Input {
    Input {
        keys: c.keys,
        aim: c.aim.map(Vec2::from),
        fire: c.fire,
        drag: c.drag.map(Vec2::from),
    }
}

/// Runs the simulation at [`TICK_HZ`] until `stop` turns true (or its sender is gone).
pub async fn run(
    mut sim: Sim,
    mut commands: mpsc::UnboundedReceiver<Command>,
    stats: Arc<Mutex<Stats>>,
    mut stop: watch::Receiver<bool>,
    print_stats: bool,
) {
    let mut interval = tokio::time::interval(Duration::from_secs_f64(1.0 / f64::from(TICK_HZ)));
    interval.set_missed_tick_behavior(MissedTickBehavior::Skip);
    let mut times = TickTimes::default();
    loop {
        if *stop.borrow() {
            break;
        }
        tokio::select! {
            _ = interval.tick() => {}
            r = stop.changed() => {
                if r.is_err() {
                    break;
                }
                continue;
            }
        }
        let start = Instant::now();
        while let Ok(cmd) = commands.try_recv() {
            sim.apply(cmd);
        }
        sim.step();
        if sim.tick().is_multiple_of(SNAPSHOT_EVERY) {
            sim.broadcast();
        }
        times.record(start.elapsed());
        if sim.tick().is_multiple_of(u64::from(TICK_HZ)) {
            let s = Stats {
                ticks: sim.tick(),
                players: sim.players(),
                tick_p50_us: micros(times.quantile(0.5)),
                tick_p99_us: micros(times.quantile(0.99)),
                tick_max_us: micros(times.max()),
                snapshots_dropped: sim.dropped,
            };
            if let Ok(mut shared) = stats.lock() {
                *shared = s;
            }
            if print_stats {
                eprintln!(
                    "tick {}: {} players, tick p50 {} µs, p99 {} µs, max {} µs, {} snapshots dropped",
                    s.ticks,
                    s.players,
                    s.tick_p50_us,
                    s.tick_p99_us,
                    s.tick_max_us,
                    s.snapshots_dropped
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Keys;

    fn sim(level: &str) -> Sim {
        let level = glissade_level::load(level).unwrap().level;
        Sim::new(Game::from_level(&level, 1).unwrap())
    }

    #[test]
    fn snapshots_go_to_clients_and_not_to_bots() {
        let mut sim = sim("arena");
        let (tx, mut rx) = mpsc::channel(4);
        sim.apply(Command::Join { id: 1, out: tx });
        sim.join_bot(2);
        let right = Keys {
            right: true,
            ..Keys::default()
        };
        let controls = Controls {
            keys: right,
            aim: Some([30.0, 10.0]),
            fire: true,
            drag: None,
        };
        sim.apply(Command::Input {
            id: 1,
            controls,
            seq: 5,
        });
        sim.step();
        sim.broadcast();
        let text = rx.try_recv().unwrap();
        let v: serde_json::Value = serde_json::from_str(text.as_str()).unwrap();
        assert_eq!(v["type"], "snapshot");
        assert_eq!(v["v"], 2);
        assert_eq!(v["tick"], 1);
        assert_eq!(v["ack"], 5, "the last input applied before the tick");
        assert_eq!(v["players"].as_array().unwrap().len(), 2);
        assert_eq!(v["players"][0]["vx"], 8.0);
        assert!(v["players"][0].get("anim").is_none(), "no pose top-down");
        assert_eq!(v["bullets"][0]["owner"], 1);
        assert_eq!(v["scores"].as_array().unwrap().len(), 2);
        assert_eq!(v["scores"][0]["health"], 3);
        assert_eq!(v["scores"][0]["invulnerable"], false);
        assert_eq!(v["round"]["number"], 1);
        assert_eq!(v["round"]["target"], 5);
        assert!(v["round"]["last_winner"].is_null());
        assert!(v.get("feed").is_none(), "no kill yet");
        assert!(v.get("boxes").is_none());
        // A full queue drops the snapshot for that client and counts it.
        for _ in 0..5 {
            sim.broadcast();
        }
        assert_eq!(sim.dropped, 1);
        sim.apply(Command::Leave { id: 1 });
        assert_eq!(sim.players(), 1);
        sim.broadcast();
        assert_eq!(sim.dropped, 1);
    }

    #[test]
    fn each_client_is_acknowledged_its_own_last_input_applied() {
        let mut sim = sim("platformer");
        let (tx1, mut rx1) = mpsc::channel(8);
        let (tx2, mut rx2) = mpsc::channel(8);
        sim.apply(Command::Join { id: 1, out: tx1 });
        sim.apply(Command::Join { id: 2, out: tx2 });
        let ack = |rx: &mut mpsc::Receiver<Utf8Bytes>| {
            let v: serde_json::Value =
                serde_json::from_str(rx.try_recv().unwrap().as_str()).unwrap();
            v["ack"].as_u64().unwrap()
        };
        // Before any input: 0 for both.
        sim.step();
        sim.broadcast();
        assert_eq!((ack(&mut rx1), ack(&mut rx2)), (0, 0));
        // Client 1 sends 3 then 4 before the next tick, client 2 sends 9: each snapshot
        // after that tick acknowledges its own client's last one.
        for (id, seq) in [(1, 3), (1, 4), (2, 9)] {
            let controls = Controls::default();
            sim.apply(Command::Input { id, controls, seq });
        }
        sim.step();
        sim.broadcast();
        assert_eq!((ack(&mut rx1), ack(&mut rx2)), (4, 9));
        // No new input: the acks hold.
        sim.step();
        sim.broadcast();
        assert_eq!((ack(&mut rx1), ack(&mut rx2)), (4, 9));
        // A platformer's players carry the library's animation state and facing: just
        // joined at a spawn point above the floor, falling, facing right.
        sim.step();
        sim.broadcast();
        let v: serde_json::Value = serde_json::from_str(rx1.try_recv().unwrap().as_str()).unwrap();
        let p = &v["players"][0];
        assert!(
            ["fall", "land", "idle"].contains(&p["anim"].as_str().unwrap()),
            "{p}"
        );
        assert_eq!(p["facing"], 1);
    }
}
