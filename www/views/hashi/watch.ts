// Hashiwokakero's watch mode: the solver's deductions, guesses, dead ends and restarts, step by
// step, with the techniques switchable. The reducer is in state.ts; this holds the run and draws.

import { counters, formatMicros, h } from '../../dom';
import { playbackBar, type PlaybackBar } from '../../controls/playback';
import type { PlayerState } from '../../player';
import type { Report, Stats, Verdict } from '../../protocol';
import type { Cell, HashiScene, SceneEdge } from '../../render/hashi';
import { sentence } from '../common/text';
import { Runner, runnerCommands } from '../runner';
import type { HashiCtx } from './context';
import { mountCompare } from '../common/compare';
import { mountSearchTree } from '../common/search-tree';
import { mountCode } from '../common/code-panel';
import { techniqueSwitches } from '../common/techniques';
import { applyWatch, freshWatch, key, type Bridge, type HashiEvent, type WatchView } from './state';

export interface Watch {
  panel: HTMLElement;
  /** The technique switches by name (the address's `opts=`, views/common/size-link.ts). */
  techniques: Map<string, HTMLInputElement>;
  /** Counters with the technique comparison, the matrix-tree line and the solution switch (in the side column). */
  stats: HTMLElement;
  mtLine: HTMLElement;
  solSwitch: HTMLElement;
  bar: PlaybackBar;
  run: Runner<HashiEvent, WatchView>;
  /** The board changed: the run is dropped and starts again when the mode is entered. */
  reset(): void;
  /** Entering watch mode: a new run if the puzzle or techniques changed, else the run as it was. */
  enter(): void;
  /** The board's data attribute: the verdict once the search is over, '' before. */
  verdict(): string;
  scene(s: HashiScene): void;
  /** Redraws the watch mode's side column parts. */
  drawSide(): void;
}

