//! The wire protocol, version 3 (see `docs/protocol.md`): JSON text frames, but for the
//! snapshots, which are binary ([`crate::wire`]).

use serde::{Deserialize, Serialize};

/// The protocol version this server speaks.
pub const VERSION: u32 = 3;

/// What this server offers beyond the messages every version has, as the welcome lists it:
/// `ping` (it answers pings with pongs), `ack` (snapshots acknowledge inputs) and `seen`
/// (snapshots are written against the last one a client reports having).
pub const FEATURES: [&str; 3] = ["ping", "ack", "seen"];

/// The kind of a client message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClientKind {
    /// The keys (and pointer) a player holds.
    Input,
    /// A round-trip measurement: answered at once by a pong with the same `t`.
    Ping,
    /// The client has the snapshot of `tick`: the next ones are written against it.
    Seen,
}

/// A message from a client. Unknown fields are refused.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClientMessage {
    /// The protocol version: must be [`VERSION`].
    pub v: u32,
    /// The message's kind.
    #[serde(rename = "type")]
    pub kind: ClientKind,
    /// The client's sequence number: snapshots acknowledge the last input's (`ack`).
    pub seq: u32,
    /// A `seen` message's tick: a snapshot the client has.
    #[serde(default)]
    pub tick: Option<u64>,
    /// A ping's time stamp, in the client's own clock (milliseconds), echoed in the pong.
    #[serde(default)]
    pub t: Option<f64>,
    /// Keys held; a missing key is not held.
    #[serde(default)]
    pub left: bool,
    /// See `left`.
    #[serde(default)]
    pub right: bool,
    /// See `left`.
    #[serde(default)]
    pub up: bool,
    /// See `left`.
    #[serde(default)]
    pub down: bool,
    /// See `left`.
    #[serde(default)]
    pub jump: bool,
    /// See `left` (platformer: a press dashes).
    #[serde(default)]
    pub dash: bool,
    /// Where the player aims, world units (arena).
    #[serde(default)]
    pub aim: Option<[f32; 2]>,
    /// Fire held (arena): a bullet toward `aim`, at most one every 0.25 s.
    #[serde(default)]
    pub fire: bool,
    /// Where the player drags, world units (sandbox): the box under the point where the drag
    /// started moves toward it.
    #[serde(default)]
    pub drag: Option<[f32; 2]>,
}

impl ClientMessage {
    /// Parses and checks one text frame; the error is the reason given to the client.
    pub fn parse(text: &str) -> Result<Self, String> {
        let m: ClientMessage =
            serde_json::from_str(text).map_err(|e| format!("malformed message: {e}"))?;
        if m.v != VERSION {
            return Err(format!(
                "malformed message: protocol version {} is not supported (this server speaks {VERSION})",
                m.v
            ));
        }
        if m.kind == ClientKind::Ping && !m.t.is_some_and(f64::is_finite) {
            return Err("malformed message: a ping needs a finite `t`".to_string());
        }
        if m.kind == ClientKind::Seen && m.tick.is_none() {
            return Err("malformed message: `seen` needs a `tick`".to_string());
        }
        for (name, p) in [("aim", m.aim), ("drag", m.drag)] {
            if let Some(p) = p
                && !(p[0].is_finite() && p[1].is_finite())
            {
                return Err(format!("malformed message: {name} must be finite"));
            }
        }
        Ok(m)
    }

    /// Everything this message holds: keys, aim, fire and drag.
    pub fn controls(&self) -> Controls {
        Controls {
            keys: self.keys(),
            aim: self.aim,
            fire: self.fire,
            drag: self.drag,
        }
    }

    /// The keys of this message.
    pub fn keys(&self) -> Keys {
        Keys {
            left: self.left,
            right: self.right,
            up: self.up,
            down: self.down,
            jump: self.jump,
            dash: self.dash,
        }
    }
}

/// The keys a player holds.
pub use glissade_game::Keys;

/// What a client's last input asks: the keys, and the pointer's use.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Controls {
    /// The keys held.
    pub keys: Keys,
    /// Where the player aims, world units (finite).
    pub aim: Option<[f32; 2]>,
    /// Fire held.
    pub fire: bool,
    /// Where the player drags, world units (finite).
    pub drag: Option<[f32; 2]>,
}

