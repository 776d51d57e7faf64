// The built package (pkg/, scripts/package.mjs) as another Node program sees it: imported by name
// through its package.json `exports`, its manifest, and the Node example run on real files.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exercise } from './exercise.mjs';
import { input, verify } from './verify.mjs';
import { bridgeText, bridges, towers } from './fixtures.mjs';

const root = new URL('../../', import.meta.url).pathname;
const pkg = join(root, 'pkg');

/** What `npm install path/to/pkg` leaves behind: node_modules/solvescope linking to the package. */
function install(dir) {
  rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(pkg, join(dir, 'node_modules/solvescope'), 'dir');
}

let api;
before(async () => {
  assert.ok(existsSync(join(pkg, 'package.json')), 'pkg/ is missing: run npm run package (npm test builds it)');
  install(new URL('.', import.meta.url).pathname);
  api = await import('solvescope');
});

test('the manifest names the package, its version and every file it ships', () => {
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  const cargo = readFileSync(join(root, 'Cargo.toml'), 'utf8').match(/^version = "(.*)"/m)[1];
  assert.equal(manifest.name, 'solvescope');
  assert.equal(manifest.version, cargo, 'the package carries the crate version');
  assert.match(manifest.version, /^\d+\.\d+\.\d+/);
  assert.equal(manifest.license, 'MIT');
  for (const f of manifest.files) assert.ok(existsSync(join(pkg, f)), `${f} is in the package`);
  assert.match(readFileSync(join(pkg, 'index.d.ts'), 'utf8'), /export \* from '\.\/web\/solvescope\.js'/);
  // The generated types name the results instead of `any`: the docs' source of truth.
  const dts = readFileSync(join(pkg, 'web/solvescope.d.ts'), 'utf8');
  assert.match(dts, /export function solve\(puzzle: string, text: string, options\?: .*\): Report;/);
  assert.match(dts, /step\(max_events: number\): Frame<AnyEvent>;/);
});

test('the public API in Node: solve, a stepped session, parse/format, hint, check, generate', () => {
  verify(exercise(api, input));
});

test('the Node example checks a file of Tatham IDs for uniqueness', () => {
  const dir = join(root, 'examples/node');
  install(dir);
  const run = (...args) => spawnSync(process.execPath, [join(dir, 'check-unique.mjs'), ...args], { cwd: dir, encoding: 'utf8' });

  const all = run('skyscrapers', join(root, 'tests/fixtures/tatham-towers.txt'));
  assert.equal(all.status, 0, all.stderr);
  const lines = all.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines.length, towers.length);
  assert.ok(lines.every((l) => l.verdict === 'unique'));

  const bridges = run('hashi', join(root, 'tests/fixtures/tatham-bridges.txt'));
  assert.equal(bridges.status, 0, bridges.stderr);

  // A puzzle with two solutions (no clues at all) and a line that is no puzzle: exit 1, each said.
  const scratch = mkdtempSync(join(tmpdir(), 'solvescope-example-'));
  writeFileSync(join(scratch, 'mixed.txt'), `# mixed\n${towers[0].id}\n3:${'/'.repeat(11)}\nnot a puzzle\n`);
  const mixed = run('skyscrapers', join(scratch, 'mixed.txt'));
  assert.equal(mixed.status, 1);
  const verdicts = mixed.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(verdicts.map((v) => v.line), [2, 3, 4]);
  assert.equal(verdicts[0].verdict, 'unique');
  assert.equal(verdicts[1].verdict, 'multiple');
  assert.match(verdicts[2].error, /^[A-Z].*\.$/);
  rmSync(scratch, { recursive: true, force: true });

  assert.equal(run().status, 2, 'no arguments is a usage error');
  assert.equal(run('skyscrapers', '/nonexistent/file').status, 2);
});

