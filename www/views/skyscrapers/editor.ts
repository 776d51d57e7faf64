// Skyscrapers' editor: the size, clues and givens typed on the board, an empty or random puzzle,
// loading a pasted or linked one, and the share row (shown in every mode) that copies its IDs.
// Every parse, export and generated puzzle comes from wasm; this keeps the user's clues and givens.

import { h } from '../../dom';
import { limit, puzzleInfo } from '../../registry';
import { ringClue } from '../../render/skyscrapers';
import { copyText, pageLink } from '../common/copy';
import { capitalise } from '../common/text';
import { cellSlot, selText, type SkyCtx } from './context';
import { emptyPuzzle, type Exports, type Parsed } from './state';

/** The puzzle a first visit opens: the registry's example. */
const EXAMPLE = puzzleInfo('skyscrapers').example;

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
  /** First showing: the linked puzzle, or the example. */
  start(param: string | null): void;
  /** Opens a puzzle from the URL (once per distinct link); a bad link falls back to the example. */
  open(param: string): void;
}

export function mountEditor(ctx: SkyCtx): Editor {
  const { client, status } = ctx;
  let exports: Exports | null = null;
  let exportSeq = 0;
  let loadedParam: string | null = null;

  const nSelect = h('select', { id: 'sky-n', title: 'Size of the grid (starts an empty puzzle)' });
  for (let k = SIZES.min; k <= SIZES.max; k++) nSelect.append(h('option', { value: String(k) }, `${k} × ${k}`));
  nSelect.value = '4';
  const size = h('label', { for: 'sky-n' }, 'Size ', nSelect);

  const emptyButton = h('button', { type: 'button', id: 'sky-empty' }, 'Empty board');
  const randomButton = h('button', { type: 'button', id: 'sky-random', title: `A random puzzle with a unique solution (up to ${RANDOM.max} × ${RANDOM.max})` }, 'Random puzzle');
  const pasteField = h('input', {
    type: 'text',
    id: 'sky-paste',
    placeholder: 'Tatham ID, puzz.link URL or plain grid',
    'aria-label': 'Puzzle to load: Tatham ID, puzz.link URL or plain grid',
    spellcheck: 'false',
    autocomplete: 'off',
  });
  const loadButton = h('button', { type: 'button', id: 'sky-load' }, 'Load');
  const panel = h(
    'div',
    { class: 'panel', id: 'sky-edit-panel' },
    h('div', { class: 'params' }, emptyButton, randomButton),
    h('div', { class: 'params paste' }, pasteField, loadButton),
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
    nSelect.value = String(ctx.puzzle.n);
    ctx.showError(null);
    setExports(parsed.exports);
    ctx.replaced();
    status.textContent = `${how}: a ${ctx.puzzle.n} × ${ctx.puzzle.n} puzzle.`;
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
      if (my === loadSeq) ctx.report(e);
      return false;
    }
  }

  function setSize(n: number): void {
    loadSeq++; // a load still in flight must not replace the board the user just chose
    ctx.puzzle = emptyPuzzle(n);
    ctx.showError(null);
    ctx.replaced();
    void refreshExports();
    status.textContent = `An empty ${n} × ${n} puzzle: type clues around the board and given digits inside.`;
  }

  function setValue(v: number): void {
    const { puzzle, sel } = ctx;
    const n = puzzle.n;
    const clue = ringClue(n, sel.R, sel.C);
    if (clue) puzzle.clues[clue.side]![clue.i] = v;
    else if (cellSlot(n, sel)) puzzle.givens[(sel.R - 1) * n + sel.C - 1] = v;
    else return;
    status.textContent = v ? `${capitalise(selText(n, sel))}: ${v}.` : `${capitalise(selText(n, sel))} cleared.`;
    puzzleChanged();
  }

  const copy = (text: string, field: HTMLInputElement, what: string) => void copyText(text, what, field, (m) => (status.textContent = m));

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
  randomButton.addEventListener('click', () => {
    const n = Math.min(ctx.puzzle.n, RANDOM.max);
    status.textContent = `Generating a random ${n} × ${n} puzzle…`;
    const my = ++loadSeq;
    client
      .call<Parsed>('generate', 'skyscrapers', { size: String(n) })
      .then((p) => {
        if (my === loadSeq) load(p, ctx.puzzle.n > RANDOM.max ? `Random puzzle (random puzzles go up to ${RANDOM.max} × ${RANDOM.max})` : 'Random puzzle');
      })
      .catch((e: unknown) => {
        if (my === loadSeq) ctx.report(e);
      });
  });
  const doLoad = () => {
    const text = pasteField.value.trim();
    if (!text) {
      ctx.showError('Paste a Tatham ID, a puzz.link URL or a plain grid first.');
      return;
    }
    void loadText(text, 'Loaded');
  };
  loadButton.addEventListener('click', doLoad);
  pasteField.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') doLoad();
  });
  copyTatham.addEventListener('click', () => copy(exports?.tatham ?? '', tathamField, 'Tatham ID'));
  copyPuzzlink.addEventListener('click', () => copy(exports?.puzzlink ?? '', puzzlinkField, 'puzz.link URL'));
  copyLink.addEventListener('click', () => copy(exports?.tatham ? pageLink('skyscrapers', exports.tatham) : '', linkField, 'link'));

  function open(param: string): void {
    if (param !== loadedParam) {
      loadedParam = param;
      void loadText(param, 'Opened from the link').then((ok) => {
        if (!ok && !exports) void loadText(EXAMPLE, 'Example');
      });
    }
    ctx.draw();
  }

  return {
    size,
    panel,
    share,
    setValue,
    start(param) {
      if (param !== null) open(param);
      else {
        void loadText(EXAMPLE, 'Example');
        ctx.draw();
      }
    },
    open,
  };
}
