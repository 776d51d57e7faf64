// Search versus repair, side by side: backtracking on the left, min-conflicts on the right, the same
// N, started together at the same speed, each with its own counters. At N = 30 and above the class
// sees backtracking grind through thousands of nodes while repair finishes in a few dozen moves.

import { announceFrom } from '../../announce';
import { sizeLink } from '../common/size-link';
import { limit } from '../../registry';
import { h, counters, featureSection, formatMicros } from '../../dom';
import { typedWhole } from '../common/text';
import { playbackBar, type PlaybackBar } from '../../controls/playback';
import type { PlayerState } from '../../player';
import { emptyQueensView, type QueensView } from '../../render/queens';
import { emptyRepairView, type RepairView } from '../../render/repair';
import { BOARD_MAX } from '../../render/canvas';
import { SolverClient } from '../../solver-client';
import { Runner } from '../runner';
import { showQueensBoard } from './backtracking';
import { applyQueensEvent, applyRepairEvent, describeEvent, type QueensEvent, type RepairEvent } from './events';
import { feature, type Feature } from '../feature';
import { legend, type LegendItem } from '../common/legend';
import { REPAIR_LEGEND, SEARCH_LEGEND } from './legends';
import { repairForm, seedChoice, showRepairBoard, showReport } from './repair';
import type { SolveProgress } from '../runner';

/** Both boards must fit backtracking, the smaller range of the two. */
const MAX_N = limit('queens', 'backtrackN').max;

/**
 * Each side has its own worker: on one worker a long backtracking Solve held the queue, and repair's
 * answer (milliseconds at N = 50) waited a minute behind it, leaving a blank board.
 */
