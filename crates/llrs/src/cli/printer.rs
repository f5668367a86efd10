//! Printing what jobs give, on the process's standard output and standard error, with a
//! batch's progress bar and summary when there is a person at the terminal.

use std::io::{self, Write};

use super::job::{Event, FileReport, Outcome};
use super::progress::{Progress, Task};
use super::style::Styled;

/// Writes the events of jobs on stdout and stderr, stderr painted when `color`.
pub struct Printer {
    color: bool,
    progress: Option<Progress>,
    stdout_closed: bool,
}

impl Printer {
    /// A printer, painting diagnostics when `color`.
    pub fn new(color: bool) -> Self {
        Printer { color, progress: None, stdout_closed: false }
    }

    /// Whether whoever read standard output has closed it (`llrs fmt *.ll | head`): nothing
    /// more printed there can be read.
    pub fn stdout_closed(&self) -> bool {
        self.stdout_closed
    }

    /// Starts showing the progress of a batch of `total` files: a bar once it lasts, and a
    /// summary line when [`Printer::finish`] ends it. For terminals only.
    pub fn show_progress(&mut self, task: Task, total: usize) {
        self.progress = Some(Progress::new(task, total));
    }

    /// Prints a job's events in order; whether the job succeeded and its output could be
    /// written.
    pub fn emit(&mut self, report: FileReport) -> bool {
        let mut outcome = report.outcome;
        for event in report.events {
            let written = match event {
                Event::Stdout(bytes) => self.stdout(&bytes),
                Event::StdoutMir(file) => self.stdout_with(|w| llrs_mir::print_to(&file, w)),
                Event::StdoutIr(ir) => self.stdout_with(|w| ir.print_to(w)),
                Event::Stderr(text) => {
                    self.stderr(&text);
                    true
                }
            };
            if !written {
                outcome = Outcome::Invalid;
            }
        }
        if let Some(p) = &mut self.progress {
            p.add(outcome);
        }
        outcome.is_success()
    }

    /// Called while waiting for a job: keeps the progress bar alive.
    pub fn idle(&mut self) {
        if let Some(p) = &mut self.progress {
            p.tick();
        }
    }

    /// Ends a batch: the progress bar goes, the summary line comes.
    pub fn finish(&mut self) {
        if let Some(p) = self.progress.take() {
            // The tool's own lines on stderr start with its name.
            let line = format!("llrs: {}", p.finish());
            self.stderr(&Styled::plain(line));
        }
    }

    /// Writes `bytes` on standard output; false (with the reason on stderr) when it fails.
    pub fn stdout(&mut self, bytes: &[u8]) -> bool {
        self.stdout_with(|w| w.write_all(bytes))
    }

    /// Writes on standard output through a buffer with `print`. A closed pipe (`llrs fmt x.ll
    /// | head`) is not an error worth reporting.
    fn stdout_with(&mut self, print: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> bool {
        let written = self.suspended(|| {
            let mut w = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
            print(&mut w).and_then(|()| w.flush())
        });
        match written {
            Ok(()) => true,
            Err(err) if err.kind() == io::ErrorKind::BrokenPipe => {
                self.stdout_closed = true;
                true
            }
            Err(err) => {
                self.stderr(&Styled::labelled(&format!("llrs: error: could not write the output: {err}")));
                false
            }
        }
    }

    /// Writes a diagnostic on standard error; nothing more can be done if it is gone.
    pub fn stderr(&mut self, text: &Styled) {
        let color = self.color;
        self.suspended(|| {
            if color {
                let mut w = anstream::AutoStream::new(io::stderr().lock(), anstream::ColorChoice::Always);
                let _ = text.write_to(&mut w, true).and_then(|()| w.flush());
            } else {
                let mut w = io::stderr().lock();
                let _ = text.write_to(&mut w, false).and_then(|()| w.flush());
            }
        });
    }

    /// Runs `print` with the progress bar (if any) off the terminal.
    fn suspended<R>(&self, print: impl FnOnce() -> R) -> R {
        match &self.progress {
            Some(p) => p.suspend(print),
            None => print(),
        }
    }
}
