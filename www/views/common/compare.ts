// "Compare techniques": one click solves the loaded puzzle once with the solver's default
// settings, once with each technique switched the other way (off where it is on by default, on
// where it is off), once with each other branching choice, and once with every technique off, and
// shows nodes, backtracks, time and the verdict of each run as a table with bars. These are the
// source articles' tables, live, for the user's own puzzle.
//
// The runs come from the registry (the algorithm's techniques and choice options), so a technique
// added in Rust appears here without a change; each is an ordinary solve with a uniqueness proof,
// and the same settings on the CLI (`--techniques`, `--heuristic`) give the same node counts. They
// run in a worker of their own, so Cancel stops them without touching the board's run.

import { formatMicros, h } from '../../dom';
import { puzzleInfo } from '../../registry';
import { CancelledError, SolverClient, type SolverModule } from '../../solver-client';
import type { Report } from '../../protocol';
import type { OptionInfo } from '../../generated/types';

/** Each run stops here at the latest: a technique switched off can make the search explode. */
export const COMPARE_MAX_NODES = 200_000;
const COMPARE_MAX_MS = 10_000;

/** One run: its name, the options it is solved with, and what changes from the default. */
export interface CompareRun {
  label: string;
  options: Record<string, unknown>;
}

/**
 * The runs for an algorithm of the registry: the default settings, each technique switched the
 * other way, each other choice of every choice option, and every technique off.
 */
export function compareRuns(puzzle: string, algorithm: string, names: Record<string, string> = {}): CompareRun[] {
  const info = puzzleInfo(puzzle).algorithms.find((a) => a.name === algorithm);
  if (!info) throw new Error(`no algorithm '${algorithm}' for ${puzzle}`);
  const name = (n: string) => names[n] ?? n;
  const techOption = info.options.find((o: OptionInfo) => o.kind.type === 'techniques');
  const defaults: Record<string, boolean> = {};
  if (techOption?.kind.type === 'techniques') for (const n of techOption.kind.names) defaults[n] = techOption.kind.on.includes(n);
  const withTechniques = (t: Record<string, boolean>) => (techOption ? { [techOption.name]: t } : {});
  const runs: CompareRun[] = [{ label: 'Default settings', options: withTechniques(defaults) }];
  for (const [n, on] of Object.entries(defaults)) {
    runs.push({ label: `${on ? 'Without' : 'With'} ${name(n)}`, options: withTechniques({ ...defaults, [n]: !on }) });
  }
  for (const o of info.options) {
    if (o.kind.type !== 'choice') continue;
    for (const c of o.kind.choices) {
      if (c === o.kind.default) continue;
      runs.push({ label: `${name(o.name)}: ${c}`, options: { ...withTechniques(defaults), [o.name]: c } });
    }
  }
  const none = Object.fromEntries(Object.keys(defaults).map((n) => [n, false]));
  if (Object.values(defaults).filter(Boolean).length > 1) runs.push({ label: 'No techniques', options: withTechniques(none) });
  return runs;
}

export interface CompareSetup {
  puzzle: SolverModule;
  algorithm: string;
  idPrefix: string;
  /** Names shown for technique and option names (`lines` → "line propagation"). */
  names: Record<string, string>;
  /** The puzzle text to solve; throws with a sentence when the board is not a puzzle yet. */
  text(): Promise<string>;
}

export interface Compare {
  element: HTMLElement;
  /** The board changed: the table belongs to the old puzzle, so it is cleared. */
  reset(): void;
  cancel(): void;
}

