// Skyscrapers' play mode: the player's digits over the givens, Check (mistakes marked on the board)
// and Hint (the next placement, with the deductions it follows from), both computed by wasm.

import { h } from '../../dom';
import { packDigits, unpackDigits } from '../common/board-link';
import type { SkyPicture } from '../../render/skyscrapers';
import { sentence } from '../common/text';
import { cellSlot, type SkyCtx } from './context';
import type { Check, Clash, Hint, Mistake, Rules } from './state';
import { preference } from '../common/preference';
import { playTimer } from '../common/timer';
import { undoable } from '../common/undo';
import { keptMoves } from '../common/kept';
import type { SkyPuzzle } from './state';

/** The puzzle's identity for stored moves, independent of how its object was built. */
const skyKey = (p: SkyPuzzle) => JSON.stringify([p.n, p.clues, p.givens]);


/** Set bits of a pencil-mark mask. */
function bitCount(m: number): number {
  let k = 0;
  for (; m; m &= m - 1) k++;
  return k;
}

export interface Play {
  panel: HTMLElement;
  /** The hint's steps (in the side column, under the status). */
  hintDetails: HTMLElement;
  /** Entering play mode: its status line. */
  enter(): void;
  /** Sets the selected cell to the player's `v` (0 clears); givens are locked. */
  setValue(v: number): void;
  /** Clues or givens were edited: digits under new givens, the marks and the hint go. */
  edited(): void;
  /** A new puzzle: no digits, marks or hint. */
  newBoard(): void;
  /** Ctrl+Z and friends in play mode. */
  key(e: KeyboardEvent): boolean;
  /** Pencil mode on or off (P): digits then toggle small notes instead of placing a height. */
  togglePencil(): void;
  /** H and C: Hint and Check, as the buttons. */
  askHint(): void;
  check(): void;
  /** The generator's level of puzzle `p` (New puzzle), for the timer's records. */
  level(p: SkyPuzzle, level: string | null): void;
  /** The clashes' sentences at a cell (0-based), for the board's tooltip; '' for none. */
  clashAt(row: number, col: number): string;
  /** Fills in the play part of the board's picture (cells, hint marks, solved). */
  picture(p: SkyPicture): void;
  /** The board's data attributes for the mistakes and the hint's placement. */
  dataset(d: DOMStringMap): void;
  /** The player's digits and pencil marks for a link (`board=`); undefined while there are none. */
  linkBoard(): string | undefined;
  /** Puts a link's digits and marks on the board; a sentence if they do not fit this puzzle. */
  restore(text: string): string | null;
}

