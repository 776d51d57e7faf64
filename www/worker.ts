// The worker owns the wasm module and every solver session; the main thread never runs a solver,
// so the page stays responsive however long a search takes. Cancelling is done by the page
// terminating this worker (see solver-client.ts), which is the only way to stop a synchronous solve.
//
// Each puzzle has a module of its own (scripts/build-wasm.sh), and the worker's name says which
// to load (solver-client.ts): a view waits for its own puzzle's solvers only. (In a production
// build the service worker still fetches the other modules in the background, for offline use.)

import { guard } from './package/handles.js';
import { MODULES } from './generated/modules';
import { assertNever, COUNT_PROGRESS_MS, LONG_SOLUTION, SOLVE_CHUNK_MS, type Report, type Request, type Response } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** The modules, one per puzzle (generated from the registry); Vite makes each a chunk of its own,
 *  fetched only when asked for. */
const modules = MODULES;
type Module = Awaited<ReturnType<(typeof modules)[keyof typeof modules]>>;
type Session = InstanceType<Module['Session']>;

/** This worker's module, set once it has loaded (messages wait for `ready` below). */
let wasm: Module;
const sessions = new Map<number, Session>();

/** Free functions of the wasm module the page may call by name (puzzle helpers: parse, hint, …):
 *  the module's own exports only (not `constructor`, `toString` or anything else an object
 *  inherits), and neither its classes nor its start-up functions. Filled once the module loads. */
const callable = new Map<string, (...a: unknown[]) => unknown>();

