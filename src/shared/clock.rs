//! A monotonic-enough microsecond clock that works natively and in the browser.
//!
//! `std::time::Instant::now()` panics on `wasm32-unknown-unknown`, so in wasm we read
//! `performance.now()` (present in windows and workers alike) through `js_sys`, falling back to
//! `Date.now()`. Only differences between two readings are meaningful.

/// Microseconds since an arbitrary, fixed origin.
#[cfg(not(target_arch = "wasm32"))]
pub fn now_micros() -> u64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_micros() as u64
}

/// Microseconds since an arbitrary, fixed origin.
#[cfg(target_arch = "wasm32")]
pub fn now_micros() -> u64 {
    use js_sys::{Function, Object, Reflect};
    // `performance` and its `now` are looked up once per thread: the lookups cost more than the
    // call itself, and small puzzles are solved in a few microseconds.
    thread_local! {
        static NOW: Option<(Object, Function)> = {
            let perf = Reflect::get(&js_sys::global(), &"performance".into())
                .ok()
                .filter(|p| p.is_object());
            perf.and_then(|perf| {
                let now = Reflect::get(&perf, &"now".into()).ok().filter(|f| f.is_function())?;
                Some((Object::from(perf), Function::from(now)))
            })
        };
    }
    let millis = NOW
        .with(|now| {
            now.as_ref()
                .and_then(|(perf, f)| f.call0(perf).ok()?.as_f64())
        })
        .unwrap_or_else(js_sys::Date::now);
    (millis * 1000.0) as u64
}