/// The first message a client gets.
#[derive(Debug, Serialize)]
pub struct Welcome<'a> {
    /// [`VERSION`].
    pub v: u32,
    /// `"welcome"`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The client's player id.
    pub id: u32,
    /// `platformer`, `arena` or `sandbox`.
    pub mode: &'static str,
    /// Simulation ticks per second.
    pub tick_hz: u32,
    /// The view's size, world units.
    pub view: [u32; 2],
    /// Width and height of a player's box (platformer and sandbox), world units.
    pub player_size: [f32; 2],
    /// Radius of a player's circle (arena), world units.
    pub arena_radius: f32,
    /// Size of the world's broadphase cells, world units (the debug overlay's grid).
    pub grid_cell: f32,
    /// [`FEATURES`].
    pub features: [&'static str; 3],
    /// How far past the view's edges snapshots still carry players and bullets, world
    /// units.
    pub margin: f32,
    /// The coins and the goal (platformer; left out when the level has neither).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub course: Option<CourseState>,
    /// The level (its JSON format).
    pub level: &'a glissade_level::Level,
}

/// The animation states, in the order of their index in a snapshot's player records: what
/// the library's `Platformer` says a character is doing.
pub const ANIMATIONS: [&str; 10] = [
    "idle",
    "run",
    "jump",
    "fall",
    "land",
    "wall_slide",
    "climb",
    "crouch",
    "dash",
    "knocked",
];

/// The index of `a` in [`ANIMATIONS`].
pub fn animation_index(a: glissade::character::Animation) -> u8 {
    use glissade::character::Animation as A;
    match a {
        A::Idle => 0,
        A::Run => 1,
        A::Jump => 2,
        A::Fall => 3,
        A::Land => 4,
        A::WallSlide => 5,
        A::Climb => 6,
        A::Crouch => 7,
        A::Dash => 8,
        A::Knocked => 9,
    }
}

/// A snapshot's fields other than its records (see [`crate::wire`]) in arena mode: the
/// scores, the rounds and the kill feed. Written inside the extras object, after
/// `player_count`.
#[derive(Debug, Serialize)]
pub struct Shared<'a> {
    /// Every player's score, by id.
    pub scores: &'a [ScoreState],
    /// The rounds.
    pub round: RoundState,
    /// The recent kills, oldest first.
    pub feed: &'a [KillState],
}

/// A client's own run over the course (platformer), in its snapshots.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunState {
    /// The coins taken in this run, by index in the welcome's `course.coins`.
    pub taken: Vec<u32>,
    /// The tick the run started in (its time is the snapshot's tick less this, in ticks).
    pub start: u64,
    /// The best finished run, seconds, if any.
    pub best: Option<f64>,
    /// The last finished run, seconds, if any.
    pub last: Option<f64>,
}

impl RunState {
    /// The state of `run` (ticks of `1 / tick_hz` seconds).
    pub fn of(run: &glissade_game::Run, tick_hz: u32) -> Self {
        let secs = |t: u64| t as f64 / f64::from(tick_hz);
        RunState {
            taken: (0..64).filter(|i| run.taken & (1 << i) != 0).collect(),
            start: run.started,
            best: run.best.map(secs),
            last: run.last.map(secs),
        }
    }
}

/// The coins and the goal, as the welcome tells them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CourseState {
    /// The coins' centres, world units.
    pub coins: Vec<[f32; 2]>,
    /// A coin's radius, world units.
    pub coin_radius: f32,
    /// The goal's box, if there is one: `{"min":[x,y],"max":[x,y]}`, world units.
    pub goal: Option<BoxBounds>,
}

/// A box by its corners, world units.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BoxBounds {
    /// The lower corner.
    pub min: [f32; 2],
    /// The upper corner.
    pub max: [f32; 2],
}

impl CourseState {
    /// What the welcome says of `course`.
    pub fn of(course: &glissade_game::Course) -> Self {
        CourseState {
            coins: course.coins.iter().map(|c| c.to_array()).collect(),
            coin_radius: glissade_game::COIN_RADIUS,
            goal: course.goal.map(|(lo, hi)| BoxBounds {
                min: lo.to_array(),
                max: hi.to_array(),
            }),
        }
    }
}

/// The answer to a ping: its `t` as it came.
pub fn pong(t: f64) -> String {
    #[derive(Serialize)]
    struct Pong {
        v: u32,
        #[serde(rename = "type")]
        kind: &'static str,
        t: f64,
    }
    serde_json::to_string(&Pong {
        v: VERSION,
        kind: "pong",
        t,
    })
    .unwrap_or_default()
}

/// One player's score and health in a snapshot (arena).
#[derive(Debug, Clone, Serialize)]
pub struct ScoreState {
    /// The player's id.
    pub id: u32,
    /// Kills this round.
    pub score: u32,
    /// Hits left before dying.
    pub health: u32,
    /// Hits do nothing to it now (just after a respawn).
    pub invulnerable: bool,
    /// Deaths.
    pub deaths: u32,
}

