//! What each client is sent: the tick's world in records ([`crate::wire`]), cut to what lies
//! near that client's view, written against the last snapshot the client said it has (or,
//! before it says, the last one queued to it).

use std::collections::VecDeque;
use std::sync::Arc;

use axum::body::Bytes;
use glissade::character::Facing;
use glissade::glam::Vec2;
use tokio::sync::mpsc;

use crate::protocol::{RunState, animation_index};
use crate::wire::{
    BOXES, BULLETS, PLATFORMS, PLAYERS, POSITION_QUANTUM, Record, Sections, VELOCITY_QUANTUM,
    encode, pose_bits, quantise,
};

/// How far past the edges of a client's view its snapshots still carry players and bullets,
/// world units: the page's camera looks up to 4 units ahead and trails its target a little.
pub const SENT_MARGIN: f32 = 6.0;
/// Snapshots kept per client as possible bases (about half a second at 60 Hz): a client whose
/// last report is older gets its next snapshot in full.
pub const HISTORY: usize = 32;

/// The tick's world, the same for every client.
#[derive(Debug, Default)]
pub struct World {
    /// The tick.
    pub tick: u64,
    /// Every record, by section, sorted by id.
    pub records: Sections,
    /// The snapshot's fields other than records and `run` (player_count; scores, round and
    /// feed in arena mode) as the
    /// inside of a JSON object (`"scores":[...],...`, possibly empty); the same allocation
    /// from tick to tick while it does not change.
    pub shared: Arc<str>,
    /// The level's bounds (lower-left, upper-right), world units.
    pub bounds: (Vec2, Vec2),
    /// The size of a client's view, world units.
    pub view: Vec2,
}

impl World {
    /// Fills the records from the game's snapshot.
    pub fn fill(&mut self, s: &glissade_game::Snapshot) {
        let pos = |v: Vec2| {
            [
                quantise(v.x, POSITION_QUANTUM),
                quantise(v.y, POSITION_QUANTUM),
            ]
        };
        let vel = |v: Vec2| {
            [
                quantise(v.x, VELOCITY_QUANTUM),
                quantise(v.y, VELOCITY_QUANTUM),
            ]
        };
        self.tick = s.tick;
        let [players, platforms, bullets, boxes] = &mut self.records;
        players.clear();
        players.extend(s.players.iter().map(|p| {
            let ([x, y], [vx, vy]) = (pos(p.position), vel(p.velocity));
            let pose = p.pose.map(|(a, f)| (animation_index(a), f == Facing::Left));
            Record {
                id: p.id,
                fields: [x, y, vx, vy, pose_bits(p.grounded, pose)],
            }
        }));
        platforms.clear();
        platforms.extend(s.platforms.iter().enumerate().map(|(i, &q)| {
            let [x, y] = pos(q);
            Record {
                id: i as u32,
                fields: [x, y, 0, 0, 0],
            }
        }));
        bullets.clear();
        bullets.extend(s.bullets.iter().map(|b| {
            let ([x, y], [vx, vy]) = (pos(b.position), vel(b.velocity));
            Record {
                id: b.id,
                fields: [x, y, vx, vy, b.owner as i32],
            }
        }));
        boxes.clear();
        boxes.extend(s.boxes.iter().map(|b| {
            let ([x, y], [hw, hh]) = (pos(b.position), pos(b.half));
            Record {
                id: b.wall,
                fields: [x, y, hw, hh, 0],
            }
        }));
        for list in &mut self.records {
            list.sort_unstable_by_key(|r| r.id);
        }
    }

    /// Sets the shared fields, keeping the old allocation when they did not change.
    pub fn set_shared(&mut self, text: &str) {
        if &*self.shared != text {
            self.shared = Arc::from(text);
        }
    }

