// Min-conflicts repair on N-Queens: a full board from the start, then one conflicted queen at a time
// moves to its least-conflicted column. Shows the chosen queen, its candidate columns with their
// conflict counts, the move, and a live chart of total conflicts; a density view above N = 64.

import { announceFrom, labelBoard } from '../../announce';
import { sizeLink } from '../common/size-link';
import { optionForm } from '../common/option-form';
import { limit } from '../../registry';
import { seedChoice } from '../common/seed';
// The seed field moved to views/common/seed.ts (Skyscrapers' repair shares it); the race imports it here.
export { seedChoice } from '../common/seed';
import { h, counters, featureSection, formatMicros } from '../../dom';
import { plural, typedWhole } from '../common/text';
import { playbackBar, type PlaybackBar } from '../../controls/playback';
import { BOARD_MAX, fitCanvas, readTheme, squareFor } from '../../render/canvas';
import { mountCode } from '../common/code-panel';
import { drawChart, drawRepair, drawStrip, emptyRepairView, stripIndex, type RepairHistory, type RepairView } from '../../render/repair';
import type { SolverClient } from '../../solver-client';
import type { Report, Stats, SolverOptions } from '../../protocol';
import { Runner, runnerCommands } from '../runner';
import { feature, type Feature } from '../feature';
import { applyRepairEvent, describeEvent, type RepairEvent } from './events';
import { legend } from '../common/legend';
import { REPAIR_LEGEND } from './legends';
import { zoomControl, type Zoom } from '../../controls/zoom';

/** Largest N the page animates (the density view holds every column in memory). */
export const ANIMATE_MAX = limit('queens', 'repairAnimatedN').max;
/** Largest N the page solves: the repair machine's own cap. */
export const SOLVE_MAX = limit('queens', 'repairN').max;
/** The repair options chosen in a form, as solver options (shared with the race view). */
export interface RepairForm {
  element: HTMLElement;
  options(): SolverOptions;
  onChange(f: () => void): void;
  /** The options as the address holds them (`opts=`, docs/FORMATS.md §7), defaults left out. */
  linkOptions(): [string, string][];
  /** Sets the controls from a link's options; what it could not use, as sentences. */
  takeLinkOptions(pairs: [string, string][]): string[];
}

export function repairForm(prefix: string): RepairForm {
  // The registry's options, words and defaults (src/puzzles/queens/game.rs), in a fold of their own.
  const form = optionForm('queens', 'repair', prefix, 'repair');
  const element = h('details', { class: 'options' }, h('summary', {}, 'Repair options'), form.element);
  return { ...form, element };
}

/** Draws a repair board into `canvas` and exposes it to assistive technology and tests. */
export function showRepairBoard(canvas: HTMLCanvasElement, wrap: HTMLElement, view: RepairView, maxSize: number, zoom?: Zoom): void {
  const fit = squareFor(wrap, maxSize);
  drawRepair(fitCanvas(canvas, zoom ? zoom.size(fit) : fit), view, readTheme(canvas));
  canvas.dataset.solved = String(view.solved);
  // Up to the cell view's limit the placement itself; above it the attribute would be megabytes.
  if (view.n <= 64) canvas.dataset.queens = Array.from(view.columns).join(',');
  else delete canvas.dataset.queens;
  labelBoard(canvas, `${view.n} by ${view.n} board, ${view.total} attacking pairs${view.solved ? ', solved' : ''}`);
}

