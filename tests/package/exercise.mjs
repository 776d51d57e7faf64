// One tour of the package's public API, run unchanged in Node, in a browser page and in a module
// worker (browser.test.mjs): it only calls the API and writes down what came back, as plain data.
// The tests then judge that data with oracles that share no code with Solvescope, so the three
// hosts are held to the same checks. `api` is the imported package; `input` names the puzzles.

/** What the message of a thrown value says, and whether it was a real `Error`. */
function thrown(f) {
  try {
    f();
    return { threw: false };
  } catch (e) {
    return { threw: true, isError: e instanceof Error, message: String(e?.message ?? e) };
  }
}

export function exercise(api, input) {
  const out = {};
  out.puzzles = api.listPuzzles().map((p) => ({ name: p.name, algorithms: p.algorithms.map((a) => a.name) }));

  // One call from text to a checked answer.
  const sky = api.solve('skyscrapers', input.tower, { maxMs: 20_000 });
  out.sky = { verdict: sky.verdict, solutions: sky.solutions, nodes: sky.stats.nodes };
  const hashi = api.solve('hashi', input.bridges, { maxMs: 20_000 });
  out.hashi = { verdict: hashi.verdict, solutions: hashi.solutions };
  out.queensCount = api.solve('queens', 'queens:8', { mode: 'count', maxMs: 20_000 }).stats.solutions;
  out.nodeBudget = api.solve('skyscrapers', input.hardTower, { maxNodes: 1 }).verdict;

  // A stepped session, drained frame by frame, against a one-call solve of the same search.
  const session = new api.Session('queens', 'queens:6', 'backtrack', { mode: 'all' });
  const frames = [];
  for (let k = 0; k < 10_000; k++) {
    const f = session.step(7);
    frames.push({ kinds: f.events.map((e) => e.kind), solutions: f.events.filter((e) => e.kind === 'solution').map((e) => e.columns), nodes: f.stats.nodes, verdict: f.verdict });
    if (f.verdict) break;
  }
  session.free();
  const whole = new api.Session('queens', 'queens:6', 'backtrack', { mode: 'all' });
  const report = whole.solve(Infinity, 20_000);
  whole.free();
  out.stepped = { frames, solve: { verdict: report.verdict, nodes: report.stats.nodes, solutions: report.solutions } };

  // Text forms: a Tatham ID in, every form out, and each form read back.
  const parsed = api.parse('skyscrapers', input.tower);
  out.parsed = parsed;
  out.formatted = api.format('skyscrapers', parsed.puzzle);
  out.reparsed = ['tatham', 'puzzlink', 'plain']
    .filter((form) => parsed.exports[form] !== null)
    .map((form) => ({ form, puzzle: api.parse('skyscrapers', parsed.exports[form]).puzzle }));

  // A player's helpers: a hint on the empty board, a check of a board with one wrong digit.
  const n = parsed.puzzle.n;
  const empty = Array.from({ length: n }, () => Array(n).fill(0));
  out.hint = api.hint('skyscrapers', parsed.puzzle, empty);
  const wrong = input.towerSolution.map((row) => [...row]);
  wrong[0][0] = (wrong[0][0] % n) + 1;
  out.check = api.check('skyscrapers', parsed.puzzle, wrong);
  out.checkSolved = api.check('skyscrapers', parsed.puzzle, input.towerSolution);

  // A generated puzzle, twice from one seed, then solved from its ID.
  const g1 = api.generate('skyscrapers', { size: '5', seed: 2026 });
  const g2 = api.generate('skyscrapers', { size: '5', seed: 2026 });
  const gs = api.solve('skyscrapers', g1.exports.tatham, { maxMs: 20_000 });
  out.generated = { id: g1.exports.tatham, again: g2.exports.tatham, seed: g1.seed, puzzle: g1.puzzle, verdict: gs.verdict, solutions: gs.solutions };
  const gh = api.generate('hashi', { size: '7x7', seed: 5 });
  const ghs = api.solve('hashi', gh.exports.tatham, { maxMs: 20_000 });
  out.generatedHashi = { puzzle: gh.puzzle, verdict: ghs.verdict, solutions: ghs.solutions };

  // Bad input: ordinary exceptions with a sentence, and the module keeps working.
  out.errors = [
    thrown(() => api.solve('chess', 'e4')),
    thrown(() => api.solve('skyscrapers', 42)),
    thrown(() => api.solve('skyscrapers', input.tower, { maxMs: 'soon' })),
    thrown(() => api.parse('hashi', '7x7:zzz')),
    thrown(() => new api.Session('queens', 'queens:8', 'guessing', null)),
  ];
  out.afterErrors = api.solve('queens', 'queens:8', null).solutions;
  return out;
}
