//! What happened during a tick, for whoever drives the game to report or count.

/// Why a player was put back at a spawn point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Respawn {
    /// It was gone from the world, far outside the level's bounds, or not finite.
    Lost,
    /// Its move failed (the driver refused the step).
    MoveFailed,
    /// It reached the goal (platformer): the next run starts.
    Finished,
    /// It was killed (arena): it comes back with its health and a short invulnerability.
    Killed,
}

/// One thing that happened during a tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A player fired a bullet (arena).
    Fired {
        /// The bullet's id.
        bullet: u32,
        /// The shooter's id.
        owner: u32,
    },
    /// A bullet hit a player (arena): one point of its health, unless it is invulnerable.
    Hit {
        /// The bullet's id.
        bullet: u32,
        /// The shooter's id.
        shooter: u32,
        /// The id of the player hit.
        victim: u32,
    },
    /// A hit took a player's last point of health (arena): the shooter scores a kill.
    Killed {
        /// The shooter's id.
        killer: u32,
        /// The id of the player killed.
        victim: u32,
    },
    /// A player reached the kill target (arena): it wins the round, and the next starts.
    RoundWon {
        /// The winner's id.
        winner: u32,
        /// The round won, from 1.
        round: u32,
    },
    /// A player took a coin (platformer): coin `coin` of the course, for its run.
    CoinTaken {
        /// The player's id.
        id: u32,
        /// The coin's index in the course.
        coin: u32,
    },
    /// A player reached the goal (platformer), ending its run.
    Finished {
        /// The player's id.
        id: u32,
        /// The run's time, ticks.
        ticks: u64,
        /// The player's best time so far (this one included), ticks.
        best: u64,
        /// Coins taken in the run.
        coins: u32,
    },
    /// A player was put back at a spawn point, at rest.
    Respawned {
        /// The player's id.
        id: u32,
        /// Why.
        why: Respawn,
    },
}
