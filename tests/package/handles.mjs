// The objects the package hands out (every class: Session, CountTask),
// attacked through JavaScript alone: a forged or copied handle, an alias used after free, a call
// through the prototype chain, a second free, another class's object as `this`. Runs unchanged in
// Node and in Chromium (hostile.test.mjs) against every module, and returns what went wrong as
// plain data, with the traps counted apart (issue 35: the glue's plain `__wbg_ptr` let these trap
// the module, or free a live object's memory while it went on using it).
//
// Right is: a forged or copied handle changes nothing (the object keeps its own); a call on a
// freed object, or with anything but a live object of that class as `this`, throws an ordinary
// Error whose message is a sentence naming the class; `free()` a second time does nothing; and the
// live objects beside it go on giving exactly what an untouched twin gives.

/** How to make a live object of each class, for the module `only` (null: every puzzle). */
function makers(api, only) {
  const session = { skyscrapers: ['skyscrapers', '4://///1/3///4/////3/', 'solve', null], hashi: ['hashi', '3x1m2:1a1', 'solve', null] };
  const args = session[only] ?? ['queens', 'queens:8', 'backtrack', { mode: 'all' }];
  return {
    Session: { make: () => new api.Session(...structuredClone(args)), calls: { step: [3], solve: [40, 1000], stats: [] } },
    // Only a module with N-Queens can make a live count task (counting is its verb).
    ...(only === null || only === 'queens'
      ? { CountTask: { make: () => new api.CountTask('queens', 'naive', { n: 7, columns: [] }), calls: { run: [64], counts: [], fraction: [] } } }
      : {}),
  };
}

/** The module's classes: exported functions with a `free` on their prototype. */
export const classesOf = (api) => Object.keys(api).filter((k) => typeof api[k] === 'function' && typeof api[k].prototype?.free === 'function');

