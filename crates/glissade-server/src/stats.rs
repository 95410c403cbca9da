//! The simulation's figures: tick durations kept in a ring, and what `/stats` reports.

use std::time::Duration;

use serde::Serialize;

/// Tick durations kept for the percentiles.
pub const TICK_RING: usize = 600;

/// Tick timings: the last [`TICK_RING`] durations.
#[derive(Debug, Clone)]
pub struct TickTimes {
    ring: Vec<Duration>,
    next: usize,
}

impl Default for TickTimes {
    fn default() -> Self {
        TickTimes {
            ring: Vec::with_capacity(TICK_RING),
            next: 0,
        }
    }
}

impl TickTimes {
    /// Records one tick's duration.
    pub fn record(&mut self, d: Duration) {
        if self.ring.len() < TICK_RING {
            self.ring.push(d);
        } else {
            self.ring[self.next] = d;
        }
        self.next = (self.next + 1) % TICK_RING;
    }

    /// The `q` quantile (0..=1) of the kept durations (nearest rank), zero when empty.
    pub fn quantile(&self, q: f64) -> Duration {
        if self.ring.is_empty() {
            return Duration::ZERO;
        }
        let mut v = self.ring.clone();
        v.sort_unstable();
        let rank = (q.clamp(0.0, 1.0) * v.len() as f64).ceil() as usize;
        v[rank.clamp(1, v.len()) - 1]
    }

    /// The longest kept duration.
    pub fn max(&self) -> Duration {
        self.ring.iter().copied().max().unwrap_or_default()
    }
}

/// The simulation's figures, refreshed once a second.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Stats {
    /// Ticks run.
    pub ticks: u64,
    /// Players (clients and bots).
    pub players: usize,
    /// Median tick duration over the last [`TICK_RING`] ticks, microseconds.
    pub tick_p50_us: u64,
    /// 99th percentile tick duration, microseconds.
    pub tick_p99_us: u64,
    /// Longest tick duration, microseconds.
    pub tick_max_us: u64,
    /// Snapshots dropped because a client's queue was full.
    pub snapshots_dropped: u64,
}

/// A duration in whole microseconds (saturating).
pub fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_of_the_ring() {
        let mut t = TickTimes::default();
        assert_eq!(t.quantile(0.99), Duration::ZERO);
        for i in 1..=100 {
            t.record(Duration::from_micros(i));
        }
        assert_eq!(t.quantile(0.99), Duration::from_micros(99));
        assert_eq!(t.quantile(0.5), Duration::from_micros(50));
        for _ in 0..TICK_RING {
            t.record(Duration::from_micros(7));
        }
        assert_eq!(t.quantile(0.99), Duration::from_micros(7));
        assert_eq!(t.max(), Duration::from_micros(7));
    }
}
