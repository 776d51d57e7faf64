// The run of memory.test.mjs, shared by Node and Chromium: sessions of min-conflicts at N = 10^7
// (6.25 MB each before their first step) are kept until the module runs out of memory, then it is
// asked for small puzzles, a kept session's big first step, and everything is freed.

/** Drives `api` out of memory and on: what happened, as plain data. */
export function exhaust(api) {
  const out = { traps: [] };
  const trap = (e) => e instanceof WebAssembly.RuntimeError && out.traps.push(e.message);
  const start = api.memoryUsage();
  out.start = start;
  const big = () => new api.Session('queens', 'queens:10000000', 'repair', { seed: 1 });
  const kept = [];
  try {
    // 2^31 bytes / 6.25 MB is 344 sessions: 600 is a bound, not a target.
    for (let k = 0; k < 600; k++) kept.push(big());
  } catch (e) {
    trap(e);
    out.error = { isError: e instanceof Error, message: String(e?.message ?? e) };
  }
  out.kept = kept.length;
  out.afterError = api.memoryUsage();

  // Without freeing anything: a small puzzle, solved in one call and through a session.
  try {
    out.queens = api.solve('queens', 'queens:8', null).solutions[0];
    const s = new api.Session('queens', 'queens:12', 'backtrack', null);
    out.queens12 = s.solve(Infinity, 5000).solutions[0];
    s.free();
  } catch (e) {
    trap(e);
    out.smallError = String(e?.message ?? e);
  }

  // A kept session whose first step needs 40 MB more than there is: that step is an Error, and
  // the session, left half-changed, refuses every later call but free().
  const victim = kept.pop();
  try {
    victim.step(1);
    out.stepped = 'returned';
  } catch (e) {
    trap(e);
    out.stepped = String(e?.message ?? e);
  }
  try {
    victim.stats();
    out.afterStep = 'returned';
  } catch (e) {
    trap(e);
    out.afterStep = String(e?.message ?? e);
  }
  victim.free();

  for (const s of kept) s.free();
  out.end = api.memoryUsage();
  // With the memory back, the same big session works again.
  try {
    const s = big();
    out.again = s.step(1).stats.nodes >= 0;
    s.free();
  } catch (e) {
    trap(e);
    out.again = String(e?.message ?? e);
  }
  out.queensAgain = api.solve('queens', 'queens:8', null).solutions[0];
  return out;
}
