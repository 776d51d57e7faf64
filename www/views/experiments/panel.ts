// What both experiments share: Run and Cancel, a progress bar with a sentence, the error line, the
// summary table, the CSV download and the equivalent command line. The experiment itself (its
// runs, their figures, the summary, the CSV) is computed in Rust (src/puzzles/queens/experiment.rs);
// this file only schedules, shows and hands back what Rust wrote.

import { announceFrom } from '../../announce';
import { isSeedText, MAX_SEED_TEXT } from '../../address';
import { h, formatMicros } from '../../dom';
import { CancelledError } from '../../solver-client';
import { ExperimentPool, type PoolProgress } from '../../experiment-pool';
import type { ExperimentPlan, ExperimentRow, ExperimentSummary } from '../../generated/types';

export const en = (x: number) => Math.round(x).toLocaleString('en-US');

/** A column of the summary table. */
export interface Column {
  title: string;
  cell(s: ExperimentSummary): string;
}

export interface Finished {
  rows: ExperimentRow[];
  summary: ExperimentSummary[];
  cancelled: boolean;
  elapsedMs: number;
}

export interface Panel {
  element: HTMLElement;
  /** Where the experiment's own controls and plot go (after the buttons). */
  controls: HTMLElement;
  plots: HTMLElement;
  status: HTMLElement;
  /** Shows the command line that prints the same rows. */
  setCommand(command: string): void;
  /** Whether a run is going on. */
  busy(): boolean;
}

export interface PanelSpec {
  id: string;
  title: string;
  lede: string;
  columns: Column[];
  /** The spec of the fields now, or a sentence saying which field is wrong. */
  spec(): Record<string, unknown> | string;
  /** The sentence for a run in progress. */
  describe(p: PoolProgress): string;
  /** Called with every finished (or cancelled) run: draws and sums up. */
  done(f: Finished): string;
  /** CSV file name. */
  fileName(): string;
}