export function mountWatch(ctx: HashiCtx): Watch {
  let watchFor = '';
  let verdict: Verdict | '' = '';
  /** The solution drawn once the search is over (index into the view's solutions), or null. */
  let shown: number | null = null;

  // Names, labels and defaults from the registry (src/puzzles/hashi/game.rs).
  const switches = techniqueSwitches('hashi', 'solve', 'hashi-tech-', 'Techniques', 'techniques');
  const techBoxes = switches.boxes;
  const techs = switches.element;
  const stats = counters({ nodes: 'Nodes', backtracks: 'Backtracks', solutions: 'Solutions', guesses: 'Guesses', prunes: 'Matrix-tree prunes', restarts: 'Restarts', elapsed: 'Solver time' });
  const mtLine = h('p', { class: 'mt-line', id: 'hashi-mt' });
  const solPrev = h('button', { type: 'button', id: 'hashi-sol-1' }, 'Solution 1');
  const solNext = h('button', { type: 'button', id: 'hashi-sol-2' }, 'Solution 2');
  const solSwitch = h('div', { class: 'params', hidden: '' }, 'Show ', solPrev, solNext);
  const status = ctx.status;

  const run: Runner<HashiEvent, WatchView> = new Runner<HashiEvent, WatchView>(ctx.client, {
    async create(c) {
      const text = ctx.exports?.tatham ?? ctx.exports?.plain;
      if (!ctx.layout || !text) throw new Error('Fix the puzzle in the editor first.');
      const techniques: Record<string, boolean> = {};
      for (const [n, box] of techBoxes) techniques[n] = box.checked;
      return c.create('hashi', text, 'solve', { techniques });
    },
    fresh: () => freshWatch(ctx.layout),
    apply: applyWatch,
    // A guess is a bridge count tried at its depth; a backtrack leaves that level; a restart goes
    // back to the root (marked in the tree); a dead end says why the branch died.
    tree(e) {
      switch (e.kind) {
        case 'hashiGuess':
          return { push: { depth: e.depth, label: `${e.value}×(${e.a[0] + 1},${e.a[1] + 1})-(${e.b[0] + 1},${e.b[1] + 1})` } };
        case 'hashiBacktrack':
          return { truncate: e.depth + 1 };
        case 'hashiDeadEnd':
          return { why: e.why };
        case 'hashiRestart':
          return { restart: true };
        case 'hashiSolution':
          return { solution: true };
        default:
          return null;
      }
    },
    changed(state, last) {
      if (ctx.mode !== 'watch') return;
      // The counters the solver sent with the event on screen (Frame.after), by any path to it.
      showStats(state?.stats ?? null);
      verdict = state?.finished ? state.verdict ?? '' : '';
      // At the end the search has undone everything back to the root: show what it found.
      if (!state?.finished) shown = null;
      else if (shown === null && run.view.solutions.length > 0) shown = 0;
      if (run.busy) status.textContent = 'Solving… (Stop or Reset ends it.)';
      else if (state?.finished) status.textContent = finishedText(state);
      else if (last) status.textContent = sentence(run.view.line);
      else status.textContent = 'Press Play to watch the solver, Step for one event, or Solve.';
      solSwitch.hidden = !(state?.finished && run.view.solutions.length > 1);
      bar.update(state, run.busy);
      searchTree.draw();
      code.show(last?.kind ?? null);
      ctx.draw();
    },
    solved(view, r: Report) {
      view.solutions = r.solutions as Bridge[][];
      shown = view.solutions.length > 0 ? 0 : null;
      verdict = r.verdict;
      // Its budget stopped it: the range each edge had left, not a fresh board.
      if (r.stopped?.ranges) view.ranges = r.stopped.ranges.map(([lo, hi]) => [lo, hi] as [number, number]);
      // A Solve that ends after the user went back to editing or playing leaves their status alone.
      if (ctx.mode !== 'watch') return;
      status.textContent = r.says;
      showStats(r.stats, true);
      solSwitch.hidden = view.solutions.length < 2;
      bar.update({ playing: false, finished: true, status: r.status, stats: r.stats, verdict: r.verdict, position: 0, canStepBack: false }, false);
      // Solve recorded no steps: the tree panel says so (Reset comes before Play or Step).
      searchTree.draw();
      ctx.draw();
    },
    error: ctx.showError,
    pauseOn: (e) => e.kind === 'hashiSolution',
  });
  run.markOn(status);
  const bar = playbackBar(
    runnerCommands(run, [
      { label: 'Next rule', test: (e) => e.kind === 'hashiRule' },
      { label: 'Next guess', test: (e) => e.kind === 'hashiGuess' },
      { label: 'Next dead end', test: (e) => e.kind === 'hashiDeadEnd' },
      { label: 'Next solution', test: (e) => e.kind === 'hashiSolution' },
    ]),
    40,
    'Hashiwokakero',
  );
  const compare = mountCompare({
    puzzle: 'hashi',
    algorithm: 'solve',
    idPrefix: 'hashi',
    names: { ...switches.words, heuristic: 'Branching' },
    async text() {
      const text = ctx.exports?.tatham ?? ctx.exports?.plain;
      if (!ctx.layout || !text) throw new Error('Fix the puzzle in the editor first.');
      return text;
    },
  });
  const searchTree = mountSearchTree('hashi', () => run.tree, (k) => run.seek(k), () => run.solvedFast);
  const code = mountCode('hashi', 'solve', 'hashi');
  const panel = h('div', { class: 'hashi-watch' }, bar.element, techs);

  function finishedText(state: PlayerState): string {
    // Rust's sentence for the run's end (Frame.says).
    return state.says ?? '';
  }

  /** `fast`: the counters of a Solve at full speed, which records no events: the guesses and
   *  prunes, counted from events, were not counted then ("—", not a false 0). */
  function showStats(s: Stats | null, fast = false): void {
    stats.set({
      nodes: s?.nodes ?? 0,
      backtracks: s?.backtracks ?? 0,
      solutions: s?.solutions ?? 0,
      guesses: fast ? '—' : run.view.guesses,
      prunes: fast ? '—' : run.view.prunes,
      restarts: s?.restarts ?? 0,
      elapsed: formatMicros(s?.elapsedMicros ?? 0),
    });
  }

  for (const box of techBoxes.values()) box.addEventListener('change', () => ctx.mode === 'watch' && ctx.enterMode());
  [solPrev, solNext].forEach((b, i) =>
    b.addEventListener('click', () => {
      if (i >= run.view.solutions.length) return;
      shown = i;
      status.textContent = `Multiple solutions: showing solution ${i + 1} of the ${run.view.solutions.length} found (the search stops at two).`;
      ctx.draw();
    }),
  );

  return {
    panel,
    techniques: techBoxes,
    // The comparison sits under the counters, beside the board, so it never pushes the board down.
    stats: h('div', {}, stats.element, searchTree.element, code.element, compare.element),
    mtLine,
    solSwitch,
    bar,
    run,
    reset() {
      compare.reset();
      watchFor = '';
      run.dispose();
      run.view = freshWatch(ctx.layout);
      shown = null;
    },
    enter() {
      const want = `${ctx.exports?.tatham ?? ctx.exports?.plain}|${[...techBoxes.values()].map((b) => b.checked).join()}`;
      if (want !== watchFor) {
        watchFor = want;
        verdict = '';
        void run.reset();
      } else {
        const st = run.state();
        showStats(st?.stats ?? null);
        bar.update(st, run.busy);
        if (st?.finished) status.textContent = finishedText(st);
        solSwitch.hidden = !(st?.finished && run.view.solutions.length > 1);
      }
    },
    verdict: () => verdict,
    scene(s) {
      const layout = ctx.layout;
      if (!layout) return;
      const w = ctx.puzzle.width;
      const at = (c: Cell) => c[0] * w + c[1];
      const v = run.view;
      const solution = shown !== null ? v.solutions[shown] : undefined;
      if (solution) {
        const n = new Map(solution.map((b) => [key(b.a, b.b), b.n]));
        s.edges = layout.edges.map((e) => {
          const k = n.get(key(e.a, e.b)) ?? 0;
          return { a: e.a, b: e.b, n: k, hi: k, mark: '' };
        });
        for (const i of layout.islands) s.finished.add(i.row * w + i.col);
        s.solved = true;
        return;
      }
      const marked = new Set(v.edges);
      s.edges = layout.edges.map((e): SceneEdge => {
        const [lo, hi] = v.ranges[e.id] ?? [0, e.cap];
        return { a: e.a, b: e.b, n: lo, hi, mark: marked.has(e.id) ? v.mark : '' };
      });
      for (const c of v.islands) s.highlight.add(at(c));
      for (const c of v.dead) s.bad.add(at(c));
      s.focus = v.focus ? at(v.focus) : null;
      // Islands whose bridges are all decided and add up: finished.
      const sum = new Map<number, number>();
      const open = new Set<number>();
      for (const e of layout.edges) {
        const [lo, hi] = v.ranges[e.id] ?? [0, e.cap];
        for (const c of [e.a, e.b]) {
          sum.set(at(c), (sum.get(at(c)) ?? 0) + lo);
          if (hi > lo) open.add(at(c));
        }
      }
      for (const i of layout.islands) {
        const c = i.row * w + i.col;
        if (!open.has(c) && sum.get(c) === i.need) s.finished.add(c);
      }
    },
    drawSide() {
      mtLine.textContent = ctx.mode === 'watch' ? run.view.matrixTree : '';
      solPrev.setAttribute('aria-pressed', String(shown === 0));
      solNext.setAttribute('aria-pressed', String(shown === 1));
    },
  };
}
