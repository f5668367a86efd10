//! A batch of jobs on rayon's pool, their results handed back in the order of the inputs.
//!
//! The calling thread starts pool tasks (one job, or a group of jobs on small inputs) while
//! fewer than `window` are started and not yet handed back and their inputs weigh no more than
//! a budget together (a file larger than the budget is read alone), and hands back each result
//! as soon as every earlier one is: a slow file holds back the printing of the files after it,
//! never their work, and memory stays bounded however many files there are. The jobs may use
//! the pool themselves (a large module is read, verified and printed on several threads): they
//! run as ordinary pool tasks, and the calling thread, which only waits, is not one of the
//! pool's.

use std::collections::VecDeque;
use std::panic::AssertUnwindSafe;
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// How often [`run_ordered`] calls its `idle` callback while it waits for a result.
pub const IDLE_TICK: Duration = Duration::from_millis(100);

/// The number of tasks (a file, or a group of small ones) a batch keeps started and not yet
/// handed back: enough to keep every thread busy while a slow file holds back the others.
pub fn default_window() -> usize {
    2 * rayon::current_num_threads() + 2
}

/// The most input, in bytes, that a batch reads at once: a job that would take the jobs held
/// past it waits until they are handed back (a job always starts when none is held, so a
/// larger file is read alone). Reading a module takes a few times its size in memory.
pub const DEFAULT_BUDGET: u64 = 16 << 20;

/// How many jobs a batch may hold at once, how much input they may weigh together, and how
/// small inputs are grouped.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Tasks (a job, or a group of jobs on small inputs) started and not yet handed back.
    pub window: usize,
    /// The sum of their weights (bytes of input).
    pub budget: u64,
    /// Inputs lighter than this run in groups of up to `group` on one pool task, their results
    /// sent back together (a task and a wake-up per tiny file would cost about as much as the
    /// file).
    pub small: u64,
    /// The most inputs in a group.
    pub group: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { window: default_window(), budget: DEFAULT_BUDGET, small: 64 << 10, group: 16 }
    }
}

