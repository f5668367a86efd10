//! Printing what jobs give, on the process's standard output and standard error.

use std::io::{self, Write};

use super::job::{Event, FileReport};
use super::style::Styled;

/// Writes the events of jobs on stdout and stderr, stderr painted when `color`.
pub struct Printer {
    color: bool,
}

impl Printer {
    /// A printer, painting diagnostics when `color`.
    pub fn new(color: bool) -> Self {
        Printer { color }
    }

    /// Prints a job's events in order; whether the job succeeded and its output could be
    /// written.
    pub fn emit(&mut self, report: FileReport) -> bool {
        let mut ok = report.outcome.is_success();
        for event in report.events {
            match event {
                Event::Stdout(bytes) => ok &= self.stdout(&bytes),
                Event::StdoutMir(file) => ok &= self.stdout_with(|w| llrs_mir::print_to(&file, w)),
                Event::Stderr(text) => self.stderr(&text),
            }
        }
        ok
    }

    /// Writes `bytes` on standard output; false (with the reason on stderr) when it fails.
    pub fn stdout(&mut self, bytes: &[u8]) -> bool {
        self.stdout_with(|w| w.write_all(bytes))
    }

    /// Writes on standard output through a buffer with `print`. A closed pipe (`llrs fmt x.ll
    /// | head`) is not an error worth reporting.
    fn stdout_with(&mut self, print: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> bool {
        let mut w = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
        match print(&mut w).and_then(|()| w.flush()) {
            Ok(()) => true,
            Err(err) if err.kind() == io::ErrorKind::BrokenPipe => true,
            Err(err) => {
                drop(w);
                self.stderr(&Styled::labelled(&format!("llrs: error: could not write the output: {err}")));
                false
            }
        }
    }

    /// Writes a diagnostic on standard error; nothing more can be done if it is gone.
    pub fn stderr(&mut self, text: &Styled) {
        if self.color {
            let mut w = anstream::AutoStream::new(io::stderr().lock(), anstream::ColorChoice::Always);
            let _ = text.write_to(&mut w, true).and_then(|()| w.flush());
        } else {
            let mut w = io::stderr().lock();
            let _ = text.write_to(&mut w, false).and_then(|()| w.flush());
        }
    }
}
