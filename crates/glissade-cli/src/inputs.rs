//! Scripted input files for `glissade replay`.
//!
//! One line per range of frames: `<first>[-<last>] <action>[,<action>...]`, the actions being
//! the keys `left`, `right`, `up`, `down`, `jump` and `dash` (the platformer's dash, with the
//! `demo` feel), and for the arena and the sandbox
//! `fire` (fire held), `aim:<x>:<y>` (aim at that world point) and `drag:<x>:<y>` (drag
//! toward that world point). `#` starts a comment anywhere on a line; blank lines are
//! ignored; frames no line names hold no keys, no fire, no aim and no drag; ranges that
//! overlap combine their keys and fire, and for aim and drag the last such line in the file
//! wins.
//!
//! ```text
//! # run right for two seconds, jumping once
//! 0-119   right
//! 30-45   jump
//! # arena: walk up while firing at (20, 10)
//! 0-60    up,fire,aim:20:10
//! ```

use std::fmt;

use glissade::glam::Vec2;
use glissade_game::Input;
pub use glissade_game::Keys;

/// The names of the actions, as written in input files.
pub const ACTIONS: [&str; 9] = [
    "left",
    "right",
    "up",
    "down",
    "jump",
    "dash",
    "fire",
    "aim:<x>:<y>",
    "drag:<x>:<y>",
];

/// One line of a script: what is held from frame `first` to frame `last`, both included.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    /// First frame (from 0).
    pub first: u64,
    /// Last frame, included.
    pub last: u64,
    /// The keys held.
    pub keys: Keys,
    /// Fire held.
    pub fire: bool,
    /// The point aimed at, world units.
    pub aim: Option<Vec2>,
    /// The point dragged toward, world units.
    pub drag: Option<Vec2>,
}

/// A parsed input file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Script {
    /// The lines, in file order.
    pub ranges: Vec<Range>,
}

impl Script {
    /// The keys held in frame `frame`: every range that covers it, combined.
    #[must_use]
    pub fn keys_at(&self, frame: u64) -> Keys {
        self.ranges
            .iter()
            .filter(|r| r.first <= frame && frame <= r.last)
            .fold(Keys::default(), |k, r| k.or(r.keys))
    }

    /// Everything held in frame `frame`: the keys and fire of every range that covers it,
    /// the aim and drag of the last such range that sets them.
    #[must_use]
    pub fn input_at(&self, frame: u64) -> Input {
        let held = Input {
            keys: self.keys_at(frame),
            ..Input::default()
        };
        self.ranges
            .iter()
            .filter(|r| r.first <= frame && frame <= r.last)
            .fold(held, |i, r| Input {
                fire: i.fire || r.fire,
                aim: r.aim.or(i.aim),
                drag: r.drag.or(i.drag),
                ..i
            })
    }

    /// The last frame any line names, if any.
    #[must_use]
    pub fn last_frame(&self) -> Option<u64> {
        self.ranges.iter().map(|r| r.last).max()
    }
}

/// A line of an input file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// Line number, from 1.
    pub line: usize,
    /// Why.
    pub reason: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

/// The largest frame number a script may name (so that `last + 60` frames fits anywhere).
pub const MAX_FRAME: u64 = 1 << 40;

/// Parses the text of an input file; the first bad line is the error.
pub fn parse(text: &str) -> Result<Script, InputError> {
    // A byte-order mark is not part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut ranges = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fail = |reason: String| InputError {
            line: i + 1,
            reason,
        };
        let (range, actions) = match line.split_once(char::is_whitespace) {
            Some((r, a)) => (r, a.trim()),
            None => {
                return Err(fail(format!(
                    "'{line}': expected '<first>[-<last>] <action>[,<action>...]' (no actions)"
                )));
            }
        };
        let (first, last) = parse_range(range).map_err(fail)?;
        let mut range = Range {
            first,
            last,
            keys: Keys::default(),
            fire: false,
            aim: None,
            drag: None,
        };
        parse_actions(actions, &mut range).map_err(fail)?;
        ranges.push(range);
    }
    Ok(Script { ranges })
}

