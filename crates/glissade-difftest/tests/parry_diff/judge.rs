//! Verdicts against the reference, and the per-pair tally.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use glissade_difftest::reference::PathTruth;

/// Fractions must agree within this (of the motion).
pub const TAU_T: f64 = 1e-4;

/// The distance tolerance of a case whose coordinates reach `magnitude`: 1e-4, plus one f32
/// machine epsilon per unit of magnitude. At large offsets (1e3 to 1e5) positions are only
/// representable to about `f32::EPSILON * magnitude`, so a configuration set up as touching in
/// world coordinates is only touching to that precision (1e5 gives 1e-4 + 1.2e-2). Near the
/// origin the extra term is below 1.2e-6.
pub fn tau(magnitude: f32) -> f64 {
    1e-4 + f64::from(f32::EPSILON) * f64::from(magnitude)
}

/// How one library's answer compares with the reference.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Right within the tolerances, whatever the rounding.
    Exact,
    /// Acceptable only because the truth is within the distance tolerance of touching (the
    /// reason is recorded).
    Near(String),
    /// Wrong: a short category and the reason.
    Wrong(&'static str, String),
}

impl Verdict {
    pub fn ok(&self) -> bool {
        !matches!(self, Verdict::Wrong(..))
    }
}

/// Judges a cast answer given as "no contact" (`None`) or "first contact at `t`" against the
/// truth about the path. `sd(t)` is the reference signed distance at fraction `t`.
///
/// A fraction is right when it is within [`TAU_T`] of the true first contact, or — near
/// touching — when the true distance there is within `tau` of zero and the path did not
/// overlap by more than `tau` before it. No contact is right when the path never overlaps by
/// more than `tau`.
pub fn judge_fraction(
    ans: Option<f64>,
    truth: &PathTruth,
    sd: &dyn Fn(f64) -> f64,
    tau: f64,
) -> Verdict {
    match ans {
        None => {
            if truth.min_sd > tau {
                Verdict::Exact
            } else if truth.min_sd >= -tau {
                Verdict::Near(format!(
                    "no contact; the path comes within {:.2e} of touching (min signed distance {:.3e} at t = {:.6})",
                    truth.min_sd.abs(),
                    truth.min_sd,
                    truth.t_min
                ))
            } else {
                Verdict::Wrong(
                    "misses a contact",
                    format!(
                        "no contact, but the path overlaps by {:.6e} (first contact at t = {:?}, deepest at t = {:.6})",
                        -truth.min_sd, truth.t_first, truth.t_min
                    ),
                )
            }
        }
        Some(t) => {
            if !(0.0..=1.0).contains(&t) {
                return Verdict::Wrong("fraction", format!("fraction {t} outside [0, 1]"));
            }
            if let Some(tf) = truth.t_first
                && (t - tf).abs() <= TAU_T
            {
                return Verdict::Exact;
            }
            let s = sd(t);
            if s.abs() <= tau && (t <= truth.t_min || truth.min_sd >= -tau) {
                Verdict::Near(format!(
                    "contact at t = {t:.6}, where the true signed distance is {s:.3e} (true first contact {:?}, min {:.3e} at t = {:.6})",
                    truth.t_first, truth.min_sd, truth.t_min
                ))
            } else {
                Verdict::Wrong(
                    "fraction",
                    format!(
                        "contact at t = {t:.7}, but the true signed distance there is {s:.6e} (true first contact at t = {:?}; min {:.6e} at t = {:.6})",
                        truth.t_first, truth.min_sd, truth.t_min
                    ),
                )
            }
        }
    }
}

/// Judges an overlap answer (`Some(depth)` or `None`) against the reference signed distance.
pub fn judge_depth(ans: Option<f64>, sd: f64, tau: f64) -> Verdict {
    match ans {
        None if sd > tau => Verdict::Exact,
        None if sd >= -tau => {
            Verdict::Near(format!("no overlap; the true signed distance is {sd:.3e}"))
        }
        None => Verdict::Wrong(
            "misses an overlap",
            format!("no overlap, but the true depth is {:.6e}", -sd),
        ),
        Some(depth) => {
            if !(depth + sd).abs().le(&tau) {
                Verdict::Wrong(
                    "depth",
                    format!("depth {depth:.7}, but the true signed distance is {sd:.7}"),
                )
            } else if sd < -tau {
                Verdict::Exact
            } else {
                Verdict::Near(format!(
                    "overlap of {depth:.3e}; the true signed distance is {sd:.3e}"
                ))
            }
        }
    }
}

