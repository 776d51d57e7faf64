//! Out of memory as an error, not a trap (issue 35), for the wasm module.
//!
//! On wasm32 an allocation that fails aborts: Rust's `handle_alloc_error` ends in `unreachable`,
//! and wasm32-unknown-unknown has no unwinding to catch it with. Most allocations are deep inside
//! the solvers (a `Vec` growing mid-search), so making each one fallible is not possible. What is
//! possible is to notice *before* the memory is gone: [`Counting`] wraps the system allocator
//! (dlmalloc) and counts the bytes held; once they pass [`SOFT_LIMIT`], every allocation marks the
//! current call as having run out. The allocation itself still succeeds — wasm32 memory can grow to
//! 4 GiB, so the half above the limit is a reserve (only address space until a call touches it) in
//! which the call that crossed the line finishes. The boundary (`src/api.rs`) then drops what that
//! call made, which gives the memory back, and throws an Error saying memory ran out and how much
//! the module holds; a smaller call afterwards works as before.
//!
//! What this cannot catch: an engine that refuses to grow memory below 4 GiB (a 32-bit browser,
//! a system out of memory), or one call needing more than the reserve. Both still trap; no call
//! of this crate comes near 2 GiB (the largest, min-conflicts at N = 10^7, is measured in
//! www/package/README.md).
//!
//! The counting is exact (every alloc, realloc and dealloc passes through it), costs two adds and
//! a compare per allocation, and is the only global state: the module is single-threaded.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

/// Bytes the module may hold before a call that wants more is refused: half of wasm32's 4 GiB.
pub const SOFT_LIMIT: usize = 1 << 31;

/// Bytes held now (requested sizes, without the allocator's own few bytes per block).
static USED: AtomicUsize = AtomicUsize::new(0);
/// The most held at once since [`usage`] was last asked.
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// Whether an allocation found more than [`SOFT_LIMIT`] held since the current call began.
static RAN_OUT: AtomicBool = AtomicBool::new(false);

/// The system allocator, counted (installed as the global allocator of the wasm build only).
pub struct Counting;

#[cfg(target_arch = "wasm32")]
#[global_allocator]
static GLOBAL: Counting = Counting;

fn grew(bytes: usize) {
    let used = USED.fetch_add(bytes, Relaxed) + bytes;
    PEAK.fetch_max(used, Relaxed);
    if used > SOFT_LIMIT {
        RAN_OUT.store(true, Relaxed);
    }
}

fn shrank(bytes: usize) {
    USED.fetch_sub(bytes, Relaxed);
}

// SAFETY: every call forwards to `System` with the same arguments; the counters only watch.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        shrank(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            shrank(layout.size());
            grew(new_size);
        }
        p
    }
}

/// Starts a call of the boundary: returns whether the call around it (if any: a JavaScript
/// callback can call in again) had run out so far, for [`end_call`].
pub fn start_call() -> bool {
    RAN_OUT.swap(false, Relaxed)
}

/// Ends a call started by [`start_call`] (given what it returned): whether memory ran out during
/// it. An outer call learns of an inner one's running out too.
pub fn end_call(outer: bool) -> bool {
    let ran_out = RAN_OUT.load(Relaxed);
    RAN_OUT.store(outer || ran_out, Relaxed);
    ran_out
}

/// What the module holds: `(bytes held now, the most held at once since the last time this was
/// asked)`; the peak starts again from what is held now.
pub fn usage() -> (usize, usize) {
    let used = USED.load(Relaxed);
    (used, PEAK.swap(used, Relaxed))
}

/// The error of a call that ran out, once what it made has been dropped.
pub fn ran_out_message() -> String {
    format!(
        "memory ran out: the module needed more than the {} MB it may hold, so this call was undone; it holds {} MB now: free() the sessions and counters you no longer need, or use a smaller board",
        megabytes(SOFT_LIMIT),
        megabytes(USED.load(Relaxed))
    )
}

/// Bytes as whole megabytes (10^6), with thousands separated: "2,147".
fn megabytes(bytes: usize) -> String {
    let digits = (bytes as f64 / 1e6).round().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flag logic, natively (where `Counting` is not the global allocator, so only these
    /// calls move the counters): an allocation past the limit marks the call, and only it.
    #[test]
    fn a_call_that_passes_the_limit_is_marked_and_the_next_is_not() {
        let big = Layout::from_size_align(SOFT_LIMIT + 1, 8).unwrap();
        let small = Layout::from_size_align(64, 8).unwrap();
        let outer = start_call();
        assert!(!outer);
        // SAFETY: each block is freed with the layout it was allocated with; the big one is never
        // written, so on a system that overcommits it costs address space only.
        unsafe {
            let p = Counting.alloc(small);
            assert!(!p.is_null());
            Counting.dealloc(p, small);
            assert!(!end_call(outer), "64 bytes are within the limit");

            let outer = start_call();
            let p = Counting.alloc(big);
            assert!(
                !p.is_null(),
                "the test machine can reserve 2 GiB of address space"
            );
            assert!(usage().0 > SOFT_LIMIT);
            // A callback's call inside it that ran out is seen by the call around it.
            let inner = start_call();
            let q = Counting.alloc(small);
            assert!(
                end_call(inner),
                "an allocation while past the limit marks the call"
            );
            Counting.dealloc(q, small);
            Counting.dealloc(p, big);
            assert!(end_call(outer), "the call around it ran out too");
            assert!(ran_out_message()
                .starts_with("memory ran out: the module needed more than the 2,147 MB"));

            let next = start_call();
            let p = Counting.alloc(small);
            Counting.dealloc(p, small);
            assert!(
                !end_call(next),
                "with the memory given back, the next call works"
            );
        }
        assert!(usage().1 > SOFT_LIMIT, "the peak saw it");
        assert!(
            usage().1 < SOFT_LIMIT,
            "and starts again from what is held now"
        );
    }
}
