//! The platformer's goal: coins to collect and a goal to reach, placed by the level's
//! entities, and each player's run over them — its time, its coins, its best time.
//!
//! An entity whose class (or, with no class, whose name) is `coin` is a coin: a circle of
//! [`COIN_RADIUS`] at the entity's position. One whose class or name is `goal` is the goal: a
//! box of [`GOAL_HALF_EXTENTS`] around the entity's position (the first such entity; later
//! ones are ignored). Case does not matter. Every player runs on its own: it collects its own
//! coins (a coin taken by one is still there for the others), and touching the goal finishes
//! its run — the time since the run started is its time, the best of its times is kept — and
//! puts it back at a spawn point with its coins back in place, for the next run.

use glissade::glam::Vec2;
use glissade_level::Entity;

/// Radius of a coin, world units.
pub const COIN_RADIUS: f32 = 0.35;
/// Half extents of the goal's box, world units (a flag 1 wide and 2 high).
pub const GOAL_HALF_EXTENTS: Vec2 = Vec2::new(0.5, 1.0);
/// Most coins a course keeps: the ones past it in the level's order are ignored (a player's
/// coins are a 64-bit set).
pub const MAX_COINS: usize = 64;

/// The coins and the goal of a level (empty for a level with neither).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Course {
    /// The coins' centres, world units, in the level's order.
    pub coins: Vec<Vec2>,
    /// The goal's box `(min, max)`, world units, if the level has one.
    pub goal: Option<(Vec2, Vec2)>,
}

impl Course {
    /// The course the level's `entities` place.
    #[must_use]
    pub fn from_entities(entities: &[Entity]) -> Self {
        let role = |e: &Entity| {
            let word = if e.class.is_empty() {
                &e.name
            } else {
                &e.class
            };
            word.to_ascii_lowercase()
        };
        let mut course = Course::default();
        for e in entities {
            let at = Vec2::from(e.position);
            if !at.is_finite() {
                continue;
            }
            match role(e).as_str() {
                "coin" if course.coins.len() < MAX_COINS => course.coins.push(at),
                "goal" if course.goal.is_none() => {
                    course.goal = Some((at - GOAL_HALF_EXTENTS, at + GOAL_HALF_EXTENTS));
                }
                _ => {}
            }
        }
        course
    }

    /// Whether the course has anything to play for.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.coins.is_empty() && self.goal.is_none()
    }

    /// The coins a body with the box `[lo, hi]` touches, as a set (bit `i` for coin `i`).
    #[must_use]
    pub fn coins_touched(&self, lo: Vec2, hi: Vec2) -> u64 {
        self.coins
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c.clamp(lo, hi).distance_squared(c) <= COIN_RADIUS * COIN_RADIUS)
            .fold(0, |set, (i, _)| set | (1 << i))
    }

    /// Whether a body with the box `[lo, hi]` touches the goal.
    #[must_use]
    pub fn at_goal(&self, lo: Vec2, hi: Vec2) -> bool {
        self.goal
            .is_some_and(|(glo, ghi)| lo.cmple(ghi).all() && glo.cmple(hi).all())
    }
}

/// One player's run over the course.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Run {
    /// The tick the run started at.
    pub started: u64,
    /// The coins taken in this run (bit `i` for coin `i`).
    pub taken: u64,
    /// The fastest finished run, in ticks, if any.
    pub best: Option<u64>,
    /// The last finished run, in ticks, if any.
    pub last: Option<u64>,
}

impl Run {
    /// A run starting at `tick`, nothing taken, nothing finished yet.
    #[must_use]
    pub fn new(tick: u64) -> Self {
        Run {
            started: tick,
            ..Run::default()
        }
    }

    /// Coins taken in this run.
    #[must_use]
    pub fn coins(&self) -> u32 {
        self.taken.count_ones()
    }

    /// Finishes the run at `tick`: its time (ticks), now the last and maybe the best, and a
    /// new run from `tick` with no coin taken. Returns the time.
    pub fn finish(&mut self, tick: u64) -> u64 {
        let time = tick.saturating_sub(self.started);
        self.last = Some(time);
        self.best = Some(self.best.map_or(time, |b| b.min(time)));
        self.started = tick;
        self.taken = 0;
        time
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glissade_level::EntityKind;

    fn entity(class: &str, name: &str, at: [f32; 2]) -> Entity {
        Entity {
            id: 0,
            name: name.into(),
            class: class.into(),
            kind: EntityKind::Point,
            sensor: false,
            climbable: false,
            shapes: Vec::new(),
            position: at,
            properties: Default::default(),
        }
    }

    #[test]
    fn coins_and_the_first_goal_by_class_or_else_name_in_any_case() {
        let c = Course::from_entities(&[
            entity("Coin", "", [1.0, 2.0]),
            entity("", "coin", [3.0, 2.0]),
            entity("enemy", "coin", [5.0, 2.0]), // the class decides
            entity("GOAL", "", [10.0, 5.0]),
            entity("goal", "", [20.0, 5.0]), // a second goal is ignored
        ]);
        assert_eq!(c.coins, vec![Vec2::new(1.0, 2.0), Vec2::new(3.0, 2.0)]);
        assert_eq!(c.goal, Some((Vec2::new(9.5, 4.0), Vec2::new(10.5, 6.0))));
        assert!(Course::from_entities(&[]).is_empty());
    }

    #[test]
    fn a_box_takes_the_coins_within_the_radius_of_it_and_touches_the_goal_by_overlap() {
        // A coin at (0, 0), radius 0.35. A unit box to its right whose left side is at 0.3
        // touches it; at 0.36 it does not. Diagonally, the corner (0.25, 0.25) is 0.354 away:
        // not touching.
        let c = Course {
            coins: vec![Vec2::ZERO, Vec2::new(100.0, 0.0)],
            goal: Some((Vec2::new(5.0, 0.0), Vec2::new(6.0, 2.0))),
        };
        assert_eq!(
            c.coins_touched(Vec2::new(0.3, -0.5), Vec2::new(1.3, 0.5)),
            0b01
        );
        assert_eq!(
            c.coins_touched(Vec2::new(0.36, -0.5), Vec2::new(1.36, 0.5)),
            0
        );
        assert_eq!(
            c.coins_touched(Vec2::new(0.25, 0.25), Vec2::new(1.0, 1.0)),
            0
        );
        assert_eq!(
            c.coins_touched(Vec2::new(-1.0, -1.0), Vec2::new(101.0, 1.0)),
            0b11
        );
        assert!(
            c.at_goal(Vec2::new(4.0, 0.0), Vec2::new(5.0, 1.0)),
            "touching counts"
        );
        assert!(!c.at_goal(Vec2::new(3.0, 0.0), Vec2::new(4.99, 1.0)));
    }

    #[test]
    fn finishing_keeps_the_best_time_and_starts_over() {
        let mut r = Run::new(100);
        r.taken = 0b101;
        assert_eq!(r.coins(), 2);
        assert_eq!(r.finish(700), 600);
        assert_eq!(
            (r.best, r.last, r.taken, r.started),
            (Some(600), Some(600), 0, 700)
        );
        assert_eq!(r.finish(1500), 800);
        assert_eq!((r.best, r.last), (Some(600), Some(800)));
        assert_eq!(r.finish(1900), 400);
        assert_eq!(r.best, Some(400));
    }
}
