//! What can go wrong when bodies are driven or a game is set up.

/// Why one body could not be moved by one step.
#[derive(Debug, thiserror::Error)]
pub enum DriveError {
    /// The platformer character's step failed.
    #[error("the platformer step failed: {0}")]
    Character(#[from] glissade::character::CharacterError),
    /// The top-down move and slide failed.
    #[error("the top-down move failed: {0}")]
    Move(#[from] glissade::motion::MoveError),
}

/// Why a game could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// A player's, a bullet's or a box's shape was refused.
    #[error("cannot make a shape: {0}")]
    Shape(#[from] glissade::ShapeError),
    /// The level could not be built into a world.
    #[error("cannot build the level: {0}")]
    Build(#[from] glissade_level::BuildError),
}
