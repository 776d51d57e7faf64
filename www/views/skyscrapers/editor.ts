// Skyscrapers' editor: the size, clues and givens typed on the board, an empty or random puzzle,
// loading a pasted or linked one, and the share row (shown in every mode) that copies its IDs.
// Every parse, export and generated puzzle comes from wasm; this keeps the user's clues and givens.

import { h } from '../../dom';
import { limit } from '../../registry';
import { ringClue } from '../../render/skyscrapers';
import { copyText, pageLink } from '../common/copy';
import { article, capitalise } from '../common/text';
import { cellSlot, selText, type SkyCtx } from './context';
import { emptyPuzzle, type Exports, type Parsed, type SkyPuzzle } from './state';
import { undoable } from '../common/undo';
import { keptPuzzle } from '../common/kept';
import { mountNewGame, type NewGame } from '../common/new-game';
import { SKY_SHEET } from './sheet';
import { newGameMessages } from '../common/shell';
import { puzzleSource } from '../common/puzzle-source';
import type { Check } from './state';

/** A stored puzzle is used only if it has this shape (anything else in storage is ignored). */
function isSkyPuzzle(x: unknown): x is SkyPuzzle {
  const p = x as SkyPuzzle;
  const digits = (a: unknown, len: number, n: number) => Array.isArray(a) && a.length === len && a.every((d) => Number.isInteger(d) && d >= 0 && d <= n);
  return (
    typeof p === 'object' && p !== null && Number.isInteger(p.n) && p.n >= SIZES.min && p.n <= SIZES.max &&
    Array.isArray(p.clues) && p.clues.length === 4 && p.clues.every((side) => digits(side, p.n, p.n)) && digits(p.givens, p.n * p.n, p.n)
  );
}

/** Grid sizes the solver takes, and those its generator makes (from the Rust registry). */
const SIZES = limit('skyscrapers', 'n');
const RANDOM = limit('skyscrapers', 'generateN');

export interface Editor {
  /** The size picker (beside the mode buttons). */
  size: HTMLElement;
  /** Empty, random, paste and load (shown in edit mode). */
  panel: HTMLElement;
  /** The IDs and their copy buttons (shown in every mode). */
  share: HTMLElement;
  /** Sets the selected clue or given to `v` (0 clears). */
  setValue(v: number): void;
  /** First showing: the linked puzzle, else the one last edited here, else the example; true
   *  when a linked puzzle opened. */
  start(param: string | null): Promise<boolean>;
  /** Opens a puzzle from the URL (once per distinct link); a bad link says why and shows the
   *  example. True when the linked puzzle is the one on screen. */
  open(param: string | null): Promise<boolean>;
  /** The puzzle's Tatham ID for the address; null while a load is in flight. */
  id(): string | null;
  /** Ctrl+Z and friends in edit mode. */
  key(e: KeyboardEvent): boolean;
}

