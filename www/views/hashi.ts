// The Hashiwokakero tab: an editor (place islands and rocks, size, rules, load and copy IDs), a play
// mode (draw bridges by dragging or with the keyboard, checked and hinted by wasm) and a watch mode
// (the solver's deductions and search, step by step). No rule lives here: parsing, exports, the
// candidate edges, checks and hints all come from wasm (tools.rs); this file keeps the user's data
// and draws what comes back.

import { h, counters, formatMicros } from '../dom';
import { playbackBar, typingInField } from '../controls/playback';
import type { PlayerState, Undo } from '../player';
import { fitCanvas, readTheme, squareFor } from '../render/canvas';
import { cellAt, drawHashi, hashiGeometry, type Cell, type EdgeMark, type HashiScene, type SceneEdge } from '../render/hashi';
import type { Report, Stats } from '../protocol';
import type { SolverClient } from '../solver-client';
import { Runner, runnerCommands } from './runner';
import type { Feature } from './queens';

export interface HashiPuzzle {
  width: number;
  height: number;
  cells: number[];
  maxBridges: number;
  noLoops: boolean;
}
interface Exports {
  tatham: string | null;
  puzzlink: string | null;
  plain: string;
}
interface LayoutEdge {
  id: number;
  a: Cell;
  b: Cell;
  islandA: number;
  islandB: number;
  cap: number;
  horizontal: boolean;
  crosses: number[];
}
interface Layout {
  width: number;
  height: number;
  maxBridges: number;
  islands: { id: number; row: number; col: number; need: number }[];
  edges: LayoutEdge[];
}
interface Bridge {
  a: Cell;
  b: Cell;
  n: number;
}
interface BoardReport {
  finished: Cell[];
  overfull: Cell[];
  crossing: [Bridge, Bridge][];
  invalid: Bridge[];
  mistakes: Bridge[];
  solved: boolean;
}
interface Hint {
  kind: 'solved' | 'deduction' | 'mistake' | 'guess' | 'noSolution';
  rule: string | null;
  why: string;
  islands: Cell[];
  bridges: Bridge[];
  because: string[];
}

export type HashiEvent =
  | { kind: 'hashiRule'; rule: string; islands: Cell[]; edges: number[]; why: string }
  | { kind: 'hashiRange'; edge: number; a: Cell; b: Cell; before: [number, number]; after: [number, number]; rule: string }
  | { kind: 'hashiFocus'; island: Cell | null; previous: Cell | null }
  | { kind: 'hashiMatrixTree'; counts: [number, number]; islands: number; edges: number; why: string }
  | { kind: 'hashiGuess'; edge: number; a: Cell; b: Cell; value: number; depth: number; why: string }
  | { kind: 'hashiDeadEnd'; rule: string; islands: Cell[]; why: string }
  | { kind: 'hashiBacktrack'; edge: number; depth: number }
  | { kind: 'hashiSolution'; bridges: Bridge[] }
  | { kind: 'hashiExhausted'; solutions: number };

/** What the watch mode shows; every field is restored by the undo of the event that changed it. */
interface WatchView {
  ranges: [number, number][];
  focus: Cell | null;
  islands: Cell[];
  edges: number[];
  mark: EdgeMark;
  dead: Cell[];
  line: string;
  matrixTree: string;
  prunes: number;
  guesses: number;
  solutions: Bridge[][];
}

const EXAMPLE = '7x7m2:3a4c3i2b1a5e5n3e2';
const TECHNIQUES: [string, string, string][] = [
  ['degree', 'Degree', 'An island takes what its number forces on its neighbours'],
  ['isolation', 'Isolation', 'Two islands may not be joined so that they close a group off'],
  ['connectivity', 'Connectivity', 'Every island must still reach the others over possible bridges'],
  ['cutEdges', 'Cut edges', 'A possible bridge whose removal would split the islands must be built'],
  ['matrixTree', 'Matrix-tree', "The article's test: no spanning tree left (count mod two primes is 0) prunes the branch"],
];

const key = (a: Cell, b: Cell) => {
  const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]) ? [a, b] : [b, a];
  return `${p[0]},${p[1]}-${q[0]},${q[1]}`;
};

/** The bridges as `r,c-r,cxN;…` (0-based, sorted): the board's data attribute. */
function bridgeList(items: { a: Cell; b: Cell; n: number }[]): string {
  return items
    .filter((b) => b.n > 0)
    .map((b) => `${key(b.a, b.b)}x${b.n}`)
    .sort()
    .join(';');
}

