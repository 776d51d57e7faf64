// The package's Node entry: the same module and glue as the browser's, instantiated synchronously
// from the file beside it (Node's fetch cannot read file: URLs, which the browser entry relies on).
import { readFileSync } from 'node:fs';
import * as glue from './web/solvescope.js';
import { guard } from './handles.js';

export * from './web/solvescope.js';

glue.initSync({ module: readFileSync(new URL('./web/solvescope_bg.wasm', import.meta.url)) });

// The classes through their facade, whose handles JavaScript cannot forge or reuse (handles.js);
// these names shadow the glue's own. scripts/package.mjs writes each module's list of classes.
export const { CountTask, Session } = guard(glue);
