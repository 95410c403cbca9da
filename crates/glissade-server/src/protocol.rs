//! The wire protocol, version 2: JSON text frames (see `docs/protocol.md`).

use serde::{Deserialize, Serialize};

/// The protocol version this server speaks.
pub const VERSION: u32 = 2;

/// What this server offers beyond the messages every version has, as the welcome lists it:
/// `ping` (it answers pings with pongs) and `ack` (snapshots acknowledge inputs).
pub const FEATURES: [&str; 2] = ["ping", "ack"];

/// The kind of a client message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClientKind {
    /// The keys (and pointer) a player holds.
    Input,
    /// A round-trip measurement: answered at once by a pong with the same `t`.
    Ping,
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
    pub features: [&'static str; 2],
    /// The coins and the goal (platformer; left out when the level has neither).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub course: Option<CourseState>,
    /// The level (its JSON format).
    pub level: &'a glissade_level::Level,
}

/// One player in a snapshot.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerState {
    /// The player's id.
    pub id: u32,
    /// Position, world units.
    pub x: f32,
    /// See `x`.
    pub y: f32,
    /// Velocity, world units per second.
    pub vx: f32,
    /// See `vx`.
    pub vy: f32,
    /// Standing on ground (platformer mode).
    pub grounded: bool,
    /// What the character is doing (platformer mode): see [`animation_name`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub anim: Option<&'static str>,
    /// Which way it faces (platformer mode): 1 right, -1 left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facing: Option<i8>,
}

/// The wire name of a platformer character's animation state: `idle`, `run`, `jump`, `fall`,
/// `land`, `wall_slide`, `climb`, `crouch`, `dash` or `knocked`.
pub fn animation_name(a: glissade::character::Animation) -> &'static str {
    use glissade::character::Animation as A;
    match a {
        A::Idle => "idle",
        A::Run => "run",
        A::Jump => "jump",
        A::Fall => "fall",
        A::Land => "land",
        A::WallSlide => "wall_slide",
        A::Climb => "climb",
        A::Crouch => "crouch",
        A::Dash => "dash",
        A::Knocked => "knocked",
    }
}

/// One moving platform in a snapshot, in the level's order.
#[derive(Debug, Clone, Serialize)]
pub struct PlatformState {
    /// Position, world units.
    pub x: f32,
    /// See `x`.
    pub y: f32,
}

/// The world as the server has it after a tick, the same for every client: the body of a
/// snapshot message, whose header (version, type and the client's own `ack`) each client's
/// copy gets in front of it (see [`snapshot_for`]).
#[derive(Debug, Serialize)]
pub struct SnapshotBody<'a> {
    /// The simulation tick.
    pub tick: u64,
    /// Every player, by id.
    pub players: &'a [PlayerState],
    /// Every moving platform.
    pub platforms: &'a [PlatformState],
    /// Every bullet in flight (arena; left out when there is none).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub bullets: &'a [BulletState],
    /// Every player's score, by id (arena; left out in the other modes).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub scores: &'a [ScoreState],
    /// Every movable box (sandbox; left out in the other modes).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub boxes: &'a [BoxState],
    /// The rounds (arena; left out in the other modes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<RoundState>,
    /// The recent kills, oldest first (arena; left out when there is none).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub feed: &'a [KillState],
}

/// One client's snapshot message: `body` (a [`SnapshotBody`] as JSON, an object) with the
/// version, the type and `ack`, the sequence number of the last input of this client the
/// simulation applied before the tick (0 before any), and `run`, its own run over the course
/// when there is one (a [`RunState`]), in front of its fields.
pub fn snapshot_for(body: &str, ack: u32, run: Option<&RunState>) -> String {
    let fields = body.strip_prefix('{').unwrap_or(body);
    let run = run
        .and_then(|r| serde_json::to_string(r).ok())
        .map(|r| format!("\"run\":{r},"))
        .unwrap_or_default();
    format!("{{\"v\":{VERSION},\"type\":\"snapshot\",\"ack\":{ack},{run}{fields}")
}

/// A client's own run over the course (platformer), in its snapshots.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunState {
    /// The coins taken in this run, by index in the welcome's `course.coins`.
    pub taken: Vec<u32>,
    /// Time since the run started, seconds.
    pub time: f64,
    /// The best finished run, seconds, if any.
    pub best: Option<f64>,
    /// The last finished run, seconds, if any.
    pub last: Option<f64>,
}