function applyWatch(view: WatchView, e: HashiEvent): Undo {
  const before = { ...view, ranges: view.ranges, solutions: view.solutions };
  const restore = () => Object.assign(view, before);
  view.line = 'why' in e ? e.why : view.line;
  switch (e.kind) {
    case 'hashiRule':
      view.islands = e.islands;
      view.edges = e.edges;
      view.mark = 'rule';
      view.dead = [];
      return restore;
    case 'hashiRange': {
      const old = view.ranges[e.edge];
      view.ranges[e.edge] = [e.after[0], e.after[1]];
      if (e.rule === 'undo') view.line = `Back: ${e.a[0] + 1},${e.a[1] + 1}–${e.b[0] + 1},${e.b[1] + 1} may again carry ${e.after[0]} to ${e.after[1]}.`;
      return () => {
        if (old) view.ranges[e.edge] = old;
        restore();
      };
    }
    case 'hashiFocus':
      view.focus = e.island;
      return restore;
    case 'hashiMatrixTree':
      view.prunes++;
      view.matrixTree = `Matrix-tree: ${e.islands} islands, ${e.edges} possible edges, spanning trees ≡ ${e.counts[0]} and ${e.counts[1]} (mod 10⁹+7, 998244353): pruned.`;
      return restore;
    case 'hashiGuess':
      view.guesses++;
      view.islands = [e.a, e.b];
      view.edges = [e.edge];
      view.mark = 'guess';
      view.dead = [];
      view.line = `Guess (depth ${e.depth}): ${e.why}`;
      return restore;
    case 'hashiDeadEnd':
      view.dead = e.islands;
      view.line = `Dead end: ${e.why}`;
      return restore;
    case 'hashiBacktrack':
      view.islands = [];
      view.edges = [e.edge];
      view.mark = 'bad';
      view.line = `Backtrack: no value left for the guessed edge at depth ${e.depth}.`;
      return restore;
    case 'hashiSolution':
      view.solutions = [...view.solutions, e.bridges];
      view.line = `Solution ${view.solutions.length} found.`;
      view.islands = [];
      view.edges = [];
      return restore;
    case 'hashiExhausted':
      view.focus = null;
      view.islands = [];
      view.edges = [];
      view.dead = [];
      return restore;
  }
}