test('solvescope/<puzzle> has that puzzle alone: it solves it, checked, and says the others are in other modules', async () => {
  const texts = { queens: 'queens:8', skyscrapers: towers[0].id, hashi: bridges[0].id };
  // Each answer against a source independent of Solvescope: Tatham's own solutions, and for the
  // queens the rule itself (one per row by the form of the answer; no shared column or diagonal).
  const right = {
    queens: ([cols]) => cols.length === 8 && cols.every((c, r) => cols.every((d, s) => s === r || (c !== d && Math.abs(c - d) !== Math.abs(r - s)))),
    skyscrapers: ([grid]) => JSON.stringify(grid) === JSON.stringify(towers[0].solution),
    hashi: ([list]) => bridgeText(list) === bridges[0].bridges,
  };
  for (const p of ['queens', 'skyscrapers', 'hashi']) {
    const one = await import(`solvescope/${p}`);
    assert.deepEqual(one.listPuzzles().map((i) => i.name), [p]);
    assert.deepEqual(one.listPuzzles()[0], api.listPuzzles().find((i) => i.name === p), `${p}: the same registry entry as the whole package`);
    // The same answer as the all-puzzles module, and the whole module's checker accepts it.
    const mine = one.solve(p, texts[p]);
    const all = api.solve(p, texts[p]);
    assert.equal(mine.verdict, all.verdict);
    assert.deepEqual(mine.solutions, all.solutions);
    assert.equal(mine.stats.nodes, all.stats.nodes);
    assert.ok(right[p](mine.solutions), `${p}: the one-puzzle module's answer is right`);
    for (const other of ['queens', 'skyscrapers', 'hashi'].filter((o) => o !== p)) {
      assert.throws(() => one.solve(other, texts[other]), new RegExp(`^Error: This build has ${p} only: ${other} is in the ${other} module and in the one with every puzzle\\.$`));
    }
    // Counting is a verb of the registry: every module has it, only the N-Queens one can count.
    assert.equal(typeof one.countPlan, 'function');
    if (p === 'queens') assert.equal(one.countPlan('queens', 8).n, 8);
    else assert.throws(() => one.countPlan('queens', 8), /This build has .* only/);
  }
});

test('the package imports in a fresh Node process with nothing but the package installed', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'solvescope-consumer-'));
  install(scratch);
  writeFileSync(
    join(scratch, 'main.mjs'),
    "import { solve } from 'solvescope';\nconsole.log(solve('queens', 'queens:10', { mode: 'count' }).stats.solutions);\n",
  );
  assert.equal(execFileSync(process.execPath, ['main.mjs'], { cwd: scratch, encoding: 'utf8' }).trim(), '724', 'A000170(10)');
  rmSync(scratch, { recursive: true, force: true });
});

test('a TypeScript program type-checks against the package, and wrong calls do not', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'solvescope-types-'));
  install(scratch);
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom', 'esnext.disposable'], noEmit: true, types: [] } }),
  );
  writeFileSync(join(scratch, 'package.json'), '{ "type": "module" }');
  writeFileSync(
    join(scratch, 'main.ts'),
    [
      "import { solve, Session, parse, listPuzzles } from 'solvescope';",
      "import type { Report, Frame, AnyEvent, Verdict, PuzzleInfo } from 'solvescope';",
      "const report: Report = solve('queens', 'queens:8', { maxMs: 100 });",
      "const plain: Report = solve('queens', 'queens:8'); // the options are optional",
      'const verdict: Verdict = report.verdict;',
      "const frame: Frame<AnyEvent> = new Session('queens', 'queens:8', 'backtrack', null).step(10);",
      'const kinds: string[] = frame.events.map((e) => e.kind);',
      "const tatham: string | null = parse('skyscrapers', '4:///').exports.tatham;",
      'const infos: PuzzleInfo[] = listPuzzles();',
      '// @ts-expect-error: the puzzle text is a string',
      "solve('queens', 8);",
      '// @ts-expect-error: a verdict is one of the named ones',
      "const nonsense: Verdict = 'maybe';",
      'export { verdict, plain, kinds, tatham, infos, nonsense };',
      '',
    ].join('\n'),
  );
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', scratch], { encoding: 'utf8' });
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  rmSync(scratch, { recursive: true, force: true });
});
