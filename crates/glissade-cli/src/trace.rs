//! One line of a replay's trace: a frame's bodies, and in the arena its bullets and scores,
//! in the sandbox its boxes, as JSON written by hand so that the bytes never change.
//!
//! ```text
//! {"frame":0,"bodies":[{"id":0,"x":…,"y":…,"vx":…,"vy":…,"grounded":false}]}
//! {"frame":9,"bodies":[…],"bullets":[{"id":1,"owner":0,"x":…,"y":…,"vx":…,"vy":…}],"scores":[{"id":0,"score":0,"health":3}]}
//! {"frame":9,"bodies":[…],"boxes":[{"id":0,"x":…,"y":…}]}
//! ```

use std::fmt::Write as _;

use glissade_game::Snapshot;
use glissade_level::Mode;

/// Writes one frame's line (with its newline) into `line`; a body that left the finite
/// numbers is an error.
pub fn write_frame(
    line: &mut String,
    frame: u64,
    mode: Mode,
    snapshot: &Snapshot,
) -> Result<(), String> {
    line.clear();
    let _ = write!(line, "{{\"frame\":{frame},\"bodies\":[");
    for (k, b) in snapshot.players.iter().enumerate() {
        let (p, v, id) = (b.position, b.velocity, b.id);
        if !(p.is_finite() && v.is_finite()) {
            return Err(format!(
                "body {id} left the finite numbers (position {p}, velocity {v})"
            ));
        }
        if k > 0 {
            line.push(',');
        }
        let _ = write!(
            line,
            "{{\"id\":{id},\"x\":{},\"y\":{},\"vx\":{},\"vy\":{},\"grounded\":{}}}",
            p.x, p.y, v.x, v.y, b.grounded
        );
    }
    line.push(']');
    match mode {
        Mode::Platformer => {}
        Mode::Arena => {
            line.push_str(",\"bullets\":[");
            for (k, b) in snapshot.bullets.iter().enumerate() {
                if k > 0 {
                    line.push(',');
                }
                let _ = write!(
                    line,
                    "{{\"id\":{},\"owner\":{},\"x\":{},\"y\":{},\"vx\":{},\"vy\":{}}}",
                    b.id, b.owner, b.position.x, b.position.y, b.velocity.x, b.velocity.y
                );
            }
            line.push_str("],\"scores\":[");
            for (k, s) in snapshot.scores.iter().enumerate() {
                if k > 0 {
                    line.push(',');
                }
                let _ = write!(
                    line,
                    "{{\"id\":{},\"score\":{},\"health\":{}}}",
                    s.id, s.score, s.health
                );
            }
            line.push(']');
        }
        Mode::Sandbox => {
            line.push_str(",\"boxes\":[");
            for (k, b) in snapshot.boxes.iter().enumerate() {
                if k > 0 {
                    line.push(',');
                }
                let _ = write!(
                    line,
                    "{{\"id\":{},\"x\":{},\"y\":{}}}",
                    b.wall, b.position.x, b.position.y
                );
            }
            line.push(']');
        }
    }
    line.push_str("}\n");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use glissade::glam::Vec2;
    use glissade_game::{BulletView, PlayerView, ScoreView};

    #[test]
    fn lines_by_mode() {
        let mut s = Snapshot::default();
        s.players.push(PlayerView {
            id: 0,
            position: Vec2::new(1.5, 2.0),
            velocity: Vec2::ZERO,
            grounded: true,
            pose: None,
        });
        let mut line = String::new();
        write_frame(&mut line, 3, Mode::Platformer, &s).unwrap();
        assert_eq!(
            line,
            "{\"frame\":3,\"bodies\":[{\"id\":0,\"x\":1.5,\"y\":2,\"vx\":0,\"vy\":0,\"grounded\":true}]}\n"
        );
        s.bullets.push(BulletView {
            id: 4,
            owner: 0,
            position: Vec2::new(1.0, 1.0),
            velocity: Vec2::new(30.0, 0.0),
        });
        s.scores.push(ScoreView {
            id: 0,
            score: 2,
            health: 3,
            invulnerable: false,
            deaths: 0,
        });
        write_frame(&mut line, 3, Mode::Arena, &s).unwrap();
        assert!(line.ends_with(",\"bullets\":[{\"id\":4,\"owner\":0,\"x\":1,\"y\":1,\"vx\":30,\"vy\":0}],\"scores\":[{\"id\":0,\"score\":2,\"health\":3}]}\n"), "{line}");
        s.players[0].velocity.x = f32::NAN;
        assert!(write_frame(&mut line, 3, Mode::Arena, &s).is_err());
    }
}
