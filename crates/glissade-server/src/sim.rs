//! The game's task: the rules of [`glissade_game::Game`] ticked at their fixed rate, with
//! the connections' commands applied between ticks and snapshots sent to every client.
//! The rules live in the game crate; this holds only what needs sockets: each player's
//! outgoing queue and the wire form of the snapshots.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use glissade::glam::Vec2;
use glissade_game::{Game, Input, KILL_TARGET, TICK_HZ, VIEW};
use tokio::sync::{mpsc, watch};
use tokio::time::MissedTickBehavior;

use crate::outgoing::{Outgoing, World};
use crate::protocol::{Controls, KillState, RoundState, RunState, ScoreState, Shared};
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
        /// The client's outgoing queue (binary snapshot messages).
        out: mpsc::Sender<Bytes>,
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
    /// A client has the snapshot of `tick`.
    Seen {
        /// The player's id.
        id: u32,
        /// The snapshot's tick.
        tick: u64,
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
    /// Every client's outgoing state, by player id (bots have none).
    outs: BTreeMap<u32, Outgoing>,
    /// The game's snapshot and the world in records, reused every tick.
    snapshot: glissade_game::Snapshot,
    world: World,
    /// Buffers of the arena's scores and feed.
    scores: Vec<ScoreState>,
    feed: Vec<KillState>,
    /// Snapshots dropped because a client's queue was full.
    pub dropped: u64,
}