const isSentence = (t) => /^[A-Z0-9"“'(]/.test(t) && /[.!?…]["”')]?$/.test(t);
const isTrap = (e) => typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError;

/**
 * Runs every case against every class of `api`; `{ classes, groups, cases, traps, problems }`.
 * `only`: the puzzle of a one-puzzle module (null: every puzzle). `pick`: the numbers of the
 * groups to run (all when null), so a group can be run on a fresh instance of its own.
 */
export function attackHandles(api, only = null, pick = null) {
  const problems = [];
  let cases = 0;
  let traps = 0;
  const table = makers(api, only);
  const classes = classesOf(api);
  // A class the module cannot make a live object of (a count task without N-Queens) must refuse
  // to be made with a sentence; the suite's other cases need live objects.
  const unmakeable = only !== null && only !== 'queens' ? ['CountTask'] : [];
  for (const name of classes) {
    if (unmakeable.includes(name)) {
      try {
        new api[name]('queens', 'naive', { n: 7, columns: [] });
        problems.push(`${name}: made a live object in the ${only} module`);
      } catch (e) {
        if (!(e instanceof Error) || isTrap(e) || !isSentence(e.message)) problems.push(`${name}: refused without a sentence: ${String(e)}`);
      }
    } else if (!table[name]) problems.push(`${name}: a class this suite has no maker for (add it to tests/package/handles.mjs)`);
  }
  const known = classes.filter((n) => table[n]);

  /** Each method of `name` called on `obj` in turn, as data (so a twin's can be compared; the
   *  wall time is the one thing a twin may give differently: in the stats, and at the end of the
   *  sentence that ends a run, "… (12 µs)."). */
  const untimed = (k, v) => (k === 'elapsedMicros' ? undefined : k === 'says' && typeof v === 'string' ? v.replace(/ \([^()]*\)\.$/, '.') : v);
  const tour = (name, obj) => Object.entries(table[name].calls).map(([m, a]) => JSON.stringify(obj[m](...a), untimed));

  /** Runs `f`; `want`: 'return', 'throw' (an Error, a sentence naming `name`) or 'either'. */
  const judge = (label, name, want, f) => {
    cases++;
    try {
      f();
      if (want === 'throw') problems.push(`${label}: returned, but should have thrown an Error naming ${name}`);
    } catch (e) {
      if (isTrap(e)) {
        traps++;
        problems.push(`${label}: trapped: ${e.message}`);
      } else if (!(e instanceof Error)) problems.push(`${label}: threw a non-Error: ${String(e)}`);
      else if (want === 'return') problems.push(`${label}: threw: ${e.message.slice(0, 200)}`);
      else if (want === 'throw' && !(isSentence(e.message) && e.message.includes(name))) problems.push(`${label}: the message is no sentence naming ${name}: ${e.message.slice(0, 200)}`);
    }
  };

  /** `victim` must give what its untouched twin gives: nothing freed or changed it from outside. */
  const intact = (label, name, victim, twin) => {
    judge(`${label}: the live ${name} afterwards`, name, 'return', () => {
      const got = tour(name, victim);
      const want = tour(name, twin);
      if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`it gives ${got.join(' ').slice(0, 120)} where its twin gives ${want.join(' ').slice(0, 120)}`);
    });
  };

  /** Frees quietly whatever a case left; a trap here is counted like any other. */
  const free = (...objs) => {
    for (const o of objs) {
      try {
        o.free();
      } catch (e) {
        if (isTrap(e)) {
          traps++;
          problems.push(`freeing after a case: trapped: ${e.message}`);
        }
      }
    }
  };

  const groups = [];
  for (const name of known) {
    const { make, calls } = table[name];
    const C = api[name];
    const methods = Object.keys(calls);
    // Every method the class has is attacked, not only those listed.
    const own = Object.getOwnPropertyNames(C.prototype).filter((m) => m !== 'constructor' && !m.startsWith('__') && m !== 'free' && typeof C.prototype[m] === 'function');
    for (const m of own) if (!methods.includes(m)) problems.push(`${name}.${m}: a method this suite has no arguments for`);

    // 1. A forged handle: whatever is written where the glue kept its pointer changes nothing.
    for (const forged of [8, 0, 1, 65_536, 2 ** 32 - 8, -1, 'x', null]) groups.push([`${name}: a forged handle (${String(forged)})`, () => {
      const x = make();
      const twin = make();
      judge(`${name}: __wbg_ptr = ${String(forged)}`, name, 'either', () => {
        x.__wbg_ptr = forged;
      });
      intact(`${name} with __wbg_ptr = ${String(forged)}`, name, x, twin);
      free(x, twin);
    }]);

    // 2. A handle copied onto another object (every own property, then the pointer by name): that
    //    object is no live one, and freeing it frees nothing of the original.
    for (const [how, copy] of [
      ['Object.assign onto Object.create(prototype)', (x) => Object.assign(Object.create(C.prototype), x)],
      ['__wbg_ptr copied onto Object.create(prototype)', (x) => Object.assign(Object.create(C.prototype), { __wbg_ptr: x.__wbg_ptr })],
      ['structuredClone with the prototype set', (x) => Object.setPrototypeOf(structuredClone({ ...x }), C.prototype)],
    ]) groups.push([`${name}: a copied handle (${how})`, () => {
      const x = make();
      const twin = make();
      const c = copy(x);
      for (const m of methods) judge(`${name}: ${m} on a copy (${how})`, name, 'throw', () => c[m](...calls[m]));
      judge(`${name}: free on a copy (${how})`, name, 'throw', () => c.free());
      intact(`${name} after its copy (${how}) was freed`, name, x, twin);
      free(x, twin);
    }]);

    // 3. Prototype-chained: Object.create(x) inherits the methods, and owns nothing.
    groups.push([`${name}: prototype-chained`, () => {
      const x = make();
      const twin = make();
      const child = Object.create(x);
      for (const m of methods) judge(`${name}: ${m} on Object.create(x)`, name, 'throw', () => child[m](...calls[m]));
      judge(`${name}: Object.create(x).free()`, name, 'throw', () => child.free());
      intact(`${name} after Object.create(x).free()`, name, x, twin);
      free(x, twin);
    }]);

    // 4. Aliased, then freed: every method on the freed object throws; free again does nothing.
    groups.push([`${name}: aliased and freed`, () => {
      const x = make();
      const alias = x;
      judge(`${name}: free through an alias`, name, 'return', () => alias.free());
      for (const m of methods) judge(`${name}: ${m} after free`, name, 'throw', () => x[m](...calls[m]));
      judge(`${name}: free a second time`, name, 'return', () => x.free());
      judge(`${name}: free a third time, through the prototype`, name, 'return', () => C.prototype.free.call(x));
      // The memory it held may now be another object's: that one must be unharmed by the above.
      const y = make();
      const twin = make();
      judge(`${name}: free a fourth time, beside a new object`, name, 'return', () => x.free());
      intact(`${name} made after another was freed four times`, name, y, twin);
      free(y, twin);
    }]);

    // 5. Anything but a live object of the class as `this`.
    for (const [what, self] of [
      ['a plain object', {}],
      ['null', null],
      ['undefined', undefined],
      ['a number', 8],
      ['the prototype', C.prototype],
    ]) groups.push([`${name}: ${what} as this`, () => {
      for (const m of [...methods, 'free']) judge(`${name}: ${m} on ${what}`, name, 'throw', () => C.prototype[m].apply(self, calls[m] ?? []));
    }]);

    // 6. Another class's object as `this`, both ways, and its handle copied in.
    for (const other of known.filter((o) => o !== name)) groups.push([`${name}: a ${other} in its place`, () => {
      const x = make();
      const twin = make();
      const o = table[other].make();
      const oTwin = table[other].make();
      for (const m of [...methods, 'free']) judge(`${name}: ${m} on a ${other}`, name, 'throw', () => C.prototype[m].apply(o, calls[m] ?? []));
      judge(`${name}: __wbg_ptr set to a ${other}'s`, name, 'either', () => {
        x.__wbg_ptr = o.__wbg_ptr;
      });
      intact(`${name} given a ${other}'s handle`, name, x, twin);
      intact(`the ${other} whose handle a ${name} was given`, other, o, oTwin);
      free(x, twin, o, oTwin);
    }]);
  }

  // After each group the module still makes and uses objects of every class; a group whose own
  // set-up traps counts as a trap, and ends the run (the instance is no longer trustworthy).
  const stillWorks = (label) => {
    for (const name of known) {
      const a = table[name].make();
      const b = table[name].make();
      intact(`${label}: then a fresh ${name}`, name, a, b);
      free(a, b);
    }
  };
  for (const [k, [label, run]] of groups.entries()) {
    if (pick && !pick.includes(k)) continue;
    try {
      run();
      stillWorks(label);
    } catch (e) {
      if (isTrap(e)) traps++;
      problems.push(`${label}: ${isTrap(e) ? 'trapped' : 'threw'} outside a judged call: ${e?.message ?? String(e)}`);
      break;
    }
  }
  return { classes: known, groups: groups.map(([label]) => label), cases, traps, problems };
}
