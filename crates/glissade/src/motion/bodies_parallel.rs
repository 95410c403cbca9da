//! The bodies of a [`move_bodies`](super::move_bodies) step computed on rayon's threads (the
//! `parallel` feature), with the same results as on one thread.
//!
//! Each body's move depends only on the world at the start of the step and on the step's
//! movers, never on another body's result, so spreading the bodies over threads changes
//! nothing in what each computes: the results are collected in the order of the movers, and
//! when several fail the error is the one of the first in that order, as on one thread.
//!
//! The caller's closures (the filter's predicate, the response function) are plain `&dyn Fn`,
//! which may not be shared between threads: a step with either is computed on the calling
//! thread. Without them, every setting the bodies read is copied into a [`PlainConfig`], which
//! may be shared, and each thread builds its own [`MoveConfig`] from it.

use std::sync::{Mutex, PoisonError};

use glam::{IVec2, Vec2};
use rayon::prelude::*;

use super::bodies_item::{
    BodyMove, Item, computing_order, read_items as read_items_serial, read_mover,
};
use super::bodies_move::{Shared, move_all as move_all_serial, move_item};
use super::{MoveConfig, MoveError, MoveResult, MoveStrategy};
use crate::world::{Handle, QueryFilter, Sensors, World};

// The bodies read the world from every thread at once.
const _: () = {
    const fn shared_between_threads<T: Sync>() {}
    shared_between_threads::<World>();
};

/// Fewer movers than this are computed on the calling thread: handing them to other threads
/// would cost more than it saves.
const MIN_PARALLEL_MOVERS: usize = 256;

/// Fewer movers than this are read (and put in their computing order) on the calling thread:
/// reading is brief, and handing it to other threads cost more than it saved below about
/// 5,000 movers (measured on two threads: at 3,000 movers about 0.29 ms against 0.23 on one,
/// at 10,000 about 0.78 against 0.9).
const MIN_PARALLEL_READ: usize = 6_000;

/// Fewest movers one thread takes at a time, so that the threads are not kept busy handing
/// out single bodies.
const MIN_MOVERS_PER_TASK: usize = 64;

/// Every mover of the step, in the order of `shared.items`: on rayon's threads when there are
/// enough of them, the pool has more than one thread and the settings hold no closure, else
/// on the calling thread. The same results, or the same error, either way.
pub(super) fn move_all(shared: &Shared, config: &MoveConfig) -> Result<Vec<MoveResult>, MoveError> {
    let plain = match PlainConfig::of(config) {
        Some(plain)
            if shared.items.len() >= MIN_PARALLEL_MOVERS && rayon::current_num_threads() > 1 =>
        {
            plain
        }
        _ => return move_all_serial(shared, config),
    };
    in_order(
        shared.items,
        || plain.config(),
        |config, it| move_item(shared, config, it),
        MoveResult::default,
    )
}

/// [`places_and_writes`](super::bodies_item::places_and_writes) on rayon's threads when
/// there are many movers ([`MIN_SIDE_BY_SIDE`]) and more than one thread: the same lists.
pub(super) fn places_and_writes(
    items: &[Item],
    results: &[MoveResult],
) -> (Vec<u32>, Vec<(Handle, Vec2)>) {
    if items.len() < MIN_SIDE_BY_SIDE || rayon::current_num_threads() <= 1 {
        return super::bodies_item::places_and_writes(items, results);
    }
    items
        .par_iter()
        .zip(results)
        .with_min_len(MIN_MOVERS_PER_TASK)
        .map(|(it, r)| super::bodies_item::place_and_write(it, r))
        .unzip()
}

/// Fewer movers than this write their positions and put their results back in order one
/// after the other on the calling thread: side by side, each takes milliseconds at 100,000
/// movers (mostly waiting on memory), while handing one to another thread costs microseconds.
const MIN_SIDE_BY_SIDE: usize = 4096;

/// `a` and `b`, which share no data, run side by side on rayon's threads when there are
/// `movers` of at least [`MIN_SIDE_BY_SIDE`] and the pool has more than one thread; else one
/// after the other on the calling thread. Their answers, the same either way.
pub(super) fn side_by_side<A: Send, B: Send>(
    movers: usize,
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    if movers >= MIN_SIDE_BY_SIDE && rayon::current_num_threads() > 1 {
        rayon::join(a, b)
    } else {
        (a(), b())
    }
}