function listCallable(module: Module): void {
  for (const [name, value] of Object.entries(module as unknown as Record<string, unknown>)) {
    if (typeof value !== 'function' || name === 'default' || name === 'start' || name.startsWith('init')) continue;
    if (/^class[\s{]/.test(Function.prototype.toString.call(value))) continue;
    callable.set(name, value as (...a: unknown[]) => unknown);
  }
}

function post(message: Response, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

/**
 * Turns long numeric solutions into Int32Arrays whose buffers are moved, not copied, to the page
 * (see Report in protocol.ts); returns the buffers to transfer.
 */
function packLongSolutions(report: Report): Transferable[] {
  const transfer: Transferable[] = [];
  report.solutions = report.solutions.map((s) => {
    if (Array.isArray(s) && s.length > LONG_SOLUTION && typeof s[0] === 'number') {
      const packed = Int32Array.from(s as number[]);
      transfer.push(packed.buffer);
      return packed;
    }
    return s;
  });
  return transfer;
}

function errorText(e: unknown): string {
  if (e instanceof Error) {
    // A trap means a solver bug: say so plainly rather than showing "unreachable".
    return e instanceof WebAssembly.RuntimeError ? `internal solver error (${e.message})` : e.message;
  }
  return String(e);
}

function session(id: number): Session {
  const s = sessions.get(id);
  if (!s) throw new Error(`no solver session ${id} (it was reset or never created)`);
  return s;
}

function handle(msg: Request): void {
  switch (msg.type) {
    case 'create': {
      sessions.get(msg.session)?.free();
      sessions.set(msg.session, new wasm.Session(msg.puzzle, msg.id, msg.algorithm, msg.options));
      post({ type: 'created', req: msg.req, session: msg.session });
      return;
    }
    case 'step':
      post({ type: 'frame', req: msg.req, frame: session(msg.session).step(msg.maxEvents) });
      return;
    case 'solve': {
      // In chunks, so the page can show progress: the session resumes where the last chunk
      // stopped. The page stops a Solve by terminating this worker (solver-client.ts).
      // Solve always starts on a fresh session, so the nodes a report counts are this Solve's.
      const s = session(msg.session);
      const started = performance.now();
      let nodes = 0;
      for (;;) {
        const spent = performance.now() - started;
        const report = s.solve(Math.max(0, msg.maxNodes - nodes), Math.max(1, Math.min(SOLVE_CHUNK_MS, msg.maxMs - spent))) as Report;
        nodes = report.stats.nodes;
        const done = report.verdict !== 'budget' || performance.now() - started >= msg.maxMs || nodes >= msg.maxNodes;
        if (done) {
          post({ type: 'solved', req: msg.req, report }, packLongSolutions(report));
          return;
        }
        post({ type: 'progress', req: msg.req, stats: report.stats });
      }
    }
    case 'call': {
      const fn = typeof msg.fn === 'string' ? callable.get(msg.fn) : undefined;
      // Only exported solver helpers are reachable; nothing from a puzzle text is ever evaluated.
      if (!fn) throw new Error(`unknown solver function ${JSON.stringify(String(msg.fn)).slice(0, 60)} in the ${scope.name} module`);
      if (!Array.isArray(msg.args)) throw new Error('a call needs its arguments as a list');
      post({ type: 'called', req: msg.req, value: fn(...msg.args) });
      return;
    }
    case 'count': {
      // A batch of tasks, each in chunks: the page adds the batches' sums (every worker has its
      // own wasm instance) and cancels by terminating the workers.
      const sum = { solutions: 0, unique: 0, nodes: 0 };
      const add = (c: { solutions: number; unique: number; nodes: number }) => ({
        solutions: sum.solutions + c.solutions,
        unique: sum.unique + c.unique,
        nodes: sum.nodes + c.nodes,
      });
      let reported = performance.now();
      if (!Array.isArray(msg.tasks)) throw new Error('a count needs its tasks as a list');
      const { CountTask } = wasm;
      // Progress at most every COUNT_PROGRESS_MS, looked at between chunks and between tasks: most
      // tasks end within one chunk (a chunk is about 0.1 s), so a batch of them would otherwise
      // report nothing until its end, seconds later.
      const report = (tasksDone: number, counts: typeof sum, fraction: number | null) => {
        const now = performance.now();
        if (now - reported < COUNT_PROGRESS_MS) return;
        reported = now;
        post({ type: 'counting', req: msg.req, counts, tasksDone, fraction });
      };
      for (const [done, task] of msg.tasks.entries()) {
        // The puzzle's own counter (src/puzzles/verbs.rs); a puzzle without one says so here.
        const counter = new CountTask(scope.name, msg.algorithm, task);
        try {
          while (!counter.run(msg.chunkNodes)) {
            report(done, add(counter.counts()), counter.fraction() ?? null);
          }
          Object.assign(sum, add(counter.counts()));
        } finally {
          counter.free();
        }
        if (done + 1 < msg.tasks.length) report(done + 1, { ...sum }, null);
      }
      post({ type: 'counted', req: msg.req, counts: sum });
      return;
    }
    case 'dispose':
      sessions.get(msg.session)?.free();
      sessions.delete(msg.session);
      post({ type: 'disposed', req: msg.req });
      return;
    default:
      assertNever(msg);
  }
}

/** Loads and starts this worker's module; null when ready, else why not. */
async function load(): Promise<string | null> {
  const name = scope.name;
  const loader = Object.hasOwn(modules, name) ? modules[name as keyof typeof modules] : undefined;
  if (!loader) return `this worker was started for ${JSON.stringify(name).slice(0, 60)}, which has no solver module (known: ${Object.keys(modules).join(', ')})`;
  try {
    const module = await loader();
    await module.default();
    // Sessions and counters through the package's facade, as the package hands them out: their
    // wasm handles out of reach of any script, a freed one an Error (www/package/handles.js).
    wasm = guard(module);
    listCallable(module);
    post({ type: 'ready' });
    return null;
  } catch (e) {
    return `the ${name} solver module could not be loaded: ${errorText(e)}`;
  }
}

// A module that failed to load answers every request with the reason instead of leaving it waiting.
const ready: Promise<string | null> = load();

scope.onmessage = async (event: MessageEvent<Request>) => {
  const msg = event.data;
  // The page only ever sends requests; anything else (null, a number, an object without a type)
  // is answered with an error instead of throwing here, where nobody would hear of it.
  if (typeof msg !== 'object' || msg === null || typeof (msg as { type?: unknown }).type !== 'string') {
    const req = typeof (msg as { req?: unknown } | null)?.req === 'number' ? (msg as { req: number }).req : -1;
    post({ type: 'error', req, message: 'not a request (expected an object with a type)', fatal: false });
    return;
  }
  const failed = await ready;
  if (failed !== null) {
    post({ type: 'error', req: msg.req, message: failed, fatal: true });
    return;
  }
  try {
    handle(msg);
  } catch (e) {
    // After a trap the module's memory may be inconsistent: report it and let the page replace
    // this worker rather than keep using the instance.
    const fatal = e instanceof WebAssembly.RuntimeError;
    post({ type: 'error', req: msg.req, message: errorText(e), fatal });
    if (fatal) scope.close();
  }
};