export function mountPlay(ctx: SkyCtx): Play {
  const { client, status } = ctx;
  /** Player's digits (0 = empty). */
  let mine = new Array<number>(16).fill(0);
  /** Player's pencil marks per cell, bit v-1 for height v (shown where the cell has no digit). */
  let notes = new Array<number>(16).fill(0);
  let pencil = false;
  let mistakes = new Map<number, string>();
  /** Clashes on the board as typed (Rust's rules, no search), while the switch is on. */
  let clashes: Clash[] = [];
  let hint: Hint | null = null;
  let solvedPlay = false;
  /** Rust's line for the solved board (Check's or Hint's says), shown again on entering Play. */
  let solvedSays = '';
  // The player's digits survive a reload (per puzzle) and every move can be undone exactly.
  const kept = keptMoves('skyscrapers');
  const keptNotes = keptMoves('skyscrapers-notes');
  const keep = () => {
    kept.save(skyKey(ctx.puzzle), mine);
    keptNotes.save(skyKey(ctx.puzzle), notes);
  };
  /** The digits and marks this browser keeps for the puzzle (none kept: an empty board). */
  const loadKept = () => {
    const n = ctx.puzzle.n;
    mine = kept.load(skyKey(ctx.puzzle), n * n, n) ?? new Array<number>(n * n).fill(0);
    notes = keptNotes.load(skyKey(ctx.puzzle), n * n, (1 << n) - 1) ?? new Array<number>(n * n).fill(0);
  };
  // Digits and pencil marks are undone together: a move is either kind.
  const history = undoable(
    'sky-play',
    () => ({ mine: mine.slice(), notes: notes.slice() }),
    (m, how) => {
      mine = m.mine;
      notes = m.notes;
      forget();
      keep();
      status.textContent = `${how}: your digits and pencil marks as they were.`;
      ctx.draw();
      void refreshClashes();
    },
  );

  const checkButton = h('button', { type: 'button', id: 'sky-check', class: 'primary' }, 'Check');
  const hintButton = h('button', { type: 'button', id: 'sky-hint' }, 'Hint');
  const applyButton = h('button', { type: 'button', id: 'sky-apply', hidden: '' }, 'Apply');
  const clearMineButton = h('button', { type: 'button', id: 'sky-clear-mine' }, 'Clear my digits');
  const fillButton = h('button', { type: 'button', id: 'sky-fill-notes', title: 'Every empty cell gets every height not yet in its row or column' }, 'Fill all candidates');
  const obviousButton = h(
    'button',
    { type: 'button', id: 'sky-clear-obvious', title: 'Remove the pencil marks of heights already in the row or column, and those the clue beside the line rules out' },
    'Clear obvious',
  );
  // Tatham's two preferences: clashes marked as you type (off: only Check marks), and a placed
  // height taken out of the pencil marks of its row and column. Kept across reloads.
  const clashPref = preference('skyscrapers', 'markAsIPlay', 'sky-auto-check', 'Mark clashes as I play', 'Mark a height repeated in a line, and a clue its line can no longer meet, after every move', true, () => void refreshClashes(true));
  const notesPref = preference('skyscrapers', 'autoNotes', 'sky-auto-notes', 'A placed digit leaves its lines\' pencil marks', 'Placing a height removes it from the pencil marks of its row and column', true, () => undefined);
  const pencilButton = h(
    'button',
    { type: 'button', id: 'sky-pencil', 'aria-pressed': 'false', title: 'Digits toggle small pencil marks instead of placing a height (P)' },
    'Pencil',
  );
  // The clock runs in Play on the shown view; solved boards stop it (see timer.ts).
  const timer = playTimer('skyscrapers', 'sky', () => ctx.mode === 'play' && !(ctx.canvas.closest('section') as HTMLElement | null)?.hidden);
  const startTimer = () => timer.puzzle(skyKey(ctx.puzzle), `${ctx.puzzle.n}×${ctx.puzzle.n}`);
  const panel = h(
    'div',
    { class: 'panel', id: 'sky-play-panel' },
    timer.element,
    h('div', { class: 'params' }, checkButton, hintButton, applyButton, pencilButton, clearMineButton, history.buttons),
    h('div', { class: 'params' }, fillButton, obviousButton),
    h('div', { class: 'params' }, clashPref.element, notesPref.element),
  );

  function togglePencil(): void {
    pencil = !pencil;
    pencilButton.setAttribute('aria-pressed', String(pencil));
    status.textContent = pencil
      ? 'Pencil on: a digit toggles a small mark in the cell; Clear removes its marks. P switches back.'
      : 'Pencil off: digits place heights.';
    ctx.draw();
  }
  const hintSteps = h('ol', { id: 'sky-hint-steps' });
  const hintDetails = h('details', { class: 'options', hidden: '' }, h('summary', {}, 'How the hint follows'), hintSteps);

  /** Drops the check's marks and the hint: they were about another board. */
  function forget(): void {
    mistakes = new Map();
    hint = null;
    solvedPlay = false;
    timer.solved(false);
    applyButton.hidden = true;
    hintDetails.hidden = true;
  }

  /** Asks Rust for the board's clashes (when the switch is on) and marks them; `speak`: the first
   *  one new since the last answer goes on the status line after the move's echo. */
  async function refreshClashes(speak = false): Promise<void> {
    if (!clashPref.on()) {
      clashes = [];
      ctx.draw();
      return;
    }
    try {
      const stale = changedSince();
      const got = await client.call<Rules>('check', 'skyscrapers', ctx.puzzle, { rows: boardRows() });
      if (stale() || !clashPref.on()) return;
      const before = new Set(clashes.map((c) => c.says));
      clashes = got.clashes;
      const fresh = clashes.find((c) => !before.has(c.says));
      if (speak && fresh && ctx.mode === 'play') status.textContent = `${status.textContent ?? ''} ${fresh.says}`.trim();
      ctx.draw();
    } catch (e) {
      ctx.report(e);
    }
  }

  /** The rules' view of the board from Rust: what is open in each cell's lines, and what the
   *  simple rules leave (see assist.rs). */
  async function obvious(): Promise<Rules | null> {
    try {
      const stale = changedSince();
      const got = await client.call<Rules>('check', 'skyscrapers', ctx.puzzle, { rows: boardRows() });
      return stale() ? null : got;
    } catch (e) {
      ctx.report(e);
      return null;
    }
  }

  async function fillNotes(): Promise<void> {
    const got = await obvious();
    if (!got) return;
    history.before();
    notes = notes.map((m, i) => (mine[i] || ctx.puzzle.givens[i] ? m : got.open[i]!));
    keep();
    status.textContent = 'Every empty cell has as pencil marks the heights not yet in its row or column.';
    ctx.draw();
  }

  async function clearObvious(): Promise<void> {
    const got = await obvious();
    if (!got) return;
    const next = notes.map((m, i) => m & got.allowed[i]!);
    const removed = next.reduce((k, m, i) => k + bitCount(notes[i]! & ~m), 0);
    if (removed > 0) {
      history.before();
      notes = next;
      keep();
    }
    status.textContent =
      removed > 0 ? `Removed ${removed} pencil mark${removed === 1 ? '' : 's'} that a placed height or a clue rules out.` : 'No pencil mark is ruled out by a placed height or a clue.';
    ctx.draw();
  }

  function boardRows(): number[][] {
    const { puzzle } = ctx;
    const n = puzzle.n;
    const rows: number[][] = [];
    for (let r = 0; r < n; r++) rows.push(Array.from({ length: n }, (_, c) => puzzle.givens[r * n + c] || mine[r * n + c] || 0));
    return rows;
  }

  /** True once the puzzle or the player's digits changed since this was called: answers computed
   *  for an older board (a slow hint, then a size change) must not be applied to the new one. */
  function changedSince(): () => boolean {
    const asked = JSON.stringify([ctx.puzzle, mine]);
    return () => asked !== JSON.stringify([ctx.puzzle, mine]);
  }

  function setValue(v: number): void {
    const { puzzle, sel } = ctx;
    const n = puzzle.n;
    if (!cellSlot(n, sel)) return;
    const i = (sel.R - 1) * n + sel.C - 1;
    if (puzzle.givens[i]! > 0) {
      status.textContent = 'That digit is given and cannot change.';
      return;
    }
    if (pencil && v > 0) {
      if (mine[i]) {
        status.textContent = `Row ${sel.R}, column ${sel.C} holds ${mine[i]}; clear it to pencil in marks.`;
        return;
      }
      history.before();
      notes[i] = (notes[i] ?? 0) ^ (1 << (v - 1));
      keep();
      const marked = Array.from({ length: n }, (_, k) => k + 1).filter((d) => (notes[i]! >> (d - 1)) & 1);
      status.textContent = marked.length
        ? `Row ${sel.R}, column ${sel.C}: pencil marks ${marked.join(' ')}.`
        : `Row ${sel.R}, column ${sel.C}: no pencil marks.`;
      ctx.draw();
      return;
    }
    if (v === 0 && !mine[i] && notes[i]) {
      history.before();
      notes[i] = 0;
      keep();
      status.textContent = `Row ${sel.R}, column ${sel.C}: pencil marks cleared.`;
      ctx.draw();
      return;
    }
    if (mine[i] === v) return;
    history.before();
    mine[i] = v;
    // Tatham's auto-removal: the height leaves the pencil marks of its row and column (one
    // undo step with the digit).
    if (v > 0 && notesPref.on()) {
      const [r, c] = [sel.R - 1, sel.C - 1];
      for (let k = 0; k < n; k++) {
        notes[r * n + k] = notes[r * n + k]! & ~(1 << (v - 1));
        notes[k * n + c] = notes[k * n + c]! & ~(1 << (v - 1));
      }
    }
    keep();
    mistakes.delete(i);
    hint = null;
    applyButton.hidden = true;
    hintDetails.hidden = true;
    solvedPlay = false;
    timer.solved(false);
    status.textContent = v ? `Row ${sel.R}, column ${sel.C}: ${v}.` : `Row ${sel.R}, column ${sel.C} cleared.`;
    ctx.draw();
    if (boardRows().every((row) => row.every((x) => x > 0))) void check(true);
    void refreshClashes(true);
  }

  async function check(quiet = false): Promise<void> {
    try {
      const stale = changedSince();
      const got = await client.call<Check>('check', 'skyscrapers', ctx.puzzle, boardRows());
      if (stale()) return;
      const found: Mistake[] = got.mistakes;
      const n = ctx.puzzle.n;
      mistakes = new Map(found.map((m) => [m.row * n + m.col, m.why]));
      const isFull = boardRows().every((row) => row.every((x) => x > 0));
      solvedPlay = found.length === 0 && isFull;
      timer.solved(solvedPlay);
      // Rust's sentence (Check.says) and, solved, the time it took; a quiet check (after a move)
      // only speaks of a change.
      if (solvedPlay) solvedSays = `${got.says} ${timer.solvedSays() ?? ''}`.trim();
      if (solvedPlay || found.length > 0 || !quiet) status.textContent = solvedPlay ? solvedSays : got.says;
      ctx.draw();
    } catch (e) {
      ctx.report(e);
    }
  }

  async function askHint(): Promise<void> {
    try {
      const stale = changedSince();
      const got = await client.call<Hint>('hint', 'skyscrapers', ctx.puzzle, boardRows());
      if (stale()) return;
      hint = got.kind === 'noSolution' ? null : got;
      applyButton.hidden = got.kind !== 'place';
      const steps = got.kind === 'place' ? got.steps : [];
      hintSteps.replaceChildren(...steps.map((t) => h('li', {}, sentence(t))));
      hintDetails.hidden = steps.length === 0;
      hintDetails.querySelector('summary')!.textContent = `How it follows: ${steps.length} earlier deduction${steps.length === 1 ? '' : 's'}`;
      if (got.kind === 'solved') {
        solvedPlay = true;
        timer.solved(true);
        solvedSays = `${got.says} ${timer.solvedSays() ?? ''}`.trim();
      }
      // Rust's line for every kind of hint (Hint.says), "no solution" included.
      ctx.messages.say(got.kind === 'solved' ? solvedSays : got.says);
      ctx.draw();
    } catch (e) {
      ctx.report(e);
    }
  }

  function applyHint(): void {
    if (!hint || hint.kind !== 'place') return;
    ctx.sel = { R: hint.row + 1, C: hint.col + 1 };
    ctx.setValue(hint.value);
  }

  checkButton.addEventListener('click', () => void check());
  hintButton.addEventListener('click', () => void askHint());
  applyButton.addEventListener('click', applyHint);
  pencilButton.addEventListener('click', togglePencil);
  fillButton.addEventListener('click', () => void fillNotes());
  obviousButton.addEventListener('click', () => void clearObvious());
  clearMineButton.addEventListener('click', () => {
    history.before();
    mine.fill(0);
    notes.fill(0);
    keep();
    forget();
    status.textContent = 'Your digits and pencil marks are cleared; the givens stay.';
    ctx.draw();
    void refreshClashes();
  });

  return {
    panel,
    hintDetails,
    enter() {
      startTimer();
      timer.update();
      status.textContent = solvedPlay ? solvedSays : 'Fill in the grid. Check marks mistakes; Hint explains the next step.';
    },
    setValue,
    edited() {
      const givens = ctx.puzzle.givens;
      for (let i = 0; i < givens.length; i++) if (givens[i]! > 0) mine[i] = notes[i] = 0;
      history.clear();
      forget();
      clashes = [];
      startTimer();
      void refreshClashes();
    },
    newBoard() {
      loadKept();
      history.clear();
      forget();
      clashes = [];
      startTimer();
      void refreshClashes();
    },
    level: (p, level) => timer.level(skyKey(p), level),
    askHint: () => void askHint(),
    check: () => void check(),
    clashAt(row, col) {
      return clashes
        .filter((c) => c.cells.some(([r, k]) => r === row && k === col))
        .map((c) => c.says)
        .join(' ');
    },
    key: history.key,
    togglePencil,
    picture(p) {
      const { puzzle } = ctx;
      const n = puzzle.n;
      for (let i = 0; i < n * n; i++) {
        const given = puzzle.givens[i] ?? 0;
        const d = given || (mine[i] ?? 0);
        p.cells.push({ digit: d, kind: given ? 'given' : d ? 'player' : 'empty', cand: d ? 0 : (notes[i] ?? 0), fade: 0, bad: mistakes.has(i) });
      }
      for (const c of clashes) for (const [r, k] of c.cells) p.cells[r * n + k]!.bad = true;
      if (hint) {
        if ((hint.kind === 'place' || hint.kind === 'eliminate') && hint.line) p.lines = [hint.line];
        if (hint.kind === 'place' || hint.kind === 'mistake') p.focus = { row: hint.row, col: hint.col, tone: 'hint' };
        if (hint.kind === 'contradiction') for (const [r, c] of hint.cells) p.cells[r * n + c]!.bad = true;
        if (hint.kind === 'mistake') p.cells[hint.row * n + hint.col]!.bad = true;
      }
      p.solved = solvedPlay;
    },
    linkBoard() {
      const givens = ctx.puzzle.givens;
      // Under a given the player's digit is not shown (and cannot be typed): leave it out.
      return packDigits(mine.map((v, i) => (givens[i] ? 0 : v)), notes.map((m, i) => (givens[i] || mine[i] ? 0 : m)), ctx.puzzle.n);
    },
    restore(text) {
      const n = ctx.puzzle.n;
      const got = unpackDigits(text, n * n, n);
      if (typeof got === 'string') return `The board in the link does not fit this ${n}x${n} puzzle: ${got}; the puzzle opens without it.`;
      const given = got.digits.findIndex((v, i) => v > 0 && ctx.puzzle.givens[i]! > 0);
      if (given >= 0) return `The board in the link puts a digit on the given at row ${Math.floor(given / n) + 1}, column ${(given % n) + 1}; the puzzle opens without it.`;
      const marked = got.notes.findIndex((m, i) => m > 0 && ctx.puzzle.givens[i]! > 0);
      if (marked >= 0) return `The board in the link puts pencil marks on the given at row ${Math.floor(marked / n) + 1}, column ${(marked % n) + 1}; the puzzle opens without it.`;
      // The digits kept in this browser for the puzzle are not thrown away: the link's board is
      // one step on top of them, Undo brings them back, and they stay in storage until the
      // player moves on the link's board (a reload before that opens the link again on top).
      // The kept board is read from storage, not taken from the screen: a second link opened in
      // the same tab finds the first link's board there, which was never kept.
      loadKept();
      const saved = (mine.some((v) => v > 0) || notes.some((v) => v > 0)) && (got.digits.some((v, i) => v !== mine[i]) || got.notes.some((v, i) => v !== notes[i]));
      history.clear();
      if (saved) history.before();
      mine = got.digits;
      notes = got.notes;
      forget();
      if (!saved) keep();
      status.textContent = saved
        ? 'Your digits and pencil marks from the link; Undo brings back the ones this browser had kept for this puzzle.'
        : 'Your digits and pencil marks from the link. Check marks mistakes; Hint explains the next step.';
      if (boardRows().every((row) => row.every((x) => x > 0))) void check(true);
      void refreshClashes();
      ctx.draw();
      return null;
    },
    dataset(d) {
      const n = ctx.puzzle.n;
      d.mistakes = [...mistakes.keys()].map((i) => `${Math.floor(i / n)},${i % n}`).join(';');
      d.hint = hint && hint.kind === 'place' ? `${hint.row},${hint.col},${hint.value}` : '';
      d.pencil = pencil ? 'on' : 'off';
      // "row,col" of every cell in a clash, in reading order.
      const clashed = new Set<number>();
      for (const c of clashes) for (const [r, k] of c.cells) clashed.add(r * n + k);
      d.clashes = [...clashed].sort((a, b) => a - b).map((i) => `${Math.floor(i / n)},${i % n}`).join(';');
      // "row,col:digits" for every cell with marks and no digit, e.g. "0,1:13;2,2:4".
      d.marks = notes
        .map((m, i) => (m && !mine[i] && !ctx.puzzle.givens[i] ? `${Math.floor(i / n)},${i % n}:${[...Array(n).keys()].filter((k) => (m >> k) & 1).map((k) => k + 1).join('')}` : ''))
        .filter(Boolean)
        .join(';');
    },
  };
}
