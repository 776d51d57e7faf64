// Hashiwokakero's editor: size, bridges per pair, the no-loops rule, islands and rocks placed by
// click, wheel or keyboard; loading a pasted or linked puzzle and copying its IDs. Every parse,
// export and layout comes from wasm; this keeps the user's cells.

import { h } from '../../dom';
import { limit } from '../../registry';
import type { Cell } from '../../render/hashi';
import { copyText, pageLink } from '../common/copy';
import { isIsland, type HashiCtx } from './context';
import type { Exports, HashiPuzzle } from './state';
import { undoable } from '../common/undo';
import { mountNewGame, type NewGame } from '../common/new-game';
import { HASHI_SHEET } from './sheet';
import { newGameMessages } from '../common/shell';
import { puzzleSource } from '../common/puzzle-source';
import type { BoardReport } from './state';

type Tool = 'island' | 'rock' | 'water';
const TOOLS: Tool[] = ['island', 'rock', 'water'];

/** Board sides the generator makes (from the Rust registry). */
const RANDOM = limit('hashi', 'generateSide');

export interface Editor {
  /** Size, rules and tools (shown in edit mode). */
  panel: HTMLElement;
  /** Load and copy (shown in every mode). */
  io: HTMLElement;
  /** The board's keys in edit mode; true when used. */
  key(e: KeyboardEvent): boolean;
  click(c: Cell): void;
  /** First showing: the linked puzzle, else the example; true when a linked puzzle opened. */
  start(param: string | null): Promise<boolean>;
  /** A later link's puzzle; true when it is the one on the board. */
  open(param: string | null): Promise<boolean>;
  /** Loads in flight (the address waits for them). */
  pending(): boolean;
  /** Shows the IDs of the puzzle just laid out (null: it is not a puzzle yet). */
  showExports(ex: Exports | null): void;
  /** Marks the chosen tool. */
  sync(): void;
  /** Called as every edit or load is laid out: records the puzzle before it for Undo. */
  noteChange(): void;
  /** Ctrl+Z and friends in edit mode. */
  historyKey(e: KeyboardEvent): boolean;
}

