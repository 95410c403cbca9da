//! Timing both sides of a case fairly: the thread pinned to one core, a warm-up, then
//! alternating rounds; and the `compare` line that reports the result.

use std::hint::black_box;
use std::time::{Duration, Instant};

use crate::cases::Case;
use crate::config::Config;

/// The name printed as `peer=` on the compare lines.
pub const PEER: &str = "parry2d";

/// Mean time per query of both sides of a case.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    /// glissade, mean nanoseconds per query.
    pub ours_ns: f64,
    /// The peer (parry2d), mean nanoseconds per query.
    pub peer_ns: f64,
}

impl Timing {
    /// `peer_ns / ours_ns`: how many times faster glissade is.
    #[must_use]
    pub fn speedup(&self) -> f64 {
        self.peer_ns / self.ours_ns
    }
}

/// Pins the calling thread to the core it runs on, so that the timings are not disturbed by
/// the scheduler moving it between cores (measured here: the same run spread from 50 to
/// 107 ns per query unpinned, 64 ns ± 1 pinned). Both sides run pinned alike. Returns the
/// core, or `None` where pinning is unavailable (the timings then just vary more).
pub fn pin_to_current_core() -> Option<usize> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sched_getcpu has no preconditions; the cpu_set_t is zeroed then filled
        // through the libc macros, and sched_setaffinity(0, ..) only affects this thread.
        unsafe {
            let cpu = libc::sched_getcpu();
            if cpu < 0 {
                return None;
            }
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(cpu as usize, &mut set);
            if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0 {
                return Some(cpu as usize);
            }
        }
        None
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// The machine's load averages over 1, 5 and 15 minutes as the system reports them
/// (`/proc/loadavg` on Linux), for the run's notes: a timing means little without the load it
/// was taken under. `None` where the system does not report them.
#[must_use]
pub fn machine_load() -> Option<String> {
    load_averages(&std::fs::read_to_string("/proc/loadavg").ok()?)
}

/// The first three numbers of a `/proc/loadavg` text, as written there; `None` unless there
/// are three numbers first.
fn load_averages(text: &str) -> Option<String> {
    let three: Vec<&str> = text.split_whitespace().take(3).collect();
    let numbers = three.len() == 3 && three.iter().all(|w| w.parse::<f64>().is_ok());
    numbers.then(|| three.join(" "))
}

/// Lets the calling thread run on every online core again (a thread starts with the cores of
/// the thread that made it: the workers of a thread pool made by a pinned thread would all
/// share its one core). Returns whether it could.
pub fn unpin_current_thread() -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sysconf has no preconditions; the cpu_set_t is zeroed then filled through
        // the libc macros (never past its size), and sched_setaffinity(0, ..) only affects
        // this thread.
        unsafe {
            let online = libc::sysconf(libc::_SC_NPROCESSORS_ONLN);
            if online < 1 {
                return false;
            }
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            for cpu in 0..(online as usize).min(libc::CPU_SETSIZE as usize) {
                libc::CPU_SET(cpu, &mut set);
            }
            libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// Times `sweeps` passes of `sweep` and returns the elapsed time.
fn time_sweeps(sweep: &dyn Fn() -> f32, sweeps: u64) -> Duration {
    let mut acc = 0.0f32;
    let start = Instant::now();
    for _ in 0..sweeps {
        acc += sweep();
    }
    let elapsed = start.elapsed();
    black_box(acc);
    elapsed
}

/// Runs `sweep` untimed for about `dur`.
fn warm_up(sweep: &dyn Fn() -> f32, dur: Duration) {
    let start = Instant::now();
    let mut acc = 0.0f32;
    while start.elapsed() < dur {
        acc += sweep();
    }
    black_box(acc);
}

/// How many sweeps of `sweep` fill about `target`.
fn calibrate(sweep: &dyn Fn() -> f32, target: Duration) -> u64 {
    let one = time_sweeps(sweep, 1).max(Duration::from_nanos(100));
    (target.as_secs_f64() / one.as_secs_f64()).ceil().max(1.0) as u64
}

/// Measures both sides of `case` with [`measure_sweeps`].
pub fn measure(case: &dyn Case, cfg: &Config) -> Timing {
    measure_sweeps(
        &|| case.sweep_ours(),
        &|| case.sweep_peer(),
        case.timing_len(),
        cfg,
    )
}

/// Measures two sweeps over `len` inputs each: a warm-up of each, then `cfg.rounds` rounds in
/// which each loops over all its inputs for about `cfg.round_time`; the side that goes first
/// alternates from round to round. The mean is the total time over the total query count.
pub fn measure_sweeps(
    ours: &dyn Fn() -> f32,
    peer: &dyn Fn() -> f32,
    len: usize,
    cfg: &Config,
) -> Timing {
    warm_up(ours, cfg.warmup);
    warm_up(peer, cfg.warmup);
    let sweeps_ours = calibrate(ours, cfg.round_time);
    let sweeps_peer = calibrate(peer, cfg.round_time);
    let (mut t_ours, mut t_peer) = (Duration::ZERO, Duration::ZERO);
    for round in 0..cfg.rounds {
        if round % 2 == 0 {
            t_ours += time_sweeps(ours, sweeps_ours);
            t_peer += time_sweeps(peer, sweeps_peer);
        } else {
            t_peer += time_sweeps(peer, sweeps_peer);
            t_ours += time_sweeps(ours, sweeps_ours);
        }
    }
    let n = len as f64 * f64::from(cfg.rounds);
    Timing {
        ours_ns: t_ours.as_nanos() as f64 / (n * sweeps_ours as f64),
        peer_ns: t_peer.as_nanos() as f64 / (n * sweeps_peer as f64),
    }
}

/// Formats the exact `compare` line for a case.
#[must_use]
pub fn compare_line(name: &str, timing: &Timing, agree: f64) -> String {
    format!(
        "compare {name} ours_ns={:.2} peer={PEER} peer_ns={:.2} speedup={:.2} agree={:.6}",
        timing.ours_ns,
        timing.peer_ns,
        timing.speedup(),
        agree
    )
}

#[cfg(test)]
mod tests {
    use super::load_averages;

    #[test]
    fn load_averages_are_the_first_three_numbers() {
        assert_eq!(
            load_averages("1.10 1.08 1.04 1/75 9442\n").as_deref(),
            Some("1.10 1.08 1.04")
        );
        assert_eq!(
            load_averages("0.00 0.01 0.05").as_deref(),
            Some("0.00 0.01 0.05")
        );
        // Too few numbers, or words where numbers belong: no load.
        assert_eq!(load_averages("1.10 1.08"), None);
        assert_eq!(load_averages(""), None);
        assert_eq!(load_averages("load 1.10 1.08 1.04"), None);
    }
}
