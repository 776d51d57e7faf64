// Every export of the package and every method of its classes, called through the package's
// real JavaScript glue with hostile values in each argument position in turn (the others valid).
// The values and the calls are the ones tests/web.rs uses (tests/hostile-values.json: the one
// list); this file builds them in JavaScript and runs unchanged in Node and in Chromium
// (hostile.test.mjs), returning what went wrong as plain data.
//
// Right is: where the spec accepts the value for that argument's kind, the call returns; anywhere
// else it throws an ordinary `Error` whose message is a sentence of at most 600 characters —
// never a WebAssembly trap, never a non-Error. After every call the module still solves 8 queens.
// Past the spec, through the glue only: an extra argument, a freed handle, a method called on
// something that is no handle.

/** The JavaScript value a `make` descriptor describes (see the spec's `about`). */
function build(d) {
  const thrower = (what) => () => {
    throw new Error(what);
  };
  let v;
  switch (d.make) {
    case 'number':
      v = typeof d.value === 'string' ? { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity, '-0': -0 }[d.value] : d.value;
      break;
    case 'json':
      v = structuredClone(d.value);
      break;
    case 'undefined':
      v = undefined;
      break;
    case 'symbol':
      v = Symbol('hostile');
      break;
    case 'bigint':
      v = BigInt(d.value);
      break;
    case 'function':
      v = () => 1;
      break;
    case 'date':
      v = new Date(0);
      break;
    case 'typedArray':
      v = new Uint8Array(3);
      break;
    case 'string':
      v = d.repeat.repeat(d.times);
      break;
    case 'utf16':
      v = String.fromCharCode(...d.units);
      break;
    case 'deepArray':
    case 'deepObject': {
      v = [];
      for (let k = 0; k < d.depth; k++) v = d.make === 'deepArray' ? [v] : { a: v };
      break;
    }
    case 'circularObject':
      v = {};
      v.self = v;
      break;
    case 'circularArray':
      v = [];
      v.push(v);
      break;
    case 'throwingGetter':
      v = Object.defineProperty({}, 'x', { get: thrower('the getter throws'), enumerable: true });
      break;
    case 'throwingToJSON':
      v = { toJSON: thrower('toJSON throws') };
      break;
    case 'throwingProxy': {
      const traps = ['get', 'set', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'defineProperty'];
      v = new Proxy({}, Object.fromEntries(traps.map((t) => [t, thrower('the proxy throws')])));
      break;
    }
    case 'revokedProxy': {
      const pair = Proxy.revocable({}, {});
      pair.revoke();
      v = pair.proxy;
      break;
    }
    default:
      throw new Error(`tests/hostile-values.json: unknown make ${d.make}`);
  }
  if (d.set) v[d.set[0]] = d.set[1] === 'NaN' ? NaN : () => 1;
  return v;
}

/** Calls the export or method `name` with `args` (methods on a fresh, freed-after object). */
function caller(api, spec) {
  const fresh = (make, f) => {
    const obj = make();
    try {
      return f(obj);
    } finally {
      obj.free();
    }
  };
  const task = () => new api.CountTask('queens', 'bitmask', api.countPlan('queens', 8).tasks[0]);
  const session = () => new api.Session(...spec.sessionArgs.map((a) => structuredClone(a)));
  const table = {
    listPuzzles: (a) => api.listPuzzles(...a),
    memoryUsage: (a) => api.memoryUsage(...a),
    start: () => undefined, // instantiation itself: the glue runs it once, not callable again
    solve: (a) => api.solve(...a),
    'new Session': (a) => new api.Session(...a).free(),
    'Session.step': (a) => fresh(session, (s) => s.step(...a)),
    'Session.solve': (a) => fresh(session, (s) => s.solve(...a)),
    'Session.stats': (a) => fresh(session, (s) => s.stats(...a)),
    parse: (a) => api.parse(...a),
    format: (a) => api.format(...a),
    hint: (a) => api.hint(...a),
    check: (a) => api.check(...a),
    layout: (a) => api.layout(...a),
    generate: (a) => api.generate(...a),
    countPlan: (a) => api.countPlan(...a),
    experimentPlan: (a) => api.experimentPlan(...a),
    experimentRun: (a) => api.experimentRun(...a),
    experimentSummary: (a) => api.experimentSummary(...a),
    experimentCsv: (a) => api.experimentCsv(...a),
    'new CountTask': (a) => new api.CountTask(...a).free(),
    'CountTask.run': (a) => fresh(task, (t) => t.run(...a)),
    'CountTask.counts': (a) => fresh(task, (t) => t.counts(...a)),
    'CountTask.fraction': (a) => fresh(task, (t) => t.fraction(...a)),
  };
  return (name, args) => {
    const f = table[name];
    if (!f) throw new Error(`tests/hostile-values.json names an unknown call ${name}`);
    return f(args);
  };
}