/// The movers in the order they are computed (as the one-thread reading in `bodies_item.rs`):
/// read, sorted by their keys and gathered on rayon's threads when there are enough of them
/// ([`MIN_PARALLEL_READ`]).
/// The keys are all different (each ends with the mover's rank by handle), so any sort gives
/// the same order; the error, if any, is the lowest refused handle's, as on one thread.
pub(super) fn read_items<'w>(
    world: &'w World,
    moves: &[BodyMove],
    movers: &[(Handle, u32)],
) -> Result<Vec<Item<'w>>, MoveError> {
    if movers.len() < MIN_PARALLEL_READ || rayon::current_num_threads() <= 1 {
        return read_items_serial(world, moves, movers);
    }
    // Each mover's cell and item written straight into two lists, in the movers' order (by
    // handle); a refused mover leaves a placeholder, and the first refusal in that order is
    // the one named, as on one thread.
    let first_refusal = FirstFailure::default();
    let (cells, read): (Vec<IVec2>, Vec<Item>) = movers
        .par_iter()
        .enumerate()
        .with_min_len(MIN_MOVERS_PER_TASK)
        .map(|(k, _)| {
            read_mover(world, moves, movers, k).unwrap_or_else(|e| {
                first_refusal.record(k, e);
                (IVec2::ZERO, Item::placeholder(movers[k].0))
            })
        })
        .unzip();
    let (cells, read) = first_refusal.or_ok((cells, read))?;
    let order = computing_order(&cells, |k| k.par_sort_unstable(), |k| k.par_sort_unstable());
    Ok(order
        .par_iter()
        .with_min_len(MIN_MOVERS_PER_TASK)
        .map(|&k| read[k as usize])
        .collect())
}

/// `f` of every item on rayon's threads, each thread with scratch space from `init`: the
/// results in the order of `items`, or the error of the first item (in that order) that
/// fails, whichever thread met it first. The results are written straight into their list
/// (an item that fails leaves `placeholder()` there, and the list is dropped); the errors
/// are kept aside with their places, and the first in order is the one returned.
fn in_order<I, T, E, S>(
    items: &[I],
    init: impl Fn() -> S + Sync + Send,
    f: impl Fn(&mut S, &I) -> Result<T, E> + Sync + Send,
    placeholder: impl Fn() -> T + Sync + Send,
) -> Result<Vec<T>, E>
where
    I: Sync,
    T: Send,
    E: Send,
{
    let first_failure = FirstFailure::default();
    let results: Vec<T> = items
        .par_iter()
        .enumerate()
        .with_min_len(MIN_MOVERS_PER_TASK)
        .map_init(init, |scratch, (k, item)| {
            f(scratch, item).unwrap_or_else(|e| {
                first_failure.record(k, e);
                placeholder()
            })
        })
        .collect();
    first_failure.or_ok(results)
}

/// The failure of the earliest item, in order, of items computed on several threads: every
/// item is computed and each failure recorded with its place, so what is kept is the first in
/// order whatever the threads met first.
struct FirstFailure<E>(Mutex<Option<(usize, E)>>);

impl<E> Default for FirstFailure<E> {
    fn default() -> Self {
        FirstFailure(Mutex::new(None))
    }
}

impl<E> FirstFailure<E> {
    /// Records the failure `e` of the item at place `k`.
    fn record(&self, k: usize, e: E) {
        // The lock guards a comparison and a move (and the drop of a later failure): nothing
        // in it can panic, so a poisoned lock still holds a whole value.
        let mut first = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if first.as_ref().is_none_or(|(at, _)| k < *at) {
            *first = Some((k, e));
        }
    }

    /// `value` when no item failed, else the first failure in order.
    fn or_ok<T>(self, value: T) -> Result<T, E> {
        match self.0.into_inner().unwrap_or_else(PoisonError::into_inner) {
            Some((_, e)) => Err(e),
            None => Ok(value),
        }
    }
}

/// The settings of a move without the caller's closures: everything a body reads, in a form
/// that may be shared between threads.
#[derive(Clone, Copy)]
struct PlainConfig<'a> {
    skin: f32,
    max_iterations: u32,
    strategy: MoveStrategy,
    layers: u32,
    mask: u32,
    exclude: &'a [Handle],
    one_way: bool,
    sensors: Sensors,
}

