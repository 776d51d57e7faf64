// The package's browser entry (also module workers and bundlers): instantiates the wasm module
// once, next to this file, before anything is exported, so every export is ready to call.
// Top-level await keeps the API the same as in Node: `import { solve } from 'solvescope'`.
import init, * as glue from './web/solvescope.js';
import { guard } from './handles.js';

export * from './web/solvescope.js';

await init({ module_or_path: new URL('./web/solvescope_bg.wasm', import.meta.url) });

// The classes through their facade, whose handles JavaScript cannot forge or reuse (handles.js);
// these names shadow the glue's own. scripts/package.mjs writes each module's list of classes.
export const { CountTask, Session } = guard(glue);