/// Runs `job` on each of `inputs` on rayon's global pool (or `pool`), within `limits` (an
/// input weighs `weight` of it), and calls `emit` with each result in the order of the inputs;
/// `idle` is called every [`IDLE_TICK`] while no result comes. A job that panics has its
/// panic resumed here, once the results before it are emitted.
///
/// Called from one of the pool's own threads (where waiting would take a thread the jobs
/// need), it runs the jobs one after the other instead.
pub fn run_ordered<I, T>(
    inputs: Vec<I>,
    limits: Limits,
    weight: impl Fn(&I) -> u64,
    pool: Option<&rayon::ThreadPool>,
    job: impl Fn(I) -> T + Send + Sync + 'static,
    mut emit: impl FnMut(T),
    mut idle: impl FnMut(),
) where
    I: Send + 'static,
    T: Send + 'static,
{
    let on_pool_thread = match pool {
        Some(p) => p.current_thread_index().is_some(),
        None => rayon::current_thread_index().is_some(),
    };
    if on_pool_thread {
        for input in inputs {
            emit(job(input));
        }
        return;
    }
    let job = Arc::new(job);
    type Done<T> = Vec<(usize, std::thread::Result<T>)>;
    let (tx, rx) = mpsc::channel::<Done<T>>();
    let window = limits.window.max(1);
    let mut inputs = inputs.into_iter().enumerate().peekable();
    // The weight of the next input, once known.
    let mut next_weight = None;
    // The results of jobs `next..started`, by index from `next` (`None` while running), with
    // their weights and whether each ends its task's group.
    let mut held: VecDeque<(Option<std::thread::Result<T>>, u64, bool)> = VecDeque::new();
    let (mut next, mut started, mut weighs, mut tasks) = (0, 0, 0u64, 0usize);
    loop {
        // Start tasks, each of one input or of a group of small ones.
        'tasks: while tasks < window {
            let mut group = Vec::new();
            while group.len() < limits.group.max(1) {
                let Some((_, input)) = inputs.peek() else { break };
                let w = *next_weight.get_or_insert_with(|| weight(input));
                let fits = held.is_empty() || weighs.saturating_add(w) <= limits.budget;
                if !fits || (!group.is_empty() && w >= limits.small) {
                    break;
                }
                next_weight = None;
                let Some(item) = inputs.next() else { break };
                group.push(item);
                held.push_back((None, w, false));
                weighs += w;
                started += 1;
                if w >= limits.small {
                    break;
                }
            }
            let Some((_, _, ends_group)) = held.back_mut().filter(|_| !group.is_empty()) else { break 'tasks };
            *ends_group = true;
            tasks += 1;
            let (job, tx) = (Arc::clone(&job), tx.clone());
            let task = move || {
                let done: Done<T> = group
                    .into_iter()
                    .map(|(k, input)| (k, std::panic::catch_unwind(AssertUnwindSafe(|| job(input)))))
                    .collect();
                // The receiver only goes away when the caller unwinds: nothing to tell then.
                let _ = tx.send(done);
            };
            match pool {
                Some(p) => p.spawn(task),
                None => rayon::spawn(task),
            }
        }
        if next == started {
            return;
        }
        let done = match rx.recv_timeout(IDLE_TICK) {
            Ok(done) => done,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                idle();
                continue;
            }
            // This thread holds a sender: the channel cannot close while it waits.
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        };
        for (k, result) in done {
            if let Some((slot, _, _)) = held.get_mut(k - next) {
                *slot = Some(result);
            }
        }
        while matches!(held.front(), Some((Some(_), _, _))) {
            if let Some((Some(result), w, ends_group)) = held.pop_front() {
                next += 1;
                weighs -= w;
                tasks -= usize::from(ends_group);
                match result {
                    Ok(t) => emit(t),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Limits of `window` jobs, in groups of up to 3 (every test input is small).
    fn limits(window: usize) -> Limits {
        Limits { window, budget: u64::MAX, small: 2, group: 3 }
    }

    /// Jobs that finish in an order of their own (later inputs sooner), counting how many are
    /// started and not yet handed back.
    fn check(threads: usize, window: usize, n: usize) {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a pool");
        let live = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let (live2, most2) = (Arc::clone(&live), Arc::clone(&most));
        let mut got = Vec::new();
        run_ordered(
            (0..n).collect(),
            limits(window),
            |_| 1,
            Some(&pool),
            move |k: usize| {
                let now = live2.fetch_add(1, Ordering::SeqCst) + 1;
                most2.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(Duration::from_micros(((n - k) % 7) as u64 * 300));
                k * 10
            },
            |t| {
                live.fetch_sub(1, Ordering::SeqCst);
                got.push(t);
            },
            || {},
        );
        assert_eq!(got, (0..n).map(|k| k * 10).collect::<Vec<_>>());
        // `window` tasks of up to 3 jobs each.
        assert!(most.load(Ordering::SeqCst) <= window.max(1) * 3, "at most {window} tasks held");
    }

    #[test]
    fn results_come_in_input_order_within_the_window() {
        check(4, 6, 60);
        check(2, 1, 10);
        check(3, 0, 5);
    }

    #[test]
    fn one_thread_is_enough() {
        check(1, 4, 20);
    }

    /// Inputs weighing their value: a heavy one runs alone once the budget is reached.
    #[test]
    fn the_budget_holds_back_heavy_inputs() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(4).build().expect("a pool");
        let live = Arc::new(AtomicUsize::new(0));
        let heaviest = Arc::new(AtomicUsize::new(0));
        let (live2, heaviest2) = (Arc::clone(&live), Arc::clone(&heaviest));
        let inputs = vec![1usize, 2, 100, 3, 100, 1, 1, 1];
        let mut got = Vec::new();
        run_ordered(
            inputs.clone(),
            Limits { window: 8, budget: 10, small: 2, group: 4 },
            |&w| w as u64,
            Some(&pool),
            move |w| {
                let now = live2.fetch_add(w, Ordering::SeqCst) + w;
                heaviest2.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(2));
                w
            },
            |w| {
                live.fetch_sub(w, Ordering::SeqCst);
                got.push(w);
            },
            || {},
        );
        assert_eq!(got, inputs);
        // Within the budget, or one heavier input alone.
        assert!(heaviest.load(Ordering::SeqCst) <= 100, "{heaviest:?}");
    }

    #[test]
    fn no_inputs() {
        run_ordered(Vec::<u8>::new(), limits(4), |_| 1, None, |x| x, |_| panic!("nothing to emit"), || {});
    }

    #[test]
    fn jobs_may_use_the_pool() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("a pool");
        let mut got = Vec::new();
        run_ordered(
            (0..8u64).collect(),
            limits(3),
            |_| 1,
            Some(&pool),
            |k| {
                use rayon::prelude::*;
                (0..1000u64).into_par_iter().map(|x| x * k).sum::<u64>()
            },
            |t| got.push(t),
            || {},
        );
        assert_eq!(got, (0..8u64).map(|k| 499_500 * k).collect::<Vec<_>>());
    }

    #[test]
    fn a_panic_comes_after_the_results_before_it() {
        let mut got = Vec::new();
        let caught = std::panic::catch_unwind(AssertUnwindSafe(|| {
            run_ordered(
                (0..6u32).collect(),
                limits(4),
                |_| 1,
                None,
                |k| {
                    assert!(k != 3, "job 3 fails");
                    k
                },
                |t| got.push(t),
                || {},
            )
        }));
        assert!(caught.is_err());
        assert_eq!(got, [0, 1, 2]);
    }
}
