//! What one player asks of one tick: keys, and the pointer's use.

use glissade::glam::Vec2;

use crate::keys::Keys;

/// A player's input, held until the next one replaces it.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Input {
    /// The keys held.
    pub keys: Keys,
    /// Where the player aims, world units (arena).
    pub aim: Option<Vec2>,
    /// Fire held (arena): a bullet toward `aim`, at most one every
    /// [`FIRE_EVERY_TICKS`](crate::tuning::FIRE_EVERY_TICKS) ticks.
    pub fire: bool,
    /// Where the player drags, world units (sandbox): the box under the point where the drag
    /// started moves toward it.
    pub drag: Option<Vec2>,
}
