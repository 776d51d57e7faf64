// The N-Queens tab's count mode: Count runs the chosen counter on the pool of workers (the bitmask
// counter's tasks on every core, the article's naive counter on one), shows how far it is, and adds
// a row to a table that keeps every run, with a plot of time against N for both counters.

import { announceFrom } from '../../announce';
import { h, formatMicros } from '../../dom';
import { typedWhole } from '../common/text';
import { limit } from '../../registry';
import { CancelledError, CountPool, type CountProgress, type CountResult } from '../../count-pool';
import type { CountAlgorithm } from '../../protocol';
import { readTheme } from '../../render/canvas';
import { drawXYPlot, type Axis, type XYSeries } from '../../render/xy-plot';
import { fitChart } from './repair';

const NAMES: Record<CountAlgorithm, string> = { bitmask: 'bitmask counter', naive: 'naive counter' };

// Okabe-Ito blue and vermillion, a marker shape and a dash each, so the plot also reads in grey.
const SERIES: Record<CountAlgorithm, Omit<XYSeries, 'points'>> = {
  bitmask: { label: 'bitmask, all workers', colorVar: '--plot-bitmask', fallback: '#0072b2', marker: 'circle', dash: [] },
  naive: { label: 'naive, 1 worker', colorVar: '--plot-naive', fallback: '#d55e00', marker: 'square', dash: [5, 4] },
};

const X_AXIS: Axis = { label: 'N (board size)', log: false, whole: true, format: String };
/** Decades of time from a tenth of a millisecond (the browser clock's step) up. */
const Y_AXIS: Axis = { label: 'time', log: true, format: (ms) => (ms >= 1000 ? `${ms / 1000} s` : `${Number(ms.toPrecision(1))} ms`) };

const en = (x: number) => Math.round(x).toLocaleString('en-US');

function rate(nodes: number, ms: number): string {
  const perSecond = ms > 0 ? (nodes * 1000) / ms : 0;
  return perSecond >= 1e6 ? `${(perSecond / 1e6).toFixed(1)} million` : en(perSecond);
}

function timeLeft(p: CountProgress): string {
  // Linear in how far the run is: tasks differ in size, so this is an estimate, shown once there
  // is something to go on.
  if (p.fraction <= 0 || p.elapsedMs < 300) return 'time left not known yet';
  const left = (p.elapsedMs * (1 - p.fraction)) / p.fraction;
  return left < 1000 ? 'under a second left' : `about ${formatMicros(Math.round(left * 1000))} left`;
}

export interface CountPanel {
  element: HTMLElement;
  redraw(): void;
  /** Starts the pool's workers (the view calls it when the count mode shows). */
  warm(): void;
  /** Counts, as the Count button does (the view's Solve in count mode: one count, not two). */
  count(): void;
}

/**
 * `n()` is the tab's N field; `algorithm()` the tab's algorithm (bitmask backtracking or naive);
 * `sayOnce()` hides the tab's own complaint about N when the count panel states its range, so a
 * bad N is reported once, with the range that matters for counting.
 */
