// Skyscrapers' watch mode: a solver run step by step. The algorithms are the registry's
// (src/puzzles/skyscrapers/game.rs): the search, with its candidate eliminations, guesses and
// backtracks and its pruning techniques switchable, and min-conflicts repair, with its seed and
// options, whose moves swap heights in a full grid. The reducer is in state.ts; this holds the run
// and draws.

import { counters, formatMicros, h } from '../../dom';
import { playbackBar, type PlaybackBar } from '../../controls/playback';
import type { PlayerState } from '../../player';
import type { SolverOptions, Stats } from '../../protocol';
import type { Settings } from '../../address';
import { addLinkProblem, retractLinkProblem } from '../../link';
import { puzzleInfo } from '../../registry';
import type { AlgorithmInfo } from '../../generated/types';
import type { SkyPicture } from '../../render/skyscrapers';
import { Runner, runnerCommands } from '../runner';
import type { SkyCtx } from './context';
import { mountCompare } from '../common/compare';
import { mountSearchTree } from '../common/search-tree';
import { mountCode } from '../common/code-panel';
import { techniqueSwitches } from '../common/techniques';
import { optionForm, type OptionForm } from '../common/option-form';
import { seedChoice, seedSetting } from '../common/seed';
import { switchOptions, type LinkOptions } from '../common/size-link';
import type { WatchLink } from '../common/shell';
import { applySkyEvent, freshWatch, singleValue, type Exports, type SkyEvent, type WatchView } from './state';

const WATCH_READY = 'Press Play to watch the solver cross out candidates, Step to go one event at a time, or Solve.';
const REPAIR_READY = 'Press Play to watch repair swap heights in a full grid, Step to go one event at a time, or Solve.';

/** The algorithms, as the registry lists them; the first is the default. */
const ALGORITHMS: readonly AlgorithmInfo[] = puzzleInfo('skyscrapers').algorithms;
const DEFAULT_ALGORITHM = ALGORITHMS[0]!.name;
/** The registry's words for option kinds each algorithm has: its technique switches, its seed. */
const optionOf = (a: AlgorithmInfo, type: string) => a.options.find((o) => o.kind.type === type);
/** A seeded algorithm is the local search (repair): moves, restarts and a cost, no search tree. */
const seeded = (a: AlgorithmInfo) => optionOf(a, 'seed') !== undefined;

export interface Watch {
  panel: HTMLElement;
  /** The search tree, the pseudocode and the comparison (under the sentence, in watch mode). */
  extras: HTMLElement;
  /** The technique switches by name (the address's `opts=`, views/common/size-link.ts). */
  techniques: Map<string, HTMLInputElement>;
  /** What a link sets and the address keeps: the algorithm, its seed and its options. */
  link: WatchLink;
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
  /** The chosen algorithm is a local search (repair): no candidates, rules' lines or tree. */
  local(): boolean;
}