/** A sentence from the solver starts lower-case (it may follow a label); alone it is capitalised. */
const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function mountHashi(client: SolverClient): Feature {
  // ---- state ----
  let puzzle: HashiPuzzle = { width: 7, height: 7, cells: new Array<number>(49).fill(0), maxBridges: 2, noLoops: false };
  let exports: Exports | null = null;
  let layout: Layout | null = null;
  let edgeByKey = new Map<string, number>();
  let mode: 'edit' | 'play' | 'watch' = 'edit';
  let tool: 'island' | 'rock' | 'water' = 'island';
  let cursor = 0;
  let focused = false;
  let bridges: number[] = [];
  let report: BoardReport | null = null;
  let hint: Hint | null = null;
  let selected: number | null = null;
  let drag: { from: Cell; x: number; y: number; moved: boolean } | null = null;
  let version = 0;
  let watchFor = '';
  let verdict = '';
  /** The solution drawn once the search is over (index into the view's solutions), or null. */
  let shown: number | null = null;

  // ---- elements ----
  const canvas = h('canvas', { class: 'board hashi-board', id: 'hashi-board', tabindex: '0', role: 'application', 'aria-label': 'Hashiwokakero board' });
  const boardWrap = h('div', { class: 'board-wrap' }, canvas);
  const status = h('p', { class: 'status', id: 'hashi-status', 'aria-live': 'polite' });
  const error = h('p', { class: 'error', id: 'hashi-error', role: 'alert', hidden: '' });
  const help = h('p', { class: 'help', id: 'hashi-help' });
  const modeButtons = (['edit', 'play', 'watch'] as const).map((m) =>
    h('button', { type: 'button', id: `hashi-mode-${m}`, 'aria-pressed': 'false' }, m === 'edit' ? 'Edit' : m === 'play' ? 'Play' : 'Watch the solver'),
  );
  const widthIn = h('input', { type: 'number', min: '3', max: '30', value: '7', id: 'hashi-width', inputmode: 'numeric' });
  const heightIn = h('input', { type: 'number', min: '3', max: '30', value: '7', id: 'hashi-height', inputmode: 'numeric' });
  const kIn = h('select', { id: 'hashi-k' }, ...[1, 2, 3, 4].map((k) => h('option', { value: String(k) }, String(k))));
  const noLoops = h('input', { type: 'checkbox', id: 'hashi-noloops' });
  const toolButtons = (['island', 'rock', 'water'] as const).map((t) =>
    h('button', { type: 'button', id: `hashi-tool-${t}`, 'aria-pressed': 'false', title: t === 'island' ? 'Click a cell: island (then type its number)' : t === 'rock' ? 'Click a cell: rock (#)' : 'Click a cell: water (Delete)' }, t === 'island' ? 'Island' : t === 'rock' ? 'Rock #' : 'Erase'),
  );
  const loadIn = h('input', { type: 'text', id: 'hashi-load', placeholder: 'Tatham ID, puzz.link URL or plain grid', size: '34', 'aria-label': 'Puzzle to load' });
  const loadBtn = h('button', { type: 'button', id: 'hashi-load-btn' }, 'Load');
  const randomBtn = h('button', { type: 'button', id: 'hashi-random', title: 'A random puzzle with one solution, of the size above (4 to 20)' }, 'Random puzzle');
  const clearBtn = h('button', { type: 'button', id: 'hashi-clear-board', title: 'Remove every island and rock' }, 'Clear board');
  const idOut = h('output', { id: 'hashi-id', class: 'hashi-id' });
  const copyTatham = h('button', { type: 'button', id: 'hashi-copy-tatham' }, 'Copy ID');
  const copyUrl = h('button', { type: 'button', id: 'hashi-copy-url' }, 'Copy puzz.link');
  const copyPlain = h('button', { type: 'button', id: 'hashi-copy-plain' }, 'Copy grid');
  const copyLink = h('button', { type: 'button', id: 'hashi-copy-link' }, 'Copy link');
  const hintBtn = h('button', { type: 'button', id: 'hashi-hint', class: 'primary', title: 'The next deduction from your bridges (H)' }, 'Hint');
  const applyBtn = h('button', { type: 'button', id: 'hashi-apply', hidden: '' }, 'Apply hint');
  const resetBridges = h('button', { type: 'button', id: 'hashi-clear-bridges' }, 'Remove all bridges');
  const because = h('ul', { class: 'because', id: 'hashi-because' });
  const techBoxes = new Map<string, HTMLInputElement>();
  const techs = h('fieldset', { class: 'techniques' }, h('legend', {}, 'Techniques'));
  for (const [name, label, title] of TECHNIQUES) {
    const box = h('input', { type: 'checkbox', id: `hashi-tech-${name}` });
    if (name !== 'matrixTree') box.checked = true;
    techBoxes.set(name, box);
    techs.append(h('label', { class: 'check', title }, box, ` ${label}`));
  }
  const stats = counters({ nodes: 'Nodes', backtracks: 'Backtracks', solutions: 'Solutions', guesses: 'Guesses', prunes: 'Matrix-tree prunes', elapsed: 'Solver time' });
  const mtLine = h('p', { class: 'mt-line', id: 'hashi-mt' });
  const solPrev = h('button', { type: 'button', id: 'hashi-sol-1' }, 'Solution 1');
  const solNext = h('button', { type: 'button', id: 'hashi-sol-2' }, 'Solution 2');
  const solSwitch = h('div', { class: 'params', hidden: '' }, 'Show ', solPrev, solNext);

  const run: Runner<HashiEvent, WatchView> = new Runner<HashiEvent, WatchView>(client, {
    async create(c) {
      const text = exports?.tatham ?? exports?.plain;
      if (!layout || !text) throw new Error('Fix the puzzle in the editor first.');
      const techniques: Record<string, boolean> = {};
      for (const [n, box] of techBoxes) techniques[n] = box.checked;
      return c.create('hashi', text, 'solve', { techniques });
    },
    fresh: freshWatch,
    apply: applyWatch,
    changed(state, last) {
      if (mode !== 'watch') return;
      showStats(state?.stats ?? null);
      verdict = state?.finished ? verdictOf(state.stats?.solutions ?? 0, state.status) : '';
      // At the end the search has undone everything back to the root: show what it found.
      if (!state?.finished) shown = null;
      else if (shown === null && run.view.solutions.length > 0) shown = 0;
      if (run.busy) status.textContent = 'Solving…  (Reset stops it)';
      else if (state?.finished) status.textContent = verdictText(state.stats?.solutions ?? 0, state.status);
      else if (last) status.textContent = sentence(run.view.line);
      else status.textContent = 'Press Play to watch the solver, Step for one event, or Solve.';
      solSwitch.hidden = !(state?.finished && run.view.solutions.length > 1);
      bar.update(state, run.busy);
      draw();
    },
    solved(view, r: Report) {
      view.solutions = r.solutions as Bridge[][];
      shown = view.solutions.length > 0 ? 0 : null;
      verdict = verdictOf(r.stats.solutions, r.status);
      // A Solve that ends after the user went back to editing or playing leaves their status alone.
      if (mode !== 'watch') return;
      status.textContent = r.verdict === 'budget' ? 'Stopped: the budget ran out before the search ended.' : verdictText(r.stats.solutions, r.status);
      showStats(r.stats);
      solSwitch.hidden = view.solutions.length < 2;
      bar.update({ playing: false, finished: true, status: r.status, stats: r.stats, position: 0, canStepBack: false }, false);
      draw();
    },
    error: showError,
    pauseOn: (e) => e.kind === 'hashiSolution',
  });
  const bar = playbackBar(
    runnerCommands(run),
    40,
    'Hashiwokakero',
  );

  const editPanel = h(
    'div',
    { class: 'hashi-edit' },
    h(
      'div',
      { class: 'params' },
      h('label', { for: 'hashi-width' }, 'Width ', widthIn),
      h('label', { for: 'hashi-height' }, 'Height ', heightIn),
      h('label', { for: 'hashi-k', title: 'Most bridges between one pair of islands' }, 'Bridges per pair ', kIn),
      h('label', { class: 'check', title: 'The bridges must form a tree' }, noLoops, ' No loops'),
    ),
    h('div', { class: 'params', role: 'group', 'aria-label': 'Editing tool' }, 'Click places: ', ...toolButtons, clearBtn, randomBtn),
  );
  const ioPanel = h(
    'div',
    { class: 'hashi-io' },
    h('div', { class: 'params' }, loadIn, loadBtn),
    h('div', { class: 'params' }, copyTatham, copyUrl, copyPlain, copyLink),
    h('p', { class: 'muted' }, 'Current puzzle: ', idOut),
  );
  const playPanel = h('div', { class: 'params hashi-play' }, hintBtn, applyBtn, resetBridges);
  const watchPanel = h('div', { class: 'hashi-watch' }, bar.element, techs);

  const element = h(
    'section',
    { class: 'feature', id: 'hashi', 'aria-labelledby': 'hashi-title' },
    h('h2', { id: 'hashi-title' }, 'Hashiwokakero'),
    h(
      'p',
      { class: 'lede' },
      'Join the islands with straight bridges over water: each island has as many bridge ends as its number, at most the chosen number of bridges per pair, bridges never cross, and all islands end up connected.',
    ),
    h('div', { class: 'params', role: 'group', 'aria-label': 'Mode' }, ...modeButtons),
    editPanel,
    playPanel,
    watchPanel,
    error,
    h('div', { class: 'stage' }, boardWrap, h('div', { class: 'side' }, status, because, mtLine, solSwitch, stats.element, help, ioPanel)),
  );

  // ---- wasm round trips ----
  function showError(message: string | null): void {
    error.hidden = message === null;
    error.textContent = message ?? '';
  }

  /** Re-exports and re-lays-out the edited puzzle; the play bridges and the run start over. */
  async function refresh(): Promise<void> {
    const my = ++version;
    bridges = [];
    report = null;
    hint = null;
    selected = null;
    watchFor = '';
    run.dispose();
    run.view = freshWatch();
    shown = null;
    try {
      const ex = await client.call<Exports>('hashiExport', puzzle);
      const lay = await client.call<Layout>('hashiLayout', puzzle);
      if (my !== version) return;
      exports = ex;
      layout = lay;
      edgeByKey = new Map(lay.edges.map((e) => [key(e.a, e.b), e.id]));
      bridges = new Array<number>(lay.edges.length).fill(0);
      run.view = freshWatch();
      showError(null);
    } catch (e) {
      if (my !== version) return;
      exports = null;
      layout = null;
      edgeByKey = new Map();
      showError(e instanceof Error ? e.message : String(e));
    }
    idOut.textContent = exports ? (exports.tatham ?? exports.plain.replace(/\n/g, '/')) : '—';
    copyUrl.disabled = !exports?.puzzlink;
    copyTatham.disabled = !exports?.tatham;
    for (const b of [copyPlain, copyLink]) b.disabled = !exports;
    for (const b of modeButtons.slice(1)) b.disabled = !layout;
    if (!layout && mode !== 'edit') setMode('edit');
    else enterMode();
  }

  /** Loads a pasted or linked puzzle; a later load or edit wins over an earlier one still parsing. */
  async function load(text: string): Promise<boolean> {
    const my = ++version;
    try {
      const parsed = await client.call<{ puzzle: HashiPuzzle; exports: Exports }>('hashiParse', text);
      if (my !== version) return false;
      setPuzzle(parsed.puzzle);
      await refresh();
      return true;
    } catch (e) {
      if (my !== version) return false;
      // The board keeps the previous puzzle (laid out again, as its layout may have been dropped);
      // the error stays on screen until the next change.
      await refresh();
      if (my + 1 === version) showError(e instanceof Error ? e.message : String(e));
      return false;
    }
  }

  function setPuzzle(p: HashiPuzzle): void {
    puzzle = p;
    widthIn.value = String(p.width);
    heightIn.value = String(p.height);
    kIn.value = String(p.maxBridges);
    noLoops.checked = p.noLoops;
    cursor = Math.min(cursor, p.width * p.height - 1);
  }

  function userBridges(): Bridge[] {
    if (!layout) return [];
    return layout.edges.filter((e) => (bridges[e.id] ?? 0) > 0).map((e) => ({ a: e.a, b: e.b, n: bridges[e.id]! }));
  }

  async function check(): Promise<void> {
    const my = version;
    try {
      const r = await client.call<BoardReport>('hashiCheck', puzzle, userBridges());
      if (my !== version) return;
      report = r;
      if (r.solved) status.textContent = 'Solved! Every island has its bridges and all are connected.';
      else if (r.overfull.length || r.crossing.length || r.mistakes.length || r.invalid.length) {
        const parts: string[] = [];
        if (r.overfull.length) parts.push(`${r.overfull.length} island${r.overfull.length > 1 ? 's have' : ' has'} too many bridges`);
        if (r.crossing.length) parts.push(`${r.crossing.length} crossing${r.crossing.length > 1 ? 's' : ''}`);
        if (r.mistakes.length) parts.push(`${r.mistakes.length} bridge${r.mistakes.length > 1 ? 's are' : ' is'} not in the solution`);
        if (r.invalid.length) parts.push(`${r.invalid.length} impossible bridge${r.invalid.length > 1 ? 's' : ''}`);
        status.textContent = `Marked in red: ${parts.join(', ')}.`;
      } else status.textContent = `${r.finished.length} of ${layout?.islands.length ?? 0} islands finished.`;
    } catch (e) {
      showError(e instanceof Error ? e.message : String(e));
    }
    draw();
  }

  async function askHint(): Promise<void> {
    if (!layout) return;
    const my = version;
    try {
      const r = await client.call<Hint>('hashiHint', puzzle, userBridges());
      if (my !== version) return;
      hint = r;
      status.textContent = r.kind === 'noSolution' ? `No solution: ${r.why}` : sentence(r.why);
      because.replaceChildren(...r.because.map((s) => h('li', {}, s)));
      applyBtn.hidden = !(r.bridges.length > 0 && (r.kind === 'deduction' || r.kind === 'guess' || r.kind === 'mistake'));
      applyBtn.textContent = r.kind === 'mistake' ? 'Remove it' : 'Apply hint';
    } catch (e) {
      showError(e instanceof Error ? e.message : String(e));
    }
    draw();
  }

  function applyHint(): void {
    if (!hint) return;
    for (const b of hint.bridges) {
      const id = edgeByKey.get(key(b.a, b.b));
      if (id === undefined) continue;
      bridges[id] = hint.kind === 'mistake' ? 0 : Math.max(bridges[id] ?? 0, b.n);
    }
    clearHint();
    void check();
  }

  function clearHint(): void {
    hint = null;
    applyBtn.hidden = true;
    because.replaceChildren();
  }

  // ---- drawing ----
  function freshWatch(): WatchView {
    return {
      ranges: layout ? layout.edges.map((e) => [0, e.cap] as [number, number]) : [],
      focus: null,
      islands: [],
      edges: [],
      mark: '',
      dead: [],
      line: '',
      matrixTree: '',
      prunes: 0,
      guesses: 0,
      solutions: [],
    };
  }

  function scene(): HashiScene {
    const w = puzzle.width;
    const at = (c: Cell) => c[0] * w + c[1];
    const s: HashiScene = {
      width: w,
      height: puzzle.height,
      cells: puzzle.cells,
      edges: [],
      finished: new Set(),
      bad: new Set(),
      highlight: new Set(),
      focus: null,
      selected: null,
      cursor: focused && mode !== 'watch' ? cursor : null,
      grid: mode === 'edit',
      drag: drag && drag.moved ? drag : null,
      solved: false,
    };
    if (!layout || mode === 'edit') return s;
    if (mode === 'play') {
      const marks = new Map<string, EdgeMark>();
      for (const b of hint?.bridges ?? []) marks.set(key(b.a, b.b), hint?.kind === 'mistake' ? 'bad' : 'hint');
      for (const b of [...(report?.mistakes ?? []), ...(report?.invalid ?? []), ...(report?.crossing.flat() ?? [])]) marks.set(key(b.a, b.b), 'bad');
      s.edges = layout.edges.map((e) => {
        const n = bridges[e.id] ?? 0;
        return { a: e.a, b: e.b, n, hi: Math.max(e.cap, n), mark: marks.get(key(e.a, e.b)) ?? '' };
      });
      // A deduction or guess is previewed: the bridges Apply would lay, dashed.
      if (hint && hint.kind !== 'mistake') {
        const want = new Map(hint.bridges.map((b) => [key(b.a, b.b), b.n]));
        for (const se of s.edges) {
          const g = want.get(key(se.a, se.b));
          if (g !== undefined) se.ghost = g;
        }
      }
      for (const c of report?.finished ?? []) s.finished.add(at(c));
      for (const c of report?.overfull ?? []) s.bad.add(at(c));
      for (const c of hint?.islands ?? []) s.highlight.add(at(c));
      s.selected = selected;
      s.solved = !!report?.solved;
      return s;
    }
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
      return s;
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
    return s;
  }

  function draw(): void {
    // Small boards do not need giant cells: at most 64 CSS pixels per cell.
    const size = Math.min(squareFor(boardWrap, 640), Math.max(240, 64 * Math.max(puzzle.width, puzzle.height)));
    const sc = scene();
    drawHashi(fitCanvas(canvas, size), sc, readTheme(canvas));
    canvas.dataset.mode = mode;
    canvas.dataset.width = String(puzzle.width);
    canvas.dataset.height = String(puzzle.height);
    canvas.dataset.cells = puzzle.cells.join(',');
    canvas.dataset.bridges = bridgeList(sc.edges.filter((e) => e.n > 0 && (mode === 'play' || e.hi === e.n)));
    canvas.dataset.solved = String(sc.solved);
    canvas.dataset.verdict = mode === 'watch' ? verdict : '';
    canvas.dataset.cursor = `${Math.floor(cursor / puzzle.width)},${cursor % puzzle.width}`;
    const islands = puzzle.cells.filter((v) => v !== 0 && v !== 255).length;
    canvas.setAttribute(
      'aria-label',
      `Hashiwokakero ${puzzle.width} by ${puzzle.height}, ${islands} islands, ${mode} mode` +
        (mode === 'play' ? `, ${userBridges().length} bridges placed${sc.solved ? ', solved' : ''}` : '') +
        (focused && mode !== 'watch' ? `, cursor at row ${Math.floor(cursor / puzzle.width) + 1} column ${(cursor % puzzle.width) + 1}` : ''),
    );
    mtLine.textContent = mode === 'watch' ? run.view.matrixTree : '';
    solPrev.setAttribute('aria-pressed', String(shown === 0));
    solNext.setAttribute('aria-pressed', String(shown === 1));
  }

  function showStats(s: Stats | null): void {
    stats.set({
      nodes: s?.nodes ?? 0,
      backtracks: s?.backtracks ?? 0,
      solutions: s?.solutions ?? 0,
      guesses: run.view.guesses,
      prunes: run.view.prunes,
      elapsed: formatMicros(s?.elapsedMicros ?? 0),
    });
  }

  function verdictOf(solutions: number, st: PlayerState['status']): string {
    if (st !== 'exhausted') return solutions > 0 ? 'found' : 'budget';
    return solutions === 0 ? 'none' : solutions === 1 ? 'unique' : 'multiple';
  }

  function verdictText(solutions: number, st: PlayerState['status']): string {
    switch (verdictOf(solutions, st)) {
      case 'none':
        return 'No solution: every possibility was ruled out.';
      case 'unique':
        return 'Unique: one solution, and the search proved there is no other.';
      case 'multiple':
        return 'Multiple solutions: the search stopped at the second one (both can be shown).';
      case 'found':
        return 'Found a solution (the search was stopped before proving it unique).';
      default:
        return 'Stopped before the search ended.';
    }
  }

  // ---- modes ----
  function setMode(m: typeof mode): void {
    if (m !== 'watch') run.pause();
    mode = m;
    drag = null;
    enterMode();
  }

  function enterMode(): void {
    modeButtons.forEach((b, i) => b.setAttribute('aria-pressed', String(['edit', 'play', 'watch'][i] === mode)));
    toolButtons.forEach((b, i) => b.setAttribute('aria-pressed', String(['island', 'rock', 'water'][i] === tool)));
    editPanel.hidden = mode !== 'edit';
    playPanel.hidden = mode !== 'play';
    watchPanel.hidden = mode !== 'watch';
    stats.element.hidden = mode !== 'watch';
    solSwitch.hidden = true;
    because.replaceChildren();
    help.textContent =
      mode === 'edit'
        ? 'Click or tap a cell to place an island, then type its number (1–8), scroll or press +/−. Keys on the board: arrows move, digits set, # rock, . or Delete water.'
        : mode === 'play'
          ? 'Drag from an island to another it can see for a bridge; click the same pair again for the second, once more to remove. Keys: arrows move, Enter selects an island, then an arrow lays a bridge that way; H hint.'
          : 'Faint dashes: bridges still possible. Grey: bridges that may still grow. Black: decided. Blue: the island being worked on. Keys: Space play, → step, ← step back, R reset, S solve.';
    if (mode === 'edit') {
      const any = puzzle.cells.some((v) => v !== 0 && v !== 255);
      status.textContent = layout
        ? `${layout.islands.length} islands, ${layout.edges.length} possible bridges.`
        : any
          ? 'Not a puzzle yet: see the message above the board.'
          : 'Place islands to make a puzzle.';
    }
    if (mode === 'play') void check();
    if (mode === 'watch') {
      const want = `${exports?.tatham ?? exports?.plain}|${[...techBoxes.values()].map((b) => b.checked).join()}`;
      if (want !== watchFor) {
        watchFor = want;
        verdict = '';
        void run.reset();
      } else {
        const st = run.state();
        showStats(st?.stats ?? null);
        bar.update(st, run.busy);
        if (st?.finished) status.textContent = verdictText(st.stats?.solutions ?? 0, st.status);
        solSwitch.hidden = !(st?.finished && run.view.solutions.length > 1);
      }
    }
    draw();
  }

  // ---- editing ----
  function setCell(i: number, v: number): void {
    if (i < 0 || i >= puzzle.cells.length || puzzle.cells[i] === v) return;
    puzzle.cells[i] = v;
    void refresh();
  }

  function resize(): void {
    const w = Math.round(Number(widthIn.value));
    const hh = Math.round(Number(heightIn.value));
    if (!(w >= 3 && w <= 30 && hh >= 3 && hh <= 30)) {
      showError(`The editor's board is 3 to 30 cells on each side (got ${widthIn.value}x${heightIn.value}); larger boards can be pasted.`);
      return;
    }
    const cells = new Array<number>(w * hh).fill(0);
    for (let r = 0; r < Math.min(hh, puzzle.height); r++) for (let c = 0; c < Math.min(w, puzzle.width); c++) cells[r * w + c] = puzzle.cells[r * puzzle.width + c]!;
    puzzle = { ...puzzle, width: w, height: hh, cells };
    cursor = 0;
    void refresh();
  }

  const isIsland = (v: number | undefined) => v !== undefined && v !== 0 && v !== 255;
  const top = () => 4 * puzzle.maxBridges;

  function bump(i: number, d: number): void {
    const v = puzzle.cells[i];
    if (!isIsland(v)) return;
    setCell(i, Math.min(top(), Math.max(1, v! + d)));
  }

  function editClick(c: Cell): void {
    const i = c[0] * puzzle.width + c[1];
    cursor = i;
    const v = puzzle.cells[i];
    if (tool === 'rock') setCell(i, v === 255 ? 0 : 255);
    else if (tool === 'water') setCell(i, 0);
    else if (!isIsland(v)) setCell(i, 1);
    else draw();
    canvas.focus();
  }

  function editKey(e: KeyboardEvent): boolean {
    const i = cursor;
    if (/^[1-9]$/.test(e.key)) setCell(i, Number(e.key));
    else if (e.key === '#') setCell(i, 255);
    else if (e.key === '.' || e.key === 'Delete' || e.key === 'Backspace' || e.key === '0') setCell(i, 0);
    else if (e.key === '+' || e.key === '=') bump(i, 1);
    else if (e.key === '-') bump(i, -1);
    else if (e.key === 'Enter' || e.key === ' ') {
      if (!isIsland(puzzle.cells[i])) setCell(i, 1);
    } else return moveCursor(e);
    return true;
  }

  function moveCursor(e: KeyboardEvent): boolean {
    const w = puzzle.width;
    let r = Math.floor(cursor / w);
    let c = cursor % w;
    if (e.key === 'ArrowUp') r = Math.max(0, r - 1);
    else if (e.key === 'ArrowDown') r = Math.min(puzzle.height - 1, r + 1);
    else if (e.key === 'ArrowLeft') c = Math.max(0, c - 1);
    else if (e.key === 'ArrowRight') c = Math.min(w - 1, c + 1);
    else return false;
    cursor = r * w + c;
    draw();
    return true;
  }

  // ---- playing ----
  function toggleEdge(id: number): void {
    const e = layout?.edges[id];
    if (!e) return;
    const n = bridges[id] ?? 0;
    bridges[id] = n >= e.cap ? 0 : n + 1;
    clearHint();
    void check();
  }

  /** The candidate edge from island cell `from` towards direction (dr, dc). */
  function edgeToward(from: Cell, dr: number, dc: number): number | null {
    if (!layout) return null;
    for (const e of layout.edges) {
      for (const [p, q] of [
        [e.a, e.b],
        [e.b, e.a],
      ] as [Cell, Cell][]) {
        if (p[0] === from[0] && p[1] === from[1] && Math.sign(q[0] - p[0]) === dr && Math.sign(q[1] - p[1]) === dc) return e.id;
      }
    }
    return null;
  }

  /** The candidate edge passing over a water cell (the one with bridges first, else horizontal). */
  function edgeOver(c: Cell): number | null {
    if (!layout) return null;
    const over = layout.edges.filter((e) =>
      e.horizontal
        ? e.a[0] === c[0] && c[1] > e.a[1] && c[1] < e.b[1]
        : e.a[1] === c[1] && c[0] > e.a[0] && c[0] < e.b[0],
    );
    over.sort((x, y) => (bridges[y.id] ?? 0) - (bridges[x.id] ?? 0) || Number(y.horizontal) - Number(x.horizontal));
    return over[0]?.id ?? null;
  }

  function playKey(e: KeyboardEvent): boolean {
    const w = puzzle.width;
    const at: Cell = [Math.floor(cursor / w), cursor % w];
    const dirs: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const d = dirs[e.key];
    if (d && selected !== null) {
      const sel: Cell = [Math.floor(selected / w), selected % w];
      const id = edgeToward(sel, d[0], d[1]);
      if (id === null) status.textContent = 'No island in that direction.';
      else toggleEdge(id);
      return true;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      selected = selected === cursor || !isIsland(puzzle.cells[cursor]) ? null : cursor;
      status.textContent = selected !== null ? `Island at row ${at[0] + 1}, column ${at[1] + 1} selected: an arrow key lays a bridge that way, Escape ends.` : 'No island selected.';
      draw();
      return true;
    }
    if (e.key === 'Escape') {
      selected = null;
      draw();
      return true;
    }
    if (e.key === 'h' || e.key === 'H') {
      void askHint();
      return true;
    }
    return moveCursor(e);
  }

  // ---- pointer ----
  function pointerCell(ev: PointerEvent | WheelEvent): { cell: Cell | null; x: number; y: number } {
    const rect = canvas.getBoundingClientRect();
    const dpr = canvas.width / Math.max(1, rect.width);
    const x = (ev.clientX - rect.left) * dpr;
    const y = (ev.clientY - rect.top) * dpr;
    const g = hashiGeometry(canvas.width, puzzle.width, puzzle.height);
    return { cell: cellAt(g, puzzle.width, puzzle.height, x, y), x, y };
  }

  canvas.addEventListener('pointerdown', (ev) => {
    if (mode === 'watch') return;
    const { cell, x, y } = pointerCell(ev);
    if (!cell) return;
    ev.preventDefault();
    canvas.focus();
    if (mode === 'edit') {
      editClick(cell);
      return;
    }
    if (isIsland(puzzle.cells[cell[0] * puzzle.width + cell[1]])) {
      drag = { from: cell, x, y, moved: false };
      try {
        canvas.setPointerCapture(ev.pointerId);
      } catch {
        // A pointer the browser no longer tracks: the drag still ends on pointerup over the board.
      }
    } else {
      const id = edgeOver(cell);
      if (id !== null) toggleEdge(id);
    }
  });
  canvas.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    const { x, y } = pointerCell(ev);
    const g = hashiGeometry(canvas.width, puzzle.width, puzzle.height);
    drag.x = x;
    drag.y = y;
    const fx = g.ox + drag.from[1] * g.cell + g.cell / 2;
    const fy = g.oy + drag.from[0] * g.cell + g.cell / 2;
    if (Math.hypot(x - fx, y - fy) > g.cell * 0.5) drag.moved = true;
    draw();
  });
  const endDrag = (ev: PointerEvent) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    const { x, y } = pointerCell(ev);
    const g = hashiGeometry(canvas.width, puzzle.width, puzzle.height);
    const i = d.from[0] * puzzle.width + d.from[1];
    if (!d.moved || ev.type === 'pointercancel') {
      if (!d.moved) {
        selected = selected === i ? null : i;
        cursor = i;
      }
      draw();
      return;
    }
    // The direction of the drag picks the bridge: the island seen that way, however far it is.
    const dx = x - (g.ox + d.from[1] * g.cell + g.cell / 2);
    const dy = y - (g.oy + d.from[0] * g.cell + g.cell / 2);
    const id = Math.abs(dx) >= Math.abs(dy) ? edgeToward(d.from, 0, Math.sign(dx)) : edgeToward(d.from, Math.sign(dy), 0);
    if (id === null) {
      status.textContent = 'No island can be reached that way.';
      draw();
    } else toggleEdge(id);
  };
  canvas.addEventListener('pointerup', endDrag);
  canvas.addEventListener('pointercancel', endDrag);
  canvas.addEventListener(
    'wheel',
    (ev) => {
      if (mode !== 'edit') return;
      const { cell } = pointerCell(ev);
      if (!cell) return;
      const i = cell[0] * puzzle.width + cell[1];
      if (!isIsland(puzzle.cells[i])) return;
      ev.preventDefault();
      cursor = i;
      bump(i, ev.deltaY < 0 ? 1 : -1);
    },
    { passive: false },
  );
  canvas.addEventListener('focus', () => {
    focused = true;
    draw();
  });
  canvas.addEventListener('blur', () => {
    focused = false;
    draw();
  });

  // ---- controls ----
  modeButtons.forEach((b, i) => b.addEventListener('click', () => setMode((['edit', 'play', 'watch'] as const)[i]!)));
  toolButtons.forEach((b, i) =>
    b.addEventListener('click', () => {
      tool = (['island', 'rock', 'water'] as const)[i]!;
      enterMode();
    }),
  );
  widthIn.addEventListener('change', resize);
  heightIn.addEventListener('change', resize);
  kIn.addEventListener('change', () => {
    puzzle = { ...puzzle, maxBridges: Number(kIn.value) };
    void refresh();
  });
  noLoops.addEventListener('change', () => {
    puzzle = { ...puzzle, noLoops: noLoops.checked };
    void refresh();
  });
  clearBtn.addEventListener('click', () => {
    puzzle = { ...puzzle, cells: puzzle.cells.map(() => 0) };
    void refresh();
  });
  loadBtn.addEventListener('click', () => void load(loadIn.value));
  loadIn.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') void load(loadIn.value);
  });
  randomBtn.addEventListener('click', async () => {
    const w = Math.min(20, Math.max(4, puzzle.width));
    const hh = Math.min(20, Math.max(4, puzzle.height));
    status.textContent = `Making a random ${w}x${hh} puzzle…`;
    try {
      const p = await client.call<{ puzzle: HashiPuzzle }>('hashiGenerate', w, hh, null);
      setPuzzle(p.puzzle);
      await refresh();
      status.textContent = `A random ${w}x${hh} puzzle with one solution.`;
    } catch (e) {
      showError(e instanceof Error ? e.message : String(e));
    }
  });
  const copy = async (text: string | null | undefined, what: string) => {
    if (!text) return;
    loadIn.value = text;
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = `${what} copied.`;
    } catch {
      loadIn.select();
      status.textContent = `${what} is in the Load field (the clipboard is not available here).`;
    }
  };
  const shareId = () => exports?.tatham ?? exports?.plain.replace(/\n/g, '/');
  copyTatham.addEventListener('click', () => void copy(exports?.tatham, 'The Tatham ID'));
  copyUrl.addEventListener('click', () => void copy(exports?.puzzlink, 'The puzz.link URL'));
  copyPlain.addEventListener('click', () => void copy(exports?.plain, 'The plain grid'));
  copyLink.addEventListener('click', () => {
    const id = shareId();
    if (!id) return;
    void copy(`${location.origin}${location.pathname}#hashi/${encodeURIComponent(id)}`, 'The link');
  });
  hintBtn.addEventListener('click', () => void askHint());
  applyBtn.addEventListener('click', applyHint);
  resetBridges.addEventListener('click', () => {
    bridges = bridges.map(() => 0);
    clearHint();
    void check();
  });
  for (const box of techBoxes.values()) box.addEventListener('change', () => mode === 'watch' && enterMode());
  [solPrev, solNext].forEach((b, i) =>
    b.addEventListener('click', () => {
      if (i >= run.view.solutions.length) return;
      shown = i;
      status.textContent = `Multiple solutions: showing solution ${i + 1} of the ${run.view.solutions.length} found (the search stops at two).`;
      draw();
    }),
  );
  window.addEventListener('resize', () => draw());
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => draw());

  let started = false;
  return {
    element,
    key(e) {
      if (typingInField(e)) return false;
      if (document.activeElement === canvas && mode !== 'watch') {
        const used = mode === 'edit' ? editKey(e) : playKey(e);
        if (used) e.preventDefault();
        return used;
      }
      return mode === 'watch' && bar.key(e);
    },
    show(param) {
      element.hidden = false;
      if (param) {
        loadIn.value = param;
        void load(param);
      } else if (!started) void load(EXAMPLE);
      else draw();
      started = true;
    },
    hide() {
      element.hidden = true;
      run.pause();
    },
  };
}
