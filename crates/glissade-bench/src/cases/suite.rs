//! A case built from paired inputs: the query each side runs on one input, the timing sweep
//! over the inputs, and the agreement check over all of them.

use std::hint::black_box;

use super::answer::Answer;
use super::check::{Check, EXAMPLES};
use crate::config::Config;

/// One input of one library: runs the query and reduces its raw result to an [`Answer`].
pub trait Query {
    /// The library's own result type (black-boxed whole in the timing loops).
    type Raw;
    /// Runs the query.
    fn run(&self) -> Self::Raw;
    /// Reduces a result for comparison.
    fn answer(raw: Self::Raw) -> Answer;
    /// Whether [`run_boxed`](Query::run_boxed) is a path of its own: the peer's library
    /// answering the same question with a bounding-box test first, on boxes the input keeps
    /// (glissade's queries test the shapes' boxes inside, so its side has none).
    const BOXED: bool = false;
    /// Runs the query behind the library's own bounding-box test (see
    /// [`BOXED`](Query::BOXED)); the plain query where there is none.
    fn run_boxed(&self) -> Self::Raw {
        self.run()
    }
}

/// An input copied so that it shares nothing with the one it is copied from. A clone of
/// parry's side is that already, as long as its shapes own their data (`Cuboid`, `Ball`,
/// `Capsule`, and `ConvexPolygon` with its own vectors; a `SharedShape` would not: give such
/// a type its own `unshared`); glissade's side copies a polygon into a new `Arc` instead of
/// sharing it (see [`unshared_shape`]).
pub trait Unshared: Clone {
    /// The copy.
    fn unshared(&self) -> Self {
        self.clone()
    }
}

/// `s`, with a polygon copied into an `Arc` of its own rather than shared with `s`.
#[must_use]
pub fn unshared_shape(s: &glissade::Shape) -> glissade::Shape {
    match s {
        glissade::Shape::Polygon(p) => {
            glissade::Shape::Polygon(glissade::ConvexPolygon::clone(p).into())
        }
        other => other.clone(),
    }
}

/// What the disagreement notes need of glissade's side of an input.
pub trait Describe {
    /// Exact, reproducible text of the input.
    fn describe(&self) -> String;
    /// The answer of the slow f64 [reference](glissade_difftest::reference) on this input.
    fn reference(&self) -> Answer;
}

/// A benchmark case, object safe so the cases can be listed together.
pub trait Case {
    /// The case name, e.g. `cast/aabb-aabb`.
    fn name(&self) -> &'static str;
    /// Inputs in one timing sweep.
    fn timing_len(&self) -> usize;
    /// Times the first `n` inputs from now on (at most as many as were generated); the
    /// inputs do not change.
    fn set_timing_len(&mut self, n: usize);
    /// Makes the timed inputs past the first `period` copies of those first `period`, on both
    /// sides: as many inputs to read, only `period` of them distinct. This changes the
    /// inputs: call [`check`](Case::check) before, not after.
    fn repeat_timed(&mut self, period: usize);
    /// One pass of glissade over the timed inputs; returns an accumulated checksum.
    fn sweep_ours(&self) -> f32;
    /// One pass of the peer over the same inputs; returns an accumulated checksum.
    fn sweep_peer(&self) -> f32;
    /// Whether the peer has a box-first path for this question (see [`Query::BOXED`]).
    fn peer_boxed(&self) -> bool;
    /// One pass of the peer's box-first path over the same inputs; returns an accumulated
    /// checksum.
    fn sweep_peer_boxed(&self) -> f32;
    /// The share of all generated inputs on which the peer's box-first path answers as its
    /// plain query does.
    fn peer_boxed_agree(&self) -> f64;
    /// Compares both sides' answers over every generated input; with `reference`, also each
    /// side's with the f64 [reference](glissade_difftest::reference) (slower).
    fn check(&self, reference: bool) -> Check;
}

/// A case built from paired inputs: `ours[i]` and `peer[i]` are the same geometry.
struct Suite<O, P> {
    name: &'static str,
    ours: Vec<O>,
    peer: Vec<P>,
    timing_len: usize,
}

#[inline]
fn sweep<Q: Query>(inputs: &[Q]) -> f32 {
    let mut acc = 0.0f32;
    for q in inputs {
        let raw = black_box(black_box(q).run());
        acc += Q::answer(raw).checksum();
    }
    acc
}

/// [`sweep`] through the box-first path.
#[inline]
fn sweep_boxed<Q: Query>(inputs: &[Q]) -> f32 {
    let mut acc = 0.0f32;
    for q in inputs {
        let raw = black_box(black_box(q).run_boxed());
        acc += Q::answer(raw).checksum();
    }
    acc
}

/// `v[period..len]` made of copies of `v[..period]`, in order.
fn repeat<T: Unshared>(v: &mut [T], period: usize, len: usize) {
    if period == 0 {
        return;
    }
    for i in period..len.min(v.len()) {
        v[i] = v[i % period].unshared();
    }
}

