// The N-Queens backtracking view: choose N, then watch the search place and remove queens, or
// solve at once. Owns its board element, its session and its player; knows nothing of the rules
// (conflicts come from the solver's `attacked` events).

import { h, counters, formatMicros } from '../dom';
import { playbackBar, typingInField } from '../controls/playback';
import { Player, type PlayerState, type Undo } from '../player';
import { fitCanvas, readTheme, squareFor } from '../render/canvas';
import { drawQueens, emptyQueensView, type QueensView } from '../render/queens';
import type { SolverClient } from '../solver-client';
import { CancelledError } from '../solver-client';
import type { Report } from '../protocol';

export type QueensEvent =
  | { kind: 'place'; row: number; col: number }
  | { kind: 'attacked'; row: number; cols: number[]; by: number[] }
  | { kind: 'remove'; row: number; col: number }
  | { kind: 'backtrack'; row: number }
  | { kind: 'solution'; columns: number[] }
  | { kind: 'exhausted' };

export interface Feature {
  element: HTMLElement;
  key(e: KeyboardEvent): boolean;
  show(): void;
  hide(): void;
}

/** Applies one backtracking event to `view`, returning its inverse. Shared with the race view. */
export function applyQueensEvent(view: QueensView, e: QueensEvent): Undo {
  const before = { attacked: view.attacked, deadRow: view.deadRow, focus: view.focus, solved: view.solved };
  const restore = () => Object.assign(view, before);
  switch (e.kind) {
    case 'place': {
      const prev = view.queens[e.row] ?? -1;
      view.queens[e.row] = e.col;
      view.focus = { row: e.row, col: e.col };
      view.deadRow = -1;
      view.attacked = null;
      return () => {
        view.queens[e.row] = prev;
        restore();
      };
    }
    case 'attacked':
      view.attacked = { row: e.row, cols: e.cols, by: e.by };
      return restore;
    case 'remove': {
      view.queens[e.row] = -1;
      view.focus = null;
      view.solved = false;
      return () => {
        view.queens[e.row] = e.col;
        restore();
      };
    }
    case 'backtrack':
      view.deadRow = e.row;
      view.attacked = null;
      return restore;
    case 'solution':
      view.solved = true;
      view.attacked = null;
      view.focus = null;
      return restore;
    case 'exhausted':
      view.attacked = null;
      view.focus = null;
      return restore;
  }
}

/** One sentence on what an event did, in 1-based human coordinates. */
export function describeQueensEvent(e: QueensEvent, n: number): string {
  switch (e.kind) {
    case 'place':
      return `Row ${e.row + 1}: queen on column ${e.col + 1}.`;
    case 'attacked':
      return e.cols.length === 0
        ? `Row ${e.row + 1}: no square is attacked.`
        : `Row ${e.row + 1}: ${e.cols.length} of ${n} squares are attacked by the queens above.`;
    case 'remove':
      return `Row ${e.row + 1}: taking the queen off column ${e.col + 1}.`;
    case 'backtrack':
      return `Row ${e.row + 1} has no safe square: back to row ${e.row}.`;
    case 'solution':
      return `Solution: ${e.columns.map((c) => c + 1).join(' ')}.`;
    case 'exhausted':
      return 'Every branch has been explored.';
  }
}