export function mountWatch(ctx: SkyCtx): Watch {
  const { status } = ctx;
  let shownSolution = 0;

  // The algorithm choice: names, titles and summaries from the registry.
  const algoSelect = h('select', { id: 'sky-algo' });
  for (const a of ALGORITHMS) algoSelect.append(h('option', { value: a.name, title: a.summary }, a.title));
  const algoSummary = h('p', { class: 'algo-summary', id: 'sky-algo-summary' });
  const algoRow = h('div', { class: 'params algo-choice' }, h('label', { for: 'sky-algo' }, 'Algorithm ', algoSelect));
  const algorithm = (): AlgorithmInfo => ALGORITHMS.find((a) => a.name === algoSelect.value) ?? ALGORITHMS[0]!;

  // Names, labels and defaults from the registry (src/puzzles/skyscrapers/game.rs).
  const techAlgo = ALGORITHMS.find((a) => optionOf(a, 'techniques'))!;
  const switches = techniqueSwitches('skyscrapers', techAlgo.name, 'sky-t-', 'Pruning techniques', 'params techniques');
  const techniqueBoxes = switches.boxes;
  const techniqueRow = switches.element;
  for (const t of switches.labels) {
    const box = techniqueBoxes.get(t.name)!;
    box.addEventListener('change', () => {
      invalidate();
      // A link that picks repair resets the switches too: no word of the search then.
      if (optionOf(algorithm(), 'techniques')) status.textContent = `${t.label} ${box.checked ? 'on' : 'off'}: press Solve or Play to compare the node counts.`;
    });
  }
  const techniqueLink = switchOptions(techniqueBoxes, 'Skyscrapers technique');

  // Repair's seed field, and its number options (tabu, noise, …) as the registry lists them,
  // folded away under the seed. (The search's one number option, `limit`, stays the page's: the
  // watch mode proves uniqueness, which stops at the second solution.)
  const seedInput = h('input', { type: 'text', id: 'sky-seed', inputmode: 'numeric', placeholder: 'random', size: '22' });
  const seeds = seedChoice(seedInput, () => invalidate());
  seedInput.addEventListener('change', () => invalidate());
  const forms = new Map<string, OptionForm>();
  const formBoxes = new Map<string, HTMLDetailsElement>();
  for (const a of ALGORITHMS) {
    if (!seeded(a)) continue;
    const form = optionForm('skyscrapers', a.name, `sky-${a.name}`, `Skyscrapers ${a.name}`);
    form.onChange(() => invalidate());
    forms.set(a.name, form);
    formBoxes.set(a.name, h('details', { class: 'options', id: `sky-${a.name}-details` }, h('summary', {}, `${a.title}: options`), form.element));
  }
  const seedOption = ALGORITHMS.map((a) => optionOf(a, 'seed')).find(Boolean);
  const seedRow = h(
    'div',
    { class: 'params', title: seedOption?.summary ?? '' },
    h('label', { for: 'sky-seed' }, 'Seed ', seedInput),
    seeds.button,
  );

  const searchStats = counters({ nodes: 'Nodes', backtracks: 'Backtracks', solutions: 'Solutions', depth: 'Depth', elapsed: 'Solver time' });
  // Repair's counters: its moves and restarts, and the cost of the grid on screen (repeated heights
  // plus clue misses, the number each of its events states).
  const repairStats = counters({ moves: 'Moves', restarts: 'Restarts', cost: 'Cost now', elapsed: 'Solver time' });
  const statsBox = h('div', { id: 'sky-stats' }, searchStats.element);
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

  /** The session's options: the chosen algorithm's techniques, numbers and seed. */
  function runOptions(a: AlgorithmInfo): SolverOptions {
    const o: SolverOptions = { ...(forms.get(a.name)?.options() ?? {}) };
    const tech = optionOf(a, 'techniques');
    if (tech) o[tech.name] = techniques();
    const seed = optionOf(a, 'seed');
    if (seed) o[seed.name] = seeds.current();
    return o;
  }

  const run: Runner<SkyEvent, WatchView> = new Runner<SkyEvent, WatchView>(ctx.client, {
    async create(c) {
      const a = algorithm();
      const options = runOptions(a);
      const ex = await c.call<Exports>('format', 'skyscrapers', ctx.puzzle);
      if (!ex.tatham) throw new Error('This puzzle cannot be written as a Tatham ID.');
      return c.create('skyscrapers', ex.tatham, a.name, options);
    },
    fresh: () => freshWatch(ctx.puzzle),
    apply: applySkyEvent,
    // A guess is a choice at its depth; a backtrack returns above it (its refutation goes on at
    // the parent); a contradiction says why the branch died. Repair's moves are no choices.
    tree(e) {
      switch (e.kind) {
        case 'skyGuess':
          return { push: { depth: e.depth, label: `r${e.row + 1}c${e.col + 1}=${e.value}` } };
        case 'skyBacktrack':
          return { truncate: e.depth + 1 };
        case 'skyContradiction':
          return { why: e.why };
        case 'skySolution':
          return seeded(algorithm()) ? null : { solution: true };
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
      const stopped = report.stopped;
      if (first) {
        view.cand = first.flat().map((v) => 1 << (v - 1));
        view.cost = 0;
      }
      // Its budget stopped it: the candidates it had left, not a fresh board.
      else if (stopped?.candidates) view.cand = [...stopped.candidates];
      // Repair stopped without a grid: the grid it stood at and that grid's cost, as Rust counted.
      else if (stopped && Array.isArray(stopped.board) && Array.isArray(stopped.board[0])) {
        view.cand = (stopped.board as number[][]).flat().map((v) => (v > 0 ? 1 << (v - 1) : 0));
        view.cost = stopped.cost;
        // Its broken rules' cells, as Rust marked them: the same stripes as stepping there.
        view.bad = stopped.bad ?? [];
      }
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

  // "Run to the next …": each shown for the algorithms whose pseudocode has its event kinds.
  const milestones = [
    { label: 'Next deduction', kinds: ['skyDeduce'], test: (e: SkyEvent) => e.kind === 'skyDeduce' },
    { label: 'Next guess', kinds: ['skyGuess'], test: (e: SkyEvent) => e.kind === 'skyGuess' },
    { label: 'Next restart', kinds: ['skyRepairStart'], test: (e: SkyEvent) => e.kind === 'skyRepairStart' && e.restart },
    { label: 'Next solution', kinds: ['skySolution'], test: (e: SkyEvent) => e.kind === 'skySolution' },
  ];
  const bar = playbackBar(
    {
      ...runnerCommands(run, milestones),
      reset: () => {
        shownSolution = 0;
        void run.reset();
      },
    },
    30,
    'Skyscrapers',
  );
  const milestoneButtons = [...bar.element.querySelectorAll<HTMLButtonElement>('.milestone')];
  const compare = mountCompare({
    puzzle: 'skyscrapers',
    algorithm: techAlgo.name,
    idPrefix: 'sky',
    names: switches.words,
    async text() {
      const ex = await ctx.client.call<Exports>('format', 'skyscrapers', ctx.puzzle);
      if (!ex.tatham) throw new Error('This puzzle cannot be written as a Tatham ID.');
      return ex.tatham;
    },
  });
  const searchTree = mountSearchTree('sky', () => run.tree, (k) => run.seek(k), () => run.solvedFast);
  const code = mountCode('skyscrapers', DEFAULT_ALGORITHM, 'sky');
  const panel = h('div', { class: 'panel', id: 'sky-watch-panel' }, algoRow, algoSummary, bar.element, techniqueRow, seedRow, ...formBoxes.values(), solutionSwitch, statsBox);
  const extras = h('div', { class: 'watch-extras' }, searchTree.element, code.element, compare.element);

  /** Shows what the chosen algorithm has: its summary, switches or seed and options, counters,
   *  pseudocode, and the search tree and technique comparison only for the search. */
  function showAlgorithm(): void {
    const a = algorithm();
    const local = seeded(a);
    algoSummary.textContent = a.summary;
    techniqueRow.hidden = !optionOf(a, 'techniques');
    seedRow.hidden = !optionOf(a, 'seed');
    for (const [name, box] of formBoxes) box.hidden = name !== a.name;
    statsBox.replaceChildren((local ? repairStats : searchStats).element);
    searchTree.element.hidden = local;
    compare.element.hidden = local;
    const kinds = new Set(a.code.flatMap((l) => l.events));
    milestones.forEach((m, i) => {
      if (milestoneButtons[i]) milestoneButtons[i].hidden = !m.kinds.some((k) => kinds.has(k));
    });
    code.use(a.name);
  }
  /** The banner's word that the link's seed was left out, while it is true. */
  let seedProblem: string | null = null;
  algoSelect.addEventListener('change', () => {
    // An algorithm with a seed draws its own: "the seed was left out" no longer describes the page.
    if (seedProblem && optionOf(algorithm(), 'seed')) {
      retractLinkProblem(seedProblem);
      seedProblem = null;
    }
    showAlgorithm();
    invalidate();
  });
  showAlgorithm();

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
      status.textContent = ready();
    }
    ctx.draw();
  }

  const ready = () => (seeded(algorithm()) ? REPAIR_READY : WATCH_READY);

  function watchStatus(state: PlayerState | null): string {
    if (run.busy) return 'Solving… (Stop or Reset ends it.)';
    const view = run.view;
    if (state?.finished) {
      // Rust's sentence for the run's end (Frame.says); no time in it (Solve's says it).
      return state.says ?? '';
    }
    if (view.why) return view.why;
    return ready();
  }

  function watchFinished(): boolean {
    return run.view.verdict !== null || !!run.state()?.finished;
  }

  function showStats(s: Stats | null): void {
    const elapsed = formatMicros(s?.elapsedMicros ?? 0);
    if (seeded(algorithm())) {
      const cost = run.view.cost;
      repairStats.set({ moves: s?.moves ?? 0, restarts: s?.restarts ?? 0, cost: cost === null ? '—' : cost, elapsed });
      return;
    }
    searchStats.set({ nodes: s?.nodes ?? 0, backtracks: s?.backtracks ?? 0, solutions: s?.solutions ?? 0, depth: s?.depth ?? 0, elapsed });
  }

  /** Every option name of `a`, for a link's problems. */
  const optionNames = (a: AlgorithmInfo) => [...(optionOf(a, 'techniques') ? techniqueBoxes.keys() : []), ...(forms.get(a.name)?.names ?? [])];
  /** The link options of `a`: its technique switches and its number options. */
  const linkParts = (a: AlgorithmInfo): LinkOptions[] => [...(optionOf(a, 'techniques') ? [techniqueLink] : []), ...(forms.has(a.name) ? [forms.get(a.name)!] : [])];

  // The address holds the chosen algorithm (when not the first), its seed, and its options that
  // differ from the defaults; the other algorithms' options are not the run's, so they are left
  // out, and a link puts them back to their defaults.
  const link: WatchLink = {
    take(st: Settings) {
      const name = st.algo ?? DEFAULT_ALGORITHM;
      if (ALGORITHMS.some((a) => a.name === name)) {
        if (algoSelect.value !== name) {
          algoSelect.value = name;
          showAlgorithm();
          invalidate();
        }
      } else {
        addLinkProblem(`There is no Skyscrapers algorithm "${name}": the algorithms are ${ALGORITHMS.map((a) => a.name).join(' and ')}.`);
      }
      const a = algorithm();
      if (seedProblem) retractLinkProblem(seedProblem);
      seedProblem = null;
      if (st.seed !== undefined && !optionOf(a, 'seed')) {
        seedProblem = `The setting "seed" does nothing for ${a.title}, which uses no randomness, so it is left out.`;
        addLinkProblem(seedProblem);
      }
      // A link without a seed draws one (shown in the field, and then written in the address).
      const seed = optionOf(a, 'seed') ? st.seed ?? '' : seedInput.value;
      if (seedInput.value !== seed) {
        seeds.set(seed);
        seeds.renew();
        invalidate();
      }
    },
    settings() {
      const a = algorithm();
      const out: Settings = {};
      if (a.name !== DEFAULT_ALGORITHM) out.algo = a.name;
      const seed = optionOf(a, 'seed') ? seedSetting(seeds) : undefined;
      if (seed !== undefined) out.seed = seed;
      return out;
    },
    linkOptions: () => linkParts(algorithm()).flatMap((p) => p.linkOptions()),
    takeLinkOptions(pairs) {
      const a = algorithm();
      const names = optionNames(a);
      const problems = pairs
        .filter(([n]) => !names.includes(n))
        .map(([n]) => `There is no option "${n}" for Skyscrapers ${a.name}: its options are ${names.join(', ')}.`);
      const known = pairs.filter(([n]) => names.includes(n));
      const mine = linkParts(a);
      for (const p of mine) {
        const own = p === techniqueLink ? [...techniqueBoxes.keys()] : (p as OptionForm).names;
        problems.push(...p.takeLinkOptions(known.filter(([n]) => own.includes(n))));
      }
      // The other algorithms' options go back to their defaults.
      for (const b of ALGORITHMS.filter((b) => b !== a).flatMap(linkParts)) if (!mine.includes(b)) b.takeLinkOptions([]);
      // Options a link changed are shown, not folded away.
      for (const [name, box] of formBoxes) if (forms.get(name)!.linkOptions().length > 0) box.open = true;
      return problems;
    },
  };

  return {
    panel,
    extras,
    local: () => seeded(algorithm()),
    techniques: techniqueBoxes,
    link,
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
      const local = seeded(algorithm());
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
        // Repair's heights are tentative, every one of them: drawn as guesses, never as deduced.
        p.cells.push({
          digit: single,
          kind: given ? 'given' : single ? (local || guessed.has(i) ? 'guess' : 'placed') : 'empty',
          // Repair keeps no candidates: before its start the free cells are empty, not pencilled.
          cand: single || local ? 0 : mask,
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
      d.algorithm = algorithm().name;
      status.dataset.tone = watching && !watchFinished() ? v.tone : '';
      const multi = watching && watchFinished() && v.solutions.length >= 2;
      solutionSwitch.hidden = !multi;
      solButtons.forEach((b, k) => b.setAttribute('aria-pressed', String(k === shownSolution)));
    },
  };
}
