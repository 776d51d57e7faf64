// The Skyscrapers tab: an editor for clues and givens (editor.ts), a play mode with Check and Hint
// (play.ts), and a watch mode that animates the solver's candidate eliminations (watch.ts). The
// puzzle is plain data {n, clues[4][n], givens[n*n]}; every rule, check, hint, parse and export
// comes from wasm. The page shell (views/common/shell.ts) holds the modes, the message line, links
// and key routing; this keeps what is Skyscrapers' own: the selection, the digit pad and keys, and
// drawing.

import { labelBoard } from '../../announce';
import { h } from '../../dom';
import { fitCanvas, readTheme } from '../../render/canvas';
import { drawSky, slotAt, type SkyPicture } from '../../render/skyscrapers';
import type { SolverClient } from '../../solver-client';
import type { Feature } from '../feature';
import { cellSlot, selName, selText, type Mode, type SkyCtx } from './context';
import { mountEditor } from './editor';
import { mountPlay } from './play';
import { emptyPuzzle } from './state';
import { mountWatch } from './watch';
import { legend } from '../common/legend';
import { boardFrame, messageLine, mountShell } from '../common/shell';

const HELP: Record<Mode, string> = {
  edit: 'Click a clue slot or cell, or use the arrow keys; type a digit (two quick digits for 10 to 16); Backspace, Delete or 0 clears.',
  play: 'Click a cell or use the arrow keys; type a digit; Backspace, Delete or 0 clears. P switches pencil marks on and off, H asks for a hint, C checks. Given digits are locked.',
  watch: 'Keys: Space plays or pauses, → steps, ← steps back, R resets, S solves. Struck red digits are the candidates the current step removes.',
};

