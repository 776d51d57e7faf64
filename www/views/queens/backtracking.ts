// The N-Queens backtracking view: choose N and the machine (the bitmask search or the article's
// naive one, which searches the same tree), then watch the search place and remove queens, or
// solve at once; with the goal "count", the count mode below counts on every core. Owns its board
// element, its session and its player; knows nothing of the rules (conflicts come from the
// solver's `attacked` events).

import { sizeLink } from '../common/size-link';
import { limit } from '../../registry';
import { h, counters, featureSection, formatMicros } from '../../dom';
import { typedWhole } from '../common/text';
import { playbackBar } from '../../controls/playback';
import { BOARD_MAX, fitCanvas, readTheme, squareFor } from '../../render/canvas';
import { drawQueens, emptyQueensView, type QueensView } from '../../render/queens';
import type { SolverClient } from '../../solver-client';
import type { Stats } from '../../protocol';
import { mountSearchTree } from '../common/search-tree';
import { mountCode } from '../common/code-panel';
import { Runner, runnerCommands } from '../runner';
import { feature, type Feature } from '../feature';
import { applyQueensEvent, describeEvent, type QueensEvent } from './events';
import { legend } from '../common/legend';
import { SEARCH_LEGEND } from './legends';
import { zoomControl, type Zoom } from '../../controls/zoom';
import { addLinkProblem } from '../../link';
import type { Settings } from '../../address';
import { countPanel } from './count';
import { announceFrom, labelBoard } from '../../announce';

/** Draws a backtracking board into `canvas` and exposes it to assistive technology and tests. */
export function showQueensBoard(canvas: HTMLCanvasElement, wrap: HTMLElement, view: QueensView, maxSize: number, zoom?: Zoom): void {
  const fit = squareFor(wrap, maxSize);
  drawQueens(fitCanvas(canvas, zoom ? zoom.size(fit) : fit), view, readTheme(canvas));
  canvas.dataset.queens = view.queens.join(',');
  canvas.dataset.solved = String(view.solved);
  const placed = view.queens.filter((c) => c >= 0);
  labelBoard(
    canvas,
    placed.length === 0
      ? `${view.n} by ${view.n} board, no queens`
      : `${view.n} by ${view.n} board, queens at ` +
          view.queens
            .map((c, r) => (c >= 0 ? `row ${r + 1} column ${c + 1}` : null))
            .filter(Boolean)
            .join(', ') +
          (view.solved ? ', solved' : ''),
  );
}

/** The board sizes backtracking takes (a row of attacks is one 64-bit word). */
const N_RANGE = limit('queens', 'backtrackN');

