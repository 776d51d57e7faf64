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
    use js_sys::{Function, Reflect};
    let millis = Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .filter(|perf| perf.is_object())
        .and_then(|perf| {
            let now = Reflect::get(&perf, &"now".into())
                .ok()
                .filter(|f| f.is_function())?;
            Function::from(now).call0(&perf).ok()?.as_f64()
        })
        .unwrap_or_else(js_sys::Date::now);
    (millis * 1000.0) as u64
}