export function mountCompare(setup: CompareSetup): Compare {
  const id = setup.idPrefix;
  const runs = compareRuns(setup.puzzle, setup.algorithm, setup.names);
  const go = h('button', { type: 'button', id: `${id}-compare`, title: `Solve this puzzle ${runs.length} times: with the defaults, each technique switched the other way, and none` }, 'Compare techniques');
  const stop = h('button', { type: 'button', id: `${id}-compare-cancel`, hidden: '' }, 'Cancel');
  const progress = h('output', { id: `${id}-compare-progress`, class: 'new-progress', 'aria-live': 'polite' });
  const body = h('tbody');
  // "Back\u00ADtracks" may break at its soft hyphen: its heading was the widest column on a phone.
  const table = h(
    'table',
    { class: 'compare', id: `${id}-compare-table`, hidden: '' },
    h('caption', {}, `Each run solves the puzzle and proves the answer unique (at most ${COMPARE_MAX_NODES.toLocaleString('en-US')} nodes each). Bars: nodes on a log scale.`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Run'), h('th', { scope: 'col' }, 'Verdict'), h('th', { scope: 'col' }, 'Nodes'), h('th', { scope: 'col' }, 'Back\u00ADtracks'), h('th', { scope: 'col' }, 'Time'), h('th', { scope: 'col', class: 'bar-col' }, 'log nodes'))),
    body,
  );
  const element = h('div', { class: 'compare-box', id: `${id}-compare-box` }, h('div', { class: 'params' }, go, stop), progress, h('div', { class: 'table-wrap' }, table));

  const client = new SolverClient(setup.puzzle);
  let running = false;
  let epoch = 0;

  function row(run: CompareRun, r: Report, max: number): HTMLTableRowElement {
    const s = r.stats;
    const width = max > 1 ? (100 * Math.log10(Math.max(1, s.nodes))) / Math.log10(max) : 100;
    const bar = h('div', { class: 'bar', style: `width: ${Math.max(2, width).toFixed(1)}%` });
    const tr = h(
      'tr',
      { 'data-verdict': r.verdict, 'data-nodes': String(s.nodes), 'data-backtracks': String(s.backtracks), 'data-options': JSON.stringify(run.options) },
      h('th', { scope: 'row' }, run.label),
      h('td', { class: `verdict-${r.verdict}` }, r.verdict === 'budget' ? 'budget (stopped)' : r.verdict),
      h('td', { class: 'num' }, s.nodes.toLocaleString('en-US')),
      h('td', { class: 'num' }, s.backtracks.toLocaleString('en-US')),
      // The browser's clock is coarse (about 0.1 ms), so a run that quick reads as 0: say so.
      h('td', { class: 'num' }, s.elapsedMicros < 100 ? '< 0.1 ms' : formatMicros(s.elapsedMicros)),
      h('td', { class: 'bar-col', 'aria-hidden': 'true' }, bar),
    );
    return tr;
  }

  async function compare(): Promise<void> {
    if (running) return;
    const my = ++epoch;
    let text: string;
    try {
      text = await setup.text();
    } catch (e) {
      progress.textContent = e instanceof Error ? e.message : String(e);
      return;
    }
    running = true;
    go.disabled = true;
    stop.hidden = false;
    body.replaceChildren();
    table.hidden = true;
    const results: [CompareRun, Report][] = [];
    try {
      for (const [i, run] of runs.entries()) {
        progress.textContent = `Run ${i + 1} of ${runs.length}: ${run.label}…`;
        const session = await client.create(setup.puzzle, text, setup.algorithm, run.options);
        const report = await client.solve(session, COMPARE_MAX_NODES, COMPARE_MAX_MS);
        await client.dispose(session);
        if (my !== epoch) return;
        results.push([run, report]);
        // The table grows as the runs end, so a slow run does not hide the ones before it.
        const max = Math.max(...results.map(([, r]) => r.stats.nodes));
        body.replaceChildren(...results.map(([c, r]) => row(c, r, max)));
        table.hidden = false;
      }
      progress.textContent = summary(results);
    } catch (e) {
      if (my !== epoch) return;
      progress.textContent = e instanceof CancelledError ? `Cancelled after ${results.length} of ${runs.length} runs.` : e instanceof Error ? e.message : String(e);
    } finally {
      if (my === epoch) {
        running = false;
        go.disabled = false;
        stop.hidden = true;
      }
    }
  }

  go.addEventListener('click', () => void compare());
  stop.addEventListener('click', () => client.cancel());

  function clear(): void {
    epoch++;
    if (running) client.cancel();
    running = false;
    go.disabled = false;
    stop.hidden = true;
    body.replaceChildren();
    table.hidden = true;
    progress.textContent = '';
  }

  return { element, reset: clear, cancel: clear };
}

/** One sentence on what the table says: which runs needed the most and the fewest nodes. */
function summary(results: [CompareRun, Report][]): string {
  const base = results[0]?.[1];
  if (!base) return '';
  const worst = results.reduce((a, b) => (b[1].stats.nodes > a[1].stats.nodes ? b : a));
  const stopped = results.filter(([, r]) => r.verdict === 'budget').length;
  const most = worst[1].stats.nodes === base.stats.nodes ? 'No run needed more nodes than the defaults.' : `${worst[0].label} needed the most: ${worst[1].verdict === 'budget' ? 'more than ' : ''}${worst[1].stats.nodes.toLocaleString('en-US')} nodes against ${base.stats.nodes.toLocaleString('en-US')} with the defaults.`;
  return `${results.length} runs done. ${most}${stopped ? ` ${stopped} stopped at the node budget.` : ''}`;
}
