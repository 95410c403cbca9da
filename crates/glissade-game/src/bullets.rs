//! Arena bullets: fired from a player toward its aim, swept each tick against the walls and
//! the other players; a hit is an event for the arena's rules (health, kills).

use std::collections::BTreeMap;

use glissade::glam::Vec2;
use glissade::{CastResult, Circle, Handle, QueryFilter, Shape, ShapeError, World, cast};

use crate::event::Event;
use crate::player::Player;
use crate::steer::direction;
use crate::tuning::{BULLET_LIFE_TICKS, BULLET_RADIUS, BULLET_SPEED, DT, FIRE_EVERY_TICKS};

/// A bullet in flight.
#[derive(Debug, Clone, PartialEq)]
pub struct Bullet {
    /// Its id (unique while the game runs, never 0).
    pub id: u32,
    /// The shooter's id.
    pub owner: u32,
    /// Centre, world units.
    pub position: Vec2,
    /// Velocity, world units per second.
    pub velocity: Vec2,
    /// Ticks flown.
    pub age: u32,
}

/// Every bullet in flight, and the next id to give.
#[derive(Debug, Clone)]
pub struct Bullets {
    /// The bullets, oldest first.
    pub list: Vec<Bullet>,
    next_id: u32,
    shape: Shape,
}

impl Bullets {
    /// No bullet yet.
    pub fn new() -> Result<Self, ShapeError> {
        Ok(Bullets {
            list: Vec::new(),
            next_id: 1,
            shape: Shape::from(Circle::new(BULLET_RADIUS)?),
        })
    }

    /// Every player holding fire with an aim, and not cooling down, fires a bullet from its
    /// centre toward the aim (in id order). Every player's cooldown counts down a tick.
    pub fn fire(
        &mut self,
        world: &World,
        players: &mut BTreeMap<u32, Player>,
        events: &mut Vec<Event>,
    ) {
        for (&id, p) in players.iter_mut() {
            p.cooldown = p.cooldown.saturating_sub(1);
            let Some(aim) = p.input.aim else { continue };
            if !p.input.fire || p.cooldown > 0 {
                continue;
            }
            let Some(from) = world.get(p.handle).map(glissade::world::Collider::position) else {
                continue;
            };
            let dir = direction(from, aim);
            if dir == Vec2::ZERO || !dir.is_finite() {
                continue;
            }
            p.cooldown = FIRE_EVERY_TICKS;
            self.list.push(Bullet {
                id: self.next_id,
                owner: id,
                position: from,
                velocity: dir * BULLET_SPEED,
                age: 0,
            });
            events.push(Event::Fired {
                bullet: self.next_id,
                owner: id,
            });
            self.next_id = self.next_id.wrapping_add(1).max(1);
        }
    }

    /// Sweeps every bullet over the tick against the walls (the world's colliders other
    /// than the players) and against the players of `starts` (by the relative motion of
    /// bullet and player, from where each started the tick to where it is now; never the
    /// shooter), players being `player_shape`. The first thing hit removes the bullet (a
    /// player hit is an [`Event::Hit`]: the arena's rules take it from there). A bullet also
    /// ends when its life is over.
    pub fn step(
        &mut self,
        world: &World,
        players: &BTreeMap<u32, Player>,
        player_shape: &Shape,
        starts: &[(u32, Handle, Vec2)],
        events: &mut Vec<Event>,
    ) {
        if self.list.is_empty() {
            return;
        }
        let movers: Vec<(u32, Vec2, Vec2)> = starts
            .iter()
            .filter_map(|&(id, h, from)| {
                let to = world.get(h)?.position();
                Some((id, from, to - from))
            })
            .collect();
        let handles: Vec<Handle> = players.values().map(|p| p.handle).collect();
        let filter = QueryFilter::default().excluding(&handles);
        let shape = &self.shape;
        self.list.retain_mut(|b| {
            let motion = b.velocity * DT;
            let wall = world
                .cast_shape(shape, b.position, motion, &filter)
                .map_or(f32::INFINITY, |h| h.fraction);
            let mut hit: Option<(f32, u32)> = None;
            for &(id, from, moved) in &movers {
                if id == b.owner {
                    continue;
                }
                let t = match cast(shape, b.position, motion, player_shape, from, moved) {
                    CastResult::Hit(h) => h.fraction,
                    CastResult::Overlapping(_) => 0.0,
                    CastResult::Miss => continue,
                };
                if hit.is_none_or(|(best, _)| t < best) {
                    hit = Some((t, id));
                }
            }
            if let Some((t, victim)) = hit
                && t <= wall
            {
                events.push(Event::Hit {
                    bullet: b.id,
                    shooter: b.owner,
                    victim,
                });
                return false;
            }
            if wall.is_finite() {
                return false;
            }
            b.position += motion;
            b.age += 1;
            b.age < BULLET_LIFE_TICKS && b.position.is_finite()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::Driver;
    use crate::input::Input;
    use glissade::ColliderDesc;

    #[test]
    fn a_bullet_in_open_space_lives_its_life_and_ends() {
        let mut world = World::new();
        let shape = Shape::from(Circle::new(0.5).unwrap());
        let h = world
            .add(ColliderDesc::new(shape.clone(), Vec2::ZERO).kinematic())
            .unwrap();
        let mut players = BTreeMap::new();
        let mut p = Player::new(h, Driver::TopDown, None, 0);
        p.set_input(Input {
            aim: Some(Vec2::new(0.0, 5.0)),
            fire: true,
            ..Input::default()
        });
        players.insert(7, p);
        let mut bullets = Bullets::new().unwrap();
        let mut events = Vec::new();
        bullets.fire(&world, &mut players, &mut events);
        assert_eq!(
            events,
            [Event::Fired {
                bullet: 1,
                owner: 7
            }]
        );
        assert_eq!(players[&7].cooldown, FIRE_EVERY_TICKS);
        // Never the shooter itself, never anything else: it flies until its life is over.
        players.get_mut(&7).unwrap().input.fire = false;
        let starts = [(7, h, Vec2::ZERO)];
        for tick in 1..=BULLET_LIFE_TICKS {
            assert_eq!(bullets.list.len(), 1, "gone early, at tick {tick}");
            bullets.step(&world, &players, &shape, &starts, &mut events);
        }
        assert!(bullets.list.is_empty());
        assert_eq!(players[&7].score, 0);
        assert_eq!(events.len(), 1);
    }
}
