//! A simulated player: a random walk of the keys, drawn from the game's seeded generator.

use glissade_rng::SplitMix64;

use crate::keys::Keys;

/// A bot's state: the keys it holds and for how many more ticks.
#[derive(Debug, Clone, Default)]
pub struct Bot {
    keys: Keys,
    ticks_left: u32,
}

impl Bot {
    /// The keys for this tick: new ones now and then (held for 15 to 89 ticks). A platformer
    /// bot walks left, right or not, and jumps now and then; a top-down one walks in any of
    /// the eight directions or stands.
    pub fn keys(&mut self, rng: &mut SplitMix64, platformer: bool) -> Keys {
        if self.ticks_left == 0 {
            let dir = rng.below(3);
            let vertical = rng.below(3);
            self.keys = Keys {
                left: dir == 1,
                right: dir == 2,
                up: !platformer && vertical == 1,
                down: !platformer && vertical == 2,
                jump: platformer && rng.chance(0.4),
                dash: false,
            };
            // below(75) < 75, so this fits in a u32.
            self.ticks_left = 15 + rng.below(75) as u32;
        }
        self.ticks_left -= 1;
        self.keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_held_for_a_while_and_follow_the_mode() {
        let mut rng = SplitMix64::new(3);
        let mut bot = Bot::default();
        let first = bot.keys(&mut rng, true);
        let held = bot.ticks_left;
        assert!((14..89).contains(&held), "{held}");
        for _ in 0..held {
            assert_eq!(bot.keys(&mut rng, true), first);
        }
        for _ in 0..1000 {
            let k = bot.keys(&mut rng, true);
            assert!(!(k.up || k.down || (k.left && k.right)), "{k:?}");
        }
    }
}