/** A baseline argument as a value (`{planTask: N}`: the first task of countPlan('queens', N), or
 *  in a module without N-Queens, where the call is refused anyway, a task of that shape). */
function baseline(api, value) {
  if (!(value && typeof value === 'object' && 'planTask' in value)) return structuredClone(value);
  try {
    return api.countPlan('queens', value.planTask).tasks[0];
  } catch {
    return { n: value.planTask, columns: [] };
  }
}

/** Whether the module still solves a puzzle right (independent checks, written here): 8 queens,
 *  or for a one-puzzle module without N-Queens its own small puzzle. */
function stillWorks(api, only) {
  if (only === 'skyscrapers') {
    // Clues (top, bottom, left, right): the tower seen first from each side.
    const g = api.solve('skyscrapers', '4://///1/3///4/////3/', null).solutions[0];
    const latin = g.every((row, r) => new Set(row).size === 4 && new Set(g.map((x) => x[r])).size === 4);
    const seen = (line) => line.reduce(([k, top], h) => (h > top ? [k + 1, h] : [k, top]), [0, 0])[0];
    const col = (c) => g.map((row) => row[c]);
    return latin && seen([...col(1)].reverse()) === 1 && seen([...col(3)].reverse()) === 3 && seen(g[1]) === 4 && seen([...g[2]].reverse()) === 3;
  }
  if (only === 'hashi') {
    // Two islands of 1 with one gap between them: one single bridge.
    const s = api.solve('hashi', '3x1m2:1a1', null).solutions;
    return s.length === 1 && s[0].length === 1 && s[0][0].n === 1 && s[0][0].a.join() === '0,0' && s[0][0].b.join() === '0,2';
  }
  const cols = api.solve('queens', 'queens:8', null).solutions[0];
  return cols.length === 8 && cols.every((c, r) => cols.every((d, s) => s === r || (c !== d && Math.abs(c - d) !== Math.abs(r - s))));
}

