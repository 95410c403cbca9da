//! What the tests of the `glissade` binary share: running it, reading its output, a fresh
//! folder per test.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the `glissade` binary with `args`.
pub fn glissade(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_glissade"))
        .args(args)
        .output()
        .expect("the glissade binary runs")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh directory for one test of `suite`.
pub fn temp_dir(suite: &str, test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(suite)
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}