export function mountQueens(client: SolverClient): Feature {
  const nInput = h('input', { type: 'number', min: String(N_RANGE.min), max: String(N_RANGE.max), value: '8', id: 'queens-n', inputmode: 'numeric' });
  const mode = h(
    'select',
    { id: 'queens-mode' },
    h('option', { value: 'first' }, 'Stop at the first solution'),
    h('option', { value: 'all' }, 'Find all solutions (up to 1000)'),
    h('option', { value: 'count' }, 'Count all solutions'),
  );
  // The two machines of the article, named as in the registry (src/puzzles/queens/game.rs).
  const algorithm = h(
    'select',
    { id: 'queens-algo' },
    h('option', { value: 'backtrack' }, 'Bitmask (accelerated)'),
    h('option', { value: 'naive' }, 'Naive (record array)'),
  );
  const pauseAtSolution = h('input', { type: 'checkbox', id: 'queens-pause', checked: '' });
  const canvas = h('canvas', { class: 'board', id: 'queens-board', role: 'img', 'aria-label': 'empty board' });
  const status = h('p', { class: 'status', id: 'queens-status' }, READY);
  const stats = counters({ nodes: 'Nodes', backtracks: 'Backtracks', solutions: 'Solutions', depth: 'Depth', elapsed: 'Solver time' });
  const error = h('p', { class: 'error', role: 'alert', hidden: '' });
  const zoom = zoomControl(canvas, () => draw());
  const boardWrap = h('div', { class: 'board-wrap' }, zoom.element, zoom.viewport);
  let n = 8;

  const run: Runner<QueensEvent, QueensView> = new Runner<QueensEvent, QueensView>(client, {
    async create(c) {
      const parsed = typedWhole(nInput.value, N_RANGE.min, N_RANGE.max);
      if (Number.isNaN(parsed)) {
        throw new Error(`N must be a whole number from ${N_RANGE.min} to ${N_RANGE.max} (got "${nInput.value}").`);
      }
      n = parsed;
      return c.create('queens', `queens:${n}`, algorithm.value, { mode: mode.value });
    },
    fresh: () => emptyQueensView(n),
    apply: applyQueensEvent,
    changed(state, last) {
      draw();
      showStats(state?.stats ?? null);
      if (run.busy) status.textContent = 'Solving… (Stop or Reset ends it.)';
      else if (state?.finished) status.textContent = state.says ?? ''; // Rust's sentence (Frame.says)
      else if (last) status.textContent = describeEvent(last);
      else if (!state?.position) status.textContent = READY;
      bar.update(state, run.busy);
      searchTree.draw();
      code.show(last?.kind ?? null);
    },
    solved(view, report) {
      const last = report.solutions[report.solutions.length - 1] as number[] | undefined;
      if (last) {
        view.queens = [...last];
        view.solved = true;
      } else if (report.stopped) {
        // Its budget stopped it: the queens it had placed, row by row from the top.
        (report.stopped.board as number[]).forEach((c, row) => (view.queens[row] = c));
      }
      draw();
      showStats(report.stats);
      // Rust's sentence: what the run found, or which budget stopped it (Report.says).
      status.textContent = report.says;
      bar.update({ playing: false, finished: true, status: report.status, stats: report.stats, verdict: report.verdict, position: 0, canStepBack: false }, false);
      // Solve recorded no steps: the tree panel says so (Reset comes before Play or Step).
      searchTree.draw();
    },
    error(message) {
      error.hidden = message === null;
      error.textContent = message ?? '';
    },
    pauseOn: (e) => e.kind === 'solution' && pauseAtSolution.checked,
    // A queen placed on row r is a choice at depth r + 1; taking it off, or a row with no safe
    // square, takes the search back above it.
    tree(e) {
      switch (e.kind) {
        case 'place':
          return { push: { depth: e.row + 1, label: `r${e.row + 1}:c${e.col + 1}` } };
        case 'remove':
          return { truncate: e.row + 1 };
        case 'backtrack':
          return { why: e.why, truncate: e.row + 1 };
        case 'solution':
          return { solution: true };
        default:
          return null;
      }
    },
  });
  run.markOn(status);
  const searchTree = mountSearchTree('queens', () => run.tree, (k) => run.seek(k), () => run.solvedFast);
  const code = mountCode('queens', 'backtrack', 'queens');

  const bar = playbackBar(
    {
      ...runnerCommands(run, [
        { label: 'Next backtrack', test: (e) => e.kind === 'backtrack' },
        { label: 'Next solution', test: (e) => e.kind === 'solution' },
      ]),
      // With the goal "count", Solve is the count panel's Count: a session counting beside the
      // pool would compete with it for the same cores and report a second, slower count.
      solve: () => (mode.value === 'count' ? counting.count() : void run.solve()),
    },
    35,
    'N-Queens',
  );
  announceFrom([status], () => bar.playing());

  const counting = countPanel(
    () => nInput.value,
    () => (algorithm.value === 'naive' ? 'naive' : 'bitmask'),
    () => (error.hidden = true),
  );
  const element = featureSection(
    'queens',
    'N-Queens by backtracking',
    'Place N queens so that none attacks another. Backtracking fills the board row by row, tries the leftmost safe column first, and takes the last queen back when a row has no safe square. The naive machine checks each square against every queen above; the bitmask machine keeps the attacked columns and diagonals as bits.',
    h(
      'div',
      { class: 'params' },
      h('label', { for: 'queens-n' }, 'N ', nInput),
      h('label', { for: 'queens-algo' }, 'Algorithm ', algorithm),
      h('label', { for: 'queens-mode' }, 'Goal ', mode),
      h('label', { class: 'check' }, pauseAtSolution, ' Pause at each solution'),
    ),
    bar.element,
    error,
    h('div', { class: 'stage' }, boardWrap, h('div', { class: 'side' }, stats.element, status, searchTree.element, code.element, legend(SEARCH_LEGEND))),
    counting.element,
  );

  function draw(): void {
    showQueensBoard(canvas, boardWrap, run.view, BOARD_MAX, zoom);
    counting.redraw();
  }

  /** The count mode shows with the goal "count" (so `#queens/16?opts=find:count` opens it). */
  function showCounting(): void {
    counting.element.hidden = mode.value !== 'count';
    if (!counting.element.hidden) counting.warm();
    counting.redraw();
  }


  function showStats(s: Stats | null): void {
    stats.set({
      nodes: s?.nodes ?? 0,
      backtracks: s?.backtracks ?? 0,
      solutions: s?.solutions ?? 0,
      depth: run.view.queens.filter((c) => c >= 0).length,
      elapsed: formatMicros(s?.elapsedMicros ?? 0),
    });
  }

  // The address carries the search's goal as opts=find:first|all|count and, when it is off, the
  // pause at each solution as pause:off (docs/FORMATS.md §7).
  const link = sizeLink(nInput, undefined, {
    linkOptions: () => {
      const pairs: [string, string][] = mode.value === 'first' ? [] : [['find', mode.value]];
      if (!pauseAtSolution.checked) pairs.push(['pause', 'off']);
      return pairs;
    },
    takeLinkOptions(pairs) {
      const problems: string[] = [];
      for (const [name, value] of pairs) {
        if (name === 'pause') {
          if (value === 'on' || value === 'off') pauseAtSolution.checked = value === 'on';
          else problems.push(`The N-Queens option "pause" must be on or off (got "${value}").`);
        } else if (name !== 'find') problems.push(`There is no N-Queens option "${name}": the options are find and pause.`);
        else if ([...mode.options].some((o) => o.value === value)) mode.value = value;
        else problems.push(`The N-Queens option "find" must be first, all or count (got "${value}").`);
      }
      return problems;
    },
  }, run);
  nInput.addEventListener('change', () => void run.reset());
  mode.addEventListener('change', () => {
    showCounting();
    void run.reset();
  });
  algorithm.addEventListener('change', () => {
    code.use(algorithm.value);
    void run.reset();
  });

  // algo=naive picks the naive machine (docs/FORMATS.md §7); a link without algo means the
  // default, the bitmask machine, so it opens what its writer saw (a bad name changes nothing).
  function open(param: string | null, settings: Settings): void {
    const algo = settings.algo ?? 'backtrack';
    if ([...algorithm.options].some((o) => o.value === algo)) algorithm.value = algo;
    else addLinkProblem(`There is no N-Queens algorithm "${algo}": the algorithms are backtrack and naive.`);
    code.use(algorithm.value);
    // Likewise a link without find: means the first solution, and without pause: a pause at each
    // solution (opts= then sets them, if there).
    mode.value = 'first';
    pauseAtSolution.checked = true;
    link.open(param, settings);
    showCounting();
  }
  return feature({
    element,
    bar,
    start: open,
    open,
    state() {
      const st = link.state();
      if (algorithm.value !== 'backtrack') st.settings.algo = algorithm.value;
      return st;
    },
    redraw: draw,
    pause: () => run.pause(),
    runs: () => [run],
  });
}

const READY = 'Press Play to watch the search, or Solve.';