const isSentence = (t) => /^[A-Z0-9"“'(]/.test(t) && /[.!?…]["”')]?$/.test(t);

/** null when `f` behaved as `mustSucceed` says (undefined: either is fine), else what is wrong. */
function judge(f, mustSucceed) {
  try {
    f();
    return mustSucceed === false ? 'returned, but should have thrown an Error' : null;
  } catch (e) {
    if (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError) return `trapped: ${e.message}`;
    if (!(e instanceof Error)) return `threw a non-Error: ${String(e)}`;
    if (mustSucceed === true) return `threw: ${e.message.slice(0, 200)}`;
    if (e.message.length > 600) return `a message of ${e.message.length} characters`;
    if (mustSucceed === false && !isSentence(e.message)) return `not a sentence: ${e.message.slice(0, 200)}`;
    return null;
  }
}

/** The puzzle a call of the spec is about (its `name` argument; the session's for Session
 *  methods), or null. */
function puzzleOf(name, args, spec) {
  if (name.startsWith('Session.') || name === 'new Session') return spec.sessionArgs[0];
  // A count task's methods run on a fresh task of N-Queens (see `caller`).
  if (name.startsWith('CountTask.')) return 'queens';
  return args.find(([kind]) => kind === 'name')?.[1] ?? null;
}

/** The export a call of the spec needs (`Session.step` needs `Session`). */
const exportOf = (name) => name.replace(/^new /, '').replace(/\..*$/, '');

/** The spec's calls whose export `api` does not have (a one-puzzle module without the N-Queens
 *  counting and experiment classes); `start` is the instantiation itself, never an export. */
export const absentCalls = (api, spec) => spec.calls.filter(({ call }) => call !== 'start' && !(exportOf(call) in api));

/**
 * Runs every call of `spec` (tests/hostile-values.json) with every value in every position.
 * `only`: the puzzle of a one-puzzle module (`solvescope/<puzzle>`). Its calls about another
 * puzzle must still fail cleanly (an Error, a short message; with valid arguments a sentence),
 * exports it does not have (the N-Queens counting classes) are skipped, and the check after each
 * call solves that module's own puzzle.
 */
export function attack(api, spec, only = null) {
  const call = caller(api, spec);
  const values = spec.values.map((d) => ({ d, value: build(d) }));
  const problems = [];
  let count = 0;
  const works = () => {
    try {
      return stillWorks(api, only);
    } catch {
      return false;
    }
  };
  const after = (label) => {
    if (works()) return true;
    problems.push(`${label}: the module no longer solves its puzzle`);
    return false;
  };
  const absent = absentCalls(api, spec);
  for (const { call: name, args } of spec.calls) {
    if (absent.some((c) => c.call === name)) {
      if (only === null || only === 'queens') problems.push(`${name}: the module has no ${exportOf(name)}`);
      continue;
    }
    const about = puzzleOf(name, args, spec);
    // Another puzzle's call on a one-puzzle module: valid arguments must be refused with a
    // sentence, and every hostile value may be refused either way, never with a trap.
    const elsewhere = only !== null && about !== null && about !== only;
    const valid = args.map(([, v]) => baseline(api, v));
    count++;
    const base = judge(() => call(name, valid), !elsewhere);
    if (base) problems.push(`${name} with valid arguments: ${base}`);
    for (let pos = 0; pos <= args.length; pos++) {
      for (const { d, value } of values) {
        const kind = args[pos]?.[0];
        const label = `${name}, argument ${pos + 1} = ${d.name}`;
        const list = valid.map((v, i) => (i === pos ? value : i < pos ? v : baseline(api, args[i][1])));
        if (pos === args.length) list.push(value); // an extra argument: anything but a trap
        count++;
        const wrong = judge(() => call(name, list), pos === args.length || elsewhere ? undefined : d.accepted.includes(kind));
        if (wrong) problems.push(`${label}: ${wrong}`);
        if (!after(label)) return { calls: count, problems };
      }
    }
  }
  // Only the glue can be asked these: a freed handle, and a method on something that is no handle.
  const ownSession = { skyscrapers: ['skyscrapers', '4://///1/3///4/////3/', 'solve', null], hashi: ['hashi', '3x1m2:1a1', 'solve', null] };
  const s = new api.Session(...(ownSession[only] ?? spec.sessionArgs));
  s.free();
  for (const [label, f] of [
    ['step on a freed session', () => s.step(5)],
    ['solve on a freed session', () => s.solve(10, 10)],
    ['a second free', () => s.free()],
    ['step on a plain object', () => api.Session.prototype.step.call({}, 5)],
    ['counts on a plain object', () => api.CountTask.prototype.counts.call({})],
  ]) {
    count++;
    const wrong = judge(f, undefined);
    if (wrong) problems.push(`${label}: ${wrong}`);
    if (!after(label)) break;
  }
  return { calls: count, problems };
}
