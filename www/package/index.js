// The package's browser entry (also module workers and bundlers): instantiates the wasm module
// once, next to this file, before anything is exported, so every export is ready to call.
// Top-level await keeps the API the same as in Node: `import { solve } from 'solvescope'`.
import init from './web/solvescope.js';

export * from './web/solvescope.js';

await init({ module_or_path: new URL('./web/solvescope_bg.wasm', import.meta.url) });