export function countPanel(n: () => string, algorithm: () => CountAlgorithm, sayOnce: () => void): CountPanel {
  const pool = new CountPool('queens');
  const runButton = h('button', { type: 'button', class: 'primary', id: 'queens-count-run' }, 'Count');
  const cancelButton = h('button', { type: 'button', id: 'queens-count-cancel', disabled: '' }, 'Cancel');
  const bar = h('progress', { id: 'queens-count-bar', max: '1', value: '0', 'aria-label': 'Counting progress' });
  const status = h('p', { class: 'status', id: 'queens-count-status' }, 'Press Count to count every solution of this N.');
  const error = h('p', { class: 'error', role: 'alert', hidden: '' });
  const body = h('tbody', { 'data-empty': 'No counts yet.' });
  const table = h(
    'table',
    { class: 'count-table', id: 'queens-count-table' },
    h('caption', { class: 'visually-hidden' }, 'Every count of this visit'),
    h('thead', {}, h('tr', {}, ...['N', 'Algorithm', 'Solutions', 'Distinct', 'Nodes', 'Time', 'Nodes/s'].map((t) => h('th', { scope: 'col' }, t)))),
    body,
  );
  const plot = h('canvas', { class: 'chart', id: 'queens-count-plot', role: 'img', 'aria-label': 'time against N, log scale: no counts yet' });
  /** The plot's box, whose width the plot takes: the panel's, or its column in presenter mode. */
  const plotBox = h('div', { class: 'chart-box' }, plot);
  const runs: CountResult[] = [];

  announceFrom([status], () => element.dataset.busy === 'true');
  const element = h(
    'section',
    { class: 'count-mode', id: 'queens-count', 'aria-labelledby': 'queens-count-title' },
    h('h3', { id: 'queens-count-title' }, 'Count on every core'),
    h(
      'p',
      { class: 'help' },
      `Count runs the bitmask counter (one board per symmetry class, split by the first rows into tasks) on ${pool.size} worker${pool.size === 1 ? '' : 's'}, or the article's naive counter on one. Each run stays in the table.`,
    ),
    h('div', { class: 'params' }, runButton, cancelButton, bar),
    status,
    error,
    h('div', { class: 'table-wrap' }, table),
    plotBox,
  );

  function showProgress(p: CountProgress, what: string): void {
    bar.value = p.fraction;
    const tasks = p.tasks > 1 ? `${en(p.tasksDone)} of ${en(p.tasks)} tasks` : `about ${Math.floor(p.fraction * 100)}% searched`;
    status.textContent = `${what}: ${tasks}, ${en(p.counts.solutions)} solutions so far, ${rate(p.counts.nodes, p.elapsedMs)} nodes/s, ${timeLeft(p)}.`;
  }

  function addRow(r: CountResult): void {
    runs.push(r);
    const cells = [
      String(r.n),
      `${r.algorithm}, ${r.workers} worker${r.workers === 1 ? '' : 's'}`,
      en(r.counts.solutions),
      en(r.counts.unique),
      en(r.counts.nodes),
      formatMicros(Math.round(r.elapsedMs * 1000)),
      rate(r.counts.nodes, r.elapsedMs),
    ];
    const row = h('tr', { 'data-n': String(r.n), 'data-algorithm': r.algorithm, 'data-solutions': String(r.counts.solutions), 'data-unique': String(r.counts.unique), 'data-ms': String(r.elapsedMs) }, ...cells.map((c) => h('td', {}, c)));
    body.append(row);
    redraw();
  }

  async function count(): Promise<void> {
    error.hidden = true;
    const alg = algorithm();
    const range = limit('queens', alg === 'naive' ? 'backtrackN' : 'countN');
    const text = n().trim();
    const size = typedWhole(text, range.min, range.max);
    if (Number.isNaN(size)) {
      error.textContent = `The ${NAMES[alg]} counts N from ${range.min} to ${range.max} (got "${text}").`;
      error.hidden = false;
      sayOnce();
      return;
    }
    const what = `Counting N = ${size} with the ${NAMES[alg]} on ${alg === 'naive' ? 1 : pool.size} worker${alg === 'naive' || pool.size === 1 ? '' : 's'}`;
    // The keyboard follows the run: Count is disabled while it lasts, so focus on it moves to
    // Cancel, and comes back to Count at the end (a disabled button would drop it to the page).
    const keyboardHere = document.activeElement === runButton || document.activeElement === cancelButton;
    runButton.disabled = true;
    cancelButton.disabled = false;
    if (keyboardHere) cancelButton.focus();
    element.dataset.busy = 'true';
    status.textContent = `${what}.`;
    try {
      const r = await pool.count(size, alg, (p) => showProgress(p, what));
      bar.value = 1;
      addRow(r);
      status.textContent = `Counted N = ${size} with the ${NAMES[alg]}: ${en(r.counts.solutions)} solution${r.counts.solutions === 1 ? '' : 's'}, ${en(r.counts.unique)} distinct, in ${formatMicros(Math.round(r.elapsedMs * 1000))}.`;
    } catch (e) {
      if (e instanceof CancelledError) {
        status.textContent = `Cancelled: N = ${size} was not counted to the end.`;
      } else {
        error.textContent = e instanceof Error ? e.message : String(e);
        error.hidden = false;
        status.textContent = `N = ${size} was not counted.`;
      }
      bar.value = 0;
    } finally {
      const focusLost = document.activeElement === cancelButton || document.activeElement === document.body;
      runButton.disabled = false;
      cancelButton.disabled = true;
      if (keyboardHere && focusLost) runButton.focus();
      delete element.dataset.busy;
    }
  }

  runButton.addEventListener('click', () => void count());
  cancelButton.addEventListener('click', () => pool.cancel());

  function redraw(): void {
    if (element.hidden || element.closest('[hidden]')) return;
    // The newest row in view when the table scrolls (presenter mode caps its height); redraw
    // runs after a new row and after a resize, never while someone scrolls the table.
    const wrap = table.parentElement;
    if (wrap && wrap.scrollHeight > wrap.clientHeight) wrap.scrollTop = wrap.scrollHeight;
    const series = (Object.keys(SERIES) as CountAlgorithm[]).map((alg) => {
      // The fastest run of each N, so a repeated count does not zigzag the line.
      const best = new Map<number, number>();
      for (const r of runs) if (r.algorithm === alg) best.set(r.n, Math.min(best.get(r.n) ?? Infinity, r.elapsedMs));
      const points = [...best].sort((a, b) => a[0] - b[0]).map(([n, ms]): [number, number] => [n, Math.max(0.1, ms)]);
      return { ...SERIES[alg], points };
    });
    const w = Math.min(560, Math.max(180, plotBox.clientWidth || 320));
    const height = 220;
    const { ctx, dpr } = fitChart(plot, w, height);
    ctx.clearRect(0, 0, plot.width, plot.height);
    drawXYPlot(ctx, dpr, { x: 0, y: 0, w: plot.width, h: plot.height }, X_AXIS, Y_AXIS, series, readTheme(plot), getComputedStyle(plot), {
      empty: 'Count a few sizes to see the time grow with N.',
      legend: true,
    });
    plot.dataset.series = series.map((s) => `${s.label}: ${s.points.map((p) => p[0]).join(',')}`).join('; ');
    plot.setAttribute(
      'aria-label',
      runs.length === 0
        ? 'time against N, log scale: no counts yet'
        : `time against N, log scale: ${series.map((s) => `${s.label} ${s.points.map(([k, ms]) => `N ${k} ${formatMicros(Math.round(ms * 1000))}`).join(', ') || 'none'}`).join('; ')}`,
    );
  }

  let warmed = false;
  return {
    element,
    redraw,
    count: () => {
      if (!runButton.disabled) void count();
    },
    warm() {
      if (warmed) return;
      warmed = true;
      pool.warm();
    },
  };
}