/// The tally for one pair and query.
#[derive(Debug, Default)]
pub struct Stats {
    pub cases: usize,
    /// glissade and parry agree (and glissade agrees with the reference).
    pub agree: usize,
    /// They disagree and both are acceptable because the truth is within tolerance of touching.
    pub near: usize,
    /// They disagree, glissade is right and parry is wrong (per the reference, confirmed by dense
    /// sampling).
    pub parry_wrong: usize,
    /// glissade is wrong per the reference (or the reference is inconsistent).
    pub failures: usize,
    /// glissade against the reference, on every case.
    pub glissade_exact: usize,
    pub glissade_near: usize,
    /// What the true answers were (coverage).
    pub coverage: BTreeMap<&'static str, usize>,
    /// Near-touch cases by how the case was made.
    pub near_tags: BTreeMap<&'static str, usize>,
    /// Parry-wrong cases by what parry got wrong.
    pub parry_kinds: BTreeMap<&'static str, usize>,
    pub near_examples: Vec<String>,
    pub parry_examples: Vec<String>,
    pub failure_reports: Vec<String>,
    pub failure_kinds: BTreeMap<&'static str, usize>,
}

const EXAMPLES: usize = 3;
const FAILURE_REPORTS: usize = 8;
const REPORTS_PER_KIND: usize = 2;

impl Stats {
    pub fn cover(&mut self, what: &'static str) {
        *self.coverage.entry(what).or_default() += 1;
    }

    pub fn glissade(&mut self, v: &Verdict) {
        match v {
            Verdict::Exact => self.glissade_exact += 1,
            Verdict::Near(_) => self.glissade_near += 1,
            Verdict::Wrong(..) => {}
        }
    }

    pub fn agree(&mut self) {
        self.agree += 1;
    }

    pub fn near(&mut self, tag: &'static str, example: impl FnOnce() -> String) {
        self.near += 1;
        *self.near_tags.entry(tag).or_default() += 1;
        if self.near_examples.len() < EXAMPLES {
            self.near_examples.push(example());
        }
    }

    /// A case where parry is wrong (`kind`: what it got wrong) and glissade right; the first
    /// [`REPORTS_PER_KIND`] examples of each kind are kept.
    pub fn parry_wrong(&mut self, kind: &'static str, example: impl FnOnce() -> String) {
        self.parry_wrong += 1;
        let seen = self.parry_kinds.entry(kind).or_default();
        *seen += 1;
        if *seen <= REPORTS_PER_KIND {
            self.parry_examples.push(format!("[{kind}] {}", example()));
        }
    }

    /// A failure of kind `kind`; the first [`REPORTS_PER_KIND`] reports of each kind are kept.
    pub fn fail(&mut self, kind: &'static str, report: impl FnOnce() -> String) {
        self.failures += 1;
        let seen = self.failure_kinds.entry(kind).or_default();
        *seen += 1;
        if *seen <= REPORTS_PER_KIND && self.failure_reports.len() < FAILURE_REPORTS {
            self.failure_reports.push(format!("[{kind}] {}", report()));
        }
    }

    /// Prints the summary (one `eprint!`, so parallel tests do not interleave) and fails the
    /// test if any case failed.
    pub fn finish(self, name: &str, elapsed: Duration) {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "[{name}] {} cases in {:.1} s: agree {}, near-touch {}, parry wrong {}, FAILED {} | glissade vs reference: exact {}, near-touch {}",
            self.cases,
            elapsed.as_secs_f64(),
            self.agree,
            self.near,
            self.parry_wrong,
            self.failures,
            self.glissade_exact,
            self.glissade_near,
        );
        let _ = writeln!(s, "    truth: {:?}", self.coverage);
        if self.near > 0 {
            let _ = writeln!(s, "    near-touch by case kind: {:?}", self.near_tags);
            for e in &self.near_examples {
                let _ = writeln!(s, "    near-touch e.g. {e}");
            }
        }
        if self.parry_wrong > 0 {
            let _ = writeln!(s, "    parry wrong by kind: {:?}", self.parry_kinds);
            for e in &self.parry_examples {
                let _ = writeln!(s, "    parry wrong e.g. {e}");
            }
        }
        if self.failures > 0 {
            let _ = writeln!(s, "    FAILURES by kind: {:?}", self.failure_kinds);
        }
        for r in &self.failure_reports {
            let _ = writeln!(s, "    FAILURE {r}");
        }
        eprint!("{s}");
        assert_eq!(
            self.agree + self.near + self.parry_wrong + self.failures,
            self.cases,
            "every case is classified once"
        );
        assert!(
            self.failures == 0,
            "[{name}] {} of {} cases failed ({:?}); first reports:\n{}",
            self.failures,
            self.cases,
            self.failure_kinds,
            self.failure_reports.join("\n")
        );
    }
}