export function mountQueens(client: SolverClient): Feature {
  const nInput = h('input', { type: 'number', min: '1', max: '64', value: '8', id: 'queens-n', inputmode: 'numeric' });
  const mode = h(
    'select',
    { id: 'queens-mode' },
    h('option', { value: 'first' }, 'Stop at the first solution'),
    h('option', { value: 'all' }, 'Find all solutions (up to 1000)'),
    h('option', { value: 'count' }, 'Count all solutions'),
  );
  const pauseAtSolution = h('input', { type: 'checkbox', id: 'queens-pause', checked: '' });
  const canvas = h('canvas', { class: 'board', id: 'queens-board', role: 'img', 'aria-label': 'empty board' });
  const status = h('p', { class: 'status', id: 'queens-status', 'aria-live': 'polite' }, 'Press Play to watch the search, or Solve.');
  const stats = counters({ nodes: 'Nodes', backtracks: 'Backtracks', solutions: 'Solutions', depth: 'Depth', elapsed: 'Solver time' });
  const error = h('p', { class: 'error', role: 'alert', hidden: '' });

  let n = 8;
  let view = emptyQueensView(n);
  let player: Player<QueensEvent> | null = null;
  let session: number | null = null;
  let busy = false;
  let epoch = 0; // bumps on every reset so late answers of an old search are ignored
  let speed = 10;

  const bar = playbackBar(
    {
      solve: () => void solve(),
      toggle: () => void withPlayer((p) => p.toggle()),
      step: () =>
        void withPlayer((p) => {
          p.pause();
          return p.stepForward();
        }),
      stepBack: () => player?.stepBack(),
      reset: () => void reset(),
      speed: (s) => {
        speed = s;
        if (player) player.speed = s;
      },
    },
    35,
    'N-Queens',
  );

  const boardWrap = h('div', { class: 'board-wrap' }, canvas);
  const element = h(
    'section',
    { class: 'feature', id: 'queens', 'aria-labelledby': 'queens-title' },
    h('h2', { id: 'queens-title' }, 'N-Queens by backtracking'),
    h(
      'p',
      { class: 'lede' },
      'Place N queens so that none attacks another. Backtracking fills the board row by row, tries the leftmost safe column first, and takes the last queen back when a row has no safe square.',
    ),
    h(
      'div',
      { class: 'params' },
      h('label', { for: 'queens-n' }, 'N ', nInput),
      h('label', { for: 'queens-mode' }, 'Goal ', mode),
      h('label', { class: 'check' }, pauseAtSolution, ' Pause at each solution'),
    ),
    bar.element,
    error,
    h('div', { class: 'stage' }, boardWrap, h('div', { class: 'side' }, stats.element, status)),
  );

  function draw(): void {
    const size = squareFor(boardWrap, 560);
    drawQueens(fitCanvas(canvas, size), view, readTheme(canvas));
    canvas.dataset.queens = view.queens.join(',');
    canvas.dataset.solved = String(view.solved);
    const placed = view.queens.filter((c) => c >= 0).length;
    canvas.setAttribute(
      'aria-label',
      placed === 0
        ? `${n} by ${n} board, no queens`
        : `${n} by ${n} board, queens at ` +
            view.queens
              .map((c, r) => (c >= 0 ? `row ${r + 1} column ${c + 1}` : null))
              .filter(Boolean)
              .join(', '),
    );
  }

  function showStats(s: PlayerState['stats']): void {
    stats.set({
      nodes: s?.nodes ?? 0,
      backtracks: s?.backtracks ?? 0,
      solutions: s?.solutions ?? 0,
      depth: view.queens.filter((c) => c >= 0).length,
      elapsed: formatMicros(s?.elapsedMicros ?? 0),
    });
  }

  function onState(state: PlayerState, last: QueensEvent | null): void {
    draw();
    showStats(state.stats);
    if (last) status.textContent = describeQueensEvent(last, n);
    if (state.finished) status.textContent = finishedText(state.stats?.solutions ?? 0, state.status);
    bar.update(state, busy);
  }

  function finishedText(solutions: number, st: PlayerState['status']): string {
    if (st === 'exhausted') {
      return solutions === 0
        ? `N = ${n} has no solution: every placement was tried.`
        : `Done: all ${solutions.toLocaleString('en-US')} solutions found.`;
    }
    return solutions === 1 ? 'Found a solution.' : `Stopped after ${solutions} solutions.`;
  }

  function showError(e: unknown): void {
    if (e instanceof CancelledError) return;
    error.hidden = false;
    error.textContent = e instanceof Error ? e.message : String(e);
  }

  async function newSession(): Promise<number> {
    return client.create('queens', `queens:${n}`, 'backtrack', { mode: mode.value });
  }

  async function reset(): Promise<void> {
    const my = ++epoch;
    if (busy) client.cancel(); // a running Solve is stopped at once
    busy = false;
    player?.dispose();
    player = null;
    if (session !== null) void client.dispose(session);
    session = null;
    error.hidden = true;
    const parsed = Number(nInput.value);
    if (!Number.isInteger(parsed) || parsed < 1 || parsed > 64) {
      showError(new Error(`N must be a whole number from 1 to 64 (got "${nInput.value}").`));
      return;
    }
    n = parsed;
    view = emptyQueensView(n);
    draw();
    showStats(null);
    status.textContent = 'Press Play to watch the search, or Solve.';
    bar.update(null, false);
    try {
      const id = await newSession();
      if (my !== epoch) return;
      session = id;
      let last: QueensEvent | null = null;
      const p = new Player<QueensEvent>(
        (max) => client.step(id, max),
        (e) => {
          last = e;
          return applyQueensEvent(view, e);
        },
        (state) => onState(state, last),
        showError,
      );
      p.speed = speed;
      p.pauseOn = (e) => e.kind === 'solution' && pauseAtSolution.checked;
      player = p;
      bar.update(p.state(), false);
    } catch (e) {
      showError(e);
    }
  }

  async function withPlayer(f: (p: Player<QueensEvent>) => unknown): Promise<void> {
    if (!player) await reset();
    if (player) await f(player);
  }

  async function solve(): Promise<void> {
    const my = ++epoch;
    player?.dispose();
    player = null;
    busy = true;
    bar.update(null, true);
    status.textContent = 'Solving…  (Reset stops it)';
    try {
      const id = await newSession();
      const report: Report = await client.solve(id, Infinity, 60_000);
      void client.dispose(id);
      if (my !== epoch) return;
      busy = false;
      view = emptyQueensView(n);
      const first = report.solutions[report.solutions.length - 1] as number[] | undefined;
      if (first) {
        view.queens = [...first];
        view.solved = true;
      }
      draw();
      stats.set({
        nodes: report.stats.nodes,
        backtracks: report.stats.backtracks,
        solutions: report.stats.solutions,
        depth: first ? n : 0,
        elapsed: formatMicros(report.stats.elapsedMicros),
      });
      status.textContent =
        report.verdict === 'budget'
          ? 'Stopped: the time budget of 60 s ran out.'
          : finishedText(report.stats.solutions, report.status);
      bar.update({ playing: false, finished: true, status: report.status, stats: report.stats, position: 0, canStepBack: false }, false);
    } catch (e) {
      busy = false;
      bar.update(null, false);
      showError(e);
    }
  }

  nInput.addEventListener('change', () => void reset());
  mode.addEventListener('change', () => void reset());
  window.addEventListener('resize', () => draw());
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => draw());

  let started = false;
  return {
    element,
    key: (e) => !typingInField(e) && bar.key(e),
    show() {
      element.hidden = false;
      if (!started) {
        started = true;
        void reset();
      } else draw();
    },
    hide() {
      element.hidden = true;
      player?.pause();
    },
  };
}
