// Every export of the package and every method of its classes, called with hostile values in each
// argument position in turn (the others valid), the way a careless or malicious caller would. Run
// unchanged in Node and in Chromium (hostile.test.mjs): returns what went wrong, as plain data.
//
// What counts as right: the call returns, or it throws an ordinary `Error` with a readable
// message — never a WebAssembly trap (`WebAssembly.RuntimeError`), never a non-Error — and
// afterwards the module still solves 8 queens correctly.

/** The hostile values, by name: wrong types, extremes, deep, circular and huge structures. */
export function hostileValues() {
  let deep = [];
  for (let k = 0; k < 10_000; k++) deep = [deep];
  const circular = { n: 8 };
  circular.self = circular;
  const trap = new Proxy({}, { get() { throw new Error('a getter that throws'); }, ownKeys() { throw new Error('keys that throw'); } });
  return {
    'the number 42': 42,
    NaN: NaN,
    '2^53': 2 ** 53,
    '-0': -0,
    Infinity: Infinity,
    '-Infinity': -Infinity,
    '-1': -1,
    '4294967296': 4294967296,
    'a symbol': Symbol('hostile'),
    'a BigInt': 10n,
    'a function': () => 1,
    true: true,
    'a Date': new Date(0),
    'an empty array': [],
    'an empty object': {},
    undefined: undefined,
    null: null,
    'an array nested 10,000 deep': deep,
    'a circular object': circular,
    'a proxy whose getters throw': trap,
    'an object whose toJSON throws': { toJSON() { throw new Error('toJSON throws'); } },
    'a 5 MB string': 'q'.repeat(5 << 20),
    'a 5 MB array': new Array(5 << 20).fill(1),
    'control characters': '\u001b[31m\u0000\u0007',
  };
}

/** Valid arguments for every call, so one position at a time can be replaced. */
function calls(api) {
  const sky = '4://///1/3///4/////3/';
  const skyData = api.parse('skyscrapers', sky).puzzle;
  const hashiData = api.parse('hashi', '3x3:2a2c2a2').puzzle;
  const plan = api.queensCountPlan(8);
  return [
    ['listPuzzles', [], (a) => api.listPuzzles(...a)],
    ['solve', ['queens', 'queens:6', { maxMs: 2000 }], (a) => api.solve(...a)],
    ['parse', ['skyscrapers', sky], (a) => api.parse(...a)],
    ['format', ['skyscrapers', skyData], (a) => api.format(...a)],
    ['hint', ['skyscrapers', skyData, [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]], (a) => api.hint(...a)],
    ['check', ['hashi', hashiData, []], (a) => api.check(...a)],
    ['layout', ['hashi', hashiData], (a) => api.layout(...a)],
    ['generate', ['skyscrapers', { size: '4', seed: 1 }], (a) => api.generate(...a)],
    ['new Session', ['queens', 'queens:6', 'backtrack', null], (a) => new api.Session(...a).free()],
    ['Session.step', [5], (a) => withSession(api, (s) => s.step(...a))],
    ['Session.solve', [1000, 2000], (a) => withSession(api, (s) => s.solve(...a))],
    ['Session.stats', [], (a) => withSession(api, (s) => s.stats(...a))],
    ['queensCountPlan', [6], (a) => api.queensCountPlan(...a)],
    ['new QueensCountTask', [plan.tasks[0]], (a) => new api.QueensCountTask(...a).free()],
    ['QueensCountTask.run', [1000], (a) => withTask(api, plan, (t) => t.run(...a))],
    ['QueensCountTask.counts', [], (a) => withTask(api, plan, (t) => t.counts(...a))],
    ['new QueensNaiveCount', [6], (a) => new api.QueensNaiveCount(...a).free()],
    ['QueensNaiveCount.run', [1000], (a) => withNaive(api, (t) => t.run(...a))],
    ['QueensNaiveCount.counts', [], (a) => withNaive(api, (t) => t.counts(...a))],
  ];
}

function withSession(api, f) {
  const s = new api.Session('queens', 'queens:6', 'backtrack', null);
  try {
    return f(s);
  } finally {
    s.free();
  }
}

function withTask(api, plan, f) {
  const t = new api.QueensCountTask(plan.tasks[0]);
  try {
    return f(t);
  } finally {
    t.free();
  }
}

function withNaive(api, f) {
  const t = new api.QueensNaiveCount(6);
  try {
    return f(t);
  } finally {
    t.free();
  }
}

/** Whether 8 queens still come out right (an independent check, written here). */
function stillWorks(api) {
  const cols = api.solve('queens', 'queens:8', null).solutions[0];
  return cols.length === 8 && cols.every((c, r) => cols.every((d, s) => s === r || (c !== d && Math.abs(c - d) !== Math.abs(r - s))));
}

/** Judges one call: null when it returned or threw an ordinary Error, else what is wrong. */
function judge(f) {
  try {
    f();
    return null;
  } catch (e) {
    if (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError) return `trapped: ${e.message}`;
    if (!(e instanceof Error)) return `threw a non-Error: ${String(e)}`;
    if (!e.message || e.message.length > 500) return `unreadable message (${e.message.length} characters)`;
    return null;
  }
}

/** Runs every call with every hostile value in every position; returns { calls, problems }. */
export function attack(api) {
  const values = hostileValues();
  const problems = [];
  let count = 0;
  for (const [name, valid, call] of calls(api)) {
    // Every position, and one past the end (an extra argument must be harmless too).
    for (let pos = 0; pos <= valid.length; pos++) {
      for (const [label, value] of Object.entries(values)) {
        const args = [...valid];
        args[pos] = value;
        count++;
        const wrong = judge(() => call(args));
        if (wrong) problems.push(`${name}, argument ${pos + 1} = ${label}: ${wrong}`);
        if (!stillWorks(api)) {
          problems.push(`${name}, argument ${pos + 1} = ${label}: the module no longer solves 8 queens`);
          return { calls: count, problems };
        }
      }
    }
  }
  // Methods on a freed handle, and on something that is not a handle at all.
  const s = new api.Session('queens', 'queens:6', 'backtrack', null);
  s.free();
  for (const [label, f] of [
    ['step on a freed session', () => s.step(5)],
    ['solve on a freed session', () => s.solve(10, 10)],
    ['step on a plain object', () => api.Session.prototype.step.call({}, 5)],
  ]) {
    count++;
    const wrong = judge(f);
    if (wrong) problems.push(`${label}: ${wrong}`);
    if (!stillWorks(api)) {
      problems.push(`${label}: the module no longer solves 8 queens`);
      break;
    }
  }
  return { calls: count, problems };
}
