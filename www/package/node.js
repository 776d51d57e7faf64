// The package's Node entry: the same module and glue as the browser's, instantiated synchronously
// from the file beside it (Node's fetch cannot read file: URLs, which the browser entry relies on).
import { readFileSync } from 'node:fs';
import { initSync } from './web/solvescope.js';

export * from './web/solvescope.js';

initSync({ module: readFileSync(new URL('./web/solvescope_bg.wasm', import.meta.url)) });
