//! The agreement of both sides over every input of a case: counts of each kind of answer,
//! agreements, the disagreements the f64 reference settles, and the first few examples.

use super::answer::Answer;

/// Counts of each kind of answer of one side.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tally {
    /// [`Answer::Miss`]
    pub miss: usize,
    /// [`Answer::Hit`]
    pub hit: usize,
    /// [`Answer::Overlapping`]
    pub overlapping: usize,
    /// [`Answer::Unsupported`]
    pub unsupported: usize,
}

impl Tally {
    pub(super) fn add(&mut self, a: Answer) {
        match a {
            Answer::Miss => self.miss += 1,
            Answer::Hit(_) => self.hit += 1,
            Answer::Overlapping(_) => self.overlapping += 1,
            Answer::Unsupported => self.unsupported += 1,
        }
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "hit={} overlapping={} miss={}",
            self.hit, self.overlapping, self.miss
        )?;
        if self.unsupported > 0 {
            write!(f, " unsupported={}", self.unsupported)?;
        }
        Ok(())
    }
}

/// The agreement of both sides over every input of a case.
#[derive(Debug, Clone, Default)]
pub struct Check {
    /// Inputs checked.
    pub total: usize,
    /// Inputs on which both sides agree.
    pub agreeing: usize,
    /// glissade's answers.
    pub ours: Tally,
    /// parry2d's answers.
    pub peer: Tally,
    /// Disagreements on which glissade agrees with the f64 reference (within [`AGREE_TOL`](super::answer::AGREE_TOL))
    /// and parry2d does not: parry2d is wrong there, and the input counts as agreeing (the
    /// rule of our differential tests). Listed among the examples.
    pub peer_wrong: usize,
    /// Disagreements on which glissade is nearer the f64 reference than parry2d.
    pub ours_nearer: usize,
    /// Disagreements on which parry2d is nearer the f64 reference than glissade.
    pub peer_nearer: usize,
    /// When asked for: on how many inputs each side (glissade, parry2d) agrees with the f64
    /// reference.
    pub reference_agreeing: Option<(usize, usize)>,
    /// The first few disagreeing inputs, with both answers and the reference's: first those
    /// where parry2d is nearer the reference (suspects for glissade), then the others.
    pub examples: Vec<String>,
}

impl Check {
    /// Fraction of inputs on which both sides agree, counting the inputs where the f64
    /// reference shows parry2d wrong and glissade right as agreeing.
    #[must_use]
    pub fn agree(&self) -> f64 {
        (self.agreeing + self.peer_wrong) as f64 / self.total.max(1) as f64
    }

    /// Fraction of inputs on which both sides give the same answer, whoever is right.
    #[must_use]
    pub fn raw_agree(&self) -> f64 {
        self.agreeing as f64 / self.total.max(1) as f64
    }
}

/// How many disagreeing inputs a [`Check`] keeps.
pub const EXAMPLES: usize = 5;
