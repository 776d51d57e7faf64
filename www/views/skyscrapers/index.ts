// The Skyscrapers tab: an editor for clues and givens, a play mode with Check and Hint, and a watch
// mode that animates the solver's candidate eliminations. The puzzle is plain data
// {n, clues[4][n], givens[n*n]}; every rule, check, hint, parse and export comes from wasm. This
// module only keeps the editor state, applies solver events to a candidate view (with their undo)
// and draws.

import { h, counters, formatMicros } from '../../dom';
import { playbackBar } from '../../controls/playback';
import type { PlayerState } from '../../player';
import type { Stats } from '../../protocol';
import { fitCanvas, readTheme, squareFor } from '../../render/canvas';
import { drawSky, ringClue, slotAt, type LineMark, type SkyCellPicture, type SkyPicture } from '../../render/skyscrapers';
import { CancelledError, type SolverClient } from '../../solver-client';
import { Runner, runnerCommands } from '../runner';
import { feature, type Feature } from '../feature';
import { copyText, pageLink } from '../shared/copy';
import { capitalise, sentence, verdictText } from '../shared/text';
import { applySkyEvent, emptyPuzzle, freshWatch, singleValue, type Exports, type Hint, type Mistake, type Parsed, type SkyEvent, type WatchView } from './state';

type Mode = 'edit' | 'play' | 'watch';

const EXAMPLE = '4://///1/3///4/////3/';
const SIDE_WORDS = ['above column', 'below column', 'left of row', 'right of row'];
const TECHNIQUES: { key: string; label: string; title: string }[] = [
  { key: 'visibility', label: 'Visibility bounds', title: 'A line that surely shows lo towers and can show at most hi must have lo ≤ clue ≤ hi' },
  { key: 'lines', label: 'Line propagation', title: 'Keep only candidates used by some ordering of the line that fits both clues' },
  { key: 'mrv', label: 'MRV', title: 'Guess on the cell with the fewest candidates (otherwise the first open cell)' },
];