export function panel(pool: ExperimentPool, p: PanelSpec): Panel {
  const runButton = h('button', { type: 'button', class: 'primary', id: `${p.id}-run` }, 'Run');
  const cancelButton = h('button', { type: 'button', id: `${p.id}-cancel`, disabled: '' }, 'Cancel');
  const bar = h('progress', { id: `${p.id}-bar`, max: '1', value: '0', 'aria-label': `${p.title}: progress` });
  const status = h('p', { class: 'status', id: `${p.id}-status` }, 'Press Run. The same settings give the same numbers each time (all but the times), here and on the command line.');
  const note = h(
    'p',
    { class: 'help' },
    'Each run stops after 10 s (its status is then "budget"). Times are measured with the browser’s clock, which counts in steps of 0.1 ms.',
  );
  const error = h('p', { class: 'error', role: 'alert', id: `${p.id}-error`, hidden: '' });
  const body = h('tbody', { 'data-empty': 'No runs yet.' });
  const table = h(
    'table',
    { class: 'count-table experiment-table', id: `${p.id}-table` },
    h('caption', { class: 'visually-hidden' }, `${p.title}: one line per series and N`),
    h('thead', {}, h('tr', {}, ...p.columns.map((c) => h('th', { scope: 'col' }, c.title)))),
    body,
  );
  const download = h('a', { id: `${p.id}-csv`, class: 'button-link', hidden: '' }, 'Download CSV');
  const command = h('code', { id: `${p.id}-command` });
  const controls = h('div', { class: 'experiment-controls' });
  const plots = h('div', { class: 'experiment-plots' });
  const element = h(
    'section',
    { class: 'experiment', id: p.id, 'aria-labelledby': `${p.id}-title` },
    h('h3', { id: `${p.id}-title` }, p.title),
    h('p', { class: 'lede' }, p.lede),
    controls,
    h('div', { class: 'params experiment-run' }, runButton, cancelButton, bar, download),
    status,
    error,
    plots,
    h('div', { class: 'table-wrap' }, table),
    note,
    h('p', { class: 'help command' }, 'The same runs from the command line: ', command),
  );
  announceFrom([status], () => element.dataset.busy === 'true');
  let csvUrl: string | null = null;

  function showTable(summary: ExperimentSummary[]): void {
    body.replaceChildren(
      ...summary.map((s) => h('tr', { 'data-series': s.series, 'data-n': String(s.n) }, ...p.columns.map((c) => h('td', {}, c.cell(s))))),
    );
  }

  async function run(): Promise<void> {
    // Busy from the first moment: a second click while the plan is made must not start a second
    // run on the same workers.
    if (element.dataset.busy === 'true') return;
    error.hidden = true;
    const spec = p.spec();
    if (typeof spec === 'string') {
      error.textContent = spec;
      error.hidden = false;
      return;
    }
    // Keyboard users keep their place: focus moves to Cancel while Run is disabled, and back.
    const hadFocus = document.activeElement === runButton;
    runButton.disabled = true;
    cancelButton.disabled = false;
    if (hadFocus) cancelButton.focus();
    element.dataset.busy = 'true';
    download.hidden = true;
    bar.value = 0;
    try {
      const plan: ExperimentPlan = await pool.plan(spec);
      const r = await pool.run(plan, (pr) => {
        bar.value = pr.total ? pr.done / pr.total : 1;
        status.textContent = p.describe(pr);
      });
      bar.value = r.cancelled ? bar.value : 1;
      const summary = await pool.call<ExperimentSummary[]>('experimentSummary', r.rows);
      // The experiment takes the new rows first: the table's cells may read them.
      const sentence = p.done({ rows: r.rows, summary, cancelled: r.cancelled, elapsedMs: r.elapsedMs });
      showTable(summary);
      const workers = Math.min(pool.size, plan.runs.length);
      const runs = (k: number) => `${en(k)} run${k === 1 ? '' : 's'}`;
      status.textContent = r.cancelled
        ? `Cancelled after ${en(r.rows.length)} of ${runs(plan.runs.length)}; the table and the CSV hold those. ${sentence}`
        : `${runs(r.rows.length)} on ${workers} worker${workers === 1 ? '' : 's'} in ${formatMicros(Math.round(r.elapsedMs * 1000))}. ${sentence}`;
      const csv = await pool.call<string>('experimentCsv', r.rows);
      if (csvUrl) URL.revokeObjectURL(csvUrl);
      csvUrl = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      download.href = csvUrl;
      download.download = p.fileName();
      download.hidden = r.rows.length === 0;
    } catch (e) {
      error.textContent = e instanceof CancelledError ? 'Cancelled.' : e instanceof Error ? e.message : String(e);
      error.hidden = false;
      status.textContent = 'Nothing was run to the end.';
    } finally {
      const hadFocus = document.activeElement === cancelButton || document.activeElement === document.body;
      runButton.disabled = false;
      cancelButton.disabled = true;
      delete element.dataset.busy;
      if (hadFocus && !element.closest('[hidden]')) runButton.focus();
    }
  }

  runButton.addEventListener('click', () => void run());
  cancelButton.addEventListener('click', () => pool.cancel());
  return {
    element,
    controls,
    plots,
    status,
    setCommand: (c) => (command.textContent = c),
    busy: () => element.dataset.busy === 'true',
  };
}

/** A labelled field. */
export function field(label: string, input: HTMLElement): HTMLElement {
  return h('label', {}, label, input);
}

/** A whole number from `input` within [min, max], or a sentence naming the field. */
export function whole(input: HTMLInputElement | HTMLSelectElement, name: string, min: number, max: number): number | string {
  const t = input.value.trim();
  const v = Number(t);
  if (!/^\d+$/.test(t) || v < min || v > max) return `${name} must be a whole number from ${en(min)} to ${en(max)} (got "${t.slice(0, 24)}").`;
  return v;
}

/** The seed typed, as its digits (the spec takes every u64 exactly as text), or what is wrong. */
export function seedText(input: HTMLInputElement): { seed: string } | string {
  const t = input.value.trim();
  if (!isSeedText(t)) return `The seed must be a whole number from 0 to ${MAX_SEED_TEXT} without leading zeros (got "${t.slice(0, 24)}").`;
  return { seed: t };
}

/** A measured time; the browser's clock in a worker counts in steps of 0.1 ms, so less reads as such. */
export const formatMs = (ms: number) => (ms < 0.1 ? '< 0.1 ms' : formatMicros(Math.round(ms * 1000)));

/**
 * What is wrong with a link's options once the fields hold them: names the experiment does not
 * have, and the first field it cannot run (said at once, not only when Run is pressed).
 */
export function linkProblems(what: string, opts: [string, string][], known: object, spec: () => Record<string, unknown> | string): string[] {
  const problems = opts.filter(([k]) => !(k in known)).map(([k]) => `The ${what} experiment has no option "${k.slice(0, 32)}".`);
  const wrong = spec();
  if (typeof wrong === 'string' && opts.length > 0) problems.push(wrong);
  return problems;
}