export function mountEditor(ctx: SkyCtx): Editor {
  const { client, status } = ctx;
  let exports: Exports | null = null;
  let exportSeq = 0;
  const kept = keptPuzzle('skyscrapers', isSkyPuzzle);
  const history = undoable('sky-edit', () => ctx.puzzle, (p, how) => {
    restore(p);
    status.textContent = `${how}: the ${p.n} × ${p.n} puzzle as it was.`;
  });

  const nSelect = h('select', { id: 'sky-n', title: 'Size of the grid (starts an empty puzzle)' });
  for (let k = SIZES.min; k <= SIZES.max; k++) nSelect.append(h('option', { value: String(k) }, `${k} × ${k}`));
  nSelect.value = '4';
  const size = h('label', { for: 'sky-n' }, 'Size ', nSelect);

  const emptyButton = h('button', { type: 'button', id: 'sky-empty' }, 'Empty board');
  const sizes: string[] = [];
  for (let k = RANDOM.min; k <= RANDOM.max; k++) sizes.push(String(k));
  const source = puzzleSource<SkyPuzzle>({
    puzzle: 'skyscrapers',
    ids: { field: 'sky-paste', button: 'sky-load' },
    client,
    messages: ctx.messages,
    put: (parsed, how) => load(parsed, how),
    before: () => history.before(),
    shown: () => exports !== null,
    solvability,
  });
  const newGame: NewGame = mountNewGame<SkyPuzzle>({
    puzzle: 'skyscrapers',
    idPrefix: 'sky',
    sizes,
    sizeText: (s) => `${s} × ${s}`,
    sheet: SKY_SHEET,
    ...newGameMessages(ctx.messages, (): HTMLElement => newGame.element),
    async apply(made) {
      ctx.generated(made.puzzle, made.difficulty ?? null);
      await source.made(made, ctx.setMode);
      ctx.messages.say(made.says); // Rust's sentence (Generated.says)
    },
  });
  newGame.follow(String(Math.min(4, RANDOM.max)));
  const panel = h(
    'div',
    { class: 'panel', id: 'sky-edit-panel' },
    h('div', { class: 'params' }, emptyButton),
    newGame.element,
    h('div', { class: 'params paste' }, source.field, source.button),
    h('div', { class: 'params' }, history.buttons),
  );

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

  function isEmptyPuzzle(): boolean {
    const puzzle = ctx.puzzle;
    return puzzle.givens.every((g) => g === 0) && puzzle.clues.every((side) => side.every((c) => c === 0));
  }

  /** After an edit on the board: the other modes forget the old puzzle, and its IDs are redone. */
  function puzzleChanged(): void {
    kept.save(ctx.puzzle);
    ctx.edited();
    void refreshExports();
  }

  async function refreshExports(): Promise<void> {
    const my = ++exportSeq;
    try {
      const ex = await client.call<Exports>('format', 'skyscrapers', ctx.puzzle);
      if (my !== exportSeq) return;
      setExports(ex);
    } catch (e) {
      if (my === exportSeq) ctx.report(e);
    }
  }

  function setExports(ex: Exports): void {
    exports = ex;
    tathamField.value = ex.tatham ?? '';
    puzzlinkField.value = ex.puzzlink ?? '(not expressible as a puzz.link URL)';
    linkField.value = ex.tatham ? pageLink('skyscrapers', ex.tatham) : '';
    ctx.canvas.dataset.tatham = ex.tatham ?? '';
  }

  function load(parsed: Parsed, how: string): void {
    exportSeq++;
    ctx.puzzle = parsed.puzzle;
    kept.save(ctx.puzzle);
    nSelect.value = String(ctx.puzzle.n);
    newGame.follow(String(ctx.puzzle.n));
    ctx.showError(null);
    setExports(parsed.exports);
    ctx.replaced();
    ctx.messages.say(`${how}: ${article(ctx.puzzle.n)} ${ctx.puzzle.n} × ${ctx.puzzle.n} puzzle.`);
  }

  /** What Rust's check says of the puzzle on the board (its clues and givens, no moves). */
  async function solvability() {
    const n = ctx.puzzle.n;
    const empty = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    return (await client.call<Check>('check', 'skyscrapers', ctx.puzzle, empty)).solvabilitySays;
  }

  /** Puts back a puzzle from the undo history, exactly. */
  function restore(p: SkyPuzzle): void {
    source.supersede();
    const resized = p.n !== ctx.puzzle.n;
    ctx.puzzle = p;
    kept.save(p);
    nSelect.value = String(p.n);
    newGame.follow(String(p.n));
    ctx.showError(null);
    if (resized) ctx.replaced();
    else ctx.edited();
    void refreshExports();
    ctx.draw();
  }

  function setSize(n: number): void {
    history.before();
    source.supersede(); // a load still in flight must not replace the board the user just chose
    ctx.puzzle = emptyPuzzle(n);
    kept.save(ctx.puzzle);
    newGame.follow(String(n));
    ctx.showError(null);
    ctx.replaced();
    void refreshExports();
    status.textContent = `An empty ${n} × ${n} puzzle: type clues around the board and given digits inside.`;
  }

  function setValue(v: number): void {
    const { puzzle, sel } = ctx;
    const n = puzzle.n;
    const clue = ringClue(n, sel.R, sel.C);
    if (!clue && !cellSlot(n, sel)) return;
    const i = (sel.R - 1) * n + sel.C - 1;
    if ((clue ? puzzle.clues[clue.side]![clue.i] : puzzle.givens[i]) === v) return;
    history.before();
    if (clue) puzzle.clues[clue.side]![clue.i] = v;
    else puzzle.givens[i] = v;
    status.textContent = v ? `${capitalise(selText(n, sel))}: ${v}.` : `${capitalise(selText(n, sel))} cleared.`;
    puzzleChanged();
  }

  // A copy is said until the mode or the view changes (www/views/common/shell.ts).
  const copy = (text: string, field: HTMLInputElement, what: string) => void copyText(text, what, field, ctx.messages.note);

  nSelect.addEventListener('change', () => {
    const n = Number(nSelect.value);
    if (n === ctx.puzzle.n) return;
    if (!isEmptyPuzzle() && !confirm(`Start an empty ${n} × ${n} puzzle? The current puzzle will be lost.`)) {
      nSelect.value = String(ctx.puzzle.n);
      return;
    }
    setSize(n);
  });
  emptyButton.addEventListener('click', () => {
    if (!isEmptyPuzzle() && !confirm('Clear every clue and given digit?')) return;
    setSize(ctx.puzzle.n);
  });
  copyTatham.addEventListener('click', () => copy(exports?.tatham ?? '', tathamField, 'Tatham ID'));
  copyPuzzlink.addEventListener('click', () => copy(exports?.puzzlink ?? '', puzzlinkField, 'puzz.link URL'));
  copyLink.addEventListener('click', () => copy(exports?.tatham ? pageLink('skyscrapers', exports.tatham) : '', linkField, 'link'));

  return {
    size,
    panel,
    share,
    setValue,
    start(param) {
      ctx.draw();
      return source.start(param, () => {
        const last = kept.load();
        if (!last) return false;
        restore(last);
        status.textContent = `The puzzle you were editing: ${last.n} × ${last.n}.`;
        return true;
      });
    },
    open(param) {
      ctx.draw();
      return source.open(param);
    },
    id: () => (source.pending() || !exports ? null : exports.tatham ?? null),
    key: history.key,
  };
}
