// Lessons are checked: every stop of every lesson is opened as a class would open it (the lesson
// bar's Next), and what its text promises (the stop's `claims`, www/lessons/lessons.ts) is checked
// against the solver's own trace of the run on screen, replayed natively by the CLI's `trace`
// from the run's parameters (the status line's data-run). The counters the stop shows must be
// those of the trace at the stop's step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage } from './harness.mjs';
import { ensureCli, nativeTrace } from './trace-oracle.mjs';

/** The counters at step 0. */
const ZERO = { nodes: 0, backtracks: 0, solutions: 0, depth: 0, moves: 0, restarts: 0 };
/** Events replayed at most for a claim about the whole run. */
const WHOLE = 400_000;

let app;
before(async () => {
  ensureCli();
  app = await startApp();
});
after(async () => {
  await app?.close();
});


test('every lesson stop keeps the promises of its text', async () => {
  const { page, problems, context } = await openPage(app, '');
  const ids = await page.locator('#lessons button.lesson-start').evaluateAll((bs) => bs.map((b) => b.id.replace(/^lesson-/, '')));
  let checked = 0;
  for (const id of ids) {
    await page.click('nav.tabs a[data-tab=start]');
    await page.waitForSelector('#start:not([hidden])');
    await page.click(`#lesson-${id}`);
    const stops = Number((await page.textContent('#lesson-where')).match(/of (\d+)/)[1]);
    /** Per stop, its runs' whole traces (for `moreNodesThan`). */
    const wholes = [];
    /** The stop before: its view, step and runs. */
    let previous = null;
    for (let k = 1; k <= stops; k++) {
      if (k > 1) await page.click('#lesson-next');
      await page.waitForSelector(`#lesson[data-lesson="${id}"][data-stop="${k}"]`);
      const where = `${id} stop ${k}`;
      const hash = decodeURIComponent(await page.getAttribute('#lesson', 'data-address'));
      const tab = hash.slice(1).split(/[/?]/)[0];
      const step = Number((hash.match(/[?&]step=(\d+)/) ?? [0, 0])[1]);
      const claims = JSON.parse(await page.getAttribute('#lesson', 'data-claims'), (_, v) => (v === 'Infinity' ? Infinity : v));
      await page.waitForSelector(`#${tab}:not([hidden])`);
      await page.waitForFunction(([t, s]) => new RegExp(`^Step ${s.toLocaleString('en-US')} of`).test(document.querySelector(`#${t} .step-count`)?.textContent ?? ''), [tab, step], { timeout: 30_000 });
      const marked = `#${tab} [data-run]:not([data-run=""])`;
      // A watch view at step 0 may not have made its session yet: Step and Step back make it.
      if ((await page.locator(marked).count()) === 0) {
        const bar = page.locator(`#${tab} .playback`);
        await bar.getByRole('button', { name: 'Step', exact: true }).click();
        await page.waitForSelector(marked);
        await bar.getByRole('button', { name: 'Step back', exact: true }).click();
      }
      // Two stops of one view at one step (the same puzzle, other options) already read the step
      // before the new run is made: wait for the run to be another than the stop before's.
      const runText = () => page.locator(marked).evaluateAll((els) => els.map((el) => el.dataset.run).join('|'));
      if (previous && previous.tab === tab && previous.step === step) {
        await page.waitForFunction(([sel, before]) => [...document.querySelectorAll(sel)].map((el) => el.dataset.run).join('|') !== before, [marked, previous.run], { timeout: 30_000 });
      }
      previous = { tab, step, run: await runText() };
      const params = await page.locator(marked).evaluateAll((els) => els.map((el) => JSON.parse(el.dataset.run)));
      const traces = params.map((p) => nativeTrace(p, WHOLE));
      wholes.push(traces);
      // Each run at the stop's step, or at its end if it ended before (the race's sides).
      const expected = traces.map((t) => (t.ended ? Math.min(step, t.events.length) : step));
      await page.waitForFunction(([sel, want]) => [...document.querySelectorAll(sel)].every((el, i) => Number(el.dataset.step ?? 0) === want[i]), [marked, expected], { timeout: 30_000 });
      await page.waitForTimeout(100);
      const runs = await page.locator(marked).evaluateAll((els) =>
        els.map((el) => {
          const scope = el.closest('.race-side') ?? el.closest('section');
          const counters = {};
          for (const d of scope.querySelectorAll('[data-counter]')) counters[d.dataset.counter] = d.textContent;
          return { step: Number(el.dataset.step ?? 0), sentence: el.textContent, counters };
        }),
      );
      // The counters on screen are the trace's at the stop (for every counter that is one of the
      // solver's; "Conflicts now" and time are the view's own or the machine's progress).
      for (const [i, r] of runs.entries()) {
        const at = r.step === 0 ? null : traces[i].events[r.step - 1];
        assert.ok(r.step === 0 || at, `${where}: the trace reaches step ${r.step}`);
        for (const [name, shown] of Object.entries(r.counters)) {
          const want = (r.step === 0 ? ZERO : at.after)[name];
          if (want === undefined) continue;
          assert.equal(shown, want.toLocaleString('en-US'), `${where}: ${name} shown`);
        }
      }
      for (const c of claims) {
        const i = c.run ?? 0;
        const r = runs[i];
        const t = traces[i];
        assert.ok(r, `${where}: the view has run ${i}`);
        const upTo = t.events.slice(0, r.step).map((e) => e.event.kind);
        const all = t.events.map((e) => e.event.kind);
        for (const kind of c.occurs ?? []) assert.ok(upTo.includes(kind), `${where}: a ${kind} event happens by step ${r.step}`);
        for (const kind of c.eventually ?? []) assert.ok(all.includes(kind), `${where}: a ${kind} event happens in the run`);
        for (const kind of c.never ?? []) {
          assert.ok(t.ended, `${where}: the run must end within ${WHOLE} events to show no ${kind}`);
          assert.ok(!all.includes(kind), `${where}: no ${kind} event in the whole run`);
        }
        if (c.at) assert.equal(upTo[r.step - 1], c.at, `${where}: the event on screen`);
        if (c.says) assert.ok(r.sentence.includes(c.says), `${where}: the sentence says "${c.says}": ${r.sentence}`);
        for (const [name, [lo, hi]] of Object.entries(c.counters ?? {})) {
          const v = (r.step === 0 ? ZERO : t.events[r.step - 1].after)[name];
          assert.ok(v >= lo && v <= hi, `${where}: ${name} = ${v}, promised ${lo}..${hi}`);
        }
        if (c.before) {
          const [a, b] = c.before;
          const fa = all.indexOf(a);
          const fb = all.indexOf(b);
          assert.ok(fa >= 0 && (fb < 0 || fa < fb), `${where}: the first ${a} (event ${fa + 1}) before any ${b} (event ${fb + 1})`);
        }
        if (c.moreNodesThan !== undefined) {
          const other = wholes[c.moreNodesThan][i];
          assert.ok(other.ended, `${where}: the run of stop ${c.moreNodesThan + 1} ends, so its node count is known`);
          // A run cut at WHOLE events has at least its nodes so far.
          assert.ok(t.end.stats.nodes > other.end.stats.nodes, `${where}: ${t.end.stats.nodes} nodes${t.ended ? '' : ' or more'} against ${other.end.stats.nodes}`);
        }
        checked++;
      }
    }
    await page.click('#lesson-close');
  }
  assert.ok(checked >= 15, `${checked} claims checked`);
  assert.deepEqual(problems, []);
  await context.close();
});
