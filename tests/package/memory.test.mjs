// Out of memory as an error (issue 35, src/shared/memory.rs): the module is driven past the
// memory it may hold with sessions it keeps (min-conflicts at N = 10^7, 6.25 MB each before the
// first step), in Node and in Chromium. The call that runs out must throw an ordinary Error saying
// memory ran out and how much the module holds, never trap; what it made is given back; a small
// puzzle is then solved and checked by the rules here; a session that ran out part-way refuses to
// go on; and after everything is freed the module holds what it held before.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { exhaust } from './exhaust.mjs';
import { withPackagePage } from './serve.mjs';

const root = new URL('../../', import.meta.url).pathname;
const here = new URL('.', import.meta.url).pathname;

before(() => {
  assert.ok(existsSync(join(root, 'pkg/package.json')), 'pkg/ is missing: run npm run package');
  if (!existsSync(join(here, 'node_modules/solvescope'))) {
    mkdirSync(join(here, 'node_modules'), { recursive: true });
    symlinkSync(join(root, 'pkg'), join(here, 'node_modules/solvescope'), 'dir');
  }
});

/** N queens, one per row (the form of the answer), checked by the rules: no shared column or diagonal. */
function placed(n, cols) {
  return Array.isArray(cols) && cols.length === n && cols.every((c, r) => Number.isInteger(c) && c >= 0 && c < n && cols.every((d, s) => s === r || (c !== d && Math.abs(c - d) !== Math.abs(r - s))));
}

function judge(out, where) {
  assert.deepEqual(out.traps, [], `${where}: no trap`);
  const limit = out.start.limit;
  assert.equal(limit, 2 ** 31, 'half of wasm32 memory');
  assert.ok(out.error, `${where}: ${out.kept} sessions and no error`);
  assert.ok(out.error.isError, `${where}: an Error`);
  assert.match(out.error.message, /^Memory ran out: the module needed more than the 2,147 MB it may hold, so this call was undone; it holds (\d{1,3}(,\d{3})*) MB now: free\(\) the sessions and counters you no longer need, or use a smaller board\.$/);
  // The sessions that fit: one 6.25 MB session each, within the limit.
  const each = 6_250_000;
  assert.ok(out.kept >= Math.floor((limit - out.start.held) / (each + 1000)) - 1 && out.kept <= Math.ceil(limit / each), `${where}: ${out.kept} sessions`);
  const heldMb = Number(out.error.message.match(/holds ([\d,]+) MB/)[1].replaceAll(',', ''));
  assert.ok(Math.abs(heldMb * 1e6 - out.afterError.held) < 1e6, `${where}: the message says what is held (${heldMb} MB, ${out.afterError.held} bytes)`);
  assert.ok(out.afterError.held <= limit, `${where}: the session that ran out was given back`);
  assert.ok(out.afterError.memory > limit, `${where}: the call that ran out finished in the reserve above the limit`);

  assert.equal(out.smallError, undefined, `${where}: the small puzzles after it`);
  assert.ok(placed(8, out.queens), `${where}: 8 queens after running out: ${out.queens}`);
  assert.ok(placed(12, out.queens12), `${where}: 12 queens after running out: ${out.queens12}`);

  assert.match(out.stepped, /^Memory ran out: /, `${where}: a step that needs more than there is`);
  assert.equal(out.afterStep, 'This Session ran out of memory in an earlier call and cannot go on; free() it and make a new one.');
  assert.ok(out.end.held <= out.start.held + 64_000, `${where}: all freed, the module holds ${out.end.held} bytes (${out.start.held} at the start)`);
  assert.equal(out.again, true, `${where}: the big session works again after freeing`);
  assert.ok(placed(8, out.queensAgain));
}

test('in Node, running out of memory is an Error, and the module goes on working', async () => {
  const api = await import('solvescope');
  judge(exhaust(api), 'Node');
});

test("in Chromium, the page's N-Queens module runs out of memory with an Error, and goes on working", async () => {
  await withPackagePage(root, async (page) => {
    const out = await page.evaluate(async () => {
      const { exhaust } = await import('./exhaust.mjs');
      return exhaust(await import('/pkg/queens/index.js'));
    });
    judge(out, 'Chromium');
  });
});