    /// The region, world units (lower-left, upper-right), whose players and bullets player
    /// `id`'s client is sent: its view placed as the page's camera places it (centred on the
    /// player, kept inside the level's bounds where the level is larger), widened by
    /// [`SENT_MARGIN`]. `None` (everything) when the player is not in the world.
    pub fn region(&self, id: u32) -> Option<(Vec2, Vec2)> {
        let list = &self.records[PLAYERS];
        let p = list[list.binary_search_by_key(&id, |r| r.id).ok()?];
        let at = p.position();
        let (lo, hi) = self.bounds;
        let axis = |c: f32, lo: f32, hi: f32, view: f32| {
            if hi - lo <= view {
                (lo + hi) / 2.0
            } else {
                c.clamp(lo + view / 2.0, hi - view / 2.0)
            }
        };
        let centre = Vec2::new(
            axis(at.x, lo.x, hi.x, self.view.x),
            axis(at.y, lo.y, hi.y, self.view.y),
        );
        let half = self.view / 2.0 + SENT_MARGIN;
        Some((centre - half, centre + half))
    }
}

/// Whether `p` lies in `region` (lower-left, upper-right; its edges included), world units.
pub(crate) fn inside((lo, hi): (Vec2, Vec2), p: Vec2) -> bool {
    p.cmpge(lo).all() && p.cmple(hi).all()
}

/// One snapshot sent to a client, kept as a possible base.
#[derive(Debug)]
struct Sent {
    tick: u64,
    records: Sections,
    shared: Arc<str>,
    run: Option<RunState>,
}

/// A client's outgoing queue and what it has been sent.
#[derive(Debug)]
pub struct Outgoing {
    out: mpsc::Sender<Bytes>,
    /// The sequence number of the client's last input applied (0 before any).
    pub ack: u32,
    /// The newest tick the client reported having, if any.
    seen: Option<u64>,
    history: VecDeque<Sent>,
    buf: Vec<u8>,
}

impl Outgoing {
    /// A client's outgoing state, sending on `out`.
    pub fn new(out: mpsc::Sender<Bytes>) -> Self {
        Outgoing {
            out,
            ack: 0,
            seen: None,
            history: VecDeque::new(),
            buf: Vec::new(),
        }
    }

    /// The client has the snapshot of `tick` (the highest tick reported counts). From the
    /// first report on, snapshots are written against the reported one, no longer against
    /// the last one queued.
    pub fn saw(&mut self, tick: u64) {
        self.seen = self.seen.max(Some(tick));
    }

    /// Sends player `id`'s client its snapshot of `world`, with its own `run`; false when
    /// its queue was full (the snapshot is dropped for it, and not kept).
    pub fn send(&mut self, id: u32, world: &World, run: Option<RunState>) -> bool {
        let region = world.region(id);
        let near = |r: &Record| region.is_none_or(|reg| inside(reg, r.position()));
        let records: Sections = [
            // The client's own player always, even outside the level's bounds.
            world.records[PLAYERS]
                .iter()
                .copied()
                .filter(|r| r.id == id || near(r))
                .collect(),
            world.records[PLATFORMS].clone(),
            world.records[BULLETS]
                .iter()
                .copied()
                .filter(near)
                .collect(),
            world.records[BOXES].clone(),
        ];
        // The base: the snapshot the client last reported having; before any report, the
        // last one queued to it (a WebSocket runs over TCP: what is queued arrives, in
        // order, and a client reads each snapshot against the one before). Tick 0 on the
        // wire means no base: a snapshot of tick 0 is never one.
        let base_tick = self.seen.or(self.history.back().map(|s| s.tick));
        let base = self
            .history
            .iter()
            .rev()
            .find(|s| Some(s.tick) == base_tick && s.tick > 0);
        let same_extras =
            base.is_some_and(|b| Arc::ptr_eq(&b.shared, &world.shared) && b.run == run);
        let extras = (!same_extras).then(|| extras_json(&world.shared, run.as_ref()));
        encode(
            &mut self.buf,
            world.tick,
            self.ack,
            &records,
            base.map(|b| (b.tick, &b.records)),
            extras.as_deref(),
        );
        match self.out.try_send(Bytes::copy_from_slice(&self.buf)) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => return false,
            // The connection is ending; its Leave is on its way.
            Err(mpsc::error::TrySendError::Closed(_)) => return true,
        }
        self.history.push_back(Sent {
            tick: world.tick,
            records,
            shared: world.shared.clone(),
            run,
        });
        // Older than the client's report: never a base again. (Before any report the last
        // HISTORY are kept, so that the first report finds its tick.)
        let oldest_base = self.seen.unwrap_or(0);
        while self.history.len() > HISTORY
            || self.history.front().is_some_and(|s| s.tick < oldest_base)
        {
            self.history.pop_front();
        }
        true
    }
}

