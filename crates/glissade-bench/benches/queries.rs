//! Criterion detail for the cases of the `glissade-bench` binary: for each case, glissade and
//! parry2d each answer all timed inputs once per iteration; the reported throughput is per
//! query. Small sample sizes keep the whole run to a couple of minutes.
//!
//! ```text
//! cargo bench -p glissade-bench --bench queries [-- FILTER]
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use glissade_bench::{Config, PEER, all_cases};

fn queries(c: &mut Criterion) {
    let cfg = Config {
        // Agreement is the binary's job: only the timed inputs are needed here.
        check_len: Config::quick().timing_len,
        ..Config::quick()
    };
    for spec in all_cases() {
        let case = spec.build(&cfg);
        let mut group = c.benchmark_group(case.name());
        group
            .sample_size(20)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .throughput(Throughput::Elements(case.timing_len() as u64));
        group.bench_function("glissade", |b| b.iter(|| black_box(case.sweep_ours())));
        group.bench_function(PEER, |b| b.iter(|| black_box(case.sweep_peer())));
        group.finish();
    }
}

criterion_group!(benches, queries);
criterion_main!(benches);