fn parse_frame(s: &str, what: &str) -> Result<u64, String> {
    if s.is_empty() {
        return Err(format!("missing {what} frame"));
    }
    if !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{what} frame '{s}' is not a frame number (a whole number from 0)"
        ));
    }
    match s.parse::<u64>() {
        Ok(n) if n <= MAX_FRAME => Ok(n),
        _ => Err(format!(
            "{what} frame '{s}' is too large (at most {MAX_FRAME})"
        )),
    }
}

fn parse_range(s: &str) -> Result<(u64, u64), String> {
    match s.split_once('-') {
        None => {
            let n = parse_frame(s, "the")?;
            Ok((n, n))
        }
        Some((a, b)) => {
            let first = parse_frame(a, "the first")?;
            let last = parse_frame(b, "the last")?;
            if last < first {
                return Err(format!(
                    "range '{s}' ends before it starts (last frame {last} < first frame {first})"
                ));
            }
            Ok((first, last))
        }
    }
}

/// A world point written `<x>:<y>` (finite numbers).
fn parse_point(action: &str, at: &str) -> Result<Vec2, String> {
    let bad = || {
        format!(
            "'{action}': expected two finite numbers as in '{}:<x>:<y>'",
            action.split(':').next().unwrap_or("")
        )
    };
    let (x, y) = at.split_once(':').ok_or_else(bad)?;
    let x: f32 = x.trim().parse().map_err(|_| bad())?;
    let y: f32 = y.trim().parse().map_err(|_| bad())?;
    if x.is_finite() && y.is_finite() {
        Ok(Vec2::new(x, y))
    } else {
        Err(bad())
    }
}

