// Skyscrapers' watch mode: the solver's candidate eliminations, guesses and backtracks step by step,
// with the pruning techniques switchable. The reducer is in state.ts; this holds the run and draws.

import { counters, formatMicros, h } from '../../dom';
import { playbackBar, type PlaybackBar } from '../../controls/playback';
import type { PlayerState } from '../../player';
import type { Stats } from '../../protocol';
import type { SkyPicture } from '../../render/skyscrapers';
import { Runner, runnerCommands } from '../runner';
import type { SkyCtx } from './context';
import { mountCompare } from '../common/compare';
import { mountSearchTree } from '../common/search-tree';
import { mountCode } from '../common/code-panel';
import { techniqueSwitches } from '../common/techniques';
import { applySkyEvent, freshWatch, singleValue, type Exports, type SkyEvent, type WatchView } from './state';

const WATCH_READY = 'Press Play to watch the solver cross out candidates, Step to go one event at a time, or Solve.';

export interface Watch {
  panel: HTMLElement;
  /** The search tree, the pseudocode and the comparison (under the sentence, in watch mode). */
  extras: HTMLElement;
  /** The technique switches by name (the address's `opts=`, views/common/size-link.ts). */
  techniques: Map<string, HTMLInputElement>;
  bar: PlaybackBar;
  run: Runner<SkyEvent, WatchView>;
  /** Entering watch mode: the run as it was left, with its counters and status. */
  enter(): void;
  /** The run's session belongs to the old puzzle or options: drop it. */
  invalidate(): void;
  /** The puzzle changed: as invalidate, and the technique comparison is of the old puzzle. */
  puzzleChanged(): void;
  /** Fills in the watch part of the board's picture (candidates, or a solution once found). */
  picture(p: SkyPicture): void;
  /** The board's data attributes, the status tone and the solution switch. */
  drawSide(d: DOMStringMap): void;
}