impl Sim {
    /// A simulation of `game`.
    pub fn new(game: Game) -> Self {
        let world = World {
            bounds: game.bounds(),
            view: Vec2::new(VIEW[0] as f32, VIEW[1] as f32),
            ..World::default()
        };
        Sim {
            game,
            outs: BTreeMap::new(),
            snapshot: glissade_game::Snapshot::default(),
            world,
            scores: Vec::new(),
            feed: Vec::new(),
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
                    self.outs.insert(id, Outgoing::new(out));
                } else {
                    self.outs.remove(&id);
                }
            }
            Command::Input { id, controls, seq } => {
                self.game.set_input(id, input(controls));
                if let Some(o) = self.outs.get_mut(&id) {
                    o.ack = seq;
                }
            }
            Command::Seen { id, tick } => {
                if let Some(o) = self.outs.get_mut(&id) {
                    o.saw(tick);
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

    /// The current tick's world, the same for every client.
    fn fill_world(&mut self) {
        self.game.snapshot_into(&mut self.snapshot);
        let s = &self.snapshot;
        self.world.fill(s);
        // Every player, near the client's view or not.
        let count = format!("\"player_count\":{}", s.players.len());
        if self.game.mode() != glissade_level::Mode::Arena {
            self.world.set_shared(&count);
            return;
        }
        self.scores.clear();
        self.scores.extend(s.scores.iter().map(|s| ScoreState {
            id: s.id,
            score: s.score,
            health: s.health,
            invulnerable: s.invulnerable,
            deaths: s.deaths,
        }));
        let rounds = self.game.rounds();
        self.feed.clear();
        self.feed.extend(rounds.feed.iter().map(|k| KillState {
            tick: k.tick,
            killer: k.killer,
            victim: k.victim,
        }));
        let round = RoundState {
            number: rounds.number,
            target: KILL_TARGET,
            last_winner: rounds.last.map(|(w, _)| w),
            won_at: rounds.last.map(|(_, t)| t),
        };
        let text = serde_json::to_string(&Shared {
            scores: &self.scores,
            round,
            feed: &self.feed,
        })
        .unwrap_or_default();
        // The inside of the object: the extras put `run` in front of it.
        let inner = text
            .strip_prefix('{')
            .and_then(|t| t.strip_suffix('}'))
            .unwrap_or("");
        self.world.set_shared(&format!("{count},{inner}"));
    }

    /// Sends the current snapshot to every client, with its own `ack` and run; a full queue
    /// drops it for that client.
    pub fn broadcast(&mut self) {
        if self.outs.is_empty() {
            return;
        }
        self.fill_world();
        let course = !self.game.course().is_empty();
        for (&id, out) in &mut self.outs {
            let run = course
                .then(|| self.game.run(id))
                .flatten()
                .map(|r| RunState::of(&r, TICK_HZ));
            if !out.send(id, &self.world, run) {
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
    use crate::wire::{Decoder, PLATFORMS, PLAYERS};

    fn sim(level: &str) -> Sim {
        let level = glissade_level::load(level).unwrap().level;
        Sim::new(Game::from_level(&level, 1).unwrap())
    }

    /// The next snapshot in `rx`, read by `d`, as JSON.
    fn next(rx: &mut mpsc::Receiver<Bytes>, d: &mut Decoder) -> serde_json::Value {
        d.decode(&rx.try_recv().unwrap()).unwrap().to_json()
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
        let v = next(&mut rx, &mut Decoder::default());
        assert_eq!(v["type"], "snapshot");
        assert_eq!(v["v"], 3);
        assert_eq!(v["tick"], 1);
        assert_eq!(v["ack"], 5, "the last input applied before the tick");
        // The bot is out of the client's view (the arena is larger): only the client's own
        // player is sent, but every score is.
        let (lo, hi) = sim.world.region(1).unwrap();
        let bot = sim.snapshot.player(2).unwrap().position;
        assert!(
            bot.cmplt(lo).any() || bot.cmpgt(hi).any(),
            "{bot} in {lo}..{hi}"
        );
        assert_eq!(v["players"].as_array().unwrap().len(), 1);
        assert_eq!(v["player_count"], 2, "but the count is of every player");
        assert_eq!(v["players"][0]["vx"], 8.0);
        assert!(v["players"][0].get("anim").is_none(), "no pose top-down");
        assert_eq!(v["bullets"][0]["owner"], 1);
        assert_eq!(v["scores"].as_array().unwrap().len(), 2);
        assert_eq!(v["scores"][0]["health"], 3);
        assert_eq!(v["scores"][0]["invulnerable"], false);
        assert_eq!(v["round"]["number"], 1);
        assert_eq!(v["round"]["target"], 5);
        assert!(v["round"]["last_winner"].is_null());
        assert_eq!(v["feed"], serde_json::json!([]), "no kill yet");
        assert_eq!(v["boxes"], serde_json::json!([]));
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
        let (mut d1, mut d2) = (Decoder::default(), Decoder::default());
        let mut acks = |rx1: &mut mpsc::Receiver<Bytes>, rx2: &mut mpsc::Receiver<Bytes>| {
            (
                next(rx1, &mut d1)["ack"].as_u64().unwrap(),
                next(rx2, &mut d2)["ack"].as_u64().unwrap(),
            )
        };
        // Before any input: 0 for both.
        sim.step();
        sim.broadcast();
        assert_eq!(acks(&mut rx1, &mut rx2), (0, 0));
        // Client 1 sends 3 then 4 before the next tick, client 2 sends 9: each snapshot
        // after that tick acknowledges its own client's last one.
        for (id, seq) in [(1, 3), (1, 4), (2, 9)] {
            let controls = Controls::default();
            sim.apply(Command::Input { id, controls, seq });
        }
        sim.step();
        sim.broadcast();
        assert_eq!(acks(&mut rx1, &mut rx2), (4, 9));
        // No new input: the acks hold.
        sim.step();
        sim.broadcast();
        assert_eq!(acks(&mut rx1, &mut rx2), (4, 9));
        // A platformer's players carry the library's animation state and facing: just
        // joined at a spawn point above the floor, falling, facing right.
        sim.step();
        sim.broadcast();
        let v = next(&mut rx1, &mut d1);
        let p = &v["players"][0];
        assert!(
            ["fall", "land", "idle"].contains(&p["anim"].as_str().unwrap()),
            "{p}"
        );
        assert_eq!(p["facing"], 1);
        // The run over the built-in level's course: no coin yet, started when it joined.
        assert_eq!(v["run"]["taken"], serde_json::json!([]));
        assert_eq!(v["run"]["start"], 0);
    }

    /// One client among `bots` bots on `level`, reporting each snapshot `lag` ticks after it
    /// was sent (a round trip of `lag` ticks; `None`: never reporting): the mean bytes of
    /// its snapshot messages over `ticks` ticks after a settling second. Every snapshot read
    /// must hold exactly the world's players near the client's view.
    fn bytes_per_snapshot(level: &str, bots: u32, lag: Option<usize>, ticks: usize) -> f64 {
        let mut sim = sim(level);
        for id in 2..2 + bots {
            sim.join_bot(id);
        }
        let (tx, mut rx) = mpsc::channel(4);
        sim.apply(Command::Join { id: 1, out: tx });
        let mut d = Decoder::default();
        let mut sent = std::collections::VecDeque::new();
        let mut total = 0usize;
        for t in 0..ticks + 60 {
            sim.step();
            sim.broadcast();
            let bytes = rx.try_recv().unwrap();
            let got = d.decode(&bytes).unwrap();
            if t >= 60 {
                total += bytes.len();
            }
            // Read against its base, the snapshot holds exactly the world's players near
            // the client's view, as the world has them now.
            let world = &sim.world;
            let region = world.region(1).unwrap();
            let near = world.records[PLAYERS]
                .iter()
                .filter(|r| r.id == 1 || crate::outgoing::inside(region, r.position()));
            let near: Vec<_> = near.copied().collect();
            assert_eq!(
                near, got.records[PLAYERS],
                "tick {} base {}",
                got.tick, got.base
            );
            assert_eq!(got.records[PLATFORMS], world.records[PLATFORMS]);
            sent.push_back(got.tick);
            if let Some(lag) = lag
                && sent.len() > lag
            {
                let tick = sent.pop_front().unwrap();
                sim.apply(Command::Seen { id: 1, tick });
            }
        }
        total as f64 / ticks as f64
    }

    #[test]
    fn with_a_hundred_bots_a_platformer_client_gets_under_40_kilobytes_a_second() {
        // A client reporting over a round trip of 6 ticks (100 ms): every snapshot is written
        // against one about 6 ticks old. A client that never reports: each against the one
        // before.
        for (lag, how) in [
            (Some(6), "reporting 6 ticks late"),
            (None, "never reporting"),
        ] {
            let per = bytes_per_snapshot("platformer", 100, lag, 600);
            let per_second = per * f64::from(TICK_HZ);
            println!(
                "platformer, 100 bots, a client {how}: {per:.0} bytes a snapshot, {per_second:.0} bytes/s"
            );
            assert!(per_second <= 40_000.0, "{how}: {per_second} bytes/s");
        }
    }
}