/// Reads the actions of one line into `range`.
fn parse_actions(s: &str, range: &mut Range) -> Result<(), String> {
    for action in s.split(',') {
        let action = action.trim();
        if let Some(at) = action.strip_prefix("aim:") {
            range.aim = Some(parse_point(action, at)?);
            continue;
        }
        if let Some(at) = action.strip_prefix("drag:") {
            range.drag = Some(parse_point(action, at)?);
            continue;
        }
        let keys = &mut range.keys;
        let key = match action {
            "left" => &mut keys.left,
            "right" => &mut keys.right,
            "up" => &mut keys.up,
            "down" => &mut keys.down,
            "jump" => &mut keys.jump,
            "dash" => &mut keys.dash,
            "fire" => &mut range.fire,
            "" => return Err(format!("empty action in '{s}'")),
            other => {
                return Err(format!(
                    "unknown action '{other}' (expected {}; several are separated by commas)",
                    ACTIONS.join(", ")
                ));
            }
        };
        *key = true;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const RIGHT: Keys = Keys {
        left: false,
        right: true,
        up: false,
        down: false,
        jump: false,
        dash: false,
    };

    fn err(text: &str) -> InputError {
        parse(text).expect_err("should be refused")
    }

    #[test]
    fn single_frames_and_ranges() {
        let s = parse("3 right\n10-12 left,jump\n").unwrap();
        assert_eq!(s.ranges.len(), 2);
        assert_eq!(s.keys_at(2), Keys::default());
        assert_eq!(s.keys_at(3), RIGHT);
        assert_eq!(s.keys_at(4), Keys::default());
        let lj = Keys {
            left: true,
            jump: true,
            ..Keys::default()
        };
        assert_eq!(s.keys_at(10), lj);
        assert_eq!(s.keys_at(12), lj);
        assert_eq!(s.keys_at(13), Keys::default());
        assert_eq!(s.last_frame(), Some(12));
    }

    #[test]
    fn all_actions_and_spaces() {
        let s = parse("  0-0\tleft, right ,up,down,jump , dash ").unwrap();
        assert_eq!(
            s.keys_at(0),
            Keys {
                left: true,
                right: true,
                up: true,
                down: true,
                jump: true,
                dash: true,
            }
        );
    }

    #[test]
    fn comments_and_blank_lines() {
        let text = "# a script\n\n   \n0-9 right # run\n#10-20 left\n  # indented comment\n";
        let s = parse(text).unwrap();
        assert_eq!(s.ranges.len(), 1);
        assert_eq!(s.keys_at(15), Keys::default());
        assert_eq!(s.last_frame(), Some(9));
        assert_eq!(parse("# only comments\n").unwrap().last_frame(), None);
        assert_eq!(parse("").unwrap(), Script::default());
    }

    #[test]
    fn overlapping_ranges_combine() {
        let s = parse("0-100 right\n50-60 jump\n55 right\n").unwrap();
        assert_eq!(s.keys_at(49), RIGHT);
        assert_eq!(
            s.keys_at(55),
            Keys {
                right: true,
                jump: true,
                ..Keys::default()
            }
        );
        assert_eq!(s.keys_at(61), RIGHT);
        assert_eq!(s.keys_at(101), Keys::default());
    }

    #[test]
    fn fire_aim_and_drag() {
        let s = parse("0-10 fire,aim:20:-1.5\n5-20 aim:3:4,up\n30 drag: 1e3 :2\n").unwrap();
        let i = s.input_at(0);
        assert!(i.fire && i.keys == Keys::default());
        assert_eq!(i.aim, Some(Vec2::new(20.0, -1.5)));
        // The later line's aim wins where both hold.
        let i = s.input_at(7);
        assert_eq!(i.aim, Some(Vec2::new(3.0, 4.0)));
        assert!(i.fire && i.keys.up);
        let i = s.input_at(15);
        assert!(!i.fire);
        assert_eq!(i.aim, Some(Vec2::new(3.0, 4.0)));
        assert_eq!(s.input_at(30).drag, Some(Vec2::new(1000.0, 2.0)));
        assert_eq!(s.input_at(31), Input::default());
        // Old files read as before: keys only.
        let old = parse("0-9 right,jump\n").unwrap();
        assert_eq!(old.input_at(3).keys, old.keys_at(3));
        assert!(!old.input_at(3).fire && old.input_at(3).aim.is_none());

        for bad in [
            "0 aim:1",
            "0 aim:x:2",
            "0 drag:1:inf",
            "0 aim:",
            "0 aim:1:2:3",
        ] {
            let e = err(bad);
            assert!(e.reason.contains("two finite numbers"), "{bad}: {e}");
        }
    }

    #[test]
    fn windows_line_endings() {
        let s = parse("0-1 right\r\n2 left\r\n").unwrap();
        assert_eq!(s.keys_at(1), RIGHT);
        assert!(s.keys_at(2).left);
    }

    #[test]
    fn bad_lines_name_the_line_and_the_problem() {
        let e = err("0-10 right\n\n5 sideways\n");
        assert_eq!(e.line, 3);
        assert!(e.reason.contains("unknown action 'sideways'"), "{e}");
        assert!(e.to_string().starts_with("line 3: "), "{e}");

        let e = err("# c\n10-5 right");
        assert_eq!(e.line, 2);
        assert!(e.reason.contains("ends before it starts"), "{e}");

        let e = err("right");
        assert_eq!(e.line, 1);
        assert!(e.reason.contains("no actions"), "{e}");

        let e = err("12 # comment eats the actions");
        assert!(e.reason.contains("no actions"), "{e}");

        let e = err("x-3 left");
        assert!(e.reason.contains("first frame 'x'"), "{e}");

        let e = err("-3 left");
        assert!(e.reason.contains("missing the first frame"), "{e}");

        let e = err("3- left");
        assert!(e.reason.contains("missing the last frame"), "{e}");

        let e = err("1.5 left");
        assert!(e.reason.contains("not a frame number"), "{e}");

        let e = err("0 left,,right");
        assert!(e.reason.contains("empty action"), "{e}");

        let e = err("0 left right");
        assert!(e.reason.contains("unknown action 'left right'"), "{e}");

        let e = err("99999999999999999999999 left");
        assert!(e.reason.contains("too large"), "{e}");
    }
}
