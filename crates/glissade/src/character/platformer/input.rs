//! The buttons a [`Platformer`](super::Platformer) reads each update.

/// The buttons held this step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlatformerInput {
    /// Left held.
    pub left: bool,
    /// Right held.
    pub right: bool,
    /// Jump held (a jump starts when it goes down).
    pub jump: bool,
    /// Down held: drops through a one-way platform, climbs down a ladder, aims a dash down.
    pub down: bool,
    /// Up held: climbs up a ladder (starting the climb when inside one), aims a dash up.
    pub up: bool,
    /// Dash held (a dash starts when it goes down).
    pub dash: bool,
    /// Crouch held.
    pub crouch: bool,
}

impl PlatformerInput {
    /// Nothing held (the default, usable in constants).
    pub const NONE: PlatformerInput = PlatformerInput {
        left: false,
        right: false,
        jump: false,
        down: false,
        up: false,
        dash: false,
        crouch: false,
    };
}