export function mountSkyscrapers(client: SolverClient): Feature {
  let puzzle = emptyPuzzle(4);
  let exports: Exports | null = null;
  let exportSeq = 0;
  let mode: Mode = 'edit';
  /** Player's digits in play mode (0 = empty). */
  let mine = new Array<number>(16).fill(0);
  let mistakes = new Map<number, string>();
  let hint: Hint | null = null;
  let solvedPlay = false;
  /** Selected slot in ring coordinates: (1..N, 1..N) is a cell. */
  let sel = { R: 1, C: 1 };
  let lastDigit: { time: number; R: number; C: number; value: number } | null = null;
  let shownSolution = 0;
  let loadedParam: string | null = null;

  // ---- Elements ----
  const nSelect = h('select', { id: 'sky-n', title: 'Size of the grid (starts an empty puzzle)' });
  for (let k = 1; k <= 16; k++) nSelect.append(h('option', { value: String(k) }, `${k} × ${k}`));
  nSelect.value = '4';
  const modeButtons = new Map<Mode, HTMLButtonElement>();
  const modeGroup = h('div', { class: 'modes', role: 'group', 'aria-label': 'Mode' });
  for (const [m, label, title] of [
    ['edit', 'Edit', 'Type clues around the board and given digits inside'],
    ['play', 'Play', 'Fill in the grid yourself, with Check and Hint'],
    ['watch', 'Watch the solver', 'Animate the solver step by step'],
  ] as const) {
    const b = h('button', { type: 'button', id: `sky-mode-${m}`, 'aria-pressed': 'false', title }, label);
    b.addEventListener('click', () => setMode(m));
    modeButtons.set(m, b);
    modeGroup.append(b);
  }

  const canvas = h('canvas', {
    class: 'board',
    id: 'sky-board',
    tabindex: '0',
    role: 'img',
    'aria-label': 'Skyscrapers board',
    title: 'Arrows move, digits set (two quick digits for 10-16), Backspace, Delete or 0 clear',
  });
  const pad = h('div', { class: 'digit-pad', role: 'group', 'aria-label': 'Digit pad' });
  const boardWrap = h('div', { class: 'board-wrap' }, canvas, pad);
  const status = h('p', { class: 'status', id: 'sky-status', 'aria-live': 'polite' }, '');
  const error = h('p', { class: 'error', id: 'sky-error', role: 'alert', hidden: '' });
  const help = h('p', { class: 'help' }, '');
  const hintSteps = h('ol', { id: 'sky-hint-steps' });
  const hintDetails = h('details', { class: 'options', hidden: '' }, h('summary', {}, 'How the hint follows'), hintSteps);

  // Edit panel.
  const emptyButton = h('button', { type: 'button', id: 'sky-empty' }, 'Empty board');
  const randomButton = h('button', { type: 'button', id: 'sky-random', title: 'A random puzzle with a unique solution (up to 9 × 9)' }, 'Random puzzle');
  const pasteField = h('input', {
    type: 'text',
    id: 'sky-paste',
    placeholder: 'Tatham ID, puzz.link URL or plain grid',
    'aria-label': 'Puzzle to load: Tatham ID, puzz.link URL or plain grid',
    spellcheck: 'false',
    autocomplete: 'off',
  });
  const loadButton = h('button', { type: 'button', id: 'sky-load' }, 'Load');
  const editPanel = h(
    'div',
    { class: 'panel', id: 'sky-edit-panel' },
    h('div', { class: 'params' }, emptyButton, randomButton),
    h('div', { class: 'params paste' }, pasteField, loadButton),
  );

  // Play panel.
  const checkButton = h('button', { type: 'button', id: 'sky-check', class: 'primary' }, 'Check');
  const hintButton = h('button', { type: 'button', id: 'sky-hint' }, 'Hint');
  const applyButton = h('button', { type: 'button', id: 'sky-apply', hidden: '' }, 'Apply');
  const clearMineButton = h('button', { type: 'button', id: 'sky-clear-mine' }, 'Clear my digits');
  const playPanel = h('div', { class: 'panel', id: 'sky-play-panel' }, h('div', { class: 'params' }, checkButton, hintButton, applyButton, clearMineButton));

  // Watch panel.
  const techniqueBoxes = new Map<string, HTMLInputElement>();
  const techniqueRow = h('fieldset', { class: 'params techniques' }, h('legend', {}, 'Pruning techniques'));
  for (const t of TECHNIQUES) {
    const box = h('input', { type: 'checkbox', id: `sky-t-${t.key}`, checked: '' });
    techniqueBoxes.set(t.key, box);
    techniqueRow.append(h('label', { class: 'check', title: t.title }, box, ` ${t.label}`));
    box.addEventListener('change', () => {
      invalidateRun();
      status.textContent = `${t.label} ${box.checked ? 'on' : 'off'}: press Solve or Play to compare the node counts.`;
    });
  }
  const stats = counters({ nodes: 'Nodes', backtracks: 'Backtracks', solutions: 'Solutions', depth: 'Depth', elapsed: 'Solver time' });
  const solutionSwitch = h('div', { class: 'params', role: 'group', 'aria-label': 'Which solution to show', hidden: '' });
  const solButtons = [0, 1].map((k) => {
    const b = h('button', { type: 'button', id: `sky-solution-${k + 1}`, 'aria-pressed': String(k === 0) }, `Solution ${k + 1}`);
    b.addEventListener('click', () => {
      shownSolution = k;
      draw();
    });
    solutionSwitch.append(b);
    return b;
  });

  const run: Runner<SkyEvent, WatchView> = new Runner<SkyEvent, WatchView>(client, {
    async create(c) {
      const ex = await c.call<Exports>('format', 'skyscrapers', puzzle);
      if (!ex.tatham) throw new Error('This puzzle cannot be written as a Tatham ID.');
      return c.create('skyscrapers', ex.tatham, 'solve', { techniques: techniques() });
    },
    fresh: () => freshWatch(puzzle),
    apply: applySkyEvent,
    changed(state) {
      if (mode !== 'watch') return;
      draw();
      showStats(state?.stats ?? null);
      // Counters come once per search node; the depth of the step on screen is exact per event.
      if (state) stats.set({ depth: run.view.depth });
      status.textContent = watchStatus(state);
      bar.update(state, run.busy);
    },
    solved(view, report) {
      view.solutions = report.solutions as number[][][];
      view.verdict = report.verdict;
      const first = view.solutions[0];
      if (first) view.cand = first.flat().map((v) => 1 << (v - 1));
      shownSolution = 0;
      draw();
      showStats(report.stats);
      status.textContent = verdictText(report.verdict, report.stats.solutions, formatMicros(report.stats.elapsedMicros));
      bar.update({ playing: false, finished: true, status: report.status, stats: report.stats, verdict: report.verdict, position: 0, canStepBack: false }, false);
    },
    error: showError,
  });

  const bar = playbackBar(
    {
      ...runnerCommands(run),
      reset: () => {
        shownSolution = 0;
        void run.reset();
      },
    },
    30,
    'Skyscrapers',
  );
  const watchPanel = h('div', { class: 'panel', id: 'sky-watch-panel' }, bar.element, techniqueRow, solutionSwitch, stats.element);

  // Share row (every mode).
  const tathamField = h('input', { type: 'text', readonly: '', id: 'sky-tatham', 'aria-label': 'Tatham ID of this puzzle' });
  const puzzlinkField = h('input', { type: 'text', readonly: '', id: 'sky-puzzlink', 'aria-label': 'puzz.link URL of this puzzle' });
  const linkField = h('input', { type: 'text', readonly: '', id: 'sky-link', 'aria-label': 'Link to this puzzle on this page' });
  const copyTatham = h('button', { type: 'button', id: 'sky-copy-tatham' }, 'Copy ID');
  const copyPuzzlink = h('button', { type: 'button', id: 'sky-copy-puzzlink' }, 'Copy URL');
  const copyLink = h('button', { type: 'button', id: 'sky-copy-link' }, 'Copy link');
  const share = h(
    'div',
    { class: 'share' },
    h('label', { class: 'share-row' }, h('span', {}, 'Tatham ID'), tathamField, copyTatham),
    h('label', { class: 'share-row' }, h('span', {}, 'puzz.link'), puzzlinkField, copyPuzzlink),
    h('label', { class: 'share-row' }, h('span', {}, 'Link'), linkField, copyLink),
  );

  const element = h(
    'section',
    { class: 'feature', id: 'skyscrapers', 'aria-labelledby': 'sky-title' },
    h('h2', { id: 'sky-title' }, 'Skyscrapers'),
    h(
      'p',
      { class: 'lede' },
      'Fill the grid with heights 1 to N, each once per row and column. A clue says how many towers you see from its side: taller towers hide shorter ones behind them.',
    ),
    h('div', { class: 'params' }, h('label', { for: 'sky-n' }, 'Size ', nSelect), modeGroup),
    error,
    h('div', { class: 'stage' }, boardWrap, h('div', { class: 'side' }, editPanel, playPanel, watchPanel, status, hintDetails, help, share)),
  );

  // ---- Puzzle data ----
  function techniques(): Record<string, boolean> {
    const t: Record<string, boolean> = {};
    for (const [k, box] of techniqueBoxes) t[k] = box.checked;
    return t;
  }

  function isEmptyPuzzle(): boolean {
    return puzzle.givens.every((g) => g === 0) && puzzle.clues.every((side) => side.every((c) => c === 0));
  }

  function showError(message: string | null): void {
    error.hidden = message === null;
    error.textContent = message ?? '';
  }

  function report(e: unknown): void {
    if (e instanceof CancelledError) return;
    showError(e instanceof Error ? e.message : String(e));
  }

  /** The runner's session belongs to the old puzzle or options: drop it. */
  function invalidateRun(): void {
    shownSolution = 0;
    if (run.busy) {
      void run.reset();
      return;
    }
    run.dispose();
    run.view = freshWatch(puzzle);
    if (mode === 'watch') {
      bar.update(null, false);
      showStats(null);
      status.textContent = WATCH_READY;
    }
    draw();
  }

  function puzzleChanged(): void {
    for (let i = 0; i < puzzle.givens.length; i++) if (puzzle.givens[i]! > 0) mine[i] = 0;
    mistakes = new Map();
    hint = null;
    solvedPlay = false;
    applyButton.hidden = true;
    hintDetails.hidden = true;
    invalidateRun();
    void refreshExports();
  }

  async function refreshExports(): Promise<void> {
    const my = ++exportSeq;
    try {
      const ex = await client.call<Exports>('format', 'skyscrapers', puzzle);
      if (my !== exportSeq) return;
      setExports(ex);
    } catch (e) {
      if (my === exportSeq) report(e);
    }
  }

  function setExports(ex: Exports): void {
    exports = ex;
    tathamField.value = ex.tatham ?? '';
    puzzlinkField.value = ex.puzzlink ?? '(not expressible as a puzz.link URL)';
    linkField.value = ex.tatham ? pageLink('skyscrapers', ex.tatham) : '';
    canvas.dataset.tatham = ex.tatham ?? '';
  }

  function load(parsed: Parsed, how: string): void {
    exportSeq++;
    puzzle = parsed.puzzle;
    nSelect.value = String(puzzle.n);
    mine = new Array<number>(puzzle.n * puzzle.n).fill(0);
    sel = { R: 1, C: 1 };
    lastDigit = null;
    showError(null);
    setExports(parsed.exports);
    mistakes = new Map();
    hint = null;
    solvedPlay = false;
    applyButton.hidden = true;
    hintDetails.hidden = true;
    buildPad();
    invalidateRun();
    status.textContent = `${how}: a ${puzzle.n} × ${puzzle.n} puzzle.`;
  }

  /** Numbers every load, so of two loads in flight only the later one lands. */
  let loadSeq = 0;

  async function loadText(text: string, how: string): Promise<boolean> {
    const my = ++loadSeq;
    try {
      const parsed = await client.call<Parsed>('parse', 'skyscrapers', text);
      if (my !== loadSeq) return false;
      load(parsed, how);
      return true;
    } catch (e) {
      if (my === loadSeq) report(e);
      return false;
    }
  }

  function setSize(n: number): void {
    loadSeq++; // a load still in flight must not replace the board the user just chose
    puzzle = emptyPuzzle(n);
    mine = new Array<number>(n * n).fill(0);
    sel = { R: 1, C: 1 };
    lastDigit = null;
    showError(null);
    buildPad();
    puzzleChanged();
    status.textContent = `An empty ${n} × ${n} puzzle: type clues around the board and given digits inside.`;
  }

  // ---- Modes ----
  function setMode(m: Mode): void {
    if (m !== 'watch') run.pause();
    mode = m;
    for (const [k, b] of modeButtons) b.setAttribute('aria-pressed', String(k === m));
    editPanel.hidden = m !== 'edit';
    playPanel.hidden = m !== 'play';
    if (m !== 'play') hintDetails.hidden = true;
    watchPanel.hidden = m !== 'watch';
    pad.hidden = m === 'watch';
    if (m !== 'edit' && !cellSlot(sel)) sel = { R: 1, C: 1 };
    help.textContent =
      m === 'watch'
        ? 'Keys: Space plays or pauses, → steps, ← steps back, R resets, S solves. Struck red digits are the candidates the current step removes.'
        : m === 'edit'
          ? 'Click a clue slot or cell, or use the arrow keys; type a digit (two quick digits for 10 to 16); Backspace, Delete or 0 clears.'
          : 'Click a cell or use the arrow keys; type a digit; Backspace, Delete or 0 clears. Given digits are locked.';
    if (m === 'watch') {
      const st = run.state();
      bar.update(st, run.busy);
      showStats(st?.stats ?? null);
      status.textContent = run.view.verdict ? status.textContent : watchStatus(st);
    } else if (m === 'play') {
      status.textContent = solvedPlay ? SOLVED : 'Fill in the grid. Check marks mistakes; Hint explains the next step.';
    } else {
      status.textContent = 'Editing: clues go around the board, given digits inside.';
    }
    draw();
  }

  function watchStatus(state: PlayerState | null): string {
    if (run.busy) return 'Solving…  (Reset stops it)';
    const view = run.view;
    if (state?.finished) {
      const sols = state.stats?.solutions ?? view.solutions.length;
      return verdictText(state.verdict ?? 'budget', sols, formatMicros(state.stats?.elapsedMicros ?? 0));
    }
    if (view.why) return view.why;
    return WATCH_READY;
  }

  function watchFinished(): boolean {
    return run.view.verdict !== null || !!run.state()?.finished;
  }

  // ---- Drawing ----
  function picture(): SkyPicture {
    const n = puzzle.n;
    const cells: SkyCellPicture[] = [];
    let lines: LineMark[] = [];
    let focus: SkyPicture['focus'] = null;
    let solved = false;
    if (mode === 'watch') {
      const v = run.view;
      const showSol = watchFinished() && v.solutions.length > 0 ? v.solutions[Math.min(shownSolution, v.solutions.length - 1)] : null;
      const fade = new Map(v.fade.map((f) => [f.index, f.mask]));
      const bad = new Set(v.bad.map(([r, c]) => r * n + c));
      const guessed = new Set(v.guesses);
      for (let i = 0; i < n * n; i++) {
        const given = puzzle.givens[i] ?? 0;
        if (showSol) {
          const d = showSol[Math.floor(i / n)]?.[i % n] ?? 0;
          cells.push({ digit: d, kind: given ? 'given' : 'solution', cand: 0, fade: 0, bad: false });
          continue;
        }
        const mask = v.cand[i] ?? 0;
        const single = singleValue(mask);
        cells.push({
          digit: single,
          kind: given ? 'given' : single ? (guessed.has(i) ? 'guess' : 'placed') : 'empty',
          cand: single ? 0 : mask,
          fade: single ? 0 : fade.get(i) ?? 0,
          bad: bad.has(i) || mask === 0,
        });
      }
      if (!showSol) {
        if (v.line) lines = [v.line];
        focus = v.focus;
      }
      solved = !!showSol;
    } else {
      for (let i = 0; i < n * n; i++) {
        const given = puzzle.givens[i] ?? 0;
        const d = given || (mode === 'play' ? mine[i] ?? 0 : 0);
        cells.push({ digit: d, kind: given ? 'given' : d ? 'player' : 'empty', cand: 0, fade: 0, bad: mode === 'play' && mistakes.has(i) });
      }
      if (mode === 'play' && hint) {
        if ((hint.kind === 'place' || hint.kind === 'eliminate') && hint.line) lines = [hint.line];
        if (hint.kind === 'place' || hint.kind === 'mistake') focus = { row: hint.row, col: hint.col, tone: 'hint' };
        if (hint.kind === 'contradiction') for (const [r, c] of hint.cells) cells[r * n + c]!.bad = true;
        if (hint.kind === 'mistake') cells[hint.row * n + hint.col]!.bad = true;
      }
      solved = mode === 'play' && solvedPlay;
    }
    return { n, clues: puzzle.clues, cells, selected: mode === 'watch' ? null : sel, showSelection: mode !== 'watch', lines, focus, solved };
  }

  function draw(): void {
    if (element.hidden) return;
    const p = picture();
    const size = squareFor(boardWrap, 560);
    drawSky(fitCanvas(canvas, size), p, readTheme(canvas));
    const n = puzzle.n;
    const rows: string[] = [];
    for (let r = 0; r < n; r++) rows.push(p.cells.slice(r * n, r * n + n).map((c) => c.digit).join(','));
    const d = canvas.dataset;
    d.n = String(n);
    d.mode = mode;
    d.grid = rows.join('/');
    d.clues = puzzle.clues.map((s) => s.join(',')).join('/');
    d.candidates = mode === 'watch' ? run.view.cand.join(',') : '';
    d.selected = selName(sel);
    d.mistakes = [...mistakes.keys()].map((i) => `${Math.floor(i / n)},${i % n}`).join(';');
    d.hint = hint && hint.kind === 'place' ? `${hint.row},${hint.col},${hint.value}` : '';
    d.solved = String(p.solved);
    const st = run.state();
    const v = run.view;
    d.verdict =
      mode !== 'watch'
        ? ''
        : v.verdict ?? (st?.finished ? st.verdict ?? '' : '');
    d.showing = String(shownSolution + 1);
    status.dataset.tone = mode === 'watch' && !watchFinished() ? v.tone : '';
    const multi = mode === 'watch' && watchFinished() && v.solutions.length >= 2;
    solutionSwitch.hidden = !multi;
    solButtons.forEach((b, k) => b.setAttribute('aria-pressed', String(k === shownSolution)));
    const filled = p.cells.filter((c) => c.digit > 0).length;
    canvas.setAttribute(
      'aria-label',
      `${n} by ${n} Skyscrapers board, ${filled} of ${n * n} cells filled` + (mode === 'watch' ? '' : `; selected: ${selText(sel)}`),
    );
  }

  function selName(s: { R: number; C: number }): string {
    const cl = ringClue(puzzle.n, s.R, s.C);
    if (cl) return `clue:${['top', 'bottom', 'left', 'right'][cl.side]},${cl.i}`;
    return `cell:${s.R - 1},${s.C - 1}`;
  }

  function selText(s: { R: number; C: number }): string {
    const cl = ringClue(puzzle.n, s.R, s.C);
    if (cl) return `clue ${SIDE_WORDS[cl.side]} ${cl.i + 1}`;
    return `row ${s.R}, column ${s.C}`;
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

  // ---- Editing and playing ----
  function cellSlot(s: { R: number; C: number }): boolean {
    return s.R >= 1 && s.R <= puzzle.n && s.C >= 1 && s.C <= puzzle.n;
  }

  function move(dr: number, dc: number): void {
    const n = puzzle.n;
    const lo = mode === 'edit' ? 0 : 1;
    const hi = mode === 'edit' ? n + 1 : n;
    let R = sel.R + dr;
    let C = sel.C + dc;
    // Corners hold no clue: step over them (or stay if there is nothing beyond).
    if (mode === 'edit' && (R === 0 || R === n + 1) && (C === 0 || C === n + 1)) {
      R += dr;
      C += dc;
    }
    if (R < lo || R > hi || C < lo || C > hi) return;
    if (mode === 'edit' && (R === 0 || R === n + 1) && (C === 0 || C === n + 1)) return;
    sel = { R, C };
    lastDigit = null;
    draw();
  }

  /** Sets the selected slot to `v` (0 clears). */
  function setValue(v: number): void {
    const n = puzzle.n;
    if (v > n) {
      status.textContent = `Heights and clues go from 1 to ${n}.`;
      return;
    }
    const clue = ringClue(n, sel.R, sel.C);
    if (mode === 'edit') {
      if (clue) puzzle.clues[clue.side]![clue.i] = v;
      else if (cellSlot(sel)) puzzle.givens[(sel.R - 1) * n + sel.C - 1] = v;
      else return;
      status.textContent = v ? `${capitalise(selText(sel))}: ${v}.` : `${capitalise(selText(sel))} cleared.`;
      puzzleChanged();
    } else if (mode === 'play') {
      if (!cellSlot(sel)) return;
      const i = (sel.R - 1) * n + sel.C - 1;
      if (puzzle.givens[i]! > 0) {
        status.textContent = 'That digit is given and cannot change.';
        return;
      }
      mine[i] = v;
      mistakes.delete(i);
      hint = null;
      applyButton.hidden = true;
      hintDetails.hidden = true;
      solvedPlay = false;
      status.textContent = v ? `Row ${sel.R}, column ${sel.C}: ${v}.` : `Row ${sel.R}, column ${sel.C} cleared.`;
      draw();
      if (boardRows().every((row) => row.every((x) => x > 0))) void check(true);
    }
  }

  function typeDigit(d: number): void {
    const now = performance.now();
    const n = puzzle.n;
    if (n >= 10 && lastDigit && lastDigit.R === sel.R && lastDigit.C === sel.C && now - lastDigit.time < 1200 && lastDigit.value > 0 && lastDigit.value * 10 + d <= n) {
      const v = lastDigit.value * 10 + d;
      lastDigit = null;
      setValue(v);
      return;
    }
    lastDigit = d > 0 ? { time: now, R: sel.R, C: sel.C, value: d } : null;
    setValue(d);
  }

  function boardRows(): number[][] {
    const n = puzzle.n;
    const rows: number[][] = [];
    for (let r = 0; r < n; r++) rows.push(Array.from({ length: n }, (_, c) => puzzle.givens[r * n + c] || mine[r * n + c] || 0));
    return rows;
  }

  /** True once the puzzle or the player's digits changed since this was called: answers computed
   *  for an older board (a slow hint, then a size change) must not be applied to the new one. */
  function changedSince(): () => boolean {
    const asked = JSON.stringify([puzzle, mine]);
    return () => asked !== JSON.stringify([puzzle, mine]);
  }

  async function check(quiet = false): Promise<void> {
    try {
      const stale = changedSince();
      const found = await client.call<Mistake[]>('check', 'skyscrapers', puzzle, boardRows());
      if (stale()) return;
      const n = puzzle.n;
      mistakes = new Map(found.map((m) => [m.row * n + m.col, m.why]));
      const isFull = boardRows().every((row) => row.every((x) => x > 0));
      solvedPlay = found.length === 0 && isFull;
      if (solvedPlay) status.textContent = SOLVED;
      else if (found.length === 0) {
        if (!quiet) status.textContent = 'No mistakes so far.';
      } else {
        const first = found.slice(0, 3).map((m) => sentence(m.why)).join(' ');
        status.textContent = `${found.length} mistake${found.length === 1 ? '' : 's'}: ${first}${found.length > 3 ? ' …' : ''}`;
      }
      draw();
    } catch (e) {
      report(e);
    }
  }

  async function askHint(): Promise<void> {
    try {
      const stale = changedSince();
      const got = await client.call<Hint>('hint', 'skyscrapers', puzzle, boardRows());
      if (stale()) return;
      hint = got;
      applyButton.hidden = got.kind !== 'place';
      const steps = got.kind === 'place' ? got.steps : [];
      hintSteps.replaceChildren(...steps.map((t) => h('li', {}, sentence(t))));
      hintDetails.hidden = steps.length === 0;
      hintDetails.querySelector('summary')!.textContent = `How it follows: ${steps.length} earlier deduction${steps.length === 1 ? '' : 's'}`;
      switch (got.kind) {
        case 'solved':
          solvedPlay = true;
          status.textContent = SOLVED;
          break;
        case 'place':
          status.textContent = `Hint: ${got.value} goes at row ${got.row + 1}, column ${got.col + 1}. ${sentence(got.why)}`;
          break;
        case 'mistake':
          status.textContent = `Hint: row ${got.row + 1}, column ${got.col + 1} is wrong. ${sentence(got.why)}`;
          break;
        default:
          status.textContent = `Hint: ${sentence(got.why)}`;
      }
      draw();
    } catch (e) {
      report(e);
    }
  }

  function applyHint(): void {
    if (!hint || hint.kind !== 'place') return;
    sel = { R: hint.row + 1, C: hint.col + 1 };
    setValue(hint.value);
  }

  function buildPad(): void {
    pad.replaceChildren();
    for (let v = 1; v <= puzzle.n; v++) {
      const b = h('button', { type: 'button', 'data-digit': String(v), 'aria-label': `Digit ${v}` }, String(v));
      b.addEventListener('click', () => {
        lastDigit = null;
        setValue(v);
      });
      pad.append(b);
    }
    const clear = h('button', { type: 'button', 'data-digit': '0', class: 'clear' }, 'Clear');
    clear.addEventListener('click', () => setValue(0));
    pad.append(clear);
  }

  const copy = (text: string, field: HTMLInputElement, what: string) => void copyText(text, what, field, (m) => (status.textContent = m));

  // ---- Events ----
  canvas.addEventListener('pointerdown', (e) => {
    if (mode === 'watch') return;
    const rect = canvas.getBoundingClientRect();
    const scale = canvas.width / rect.width;
    const slot = slotAt(canvas.width, puzzle.n, (e.clientX - rect.left) * scale, (e.clientY - rect.top) * scale);
    if (!slot) return;
    if (mode === 'play' && !cellSlot(slot)) return;
    sel = slot;
    lastDigit = null;
    canvas.focus();
    e.preventDefault();
    draw();
  });
  canvas.addEventListener('focus', () => draw());

  nSelect.addEventListener('change', () => {
    const n = Number(nSelect.value);
    if (n === puzzle.n) return;
    if (!isEmptyPuzzle() && !confirm(`Start an empty ${n} × ${n} puzzle? The current puzzle will be lost.`)) {
      nSelect.value = String(puzzle.n);
      return;
    }
    setSize(n);
  });
  emptyButton.addEventListener('click', () => {
    if (!isEmptyPuzzle() && !confirm('Clear every clue and given digit?')) return;
    setSize(puzzle.n);
  });
  randomButton.addEventListener('click', () => {
    const n = Math.min(puzzle.n, 9);
    status.textContent = `Generating a random ${n} × ${n} puzzle…`;
    const my = ++loadSeq;
    client
      .call<Parsed>('generate', 'skyscrapers', { size: String(n) })
      .then((p) => {
        if (my === loadSeq) load(p, puzzle.n > 9 ? 'Random puzzle (random puzzles go up to 9 × 9)' : 'Random puzzle');
      })
      .catch((e: unknown) => {
        if (my === loadSeq) report(e);
      });
  });
  const doLoad = () => {
    const text = pasteField.value.trim();
    if (!text) {
      showError('Paste a Tatham ID, a puzz.link URL or a plain grid first.');
      return;
    }
    void loadText(text, 'Loaded');
  };
  loadButton.addEventListener('click', doLoad);
  pasteField.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') doLoad();
  });
  checkButton.addEventListener('click', () => void check());
  hintButton.addEventListener('click', () => void askHint());
  applyButton.addEventListener('click', applyHint);
  clearMineButton.addEventListener('click', () => {
    mine.fill(0);
    mistakes = new Map();
    hint = null;
    solvedPlay = false;
    applyButton.hidden = true;
    hintDetails.hidden = true;
    status.textContent = 'Your digits are cleared; the givens stay.';
    draw();
  });
  copyTatham.addEventListener('click', () => copy(exports?.tatham ?? '', tathamField, 'Tatham ID'));
  copyPuzzlink.addEventListener('click', () => copy(exports?.puzzlink ?? '', puzzlinkField, 'puzz.link URL'));
  copyLink.addEventListener('click', () => copy(exports?.tatham ? pageLink('skyscrapers', exports.tatham) : '', linkField, 'link'));

  function boardKey(e: KeyboardEvent): boolean {
    const arrows: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const a = arrows[e.key];
    if (a) {
      move(a[0], a[1]);
    } else if (/^[0-9]$/.test(e.key)) {
      typeDigit(Number(e.key));
    } else if (e.key === 'Backspace' || e.key === 'Delete') {
      lastDigit = null;
      setValue(0);
    } else return false;
    e.preventDefault();
    return true;
  }

  buildPad();
  setMode('edit');

  /** Opens a puzzle from the URL (once per distinct link); a bad link falls back to the example. */
  function open(param: string): void {
    if (param !== loadedParam) {
      loadedParam = param;
      void loadText(param, 'Opened from the link').then((ok) => {
        if (!ok && !exports) void loadText(EXAMPLE, 'Example');
      });
    }
    draw();
  }

  return feature({
    element,
    bar,
    start(param) {
      if (param !== null) open(param);
      else {
        void loadText(EXAMPLE, 'Example');
        draw();
      }
    },
    open,
    redraw: draw,
    pause: () => run.pause(),
    key(e) {
      if (mode === 'watch') return bar.key(e);
      const onBoard = e.target === canvas;
      // Digits and clearing keys work anywhere in the tab; arrows only when the board has focus,
      // so they still scroll the page or move sliders elsewhere.
      if (onBoard || !e.key.startsWith('Arrow')) {
        const t = e.target as HTMLElement | null;
        if (!onBoard && t?.tagName === 'BUTTON' && (e.key === ' ' || e.key === 'Enter')) return false;
        return boardKey(e);
      }
      return false;
    },
  });
}

const WATCH_READY = 'Press Play to watch the solver cross out candidates, Step to go one event at a time, or Solve.';
const SOLVED = 'Solved! Every row and column holds each height once, and every clue sees the right number of towers.';