export function mountRepair(client: SolverClient): Feature {
  const nInput = h('input', { type: 'number', min: '1', max: String(SOLVE_MAX), value: '8', id: 'repair-n', inputmode: 'numeric' });
  const seedInput = h('input', { type: 'text', id: 'repair-seed', inputmode: 'numeric', placeholder: 'random', size: '24' });
  const form = repairForm('repair');
  const canvas = h('canvas', { class: 'board', id: 'repair-board', role: 'img', 'aria-label': 'empty board' });
  const chart = h('canvas', { class: 'chart', id: 'repair-chart', role: 'img', 'aria-label': 'total conflicts against moves' });
  // The move history under the chart: a click goes to that move (or restart), hover tells it.
  const strip = h('canvas', {
    class: 'chart strip',
    id: 'repair-strip',
    role: 'slider',
    tabindex: '0',
    'aria-label': 'The moves so far: arrows pick a move, Enter goes to it, or click one',
    'aria-valuemin': '0',
    'aria-valuenow': '0',
    'aria-valuemax': '0',
  });
  const stripNote = h('p', { class: 'tree-detail', id: 'repair-strip-note', 'aria-live': 'polite' });
  /** The move the keyboard is on (a chart index), while the strip has focus. */
  let stripFocus: number | null = null;
  const status = h('p', { class: 'status', id: 'repair-status' }, READY);
  const code = mountCode('queens', 'repair', 'repair');
  const stats = counters({ moves: 'Moves', restarts: 'Restarts', conflicts: 'Conflicts now', elapsed: 'Solver time' });
  const error = h('p', { class: 'error', role: 'alert', hidden: '' });
  const zoom = zoomControl(canvas, () => draw());
  const boardWrap = h('div', { class: 'board-wrap' }, zoom.element, zoom.viewport);
  let n = 8;
  let seed: number | string = 0;
  const seeds = seedChoice(seedInput, () => void run.reset());

  const run: Runner<RepairEvent, RepairView> = new Runner<RepairEvent, RepairView>(client, {
    async create(c) {
      const parsed = typedWhole(nInput.value, 1, SOLVE_MAX);
      if (Number.isNaN(parsed)) {
        throw new Error(`N must be a whole number from 1 to ${SOLVE_MAX.toLocaleString('en-US')} (got "${nInput.value}").`);
      }
      n = parsed;
      seed = seeds.current();
      return c.create('queens', `queens:${n}#${seed}`, 'repair', form.options());
    },
    fresh: () => emptyRepairView(n),
    apply: applyRepairEvent,
    changed(state, last) {
      draw();
      showStats(state?.stats ?? null);
      if (run.busy) status.textContent = 'Solving… (Stop or Reset ends it.)';
      // Rust's sentences: the run's end (Frame.says) on its last step, else the event's.
      else if (state?.finished) status.textContent = state.says ?? '';
      else if (last) status.textContent = describeEvent(last);
      else if (!state?.position) status.textContent = n > ANIMATE_MAX ? `Animation goes up to N = ${ANIMATE_MAX.toLocaleString('en-US')}; press Solve.` : READY;
      bar.update(state, run.busy);
      code.show(last?.kind ?? null);
    },
    solved(view, report) {
      // The board it stopped at, with its real attacking pairs, when it did not succeed.
      showReport(view, report);
      draw();
      showStats(report.stats);
      // Rust's sentence: the work done, and where a stopped run stood (Report.says).
      status.textContent = report.says;
      bar.update({ playing: false, finished: true, status: report.status, stats: report.stats, verdict: report.verdict, position: 0, canStepBack: false }, false);
    },
    error(message) {
      error.hidden = message === null;
      error.textContent = message ?? '';
    },
  });
  run.markOn(status);

  // Above the animation limit Play solves instead (the board would be too large to send event by event).
  const bar: PlaybackBar = playbackBar(
    {
      ...runnerCommands(run, [
        { label: 'Next restart', test: (e) => e.kind === 'repairRestart' },
        { label: 'Next solution', test: (e) => e.kind === 'repairSolution' || e.kind === 'repairGaveUp' },
      ]),
      toggle: () => void (n > ANIMATE_MAX ? run.solve() : run.toggle()) },
    30,
    'Repair',
  );
  announceFrom([status], () => bar.playing());

  const element = featureSection(
    'repair',
    'N-Queens by min-conflicts repair',
    'Repair starts from a full board — one queen per row, at random — and fixes it: pick a queen that is attacked, move it to the column in its row with the fewest conflicts (ties at random), and repeat. Numbers in the highlighted row are each column’s conflicts.',
    h('div', { class: 'params' }, h('label', { for: 'repair-n' }, 'N ', nInput), h('label', { for: 'repair-seed' }, 'Seed ', seedInput), seeds.button),
    form.element,
    bar.element,
    error,
    h('div', { class: 'stage' }, boardWrap, h('div', { class: 'side' }, stats.element, chart, strip, stripNote, status, code.element, legend(REPAIR_LEGEND))),
  );

  function draw(): void {
    showRepairBoard(canvas, boardWrap, run.view, BOARD_MAX, zoom);
    const w = Math.min(420, Math.max(200, chart.parentElement?.clientWidth ?? 320));
    drawChart(fitChart(chart, w, 140), w, 140, run.view, readTheme(chart));
    const seen = history();
    if (stripFocus !== null) stripFocus = Math.min(stripFocus, seen.chart.length - 1);
    drawStrip(fitChart(strip, w, 26), w, 26, run.view, seen, readTheme(strip), stripFocus);
    strip.dataset.moves = String(Math.max(0, seen.chart.length - 1));
    strip.dataset.at = String(Math.max(0, run.view.chart.length - 1));
    strip.setAttribute('aria-valuemax', String(Math.max(0, seen.chart.length - 1)));
    strip.setAttribute('aria-valuenow', String(stripFocus ?? Math.max(0, seen.chart.length - 1)));
  }

  /** The moves up to the step on screen: the strip, like the chart, is a function of the step
   *  (a link to step k and a step back to k draw the same strip). */
  function history(): RepairHistory {
    const v = run.view;
    return { chart: v.chart, steps: v.chartSteps, restarts: v.restarts };
  }

  /** Chart index `index` of the strip: its step and a sentence. */
  function tick(index: number): { index: number; step: number; text: string } {
    const v = history();
    // A long run's oldest points are dropped (CHART_KEEP): count moves and restarts from the start.
    const { chartDropped, restartsDropped } = run.view;
    const at = index + chartDropped;
    const restartsBefore = restartsDropped + v.restarts.filter((r) => r < index).length;
    const what = at === 0 ? 'the start' : v.restarts.includes(index) ? `restart ${restartsBefore + 1}` : `move ${at - restartsBefore}`;
    const change = index > 0 ? v.chart[index]! - v.chart[index - 1]! : 0;
    const delta = at === 0 || index === 0 || v.restarts.includes(index) ? '' : change < 0 ? ` (${change})` : change > 0 ? ` (+${change})` : ' (no change)';
    return { index, step: v.steps[index]!, text: `${what[0]!.toUpperCase()}${what.slice(1)} at step ${v.steps[index]}: ${plural(v.chart[index]!, 'conflict')}${delta}.` };
  }

  /** What the strip has at a pointer. */
  function stripAt(ev: MouseEvent): { index: number; step: number; text: string } | null {
    const rect = strip.getBoundingClientRect();
    const index = stripIndex(history(), rect.width, ev.clientX - rect.left);
    return index === null ? null : tick(index);
  }
  // By keyboard: arrows (and Home, End) move along the moves, Enter or Space goes to the one picked.
  strip.addEventListener('keydown', (e) => {
    const n = history().chart.length;
    if (n === 0) return;
    let k = stripFocus ?? n - 1;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') k = Math.max(0, k - 1);
    else if (e.key === 'ArrowRight' || e.key === 'ArrowUp') k = Math.min(n - 1, k + 1);
    else if (e.key === 'Home') k = 0;
    else if (e.key === 'End') k = n - 1;
    else if (e.key === 'Enter' || e.key === ' ') run.seek(tick(k).step);
    else return;
    // The page's own keys (arrows step the player) must not act on the same key press.
    e.preventDefault();
    e.stopPropagation();
    stripFocus = k;
    stripNote.textContent = tick(k).text;
    draw();
  });
  strip.addEventListener('blur', () => {
    stripFocus = null;
    draw();
  });
  strip.addEventListener('mousemove', (ev) => {
    const at = stripAt(ev);
    if (at) stripNote.textContent = at.text;
  });
  strip.addEventListener('click', (ev) => {
    const at = stripAt(ev);
    if (!at) return;
    run.seek(at.step);
    stripNote.textContent = at.text;
  });


  function showStats(s: Stats | null): void {
    stats.set({
      moves: s?.moves ?? 0,
      restarts: s?.restarts ?? 0,
      conflicts: run.view.total,
      elapsed: formatMicros(s?.elapsedMicros ?? 0),
    });
  }

  const link = sizeLink(nInput, seeds, form, run);
  nInput.addEventListener('change', () => {
    seeds.renew();
    void run.reset();
  });
  seedInput.addEventListener('change', () => void run.reset());
  form.onChange(() => void run.reset());
  return feature({
    element,
    bar,
    start: (param, s) => link.open(param, s),
    open: (param, s) => link.open(param, s),
    state: link.state,
    redraw: draw,
    pause: () => run.pause(),
    runs: () => [run],
  });
}

/** Puts a Solve's answer on a fresh view: the solution, or the board a stopped run ended on with
 *  its real cost (never an empty board that reads as "0 conflicts"); returns the stopped board. */
export function showReport(view: RepairView, report: Report): { cost: number } | null {
  const cols = report.solutions[0] as ArrayLike<number> | undefined;
  if (cols) {
    view.columns.set(cols);
    view.solved = true;
    view.total = 0;
    return null;
  }
  const stopped = report.stopped;
  if (!stopped) return null;
  view.columns.set(stopped.board as number[]);
  view.total = stopped.cost;
  return { cost: stopped.cost };
}

/** A chart canvas of `w`×`h` CSS pixels with a device-pixel backing store. */
export function fitChart(canvas: HTMLCanvasElement, w: number, hgt: number) {
  const dpr = Math.max(1, window.devicePixelRatio || 1);
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(hgt * dpr);
  canvas.style.width = `${w}px`;
  canvas.style.height = `${hgt}px`;
  const ctx = canvas.getContext('2d')!;
  return { ctx, dpr, px: canvas.width };
}

const READY = 'Press Play to watch the repair, or Solve.';
