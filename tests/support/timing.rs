//! Timing a budget on a shared machine. A budget is wall-clock time, but on a loaded 2-core
//! machine (CI beside other jobs, several builds at once) a thread can wait seconds for a core,
//! so a wall-clock bound alone fails for reasons that are not the solver's. The solver's own
//! work is what the budget bounds: the time this thread actually ran (Linux's per-thread
//! scheduler statistics) cannot grow by waiting. A run keeps its budget when either clock is
//! within the bound; a solver that overruns by seconds of uninterrupted work fails both.

use std::time::{Duration, Instant};

/// Wall and on-CPU time of the calling thread since [`Timer::start`].
pub struct Timer {
    wall: Instant,
    cpu: Option<Duration>,
}

/// What a timed run took.
#[derive(Debug, Clone, Copy)]
pub struct Took {
    pub wall: Duration,
    /// `None` where the platform does not report a thread's CPU time.
    pub cpu: Option<Duration>,
}

impl Took {
    /// Within `bound` by the wall clock, or by the thread's own running time.
    pub fn within(&self, bound: Duration) -> bool {
        self.wall <= bound || self.cpu.is_some_and(|cpu| cpu <= bound)
    }
}

impl Timer {
    pub fn start() -> Timer {
        Timer {
            cpu: thread_cpu(),
            wall: Instant::now(),
        }
    }

    pub fn took(&self) -> Took {
        let wall = self.wall.elapsed();
        let cpu = match (self.cpu, thread_cpu()) {
            (Some(a), Some(b)) => Some(b.saturating_sub(a)),
            _ => None,
        };
        Took { wall, cpu }
    }
}

/// On-CPU time of the child processes this process has waited for (`cutime` + `cstime` of
/// /proc/self/stat, in clock ticks of 10 ms), for a budget kept by a spawned command line.
#[allow(dead_code)] // each test file includes this module; not every one spawns a process
pub fn children_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // cutime and cstime are fields 16 and 17 of the whole line, so 13 and 14 here (0-based).
    let ticks: u64 = fields.get(13)?.parse::<u64>().ok()? + fields.get(14)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Time this thread has spent on a CPU: the first field of /proc/thread-self/schedstat, in
/// nanoseconds.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

#[test]
fn a_thread_that_waits_uses_no_cpu_and_one_that_works_does() {
    let t = Timer::start();
    std::thread::sleep(Duration::from_millis(200));
    let slept = t.took();
    assert!(slept.wall >= Duration::from_millis(200));
    if let Some(cpu) = slept.cpu {
        assert!(cpu < Duration::from_millis(50), "{slept:?}");
        // Busy work of 100 ms of wall time shows as CPU time (some of it, on a loaded machine).
        let t = Timer::start();
        let mut x = 0u64;
        while t.took().wall < Duration::from_millis(100) {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        assert!(t.took().cpu.unwrap() > Duration::ZERO);
    }
}
