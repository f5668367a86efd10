//! A batch's progress bar and summary line, for a person at a terminal: the bar (indicatif, on
//! stderr) appears once a batch of several files has lasted half a second, and the summary
//! ("verified 120 modules: 3 invalid") ends the batch. Neither is printed when stderr is not a
//! terminal or diagnostics are JSON: what scripts read stays LLVM's text alone.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::job::Outcome;

/// How long a batch runs before its progress bar appears.
pub const BAR_DELAY: Duration = Duration::from_millis(500);

/// What a batch does, for the words of its bar and summary.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// `llrs fmt` printing, or writing to `-o`.
    Format,
    /// `llrs fmt --check`.
    Check,
    /// `llrs fmt -i`.
    Rewrite,
    /// `llrs verify`.
    Verify,
}

/// How many files of a batch fared each way.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Files done.
    pub done: usize,
    /// Files rewritten (`-i`).
    pub rewritten: usize,
    /// Files not in canonical form (`--check`).
    pub not_canonical: usize,
    /// Files rejected (syntax error, invalid module, output not written).
    pub invalid: usize,
    /// Files not read (missing, bitcode).
    pub unreadable: usize,
}

impl Counts {
    /// Counts one more file.
    pub fn add(&mut self, outcome: Outcome) {
        self.done += 1;
        match outcome {
            Outcome::Ok => {}
            Outcome::Rewritten => self.rewritten += 1,
            Outcome::NotCanonical => self.not_canonical += 1,
            Outcome::Invalid => self.invalid += 1,
            Outcome::Unreadable => self.unreadable += 1,
        }
    }
}

/// The line that ends a batch: what was done to how many files, then what went wrong.
pub fn summary(task: Task, c: &Counts) -> String {
    let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let (head, mut parts, when_clean) = match task {
        Task::Verify => (format!("verified {}", plural(c.done, "module", "modules")), vec![], "all valid"),
        Task::Check => (format!("checked {}", plural(c.done, "file", "files")), vec![], "all canonical"),
        Task::Rewrite => (format!("formatted {}", plural(c.done, "file", "files")), vec![], "none changed"),
        Task::Format => (format!("formatted {}", plural(c.done, "file", "files")), vec![], ""),
    };
    let error_word = if task == Task::Verify { "invalid" } else { "with errors" };
    for (n, what) in [
        (c.rewritten, "rewritten"),
        (c.not_canonical, "not canonical"),
        (c.invalid, error_word),
        (c.unreadable, "not read"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {what}"));
        }
    }
    if parts.is_empty() && !when_clean.is_empty() {
        parts.push(when_clean.to_string());
    }
    if parts.is_empty() {
        head
    } else {
        format!("{head}: {}", parts.join(", "))
    }
}

/// A batch's progress at a terminal: the bar, shown after [`BAR_DELAY`], and the counts for
/// the summary.
pub struct Progress {
    task: Task,
    bar: ProgressBar,
    start: Instant,
    shown: bool,
    counts: Counts,
    /// Where the bar is drawn once shown: stderr (indicatif draws nothing when it is not a
    /// terminal).
    target: fn() -> ProgressDrawTarget,
}

impl Progress {
    /// The progress of a batch of `total` files (the bar is hidden until it has lasted
    /// [`BAR_DELAY`]).
    pub fn new(task: Task, total: usize) -> Self {
        let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::hidden());
        let verb = match task {
            Task::Format => "formatting",
            Task::Check => "checking",
            Task::Rewrite => "rewriting",
            Task::Verify => "verifying",
        };
        if let Ok(style) = ProgressStyle::with_template("{prefix} [{bar:40}] {pos}/{len} ({elapsed})") {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_prefix(verb);
        Progress {
            task,
            bar,
            start: Instant::now(),
            shown: false,
            counts: Counts::default(),
            target: ProgressDrawTarget::stderr,
        }
    }

    /// Runs `print` with the bar taken off the terminal, so that text and bar do not mix.
    pub fn suspend<R>(&self, print: impl FnOnce() -> R) -> R {
        if self.shown {
            self.bar.suspend(print)
        } else {
            print()
        }
    }

    /// Counts a file done.
    pub fn add(&mut self, outcome: Outcome) {
        self.counts.add(outcome);
        self.bar.inc(1);
        self.tick();
    }

    /// Shows the bar once the batch has lasted long enough, and redraws it.
    pub fn tick(&mut self) {
        if !self.shown && self.start.elapsed() >= BAR_DELAY {
            self.shown = true;
            self.bar.set_draw_target((self.target)());
        }
        if self.shown {
            self.bar.tick();
        }
    }

    /// Takes the bar away and gives the summary line.
    pub fn finish(self) -> String {
        self.bar.finish_and_clear();
        summary(self.task, &self.counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(outcomes: &[Outcome]) -> Counts {
        let mut c = Counts::default();
        for &o in outcomes {
            c.add(o);
        }
        c
    }

    #[test]
    fn summaries() {
        use Outcome::*;
        let c = counts(&[Ok, Invalid, Ok, Invalid, Invalid]);
        assert_eq!(summary(Task::Verify, &c), "verified 5 modules: 3 invalid");
        assert_eq!(summary(Task::Verify, &counts(&[Ok, Ok])), "verified 2 modules: all valid");
        assert_eq!(summary(Task::Verify, &counts(&[Ok, Unreadable])), "verified 2 modules: 1 not read");
        assert_eq!(
            summary(Task::Check, &counts(&[NotCanonical, Ok, NotCanonical])),
            "checked 3 files: 2 not canonical"
        );
        assert_eq!(summary(Task::Check, &counts(&[Ok, Ok])), "checked 2 files: all canonical");
        assert_eq!(
            summary(Task::Check, &counts(&[NotCanonical, Invalid, Unreadable])),
            "checked 3 files: 1 not canonical, 1 with errors, 1 not read"
        );
        assert_eq!(
            summary(Task::Rewrite, &counts(&[Rewritten, Ok, Invalid])),
            "formatted 3 files: 1 rewritten, 1 with errors"
        );
        assert_eq!(summary(Task::Rewrite, &counts(&[Ok, Ok])), "formatted 2 files: none changed");
        assert_eq!(summary(Task::Format, &counts(&[Ok, Ok])), "formatted 2 files");
        assert_eq!(summary(Task::Format, &counts(&[Ok])), "formatted 1 file");
        assert_eq!(summary(Task::Format, &counts(&[Ok, Invalid])), "formatted 2 files: 1 with errors");
    }

    #[test]
    fn the_bar_waits_before_it_shows() {
        let mut p = Progress::new(Task::Verify, 3);
        p.target = ProgressDrawTarget::hidden;
        p.add(Outcome::Ok);
        assert!(!p.shown, "a short batch shows no bar");
        std::thread::sleep(BAR_DELAY);
        p.tick();
        assert!(p.shown, "a batch that lasts shows its bar");
        p.add(Outcome::Invalid);
        assert_eq!(p.bar.position(), 2);
        assert_eq!(p.finish(), "verified 2 modules: 1 invalid");
    }
}