impl<'a> PlainConfig<'a> {
    /// The settings of `config`, unless it holds a closure (a predicate or a response).
    fn of(config: &MoveConfig<'a>) -> Option<Self> {
        // Every field named, so that a field added to either type is not forgotten here.
        let MoveConfig {
            skin,
            max_iterations,
            strategy,
            filter,
            response,
        } = *config;
        let QueryFilter {
            layers,
            mask,
            exclude,
            predicate,
            one_way,
            sensors,
        } = filter;
        if predicate.is_some() || response.is_some() {
            return None;
        }
        Some(PlainConfig {
            skin,
            max_iterations,
            strategy,
            layers,
            mask,
            exclude,
            one_way,
            sensors,
        })
    }

    /// The move's settings again, equal field for field to those it was made of.
    fn config(self) -> MoveConfig<'a> {
        MoveConfig {
            skin: self.skin,
            max_iterations: self.max_iterations,
            strategy: self.strategy,
            filter: QueryFilter {
                layers: self.layers,
                mask: self.mask,
                exclude: self.exclude,
                predicate: None,
                one_way: self.one_way,
                sensors: self.sensors,
            },
            response: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Many items fail, on threads that race: the error is always the first in order.
    #[test]
    fn the_error_is_the_first_in_order() {
        let items: Vec<u32> = (0..10_000).collect();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .expect("a pool of 4 threads");
        for first in [0, 63, 64, 5_000, 9_999] {
            let got: Result<Vec<u32>, u32> = pool.install(|| {
                in_order(
                    &items,
                    || (),
                    |(), &i| {
                        if i >= first && i % 7 == first % 7 {
                            Err(i)
                        } else {
                            Ok(i)
                        }
                    },
                    || u32::MAX,
                )
            });
            assert_eq!(got, Err(first));
        }
        let all: Result<Vec<u32>, u32> =
            pool.install(|| in_order(&items, || (), |(), &i| Ok(i), || u32::MAX));
        assert_eq!(all, Ok(items));
    }

    /// Reading the movers on several threads: the same items in the same order as on one, and
    /// the bad mover with the lowest handle is the one named.
    #[test]
    fn movers_read_on_threads_come_in_the_same_order_and_the_lowest_bad_handle_is_named() {
        use crate::shape::Aabb;
        use crate::world::ColliderDesc;
        use glam::Vec2;
        let mut world = World::new();
        let unit = Aabb::from_half_extents(Vec2::splat(0.25)).expect("positive");
        // Enough to be read on the threads.
        let moves: Vec<BodyMove> = (0..MIN_PARALLEL_READ + 2_000)
            .map(|i| {
                // Scattered, so that the curve's order is nothing like the order given.
                let at = Vec2::new((i * 37 % 101) as f32, (i * 53 % 97) as f32);
                let handle = world
                    .add(ColliderDesc::new(unit, at).kinematic())
                    .expect("finite");
                BodyMove {
                    handle,
                    motion: Vec2::X,
                }
            })
            .collect();
        let pool = |n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .expect("a pool")
        };
        let key = |items: Vec<Item>| -> Vec<(u32, Handle)> {
            items.iter().map(|it| (it.index, it.handle)).collect()
        };
        // Listed in an order unlike the handles' (reversed), as `move_bodies` sorts them.
        let moves: Vec<BodyMove> = moves.into_iter().rev().collect();
        let movers = super::super::bodies_item::movers_by_handle(&moves);
        let one = pool(1).install(|| read_items(&world, &moves, &movers).map(key));
        let four = pool(4).install(|| read_items(&world, &moves, &movers).map(key));
        assert_eq!(one, four);
        assert!(one.is_ok_and(|k| k.len() == moves.len()));
        // Two movers removed from the world: the lower handle is named, on any number of
        // threads (listed later, as `moves` is reversed).
        let mut broken = world.clone();
        let (low, high) = (movers[700].0, movers[1_500].0);
        broken.remove(high).expect("live");
        broken.remove(low).expect("live");
        for n in [1, 4] {
            let err = pool(n).install(|| read_items(&broken, &moves, &movers).err());
            assert_eq!(err, Some(MoveError::UnknownHandle(low)));
        }
    }
}
