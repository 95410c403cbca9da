//! What the property test files share.

use proptest::prelude::ProptestConfig;

/// `PROPTEST_CASES` cases (10,000 when unset), no failure files.
pub fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000u32);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}