impl<O: Query + Describe + Unshared, P: Query + Unshared> Case for Suite<O, P> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn timing_len(&self) -> usize {
        self.timing_len
    }

    fn set_timing_len(&mut self, n: usize) {
        self.timing_len = n.min(self.ours.len());
    }

    fn repeat_timed(&mut self, period: usize) {
        repeat(&mut self.ours, period, self.timing_len);
        repeat(&mut self.peer, period, self.timing_len);
    }

    fn sweep_ours(&self) -> f32 {
        sweep(&self.ours[..self.timing_len])
    }

    fn sweep_peer(&self) -> f32 {
        sweep(&self.peer[..self.timing_len])
    }

    fn peer_boxed(&self) -> bool {
        P::BOXED
    }

    fn sweep_peer_boxed(&self) -> f32 {
        sweep_boxed(&self.peer[..self.timing_len])
    }

    fn peer_boxed_agree(&self) -> f64 {
        let same = self
            .peer
            .iter()
            .filter(|p| P::answer(p.run_boxed()).agrees(P::answer(p.run())))
            .count();
        same as f64 / self.peer.len().max(1) as f64
    }

    fn check(&self, reference: bool) -> Check {
        let mut check = Check {
            total: self.ours.len(),
            ..Check::default()
        };
        let (mut suspects, mut others) = (Vec::new(), Vec::new());
        let mut with_ref = (0, 0);
        for (o, p) in self.ours.iter().zip(&self.peer) {
            let (a, b) = (O::answer(o.run()), P::answer(p.run()));
            check.ours.add(a);
            check.peer.add(b);
            if reference {
                let r = o.reference();
                with_ref.0 += usize::from(a.agrees(r));
                with_ref.1 += usize::from(b.agrees(r));
            }
            if a.agrees(b) {
                check.agreeing += 1;
                continue;
            }
            let r = o.reference();
            if a.agrees(r) && !b.agrees(r) {
                check.peer_wrong += 1;
            }
            let (ea, eb) = (a.discrepancy(r), b.discrepancy(r));
            let list = if ea < eb {
                check.ours_nearer += 1;
                &mut others
            } else {
                if eb < ea {
                    check.peer_nearer += 1;
                }
                &mut suspects
            };
            if list.len() < EXAMPLES {
                list.push(format!(
                    "{} glissade={a} parry={b} f64_reference={r}",
                    o.describe()
                ));
            }
        }
        check.reference_agreeing = reference.then_some(with_ref);
        check.examples = suspects;
        check.examples.extend(others);
        check.examples.truncate(EXAMPLES);
        check
    }
}

pub(super) fn suite<O: Query + Describe + Unshared + 'static, P: Query + Unshared + 'static>(
    name: &'static str,
    ours: Vec<O>,
    peer: Vec<P>,
    cfg: &Config,
) -> Box<dyn Case> {
    // Generated side by side, the two libraries' polygons (glissade's in an `Arc`, parry's in
    // vectors) lie interleaved in memory. Each side is copied afresh, one after the other,
    // and the originals dropped: each side's data then lies together in the order it is
    // read, as in a program that uses only that library.
    let (ours, peer) = {
        let fresh_ours: Vec<O> = ours.iter().map(Unshared::unshared).collect();
        let fresh_peer: Vec<P> = peer.iter().map(Unshared::unshared).collect();
        (fresh_ours, fresh_peer)
    };
    let timing_len = cfg.timing_len.min(ours.len());
    Box::new(Suite {
        name,
        ours,
        peer,
        timing_len,
    })
}

#[cfg(test)]
mod tests {
    use crate::{Config, PEER, Timing, WIDE_TIMING_LEN, all_cases, compare_line};

    #[test]
    fn the_timed_inputs_widen_up_to_all_generated() {
        let cfg = Config {
            check_len: 1000,
            timing_len: 100,
            ..Config::quick()
        };
        let mut case = all_cases()[0].build(&cfg);
        assert_eq!(case.timing_len(), 100);
        case.set_timing_len(WIDE_TIMING_LEN);
        assert_eq!(case.timing_len(), 1000);
    }

    impl super::Unshared for i32 {}

    #[test]
    fn repeating_copies_the_first_period_in_order_up_to_the_timed_length() {
        let mut v = [1, 2, 3, 4, 5, 6, 7, 8];
        super::repeat(&mut v, 3, 7);
        assert_eq!(v, [1, 2, 3, 1, 2, 3, 1, 8]);
        super::repeat(&mut v, 0, 7);
        assert_eq!(v, [1, 2, 3, 1, 2, 3, 1, 8]);
    }

    /// A copy for the timing shares no polygon with its original (the same polygon, in an
    /// `Arc` of its own); other shapes are plain values.
    #[test]
    fn an_unshared_shape_is_an_equal_polygon_of_its_own() {
        use glissade::{Circle, ConvexPolygon, Shape};
        use std::sync::Arc;
        let poly: Shape = ConvexPolygon::regular(5, 1.0, 0.2)
            .expect("a pentagon")
            .into();
        let copy = super::unshared_shape(&poly);
        assert_eq!(copy, poly);
        match (&copy, &poly) {
            (Shape::Polygon(a), Shape::Polygon(b)) => assert!(!Arc::ptr_eq(a.arc(), b.arc())),
            _ => panic!("a polygon stays a polygon"),
        }
        let ball: Shape = Circle::new(0.5).expect("positive").into();
        assert_eq!(super::unshared_shape(&ball), ball);
    }

    #[test]
    fn wide_compare_lines() {
        let timing = Timing {
            ours_ns: 20.0,
            peer_ns: 280.0,
        };
        assert_eq!(
            compare_line("cast/aabb-aabb@64k", &timing, 1.0),
            format!(
                "compare cast/aabb-aabb@64k ours_ns=20.00 peer={PEER} peer_ns=280.00 \
                 speedup=14.00 agree=1.000000"
            )
        );
    }
}