export function mountEditor(ctx: HashiCtx): Editor {
  let tool: Tool = 'island';
  const widthIn = h('input', { type: 'number', min: '3', max: '30', value: '7', id: 'hashi-width', inputmode: 'numeric' });
  const heightIn = h('input', { type: 'number', min: '3', max: '30', value: '7', id: 'hashi-height', inputmode: 'numeric' });
  const kIn = h('select', { id: 'hashi-k' }, ...[1, 2, 3, 4].map((k) => h('option', { value: String(k) }, String(k))));
  const noLoops = h('input', { type: 'checkbox', id: 'hashi-noloops' });
  const toolButtons = TOOLS.map((t) =>
    h('button', { type: 'button', id: `hashi-tool-${t}`, 'aria-pressed': 'false', title: t === 'island' ? 'Click a cell: island (then type its number)' : t === 'rock' ? 'Click a cell: rock (#)' : 'Click a cell: water (Delete)' }, t === 'island' ? 'Island' : t === 'rock' ? 'Rock #' : 'Erase'),
  );
  const source = puzzleSource<HashiPuzzle>({
    puzzle: 'hashi',
    ids: { field: 'hashi-load', button: 'hashi-load-btn' },
    client: ctx.client,
    messages: ctx.messages,
    async put(parsed) {
      setPuzzle(parsed.puzzle);
      await ctx.refresh();
    },
    // Undo records the puzzle last laid out (noteChange, below), not here.
    before: () => undefined,
    shown: () => ctx.exports !== null,
    // The board keeps the previous puzzle, laid out again (its layout may have been dropped).
    failed: () => ctx.refresh(),
    solvability: () => (ctx.layout ? ctx.client.call<BoardReport>('check', 'hashi', ctx.puzzle, []).then((r) => r.solvabilitySays) : null),
  });
  const loadIn = source.field;
  // Square sizes players know from Tatham's presets and beyond, plus the board's own size.
  const squares = [RANDOM.min, 7, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100].filter((k) => k >= RANDOM.min && k <= RANDOM.max);
  const sizes = [...new Set(squares)].map((k) => `${k}x${k}`);
  // The generator's options, as the CLI takes them (docs/FORMATS.md §6.5). Bridges per pair and
  // no loops start as the board's rules and follow them; density and expansion are the
  // generator's alone ("default": the generator's own, 20% and its walk without Tatham's factor).
  const density = limit('hashi', 'generateDensity');
  const expansion = limit('hashi', 'generateExpansion');
  const newK = h('select', { id: 'hashi-new-k' }, ...[1, 2, 3, 4].map((k) => h('option', { value: String(k) }, String(k))));
  newK.value = '2';
  const newDensity = h(
    'select',
    { id: 'hashi-new-density' },
    h('option', { value: '' }, 'default (20%)'),
    ...range(density.min, density.max, 5).map((d) => h('option', { value: String(d) }, `${d}%`)),
  );
  const newExpansion = h(
    'select',
    { id: 'hashi-new-expansion' },
    h('option', { value: '' }, 'default'),
    ...range(expansion.min, expansion.max, 10).map((e) => h('option', { value: String(e) }, `${e}%`)),
  );
  const newNoLoops = h('input', { type: 'checkbox', id: 'hashi-new-noloops' });
  const newGame: NewGame = mountNewGame<HashiPuzzle>({
    puzzle: 'hashi',
    idPrefix: 'hashi',
    sizes,
    sizeText: (s) => s.replace('x', ' × '),
    sheet: HASHI_SHEET,
    sizeParams: () =>
      `m${newK.value}${newDensity.value ? `i${newDensity.value}` : ''}${newExpansion.value ? `e${newExpansion.value}` : ''}${newNoLoops.checked ? 'L' : ''}`,
    options: [
      h('label', { for: 'hashi-new-k', title: 'Most bridges between one pair of islands in the new puzzle' }, 'Bridges per pair ', newK),
      h('label', { for: 'hashi-new-density', title: `Islands in percent of the cells (${density.min} to ${density.max}; big boards reach about 24% at most)` }, 'Islands ', newDensity),
      h(
        'label',
        { for: 'hashi-new-expansion', title: 'Tatham’s expansion factor: the chance that a new island goes as far out as it can, and that a walk meeting an island closes a loop' },
        'Expansion ',
        newExpansion,
      ),
      h('label', { class: 'check', title: 'The bridges of the new puzzle must form a tree' }, newNoLoops, ' No loops'),
    ],
    ...newGameMessages(ctx.messages, (): HTMLElement => newGame.element),
    async apply(made) {
      ctx.generated(made.puzzle, made.difficulty ?? null);
      await source.made(made, ctx.setMode);
      ctx.messages.say(made.says); // Rust's sentence (Generated.says): size, seed, islands made
    },
  });
  newGame.follow('7x7');
  const clearBtn = h('button', { type: 'button', id: 'hashi-clear-board', title: 'Remove every island and rock' }, 'Clear board');
  const idOut = h('output', { id: 'hashi-id', class: 'hashi-id' });
  const copyTatham = h('button', { type: 'button', id: 'hashi-copy-tatham' }, 'Copy ID');
  const copyUrl = h('button', { type: 'button', id: 'hashi-copy-url' }, 'Copy puzz.link');
  const copyPlain = h('button', { type: 'button', id: 'hashi-copy-plain' }, 'Copy grid');
  const copyLink = h('button', { type: 'button', id: 'hashi-copy-link' }, 'Copy link');

  const panel = h(
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
    h('div', { class: 'params', role: 'group', 'aria-label': 'Editing tool' }, 'Click places: ', ...toolButtons, clearBtn),
    newGame.element,
  );
  const io = h(
    'div',
    { class: 'hashi-io' },
    h('div', { class: 'params' }, loadIn, source.button),
    h('div', { class: 'params' }, copyTatham, copyUrl, copyPlain, copyLink),
    // One line however long the ID (shell.css): the full ID is in the text and its tooltip.
    h('p', { class: 'muted id-line' }, 'Current puzzle: ', idOut),
  );

  // Undo works on whole puzzles: every path that changes the puzzle ends in ctx.refresh(), which
  // calls noteChange(), so the puzzle last laid out is what Undo returns to.
  let lastKnown: string | null = null;
  const history = undoable<HashiPuzzle>('hashi-edit', () => JSON.parse(lastKnown ?? JSON.stringify(ctx.puzzle)) as HashiPuzzle, (p, how) => {
    lastKnown = JSON.stringify(p);
    setPuzzle(p);
    source.supersede();
    void ctx.refresh().then(() => (ctx.status.textContent = `${how}: the puzzle as it was.`));
  });
  panel.append(h('div', { class: 'params' }, history.buttons));

  function setPuzzle(p: HashiPuzzle): void {
    ctx.puzzle = p;
    widthIn.value = String(p.width);
    heightIn.value = String(p.height);
    kIn.value = String(p.maxBridges);
    noLoops.checked = p.noLoops;
    newK.value = kIn.value;
    newNoLoops.checked = p.noLoops;
    newGame.follow(`${p.width}x${p.height}`);
    ctx.cursor = Math.min(ctx.cursor, p.width * p.height - 1);
  }

  /** An edit of the user's: laid out again, and it wins over a load still in flight. */
  function edited(): void {
    source.supersede();
    void ctx.refresh();
  }

  function setCell(i: number, v: number): void {
    const cells = ctx.puzzle.cells;
    if (i < 0 || i >= cells.length || cells[i] === v) return;
    cells[i] = v;
    edited();
  }

  function resize(): void {
    const w = Math.round(Number(widthIn.value));
    const hh = Math.round(Number(heightIn.value));
    if (!(w >= 3 && w <= 30 && hh >= 3 && hh <= 30)) {
      ctx.showError(`The editor's board is 3 to 30 cells on each side (got ${widthIn.value}x${heightIn.value}); larger boards can be pasted.`);
      return;
    }
    const p = ctx.puzzle;
    const cells = new Array<number>(w * hh).fill(0);
    for (let r = 0; r < Math.min(hh, p.height); r++) for (let c = 0; c < Math.min(w, p.width); c++) cells[r * w + c] = p.cells[r * p.width + c]!;
    ctx.puzzle = { ...p, width: w, height: hh, cells };
    ctx.cursor = 0;
    edited();
  }

  function bump(i: number, d: number): void {
    const v = ctx.puzzle.cells[i];
    if (!isIsland(v)) return;
    setCell(i, Math.min(4 * ctx.puzzle.maxBridges, Math.max(1, v! + d)));
  }

  function click(c: Cell): void {
    const i = c[0] * ctx.puzzle.width + c[1];
    ctx.cursor = i;
    const v = ctx.puzzle.cells[i];
    if (tool === 'rock') setCell(i, v === 255 ? 0 : 255);
    else if (tool === 'water') setCell(i, 0);
    else if (!isIsland(v)) setCell(i, 1);
    else ctx.draw();
    ctx.canvas.focus();
  }

  function key(e: KeyboardEvent): boolean {
    const i = ctx.cursor;
    if (/^[1-9]$/.test(e.key)) setCell(i, Number(e.key));
    else if (e.key === '#') setCell(i, 255);
    else if (e.key === '.' || e.key === 'Delete' || e.key === 'Backspace' || e.key === '0') setCell(i, 0);
    else if (e.key === '+' || e.key === '=') bump(i, 1);
    else if (e.key === '-') bump(i, -1);
    else if (e.key === 'Enter' || e.key === ' ') {
      if (!isIsland(ctx.puzzle.cells[i])) setCell(i, 1);
    } else return ctx.moveCursor(e);
    return true;
  }

  ctx.canvas.addEventListener(
    'wheel',
    (ev) => {
      if (ctx.mode !== 'edit') return;
      const { cell } = ctx.pointerCell(ev);
      if (!cell) return;
      const i = cell[0] * ctx.puzzle.width + cell[1];
      if (!isIsland(ctx.puzzle.cells[i])) return;
      ev.preventDefault();
      ctx.cursor = i;
      bump(i, ev.deltaY < 0 ? 1 : -1);
    },
    { passive: false },
  );
  toolButtons.forEach((b, i) =>
    b.addEventListener('click', () => {
      tool = TOOLS[i]!;
      ctx.enterMode();
    }),
  );
  widthIn.addEventListener('change', resize);
  heightIn.addEventListener('change', resize);
  kIn.addEventListener('change', () => {
    ctx.puzzle = { ...ctx.puzzle, maxBridges: Number(kIn.value) };
    newK.value = kIn.value;
    edited();
  });
  noLoops.addEventListener('change', () => {
    ctx.puzzle = { ...ctx.puzzle, noLoops: noLoops.checked };
    newNoLoops.checked = noLoops.checked;
    edited();
  });
  clearBtn.addEventListener('click', () => {
    ctx.puzzle = { ...ctx.puzzle, cells: ctx.puzzle.cells.map(() => 0) };
    edited();
  });
  // The copied text also lands in the Load field, where it can be seen, edited or copied by hand.
  const copy = (text: string | null | undefined, what: string) => {
    if (!text) return;
    loadIn.value = text;
    // Said until the mode or the view changes (www/views/common/shell.ts).
    void copyText(text, what, loadIn, ctx.messages.note);
  };
  const shareId = () => ctx.exports?.tatham ?? ctx.exports?.plain.replace(/\n/g, '/');
  copyTatham.addEventListener('click', () => copy(ctx.exports?.tatham, 'Tatham ID'));
  copyUrl.addEventListener('click', () => copy(ctx.exports?.puzzlink, 'puzz.link URL'));
  copyPlain.addEventListener('click', () => copy(ctx.exports?.plain, 'plain grid'));
  copyLink.addEventListener('click', () => {
    const id = shareId();
    if (id) copy(pageLink('hashi', id), 'link');
  });

  return {
    panel,
    io,
    key,
    click,
    start: (param) => source.start(param),
    open: source.open,
    pending: source.pending,
    showExports(ex) {
      idOut.textContent = ex ? (ex.tatham ?? ex.plain.replace(/\n/g, '/')) : '—';
      idOut.title = idOut.textContent;
      copyUrl.disabled = !ex?.puzzlink;
      copyTatham.disabled = !ex?.tatham;
      for (const b of [copyPlain, copyLink]) b.disabled = !ex;
    },
    noteChange() {
      const now = JSON.stringify(ctx.puzzle);
      if (lastKnown !== null && lastKnown !== now) history.before();
      lastKnown = now;
    },
    historyKey: history.key,
    sync() {
      toolButtons.forEach((b, i) => b.setAttribute('aria-pressed', String(TOOLS[i] === tool)));
    },
  };
}

/** `from`, `from + step`, … up to `to` (both ends included when on the step). */
function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let x = from; x <= to; x += step) out.push(x);
  return out;
}