/// The arena's rounds in a snapshot.
#[derive(Debug, Clone, Serialize)]
pub struct RoundState {
    /// The round being played, from 1.
    pub number: u32,
    /// Kills that win a round.
    pub target: u32,
    /// The winner of the last round won, if any.
    pub last_winner: Option<u32>,
    /// The tick that round was won in, if any.
    pub won_at: Option<u64>,
}

/// One recent kill in a snapshot's feed (arena).
#[derive(Debug, Clone, Serialize)]
pub struct KillState {
    /// The tick it happened in.
    pub tick: u64,
    /// The shooter's id.
    pub killer: u32,
    /// The victim's id.
    pub victim: u32,
}

/// The last message before the server closes a connection.
pub fn bye(reason: &str) -> String {
    #[derive(Serialize)]
    struct Bye<'a> {
        v: u32,
        #[serde(rename = "type")]
        kind: &'static str,
        reason: &'a str,
    }
    serde_json::to_string(&Bye {
        v: VERSION,
        kind: "bye",
        reason,
    })
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_inputs_and_refuses_unknown_fields() {
        let m = ClientMessage::parse(
            r#"{"v":3,"type":"input","seq":3,"left":false,"right":true,"up":false,"down":false,"jump":false}"#,
        )
        .unwrap();
        assert_eq!(m.seq, 3);
        assert!(m.keys().right && !m.keys().left);
        let m = ClientMessage::parse(
            r#"{"v":3,"type":"input","seq":4,"aim":[1,2],"fire":true,"drag":null}"#,
        )
        .unwrap();
        assert_eq!(m.aim, Some([1.0, 2.0]));
        assert!(m.fire);
        let e = ClientMessage::parse(r#"{"v":3,"type":"input","seq":4,"shoot":true}"#).unwrap_err();
        assert!(
            e.starts_with("malformed message: unknown field `shoot`"),
            "{e}"
        );
        let e = ClientMessage::parse(r#"{"v":1,"type":"input","seq":4}"#).unwrap_err();
        assert!(
            e.contains("protocol version 1 is not supported (this server speaks 3)"),
            "{e}"
        );
        let e = ClientMessage::parse(r#"{"v":3,"type":"hello","seq":4}"#).unwrap_err();
        assert!(e.starts_with("malformed message:"), "{e}");
        let e = ClientMessage::parse(r#"{"v":3,"type":"input","seq":1,"aim":[1e300,0]}"#);
        assert!(e.is_err());
        assert!(ClientMessage::parse("not json").is_err());
        assert!(ClientMessage::parse(r#"{"v":3,"type":"input","seq":-1}"#).is_err());
    }

    #[test]
    fn pings_need_a_finite_time_and_are_answered_with_it() {
        let m = ClientMessage::parse(r#"{"v":3,"type":"ping","seq":9,"t":1234.5}"#).unwrap();
        assert_eq!((m.kind, m.t), (ClientKind::Ping, Some(1234.5)));
        assert!(ClientMessage::parse(r#"{"v":3,"type":"ping","seq":9}"#).is_err());
        assert!(ClientMessage::parse(r#"{"v":3,"type":"ping","seq":9,"t":null}"#).is_err());
        assert_eq!(pong(1234.5), r#"{"v":3,"type":"pong","t":1234.5}"#);
    }

    #[test]
    fn a_run_says_when_it_started_and_its_finished_times_in_seconds() {
        // Coins 0 and 2 taken, started at tick 10, a best of 12 s.
        let run = glissade_game::Run {
            started: 10,
            taken: 0b101,
            best: Some(720),
            last: Some(800),
        };
        assert_eq!(
            serde_json::to_string(&RunState::of(&run, 60)).unwrap(),
            r#"{"taken":[0,2],"start":10,"best":12.0,"last":13.333333333333334}"#
        );
    }

    #[test]
    fn seen_needs_a_tick() {
        let m = ClientMessage::parse(r#"{"v":3,"type":"seen","seq":2,"tick":99}"#).unwrap();
        assert_eq!((m.kind, m.tick), (ClientKind::Seen, Some(99)));
        assert!(ClientMessage::parse(r#"{"v":3,"type":"seen","seq":2}"#).is_err());
    }

    #[test]
    fn animation_indices_follow_the_names() {
        use glissade::character::Animation as A;
        for (a, name) in [
            (A::Idle, "idle"),
            (A::WallSlide, "wall_slide"),
            (A::Knocked, "knocked"),
        ] {
            assert_eq!(ANIMATIONS[usize::from(animation_index(a))], name);
        }
    }

    #[test]
    fn bye_is_one_line_of_json() {
        assert_eq!(
            bye("too many messages"),
            r#"{"v":3,"type":"bye","reason":"too many messages"}"#
        );
    }
}