/// The extras object: `run` (when there is one) and the shared fields.
fn extras_json(shared: &str, run: Option<&RunState>) -> String {
    let run = run.and_then(|r| serde_json::to_string(r).ok());
    match (run, shared.is_empty()) {
        (Some(r), true) => format!("{{\"run\":{r}}}"),
        (Some(r), false) => format!("{{\"run\":{r},{shared}}}"),
        (None, _) => format!("{{{shared}}}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Decoder;

    fn world(tick: u64, x: i32) -> World {
        let mut w = World {
            tick,
            bounds: (Vec2::ZERO, Vec2::splat(100.0)),
            view: Vec2::new(32.0, 18.0),
            ..World::default()
        };
        w.records[PLAYERS].push(Record {
            id: 1,
            fields: [x, 128, 0, 0, 0],
        });
        w
    }

    #[test]
    fn the_base_is_the_last_queued_then_the_last_reported_and_never_tick_0() {
        let (tx, mut rx) = mpsc::channel(8);
        let mut out = Outgoing::new(tx);
        let mut d = Decoder::default();
        let mut next = |rx: &mut mpsc::Receiver<Bytes>| {
            let got = d.decode(&rx.try_recv().unwrap()).unwrap();
            (got.base, got.records[PLAYERS][0].fields[0])
        };
        // A snapshot of tick 0 (a broadcast before any step): tick 0 on the wire means no
        // base, so the next one comes in full, reported or not.
        assert!(out.send(1, &world(0, 100), None));
        assert_eq!(next(&mut rx), (0, 100));
        assert!(out.send(1, &world(1, 101), None));
        assert_eq!(next(&mut rx), (0, 101));
        // No report yet: each is written against the last one queued.
        assert!(out.send(1, &world(2, 102), None));
        assert_eq!(next(&mut rx), (1, 102));
        assert!(out.send(1, &world(3, 103), None));
        assert_eq!(next(&mut rx), (2, 103));
        // Tick 2 reported: from then on the base is the reported one; an older report changes
        // nothing.
        out.saw(2);
        out.saw(1);
        assert!(out.send(1, &world(4, 105), None));
        assert_eq!(next(&mut rx), (2, 105));
        assert!(out.send(1, &world(5, 106), None));
        assert_eq!(next(&mut rx), (2, 106));
        out.saw(0);
        assert!(out.send(1, &world(6, 107), None));
        assert_eq!(next(&mut rx), (2, 107));
        // A full queue drops a snapshot: it is never a base (the client never has it).
        let (tx, mut rx) = mpsc::channel(1);
        let mut out = Outgoing::new(tx);
        let mut d = Decoder::default();
        assert!(out.send(1, &world(1, 10), None));
        assert!(!out.send(1, &world(2, 20), None), "the queue holds one");
        d.decode(&rx.try_recv().unwrap()).unwrap();
        assert!(out.send(1, &world(3, 30), None));
        let got = d.decode(&rx.try_recv().unwrap()).unwrap();
        assert_eq!((got.base, got.records[PLAYERS][0].fields[0]), (1, 30));
    }
}
