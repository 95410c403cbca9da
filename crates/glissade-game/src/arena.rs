//! The arena's rules past the bullets: health, knockback, deaths and respawns with a short
//! invulnerability, kills scored, and rounds won by the first to the kill target, with a feed
//! of the recent kills.
//!
//! A hit takes one of [`MAX_HEALTH`] points from its victim (none while it is invulnerable)
//! and knocks it back along the line from the shooter to the victim at [`KNOCKBACK_SPEED`],
//! fading with [`KNOCKBACK_FADE_S`]: the knock is part of the victim's own move, through the
//! engine, so it slides along walls and never enters them. The hit that takes the last point
//! kills: the shooter scores a kill, and the victim is put back at a spawn point with its
//! health back and [`INVULNERABLE_TICKS`] of invulnerability. The first to [`KILL_TARGET`]
//! kills wins the round: every score and health starts over for the next.

use std::collections::BTreeMap;

use glissade::glam::Vec2;

use crate::event::Event;
use crate::player::Player;
use crate::tuning::{MAX_HEALTH, TICK_HZ};

/// Speed a hit knocks its victim away at, world units per second.
pub const KNOCKBACK_SPEED: f32 = 14.0;
/// Time constant of a knock's fading, seconds: after it, about a third is left.
pub const KNOCKBACK_FADE_S: f32 = 0.1;
/// Ticks of invulnerability after a respawn (1.5 s).
pub const INVULNERABLE_TICKS: u32 = TICK_HZ * 3 / 2;
/// Kills that win a round.
pub const KILL_TARGET: u32 = 5;
/// How long a kill stays in the feed, ticks (5 s).
pub const FEED_TICKS: u64 = 5 * TICK_HZ as u64;
/// Most kills the feed keeps.
pub const FEED_MAX: usize = 5;

/// One kill, for the feed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kill {
    /// The tick it happened in.
    pub tick: u64,
    /// The shooter's id.
    pub killer: u32,
    /// The victim's id.
    pub victim: u32,
}

/// The state of the arena's rounds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rounds {
    /// The round being played, from 1.
    pub number: u32,
    /// The winner of the last round won, and the tick it was won in.
    pub last: Option<(u32, u64)>,
    /// The recent kills, oldest first (at most [`FEED_MAX`], none older than [`FEED_TICKS`]).
    pub feed: Vec<Kill>,
}

impl Rounds {
    /// Round 1, nothing won yet.
    #[must_use]
    pub fn new() -> Self {
        Rounds {
            number: 1,
            ..Rounds::default()
        }
    }

