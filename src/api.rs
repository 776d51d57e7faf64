//! The WebAssembly boundary (filled in next).