impl RunState {
    /// The state of `run` after tick `tick` (ticks of `1 / tick_hz` seconds).
    pub fn of(run: &glissade_game::Run, tick: u64, tick_hz: u32) -> Self {
        let secs = |t: u64| t as f64 / f64::from(tick_hz);
        RunState {
            taken: (0..64).filter(|i| run.taken & (1 << i) != 0).collect(),
            time: secs(tick.saturating_sub(run.started)),
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

/// One bullet in a snapshot.
#[derive(Debug, Clone, Serialize)]
pub struct BulletState {
    /// The bullet's id (unique while the server runs).
    pub id: u32,
    /// Centre, world units.
    pub x: f32,
    /// See `x`.
    pub y: f32,
    /// Velocity, world units per second.
    pub vx: f32,
    /// See `vx`.
    pub vy: f32,
    /// The shooter's player id.
    pub owner: u32,
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

/// One movable box in a snapshot, in the level's order of its box walls.
#[derive(Debug, Clone, Serialize)]
pub struct BoxState {
    /// The box's id: the index of its wall in `level.walls`.
    pub id: u32,
    /// Centre, world units.
    pub x: f32,
    /// See `x`.
    pub y: f32,
    /// Half width, world units.
    pub hw: f32,
    /// Half height.
    pub hh: f32,
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
            r#"{"v":2,"type":"input","seq":3,"left":false,"right":true,"up":false,"down":false,"jump":false}"#,
        )
        .unwrap();
        assert_eq!(m.seq, 3);
        assert!(m.keys().right && !m.keys().left);
        let m = ClientMessage::parse(
            r#"{"v":2,"type":"input","seq":4,"aim":[1,2],"fire":true,"drag":null}"#,
        )
        .unwrap();
        assert_eq!(m.aim, Some([1.0, 2.0]));
        assert!(m.fire);
        let e = ClientMessage::parse(r#"{"v":2,"type":"input","seq":4,"shoot":true}"#).unwrap_err();
        assert!(
            e.starts_with("malformed message: unknown field `shoot`"),
            "{e}"
        );
        let e = ClientMessage::parse(r#"{"v":1,"type":"input","seq":4}"#).unwrap_err();
        assert!(
            e.contains("protocol version 1 is not supported (this server speaks 2)"),
            "{e}"
        );
        let e = ClientMessage::parse(r#"{"v":2,"type":"hello","seq":4}"#).unwrap_err();
        assert!(e.starts_with("malformed message:"), "{e}");
        let e = ClientMessage::parse(r#"{"v":2,"type":"input","seq":1,"aim":[1e300,0]}"#);
        assert!(e.is_err());
        assert!(ClientMessage::parse("not json").is_err());
        assert!(ClientMessage::parse(r#"{"v":2,"type":"input","seq":-1}"#).is_err());
    }

    #[test]
    fn pings_need_a_finite_time_and_are_answered_with_it() {
        let m = ClientMessage::parse(r#"{"v":2,"type":"ping","seq":9,"t":1234.5}"#).unwrap();
        assert_eq!((m.kind, m.t), (ClientKind::Ping, Some(1234.5)));
        assert!(ClientMessage::parse(r#"{"v":2,"type":"ping","seq":9}"#).is_err());
        assert!(ClientMessage::parse(r#"{"v":2,"type":"ping","seq":9,"t":null}"#).is_err());
        assert_eq!(pong(1234.5), r#"{"v":2,"type":"pong","t":1234.5}"#);
    }

    #[test]
    fn each_client_s_snapshot_carries_its_own_ack_in_front_of_the_shared_body() {
        let body = serde_json::to_string(&SnapshotBody {
            tick: 7,
            players: &[],
            platforms: &[PlatformState { x: 1.0, y: 2.5 }],
            bullets: &[],
            scores: &[],
            boxes: &[],
            round: None,
            feed: &[],
        })
        .unwrap();
        assert_eq!(
            snapshot_for(&body, 41, None),
            r#"{"v":2,"type":"snapshot","ack":41,"tick":7,"players":[],"platforms":[{"x":1.0,"y":2.5}]}"#
        );
        let v: serde_json::Value = serde_json::from_str(&snapshot_for(&body, 0, None)).unwrap();
        assert_eq!((v["ack"].as_u64(), v["tick"].as_u64()), (Some(0), Some(7)));
        // A run: coins 0 and 2 taken, 90 ticks in at 60 Hz, a best of 12 s.
        let run = glissade_game::Run {
            started: 10,
            taken: 0b101,
            best: Some(720),
            last: Some(800),
        };
        let text = snapshot_for(&body, 3, Some(&RunState::of(&run, 100, 60)));
        assert!(
            text.starts_with(
                r#"{"v":2,"type":"snapshot","ack":3,"run":{"taken":[0,2],"time":1.5,"best":12.0,"last":13.333333333333334},"tick":7,"#
            ),
            "{text}"
        );
    }

    #[test]
    fn bye_is_one_line_of_json() {
        assert_eq!(
            bye("too many messages"),
            r#"{"v":2,"type":"bye","reason":"too many messages"}"#
        );
    }
}
