//! The one random generator of the project: small, fast, seedable, identical on every target.
//!
//! Runs must be reproducible from a seed (a shared link `queens:N#SEED` replays the same repair run
//! natively and in the browser), so no global or thread RNG is used anywhere: every algorithm that
//! needs randomness owns an [`Rng`]. The generator is xoshiro256** seeded through SplitMix64, which
//! turns any 64-bit seed (even 0) into a well-mixed state. Only [`Rng::entropy_seed`] touches the
//! operating system (through `getrandom`, which uses `crypto.getRandomValues` in the browser).

/// xoshiro256** (Blackman and Vigna), seeded with SplitMix64.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// The generator for `seed`; the same seed gives the same stream on every platform.
    pub fn new(seed: u64) -> Self {
        let mut sm = seed;
        Rng {
            s: [
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
            ],
        }
    }

    /// A fresh seed from the operating system (or the browser's crypto); falls back to the clock.
    /// Kept below 2^53 so the seed survives a JavaScript number and can be shared from the page.
    pub fn entropy_seed() -> u64 {
        let mut bytes = [0u8; 8];
        let raw = match getrandom::fill(&mut bytes) {
            Ok(()) => u64::from_le_bytes(bytes),
            Err(_) => crate::shared::clock::now_micros() ^ 0xA076_1D64_78BD_642F,
        };
        raw >> 11
    }

    /// Next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (Lemire's multiply-and-reject, no modulo bias). `n` must be > 0.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let (mut hi, mut lo) = wide_mul(self.next_u64(), n);
        if lo < n {
            let threshold = n.wrapping_neg() % n;
            while lo < threshold {
                (hi, lo) = wide_mul(self.next_u64(), n);
            }
        }
        hi
    }

    /// A uniform index into a slice of length `n`.
    #[inline]
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// A uniform float in `[0, 1)`.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

/// The 128-bit product `x * n` as (high, low) 64-bit halves.
#[inline]
fn wide_mul(x: u64, n: u64) -> (u64, u64) {
    // WebAssembly has no 64x64 -> 128 multiply: a `u128` product there is a call into
    // compiler-builtins. For bounds below 2^32 (every board index) two 64-bit products give the same
    // high half, so seeded runs replay identically on both targets; natively the single `mul` stays.
    if cfg!(target_arch = "wasm32") && n >> 32 == 0 {
        split_mul(x, n)
    } else {
        let m = (x as u128) * (n as u128);
        ((m >> 64) as u64, m as u64)
    }
}

/// `x * n` for `n < 2^32` from `(x_hi * n) << 32 + x_lo * n`; neither partial product nor their sum
/// (at most 2^64 - 2^33 + 2^32) overflows `u64`.
#[inline]
fn split_mul(x: u64, n: u64) -> (u64, u64) {
    let hi = ((x >> 32) * n + (((x & 0xFFFF_FFFF) * n) >> 32)) >> 32;
    (hi, x.wrapping_mul(n))
}

/// The first three outputs for seed 0, pinned by the tests on both targets.
#[doc(hidden)]
pub const PINNED_SEED0: [u64; 3] = [
    11091344671253066420,
    13793997310169335082,
    1900383378846508768,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The wasm path's split product equals the `u128` one for every bound below 2^32.
    #[test]
    fn split_mul_is_the_wide_product() {
        let mut r = Rng::new(7);
        let edges = [0u64, 1, 2, 3, 0xFFFF_FFFF, 0x8000_0000, 1_000_000];
        for i in 0..200_000 {
            let x = if i < 49 {
                [0, 1, u64::MAX, u64::MAX - 1, 1 << 63, 0xFFFF_FFFF, 1 << 32][i % 7]
            } else {
                r.next_u64()
            };
            let n = if i < 49 {
                edges[i / 7]
            } else {
                r.next_u64() >> (32 + i % 32)
            };
            let m = (x as u128) * (n as u128);
            assert_eq!(
                split_mul(x, n),
                ((m >> 64) as u64, m as u64),
                "x = {x}, n = {n}"
            );
        }
    }

    #[test]
    fn same_seed_same_stream() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    /// Pins the stream so a change to the generator (which would silently change every seeded run
    /// users have shared) fails loudly; `tests/web.rs` checks the same numbers in the browser.
    #[test]
    fn stream_is_pinned() {
        let mut r = Rng::new(0);
        let got: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(got, PINNED_SEED0);
    }

    #[test]
    fn below_is_in_range_and_roughly_uniform() {
        let mut r = Rng::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.index(6)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }
}
