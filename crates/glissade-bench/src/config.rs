//! How many inputs a run generates and how long it times them.

use std::time::Duration;

/// The working set of the second line of each query case (`compare <case>@64k`): 65,536
/// inputs, too many for the processor to learn their branches by heart over repeated sweeps
/// (and tens of megabytes, though that, measured, changes little).
pub const WIDE_TIMING_LEN: usize = 1 << 16;

/// How many inputs to generate and how long to time.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// Seed of the input generator (every case derives its own stream from it).
    pub seed: u64,
    /// Inputs generated per case; all of them are checked for agreement.
    pub check_len: usize,
    /// The first `timing_len` inputs are the ones timed, over and over. At the default 4,096
    /// the processor learns much of their branches by heart (measured: the same inputs
    /// repeated through a 65,536-input working set time alike), which flatters the side whose
    /// work branches more on the data; the `@64k` lines time 65,536 distinct inputs.
    pub timing_len: usize,
    /// Timing rounds per side; the order of the sides alternates between rounds.
    pub rounds: u32,
    /// Target duration of one round of one side.
    pub round_time: Duration,
    /// Untimed warm-up per side before the rounds.
    pub warmup: Duration,
}

impl Config {
    /// About 0.3 s of timing per side and case, in 30 short alternating rounds (so that a slow
    /// moment of the machine falls on both sides alike), agreement over 2^18 inputs.
    #[must_use]
    pub fn quick() -> Self {
        Self {
            seed: 0x5eed_9115_5ade,
            check_len: 1 << 18,
            timing_len: 4096,
            rounds: 30,
            round_time: Duration::from_millis(10),
            warmup: Duration::from_millis(40),
        }
    }

    /// Five times the timing of [`Config::quick`], on the same inputs.
    #[must_use]
    pub fn full() -> Self {
        Self {
            rounds: 150,
            warmup: Duration::from_millis(100),
            ..Self::quick()
        }
    }
}