export function mountWatch(ctx: SkyCtx): Watch {
  const { status } = ctx;
  let shownSolution = 0;

  // Names, labels and defaults from the registry (src/puzzles/skyscrapers/game.rs).
  const switches = techniqueSwitches('skyscrapers', 'solve', 'sky-t-', 'Pruning techniques', 'params techniques');
  const techniqueBoxes = switches.boxes;
  const techniqueRow = switches.element;
  for (const t of switches.labels) {
    const box = techniqueBoxes.get(t.name)!;
    box.addEventListener('change', () => {
      invalidate();
      status.textContent = `${t.label} ${box.checked ? 'on' : 'off'}: press Solve or Play to compare the node counts.`;
    });
  }
  const stats = counters({ nodes: 'Nodes', backtracks: 'Backtracks', solutions: 'Solutions', depth: 'Depth', elapsed: 'Solver time' });
  const solutionSwitch = h('div', { class: 'params', role: 'group', 'aria-label': 'Which solution to show', hidden: '' });
  const solButtons = [0, 1].map((k) => {
    const b = h('button', { type: 'button', id: `sky-solution-${k + 1}`, 'aria-pressed': String(k === 0) }, `Solution ${k + 1}`);
    b.addEventListener('click', () => {
      shownSolution = k;
      ctx.draw();
    });
    solutionSwitch.append(b);
    return b;
  });

  const run: Runner<SkyEvent, WatchView> = new Runner<SkyEvent, WatchView>(ctx.client, {
    async create(c) {
      const ex = await c.call<Exports>('format', 'skyscrapers', ctx.puzzle);
      if (!ex.tatham) throw new Error('This puzzle cannot be written as a Tatham ID.');
      return c.create('skyscrapers', ex.tatham, 'solve', { techniques: techniques() });
    },
    fresh: () => freshWatch(ctx.puzzle),
    apply: applySkyEvent,
    // A guess is a choice at its depth; a backtrack returns above it (its refutation goes on at
    // the parent); a contradiction says why the branch died.
    tree(e) {
      switch (e.kind) {
        case 'skyGuess':
          return { push: { depth: e.depth, label: `r${e.row + 1}c${e.col + 1}=${e.value}` } };
        case 'skyBacktrack':
          return { truncate: e.depth + 1 };
        case 'skyContradiction':
          return { why: e.why };
        case 'skySolution':
          return { solution: true };
        default:
          return null;
      }
    },
    changed(state, last) {
      if (ctx.mode !== 'watch') return;
      ctx.draw();
      // The counters the solver sent with the event on screen (Frame.after), by any path to it.
      showStats(state?.stats ?? null);
      status.textContent = watchStatus(state);
      bar.update(state, run.busy);
      searchTree.draw();
      code.show(last?.kind ?? null);
    },
    solved(view, report) {
      view.solutions = report.solutions as number[][][];
      view.verdict = report.verdict;
      const first = view.solutions[0];
      if (first) view.cand = first.flat().map((v) => 1 << (v - 1));
      // Its budget stopped it: the candidates it had left, not a fresh board.
      else if (report.stopped?.candidates) view.cand = [...report.stopped.candidates];
      shownSolution = 0;
      ctx.draw();
      showStats(report.stats);
      status.textContent = report.says;
      bar.update({ playing: false, finished: true, status: report.status, stats: report.stats, verdict: report.verdict, position: 0, canStepBack: false }, false);
      // Solve recorded no steps: the tree panel says so (Reset comes before Play or Step).
      searchTree.draw();
    },
    error: ctx.showError,
  });
  run.markOn(status);

  const bar = playbackBar(
    {
      ...runnerCommands(run, [
        { label: 'Next deduction', test: (e) => e.kind === 'skyDeduce' },
        { label: 'Next guess', test: (e) => e.kind === 'skyGuess' },
        { label: 'Next solution', test: (e) => e.kind === 'skySolution' },
      ]),
      reset: () => {
        shownSolution = 0;
        void run.reset();
      },
    },
    30,
    'Skyscrapers',
  );
  const compare = mountCompare({
    puzzle: 'skyscrapers',
    algorithm: 'solve',
    idPrefix: 'sky',
    names: switches.words,
    async text() {
      const ex = await ctx.client.call<Exports>('format', 'skyscrapers', ctx.puzzle);
      if (!ex.tatham) throw new Error('This puzzle cannot be written as a Tatham ID.');
      return ex.tatham;
    },
  });
  const searchTree = mountSearchTree('sky', () => run.tree, (k) => run.seek(k), () => run.solvedFast);
  const code = mountCode('skyscrapers', 'solve', 'sky');
  const panel = h('div', { class: 'panel', id: 'sky-watch-panel' }, bar.element, techniqueRow, solutionSwitch, stats.element);
  const extras = h('div', { class: 'watch-extras' }, searchTree.element, code.element, compare.element);

  function techniques(): Record<string, boolean> {
    const t: Record<string, boolean> = {};
    for (const [k, box] of techniqueBoxes) t[k] = box.checked;
    return t;
  }

  function invalidate(): void {
    shownSolution = 0;
    if (run.busy) {
      void run.reset();
      return;
    }
    run.dispose();
    run.view = freshWatch(ctx.puzzle);
    if (ctx.mode === 'watch') {
      bar.update(null, false);
      showStats(null);
      status.textContent = WATCH_READY;
    }
    ctx.draw();
  }

  function watchStatus(state: PlayerState | null): string {
    if (run.busy) return 'Solving… (Stop or Reset ends it.)';
    const view = run.view;
    if (state?.finished) {
      // Rust's sentence for the run's end (Frame.says); no time in it (Solve's says it).
      return state.says ?? '';
    }
    if (view.why) return view.why;
    return WATCH_READY;
  }

  function watchFinished(): boolean {
    return run.view.verdict !== null || !!run.state()?.finished;
  }

  function showStats(s: Stats | null): void {
    stats.set({
      nodes: s?.nodes ?? 0,
      backtracks: s?.backtracks ?? 0,
      solutions: s?.solutions ?? 0,
      depth: s?.depth ?? 0,
      elapsed: formatMicros(s?.elapsedMicros ?? 0),
    });
  }

  return {
    panel,
    extras,
    techniques: techniqueBoxes,
    bar,
    run,
    enter() {
      const st = run.state();
      bar.update(st, run.busy);
      showStats(st?.stats ?? null);
      status.textContent = run.view.verdict ? status.textContent : watchStatus(st);
    },
    invalidate,
    puzzleChanged() {
      compare.reset();
      invalidate();
    },
    picture(p) {
      const { puzzle } = ctx;
      const n = puzzle.n;
      const v = run.view;
      const showSol = watchFinished() && v.solutions.length > 0 ? v.solutions[Math.min(shownSolution, v.solutions.length - 1)] : null;
      const fade = new Map(v.fade.map((f) => [f.index, f.mask]));
      const bad = new Set(v.bad.map(([r, c]) => r * n + c));
      const guessed = new Set(v.guesses);
      for (let i = 0; i < n * n; i++) {
        const given = puzzle.givens[i] ?? 0;
        if (showSol) {
          const d = showSol[Math.floor(i / n)]?.[i % n] ?? 0;
          p.cells.push({ digit: d, kind: given ? 'given' : 'solution', cand: 0, fade: 0, bad: false });
          continue;
        }
        const mask = v.cand[i] ?? 0;
        const single = singleValue(mask);
        p.cells.push({
          digit: single,
          kind: given ? 'given' : single ? (guessed.has(i) ? 'guess' : 'placed') : 'empty',
          cand: single ? 0 : mask,
          fade: single ? 0 : fade.get(i) ?? 0,
          bad: bad.has(i) || mask === 0,
        });
      }
      if (!showSol) {
        if (v.line) p.lines = [v.line];
        p.focus = v.focus;
      }
      p.solved = !!showSol;
    },
    drawSide(d) {
      const watching = ctx.mode === 'watch';
      const st = run.state();
      const v = run.view;
      d.candidates = watching ? v.cand.join(',') : '';
      d.verdict = !watching ? '' : v.verdict ?? (st?.finished ? st.verdict ?? '' : '');
      d.showing = String(shownSolution + 1);
      status.dataset.tone = watching && !watchFinished() ? v.tone : '';
      const multi = watching && watchFinished() && v.solutions.length >= 2;
      solutionSwitch.hidden = !multi;
      solButtons.forEach((b, k) => b.setAttribute('aria-pressed', String(k === shownSolution)));
    },
  };
}