export function mountRace(client: SolverClient, repairClient: SolverClient = new SolverClient('queens')): Feature {
  const nInput = h('input', { type: 'number', min: '4', max: String(MAX_N), value: '30', id: 'race-n', inputmode: 'numeric' });
  const seedInput = h('input', { type: 'text', id: 'race-seed', inputmode: 'numeric', placeholder: 'random', size: '24' });
  const seeds = seedChoice(seedInput, () => void resetBoth());
  const form = repairForm('race');
  const error = h('p', { class: 'error', role: 'alert', hidden: '' });
  let n = 30;
  /** The Reset of both sides in flight: commands given meanwhile wait for it. */
  let resetting: Promise<void> | null = null;
  /** The sides whose Solve ended: they have no player (state() is null) but are finished, so
   *  Play and Step stay off until Reset, as in the one-run views. */
  const solvedSides = new Set<unknown>();

  function side(id: string, title: string, names: Record<string, string>, colours: LegendItem[]) {
    const canvas = h('canvas', { class: 'board', id: `race-${id}-board`, role: 'img', 'aria-label': title });
    const wrap = h('div', { class: 'board-wrap' }, canvas);
    const stats = counters(names);
    const status = h('p', { class: 'status', id: `race-${id}-status` }, '');
    const element = h('div', { class: 'race-side', id: `race-${id}` }, h('h3', {}, title), wrap, stats.element, status, legend(colours));
    return { canvas, wrap, stats, status, element };
  }
  const left = side('search', 'Search: backtracking', { nodes: 'Nodes', backtracks: 'Backtracks', elapsed: 'Solver time' }, SEARCH_LEGEND);
  const right = side('repair', 'Repair: min-conflicts', { moves: 'Moves', restarts: 'Restarts', elapsed: 'Solver time' }, REPAIR_LEGEND);

  function errorShown(message: string | null): void {
    error.hidden = message === null;
    error.textContent = message ?? '';
  }

  function readN(): number {
    const parsed = typedWhole(nInput.value, 4, MAX_N);
    if (Number.isNaN(parsed)) {
      throw new Error(`N must be a whole number from 4 to ${MAX_N} for the side-by-side view (got "${nInput.value}").`);
    }
    return parsed;
  }

  const search: Runner<QueensEvent, QueensView> = new Runner<QueensEvent, QueensView>(client, {
    async create(c) {
      n = readN();
      return c.create('queens', `queens:${n}`, 'backtrack', { mode: 'first' });
    },
    fresh: () => emptyQueensView(n),
    apply: applyQueensEvent,
    changed(state, last) {
      solvedSides.delete(search);
      drawSearch();
      left.stats.set({ nodes: state?.stats?.nodes ?? 0, backtracks: state?.stats?.backtracks ?? 0, elapsed: formatMicros(state?.stats?.elapsedMicros ?? 0) });
      // Rust's sentences: the event's, and the run's end (Frame.says) on its last step.
      left.status.textContent = state?.finished ? (state.says ?? '') : last ? describeEvent(last) : '';
      syncBar();
    },
    solved(view, report) {
      const cols = report.solutions[0] as ArrayLike<number> | undefined;
      if (cols) {
        view.queens = Array.from(cols);
        view.solved = true;
      }
      drawSearch();
      left.stats.set({ nodes: report.stats.nodes, backtracks: report.stats.backtracks, elapsed: formatMicros(report.stats.elapsedMicros) });
      solvedSides.add(search);
      // Rust's sentence: what the run found, or which budget stopped it (Report.says).
      left.status.textContent = report.says;
      syncBar();
    },
    error: errorShown,
  });
  search.markOn(left.status);

  const repair: Runner<RepairEvent, RepairView> = new Runner<RepairEvent, RepairView>(repairClient, {
    async create(c) {
      n = readN();
      const seed = seeds.current();
      return c.create('queens', `queens:${n}#${seed}`, 'repair', form.options());
    },
    fresh: () => emptyRepairView(n),
    apply: applyRepairEvent,
    changed(state, last) {
      solvedSides.delete(repair);
      drawRepairSide();
      right.stats.set({ moves: state?.stats?.moves ?? 0, restarts: state?.stats?.restarts ?? 0, elapsed: formatMicros(state?.stats?.elapsedMicros ?? 0) });
      // Rust's sentences: the event's, and the run's end (Frame.says) on its last step.
      right.status.textContent = state?.finished ? (state.says ?? '') : last ? describeEvent(last) : '';
      syncBar();
    },
    solved(view, report) {
      showReport(view, report);
      drawRepairSide();
      right.stats.set({ moves: report.stats.moves, restarts: report.stats.restarts, elapsed: formatMicros(report.stats.elapsedMicros) });
      solvedSides.add(repair);
      // Rust's sentence: the moves made, and where a stopped run stood (Report.says).
      right.status.textContent = report.says;
      syncBar();
    },
    error: errorShown,
  });
  repair.markOn(right.status);

  const both = [search, repair] as const;
  const bar: PlaybackBar = playbackBar(
    {
      solve: afterReset(() => Promise.all(both.map((r) => r.solve()))),
      toggle: afterReset(() => {
        const playing = both.some((r) => r.state()?.playing);
        if (playing) both.forEach((r) => r.pause());
        else return Promise.all(both.map((r) => r.play()));
        return undefined;
      }),
      step: afterReset(() => Promise.all(both.map((r) => r.step()))),
      // Back to step k - 1 of the one scrubber, on both sides: a side whose run ended before k
      // stays at its end (stepping each side back by one would leave it k - 1 - end steps early).
      stepBack: () => {
        const at = Math.max(...both.map((r) => r.state()?.position ?? 0));
        if (at > 0) both.forEach((r) => r.seek(at - 1));
      },
      reset: () => void resetBoth(),
      speed: (s) => both.forEach((r) => r.setSpeed(s)),
      stop: () => both.forEach((r) => r.stop()),
      seek: (k) => both.forEach((r) => r.seek(k)),
      // One line for both: whichever side is still solving, else the latest word.
      watchProgress: (show) => {
        const latest = new Map<unknown, SolveProgress>();
        for (const r of both) {
          r.onProgress((p) => {
            latest.set(r, p);
            show([...latest.values()].find((q) => q.state === 'running') ?? p);
          });
        }
      },
    },
    40,
    'Side by side',
  );
  // One announcement for both sides, each named, so a Step is heard as one sentence pair.
  announceFrom([left.status, right.status], () => bar.playing(), ([l, r]) => [l ? `Search: ${l}` : '', r ? `Repair: ${r}` : ''].filter(Boolean).join(' '));

  function resetBoth(): Promise<void> {
    // Typing N and clicking Solve fires "change" (a reset) just before the click: without waiting,
    // the second half of that reset cancelled the Solve that had started meanwhile.
    const p = Promise.all([search.reset(), repair.reset()]).then(() => undefined);
    resetting = p;
    void p.finally(() => {
      if (resetting === p) resetting = null;
    });
    return p;
  }

  /** Runs a command for both sides once any Reset in flight has finished. */
  function afterReset(f: () => unknown): () => void {
    return () => void (resetting ?? Promise.resolve()).then(f);
  }

  /** A side whose Solve ended, for the one bar: finished, at its answer. */
  const SOLVED: PlayerState = { playing: false, finished: true, status: null, stats: null, verdict: null, position: 0, canStepBack: false, first: 0, known: 0, complete: true };

  function syncBar(): void {
    const states = both.map((r): PlayerState | null => r.state() ?? (solvedSides.has(r) ? SOLVED : null));
    const merged: PlayerState | null =
      states[0] && states[1]
        ? {
            playing: states.some((s) => s?.playing),
            finished: states.every((s) => s?.finished),
            status: null,
            stats: null,
            verdict: null,
            position: Math.max(states[0].position, states[1].position),
            canStepBack: states.some((s) => s?.canStepBack),
            // One scrubber for both: step k of each side (the shorter run stops at its end).
            first: Math.max(states[0].first ?? 0, states[1].first ?? 0),
            known: Math.max(states[0].known ?? 0, states[1].known ?? 0),
            complete: states.every((s) => s?.complete),
          }
        : null;
    bar?.update(merged, both.some((r) => r.busy));
  }

  function drawSearch(): void {
    showQueensBoard(left.canvas, left.wrap, search.view, BOARD_MAX);
  }


  function drawRepairSide(): void {
    showRepairBoard(right.canvas, right.wrap, repair.view, BOARD_MAX);
  }


  const element = featureSection(
    'race',
    'Search versus repair',
    'The same board, two ideas. Backtracking builds a placement queen by queen and undoes its mistakes; repair starts from a complete, wrong placement and fixes it move by move. Try N = 8, then N = 30 and more.',
    h('div', { class: 'params' }, h('label', { for: 'race-n' }, 'N ', nInput), h('label', { for: 'race-seed' }, 'Repair seed ', seedInput), seeds.button),
    form.element,
    bar.element,
    error,
    h('div', { class: 'race' }, left.element, right.element),
  );

  const link = sizeLink(nInput, seeds, form, { runs: [...both], reset: resetBoth });
  nInput.addEventListener('change', () => {
    seeds.renew();
    void resetBoth();
  });
  // Both sides start over: the race shows one step of both runs (the address holds one).
  seedInput.addEventListener('change', () => void resetBoth());
  form.onChange(() => void resetBoth());
  return feature({
    element,
    bar,
    start: (param, s) => link.open(param, s),
    open: (param, s) => link.open(param, s),
    state: link.state,
    redraw: () => {
      drawSearch();
      drawRepairSide();
    },
    pause: () => both.forEach((r) => r.pause()),
    runs: () => [...both],
  });
}