    /// The kills of the tick's `events` (from index `from`): damage, knockback, kills and
    /// the round's end, as the module says. Returns the victims to put back at a spawn point
    /// (in the order they died). `positions` gives each player's position (for the
    /// knockback's direction).
    pub fn apply_hits(
        &mut self,
        tick: u64,
        players: &mut BTreeMap<u32, Player>,
        positions: &BTreeMap<u32, Vec2>,
        events: &mut Vec<Event>,
        from: usize,
    ) -> Vec<u32> {
        let hits: Vec<(u32, u32)> = events[from..]
            .iter()
            .filter_map(|e| match *e {
                Event::Hit {
                    shooter, victim, ..
                } => Some((shooter, victim)),
                _ => None,
            })
            .collect();
        let mut dead = Vec::new();
        for (shooter, victim) in hits {
            let Some(v) = players.get_mut(&victim) else {
                continue;
            };
            if v.invulnerable > 0 || v.health == 0 {
                continue;
            }
            v.health -= 1;
            let away = match (positions.get(&shooter), positions.get(&victim)) {
                (Some(&s), Some(&t)) => (t - s).normalize_or_zero(),
                _ => Vec2::ZERO,
            };
            v.knock = away * KNOCKBACK_SPEED;
            if v.health > 0 {
                continue;
            }
            v.deaths += 1;
            dead.push(victim);
            events.push(Event::Killed {
                killer: shooter,
                victim,
            });
            self.feed.push(Kill {
                tick,
                killer: shooter,
                victim,
            });
            let Some(k) = players.get_mut(&shooter) else {
                continue;
            };
            k.score += 1;
            if k.score >= KILL_TARGET {
                events.push(Event::RoundWon {
                    winner: shooter,
                    round: self.number,
                });
                self.last = Some((shooter, tick));
                self.number += 1;
                // Everyone starts the next round whole; a player killed earlier in this tick
                // keeps its 0 until its respawn restores it (no hit lands on it meanwhile).
                for (id, p) in players.iter_mut() {
                    p.score = 0;
                    if !dead.contains(id) {
                        p.health = MAX_HEALTH;
                    }
                }
            }
        }
        self.feed
            .retain(|k| tick.saturating_sub(k.tick) < FEED_TICKS);
        let extra = self.feed.len().saturating_sub(FEED_MAX);
        self.feed.drain(..extra);
        dead
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::Driver;
    use glissade::{Circle, ColliderDesc, World};

    /// Players `ids`, each with a collider of its own in a world of their own (the rules
    /// here never read it).
    fn players(ids: &[u32]) -> BTreeMap<u32, Player> {
        let mut world = World::new();
        ids.iter()
            .map(|&id| {
                let body = ColliderDesc::new(Circle::new(0.5).unwrap(), Vec2::ZERO).kinematic();
                let h = world.add(body).unwrap();
                (id, Player::new(h, Driver::TopDown, None, 0))
            })
            .collect()
    }

    fn hit(shooter: u32, victim: u32) -> Event {
        Event::Hit {
            bullet: 1,
            shooter,
            victim,
        }
    }

    #[test]
    fn three_hits_kill_the_fifth_kill_wins_the_round_and_invulnerability_absorbs() {
        // Player 1 at (0, 0) shoots player 2 at (3, 4): each hit knocks 2 away along
        // (0.6, 0.8) at 14, and the third kills (1 scores). Five kills win round 1: the
        // scores and health start over, round 2 begins.
        let mut ps = players(&[1, 2]);
        let at = BTreeMap::from([(1, Vec2::ZERO), (2, Vec2::new(3.0, 4.0))]);
        let mut r = Rounds::new();
        let mut tick = 0;
        for kill in 1..=KILL_TARGET {
            for h in 1..=MAX_HEALTH {
                tick += 1;
                let mut events = vec![hit(1, 2)];
                let dead = r.apply_hits(tick, &mut ps, &at, &mut events, 0);
                assert_eq!(ps[&2].knock, Vec2::new(0.6, 0.8) * KNOCKBACK_SPEED);
                if h < MAX_HEALTH {
                    assert!(dead.is_empty());
                    assert_eq!(ps[&2].health, MAX_HEALTH - h);
                    continue;
                }
                assert_eq!(dead, vec![2]);
                assert!(events.contains(&Event::Killed {
                    killer: 1,
                    victim: 2
                }));
                if kill < KILL_TARGET {
                    assert_eq!(ps[&1].score, kill);
                } else {
                    assert!(events.contains(&Event::RoundWon {
                        winner: 1,
                        round: 1
                    }));
                    assert_eq!((ps[&1].score, r.number, r.last), (0, 2, Some((1, tick))));
                }
                // The game puts the victim back with its health and invulnerability.
                let v = ps.get_mut(&2).unwrap();
                v.health = MAX_HEALTH;
                v.invulnerable = if kill == 1 { INVULNERABLE_TICKS } else { 0 };
                if kill == 1 {
                    let mut events = vec![hit(1, 2)];
                    r.apply_hits(tick, &mut ps, &at, &mut events, 0);
                    assert_eq!(ps[&2].health, MAX_HEALTH, "absorbed while invulnerable");
                    ps.get_mut(&2).unwrap().invulnerable = 0;
                }
            }
        }
        assert_eq!(ps[&2].deaths, KILL_TARGET);
        assert_eq!(r.feed.len(), FEED_MAX);
    }

    #[test]
    fn the_feed_forgets_kills_older_than_five_seconds() {
        let mut ps = players(&[1, 2]);
        ps.get_mut(&2).unwrap().health = 1;
        let at = BTreeMap::new();
        let mut r = Rounds::new();
        r.apply_hits(10, &mut ps, &at, &mut vec![hit(1, 2)], 0);
        assert_eq!(r.feed.len(), 1);
        r.apply_hits(10 + FEED_TICKS - 1, &mut ps, &at, &mut Vec::new(), 0);
        assert_eq!(r.feed.len(), 1);
        r.apply_hits(10 + FEED_TICKS, &mut ps, &at, &mut Vec::new(), 0);
        assert!(r.feed.is_empty());
    }
}