export function mountSkyscrapers(client: SolverClient): Feature {
  /** The first digit of a two-digit value (10 to 16) typed on the same slot moments ago. */
  let lastDigit: { time: number; R: number; C: number; value: number } | null = null;

  const canvas = h('canvas', {
    class: 'board',
    id: 'sky-board',
    tabindex: '0',
    role: 'img',
    'aria-label': 'Skyscrapers board',
    title: 'Arrows move, digits set (two quick digits for 10-16), Backspace, Delete or 0 clear',
  });
  const pad = h('div', { class: 'digit-pad', role: 'group', 'aria-label': 'Digit pad' });
  // What the board's colours mean (render/skyscrapers.ts draws them).
  const colours = legend([
    { swatch: 'digit', colour: 'fg', text: 'Given digit (grey cell)' },
    { swatch: 'digit', colour: 'accent', text: 'Your digit, or the solver\'s guess (tinted cell)' },
    { swatch: 'digit', colour: 'good', text: 'Deduced or solved' },
    { swatch: 'hatch', colour: 'bad', alpha: 0.22, text: 'Breaks a rule (striped cell)' },
    { swatch: 'frame', colour: 'good', text: 'Solved: the whole grid framed' },
    { swatch: 'fill', colour: 'accent', alpha: 0.16, text: 'The line a rule just used', id: 'rule-line' },
  ]);
  // Zoomed, a drag pans the board only while watching; editing and playing, a click selects.
  const board = boardFrame(canvas, () => draw(), () => ctx.mode === 'watch', [pad]);
  const messages = messageLine('sky');

  const ctx: SkyCtx = {
    client,
    puzzle: emptyPuzzle(4),
    mode: 'edit',
    sel: { R: 1, C: 1 },
    canvas,
    status: messages.status,
    messages,
    showError: messages.fail,
    report: messages.report,
    draw,
    setMode: () => undefined, // the shell's, once it is made below
    setValue,
    edited() {
      play.edited();
      watch.puzzleChanged();
    },
    generated: (p, level) => play.level(p, level),
    replaced() {
      ctx.sel = { R: 1, C: 1 };
      lastDigit = null;
      play.newBoard();
      buildPad();
      watch.puzzleChanged();
    },
  };
  const editor = mountEditor(ctx);
  const play = mountPlay(ctx);
  const watch = mountWatch(ctx);

  const shell = mountShell(
    {
      prefix: 'sky',
      view: 'skyscrapers',
      title: 'Skyscrapers',
      lede: 'Fill the grid with heights 1 to N, each once per row and column. A clue says how many towers you see from its side: taller towers hide shorter ones behind them.',
      modeTitles: { edit: 'Type clues around the board and given digits inside', play: 'Fill in the grid yourself, with Check and Hint', watch: 'Animate the solver step by step' },
      help: HELP,
      boardWrap: board.wrap,
      params: [editor.size],
      sideBefore: [editor.panel, play.panel, watch.panel],
      sideAfter: [watch.extras, play.hintDetails, colours, editor.share],
      panels: { edit: [editor.panel], play: [play.panel], watch: [watch.panel, watch.extras] },
      watch: { bar: watch.bar, run: watch.run, techniques: watch.techniques, link: watch.link },
      techniqueWord: 'Skyscrapers technique',
      enter(m) {
        ctx.mode = m;
        if (m !== 'play') play.hintDetails.hidden = true;
        pad.hidden = m === 'watch';
        if (m !== 'edit' && !cellSlot(ctx.puzzle.n, ctx.sel)) ctx.sel = { R: 1, C: 1 };
        if (m === 'watch') watch.enter();
        else if (m === 'play') play.enter();
        else messages.say('Editing: clues go around the board, given digits inside.');
      },
      draw,
      id: editor.id,
      linkBoard: () => play.linkBoard(),
      restore: play.restore,
      boardWords: {
        unopened: 'The puzzle in the link could not be opened, so the board in it is left out.',
        notPlay: 'The board in the link is for play mode (mode=play); it is left out.',
      },
      start: editor.start,
      open: editor.open,
      historyKey: (mode, e) => (mode === 'edit' ? editor.key(e) : mode === 'play' && play.key(e)),
      key(mode, e) {
        if (mode === 'watch') return watch.bar.key(e);
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
    },
    messages,
  );
  ctx.setMode = shell.setMode;
  const element = shell.element;

  // ---- Drawing ----
  function picture(): SkyPicture {
    const { puzzle, mode } = ctx;
    const n = puzzle.n;
    const p: SkyPicture = { n, clues: puzzle.clues, cells: [], selected: mode === 'watch' ? null : ctx.sel, showSelection: mode !== 'watch', lines: [], focus: null, solved: false };
    if (mode === 'watch') watch.picture(p);
    else if (mode === 'play') play.picture(p);
    else {
      for (let i = 0; i < n * n; i++) {
        const given = puzzle.givens[i] ?? 0;
        p.cells.push({ digit: given, kind: given ? 'given' : 'empty', cand: 0, fade: 0, bad: false });
      }
    }
    return p;
  }

  function draw(): void {
    if (element.hidden) return;
    // Repair uses no rule on a line: its key has no such colour to explain.
    const ruleLine = colours.querySelector<HTMLElement>('[data-item=rule-line]');
    if (ruleLine) ruleLine.hidden = ctx.mode === 'watch' && watch.local();
    const p = picture();
    const size = board.size();
    drawSky(fitCanvas(canvas, size), p, readTheme(canvas));
    const { puzzle, mode, sel } = ctx;
    const n = puzzle.n;
    const rows: string[] = [];
    for (let r = 0; r < n; r++) rows.push(p.cells.slice(r * n, r * n + n).map((c) => c.digit).join(','));
    // The e2e tests read the board through these attributes.
    const d = canvas.dataset;
    d.n = String(n);
    d.mode = mode;
    d.grid = rows.join('/');
    d.clues = puzzle.clues.map((s) => s.join(',')).join('/');
    d.selected = selName(n, sel);
    d.solved = String(p.solved);
    play.dataset(d);
    watch.drawSide(d);
    const filled = p.cells.filter((c) => c.digit > 0).length;
    const wrong = p.cells.filter((c) => c.bad).length;
    labelBoard(
      canvas,
      `${n} by ${n} Skyscrapers board, ${filled} of ${n * n} cells filled` +
        (wrong ? `, ${wrong} marked wrong` : '') +
        (p.solved ? ', solved' : '') +
        (mode === 'watch' ? '' : `; selected: ${selText(n, sel)}`),
    );
  }

  // ---- Board input (edit and play) ----
  function move(dr: number, dc: number): void {
    const { mode, sel } = ctx;
    const n = ctx.puzzle.n;
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
    ctx.sel = { R, C };
    lastDigit = null;
    draw();
  }

  /** Sets the selected slot to `v` (0 clears): a clue or given in edit mode, the player's digit in play. */
  function setValue(v: number): void {
    const n = ctx.puzzle.n;
    if (v > n) {
      messages.say(`Heights and clues go from 1 to ${n}.`);
      return;
    }
    if (ctx.mode === 'edit') editor.setValue(v);
    else if (ctx.mode === 'play') play.setValue(v);
  }

  function typeDigit(d: number): void {
    const now = performance.now();
    const n = ctx.puzzle.n;
    const sel = ctx.sel;
    if (n >= 10 && lastDigit && lastDigit.R === sel.R && lastDigit.C === sel.C && now - lastDigit.time < 1200 && lastDigit.value > 0 && lastDigit.value * 10 + d <= n) {
      const v = lastDigit.value * 10 + d;
      lastDigit = null;
      setValue(v);
      return;
    }
    lastDigit = d > 0 ? { time: now, R: sel.R, C: sel.C, value: d } : null;
    setValue(d);
  }

  function buildPad(): void {
    pad.replaceChildren();
    for (let v = 1; v <= ctx.puzzle.n; v++) {
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

  canvas.addEventListener('pointerdown', (e) => {
    const mode = ctx.mode;
    if (mode === 'watch') return;
    const rect = canvas.getBoundingClientRect();
    const scale = canvas.width / rect.width;
    const slot = slotAt(canvas.width, ctx.puzzle.n, (e.clientX - rect.left) * scale, (e.clientY - rect.top) * scale);
    if (!slot) return;
    if (mode === 'play' && !cellSlot(ctx.puzzle.n, slot)) return;
    ctx.sel = slot;
    lastDigit = null;
    canvas.focus();
    e.preventDefault();
    draw();
  });
  canvas.addEventListener('focus', () => draw());
  // In play, the tooltip over a cell in a clash says what is wrong there (Rust's sentences).
  const boardTitle = canvas.title;
  canvas.addEventListener('pointermove', (e) => {
    let says = '';
    if (ctx.mode === 'play') {
      const rect = canvas.getBoundingClientRect();
      const scale = canvas.width / rect.width;
      const slot = slotAt(canvas.width, ctx.puzzle.n, (e.clientX - rect.left) * scale, (e.clientY - rect.top) * scale);
      if (slot && cellSlot(ctx.puzzle.n, slot)) says = play.clashAt(slot.R - 1, slot.C - 1);
    }
    canvas.title = says || boardTitle;
  });

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
    } else if (ctx.mode === 'play' && (e.key === 'p' || e.key === 'P') && !e.ctrlKey && !e.metaKey && !e.altKey) {
      play.togglePencil();
    } else if (ctx.mode === 'play' && (e.key === 'h' || e.key === 'H') && !e.ctrlKey && !e.metaKey && !e.altKey) {
      play.askHint();
    } else if (ctx.mode === 'play' && (e.key === 'c' || e.key === 'C') && !e.ctrlKey && !e.metaKey && !e.altKey) {
      play.check();
    } else return false;
    e.preventDefault();
    return true;
  }

  buildPad();
  shell.setMode('edit');
  return shell.feature;
}
