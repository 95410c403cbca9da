//! Why a command failed, as the lines it prints.

/// Why a command failed: the lines to print after `error: `.
#[derive(Debug)]
pub struct Failure {
    /// One message per line.
    pub lines: Vec<String>,
    /// The output was closed early (a pipe into `head`): nothing to report.
    pub quiet: bool,
}

impl Failure {
    /// A failure with one message.
    pub fn new(message: impl Into<String>) -> Self {
        Failure {
            lines: vec![message.into()],
            quiet: false,
        }
    }

    /// A failure to write `what`.
    pub fn io(what: &str, e: &std::io::Error) -> Self {
        Failure {
            lines: vec![format!("{what}: {e}")],
            quiet: e.kind() == std::io::ErrorKind::BrokenPipe,
        }
    }
}
