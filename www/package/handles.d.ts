// Types of handles.js, for the page's worker (www/worker.ts), which guards its module the same way.
/** Whether `value` is a class of the wasm-bindgen glue (its prototype has `free`). */
export declare function isGlueClass(value: unknown): boolean;
/** The glue module's exports with each class replaced by a facade of the same shape. */
export declare function guard<M extends object>(glue: M): M;
