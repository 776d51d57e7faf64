// The Hashiwokakero tab: an editor (editor.ts), a play mode (play.ts) and a watch mode (watch.ts)
// over one board. No rule lives here: parsing, exports, the candidate edges, checks and hints all
// come from wasm (src/puzzles/hashi/game.rs); this composes the modes, keeps the shared state and draws.

import { announceFrom, labelBoard } from '../../announce';
import { puzzleInfo } from '../../registry';
import { plural, sentence } from '../common/text';
import { h } from '../../dom';
import { BOARD_MAX, fitCanvas, readTheme, squareFor } from '../../render/canvas';
import { cellAt, drawHashi, hashiGeometry, type HashiScene } from '../../render/hashi';
import type { SolverClient } from '../../solver-client';
import { addLinkProblem, applyBoard, applyStep, puzzleSettings } from '../../link';
import { switchOptions, takeOptions } from '../common/size-link';
import type { Settings } from '../../address';
import { feature, type Feature } from '../feature';
import type { HashiCtx, Mode } from './context';
import { mountEditor } from './editor';
import { mountPlay } from './play';
import { bridgeList, freshWatch, key, type Exports, type Layout } from './state';
import { mountWatch } from './watch';
import { legend } from '../common/legend';
import { zoomControl } from '../../controls/zoom';

/** The puzzle a first visit opens: the registry's example. */
const EXAMPLE = puzzleInfo('hashi').example;
const MODES: Mode[] = ['edit', 'play', 'watch'];

export function mountHashi(client: SolverClient): Feature {
  const canvas = h('canvas', { class: 'board hashi-board', id: 'hashi-board', tabindex: '0', role: 'application', 'aria-label': 'Hashiwokakero board' });
  // What the board's colours mean (render/hashi.ts draws them).
  const colours = legend([
    { swatch: 'ring', colour: 'good', text: 'Island finished, with a whole ring: its bridges are decided and add up' },
    { swatch: 'ring-dashed', colour: 'bad', text: 'Island with a mistake or a dead end, with a broken ring' },
    { swatch: 'disc', colour: 'accent', text: 'Island the last step is about' },
    { swatch: 'line', colour: 'fg', text: 'Bridge decided' },
    { swatch: 'line', colour: 'muted', text: 'Bridge that may still grow' },
    { swatch: 'fill', colour: 'accent', alpha: 0.3, text: 'Bridges a rule or hint just decided' },
    { swatch: 'fill', colour: 'attack', alpha: 0.3, text: 'A guess the search will undo if it fails' },
    { swatch: 'digit', colour: 'bad', glyph: '✕', text: 'A bridge that breaks a rule (crossed)' },
  ]);
  // Zoomed, a drag on the board pans it only while watching; editing and playing drags draw.
  const zoom = zoomControl(canvas, () => draw(), 'Board', () => ctx.mode === 'watch');
  const boardWrap = h('div', { class: 'board-wrap' }, zoom.element, zoom.viewport);
  const status = h('p', { class: 'status', id: 'hashi-status' });
  const error = h('p', { class: 'error', id: 'hashi-error', role: 'alert', hidden: '' });
  const help = h('p', { class: 'help', id: 'hashi-help' });
  const modeButtons = MODES.map((m) =>
    h('button', { type: 'button', id: `hashi-mode-${m}`, 'aria-pressed': 'false' }, m === 'edit' ? 'Edit' : m === 'play' ? 'Play' : 'Watch the solver'),
  );

  const ctx: HashiCtx = {
    client,
    puzzle: { width: 7, height: 7, cells: new Array<number>(49).fill(0), maxBridges: 2, noLoops: false },
    exports: null,
    layout: null,
    edgeByKey: new Map(),
    mode: 'edit',
    cursor: 0,
    focused: false,
    version: 0,
    canvas,
    status,
    showError(message) {
      error.hidden = message === null;
      error.textContent = message ?? '';
    },
    draw,
    refresh,
    setMode,
    enterMode,
    moveCursor,
    pointerCell(ev) {
      const rect = canvas.getBoundingClientRect();
      const dpr = canvas.width / Math.max(1, rect.width);
      const x = (ev.clientX - rect.left) * dpr;
      const y = (ev.clientY - rect.top) * dpr;
      const { width, height } = ctx.puzzle;
      return { cell: cellAt(hashiGeometry(canvas.width, width, height), width, height, x, y), x, y };
    },
  };
  const editor = mountEditor(ctx);
  const play = mountPlay(ctx);
  const watch = mountWatch(ctx);
  announceFrom([status], () => watch.bar.playing());

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
    editor.panel,
    play.panel,
    watch.panel,
    // The error sits beside the board, not above it: an error appearing while islands are being
    // clicked in must not move the board under the pointer.
    h('div', { class: 'stage' }, boardWrap, h('div', { class: 'side' }, error, status, play.because, watch.mtLine, watch.solSwitch, watch.stats, colours, help, editor.io)),
  );

  async function refresh(): Promise<void> {
    const my = ++ctx.version;
    editor.noteChange();
    play.reset(0);
    watch.reset();
    try {
      const ex = await client.call<Exports>('format', 'hashi', ctx.puzzle);
      const lay = await client.call<Layout>('layout', 'hashi', ctx.puzzle);
      if (my !== ctx.version) return;
      ctx.exports = ex;
      ctx.layout = lay;
      ctx.edgeByKey = new Map(lay.edges.map((e) => [key(e.a, e.b), e.id]));
      play.reset(lay.edges.length);
      watch.run.view = freshWatch(lay);
      ctx.showError(null);
    } catch (e) {
      if (my !== ctx.version) return;
      ctx.exports = null;
      ctx.layout = null;
      ctx.edgeByKey = new Map();
      ctx.showError(e instanceof Error ? e.message : String(e));
    }
    editor.showExports(ctx.exports);
    for (const b of modeButtons.slice(1)) b.disabled = !ctx.layout;
    if (!ctx.layout && ctx.mode !== 'edit') setMode('edit');
    else enterMode();
  }

  function setMode(m: Mode): void {
    if (m !== 'watch') watch.run.pause();
    ctx.mode = m;
    play.cancelDrag();
    enterMode();
  }

  function enterMode(): void {
    const mode = ctx.mode;
    modeButtons.forEach((b, i) => b.setAttribute('aria-pressed', String(MODES[i] === mode)));
    editor.sync();
    editor.panel.hidden = mode !== 'edit';
    play.panel.hidden = mode !== 'play';
    watch.panel.hidden = mode !== 'watch';
    watch.stats.hidden = mode !== 'watch';
    watch.solSwitch.hidden = true;
    play.because.replaceChildren();
    help.textContent =
      mode === 'edit'
        ? 'Click or tap a cell to place an island, then type its number (1–8), scroll or press +/−. Keys on the board: arrows move, digits set, # rock, . or Delete water.'
        : mode === 'play'
          ? 'Drag from an island to another it can see for a bridge; click the same pair again for the second, once more to remove. Keys: arrows move, Enter selects an island, then an arrow lays a bridge that way; H hint, C check.'
          : 'Faint dashes: bridges still possible. Grey: bridges that may still grow. Black: decided. Blue: the island being worked on. Keys: Space play, → step, ← step back, R reset, S solve.';
    if (mode === 'edit') {
      const any = ctx.puzzle.cells.some((v) => v !== 0 && v !== 255);
      status.textContent = ctx.layout
        ? `${ctx.layout.islands.length} islands, ${ctx.layout.edges.length} possible bridges.`
        : any
          ? 'Not a puzzle yet: the error message says why.'
          : 'Place islands to make a puzzle.';
    }
    if (mode === 'play') void play.check();
    if (mode === 'watch') watch.enter();
    draw();
  }

  function moveCursor(e: KeyboardEvent): boolean {
    const { width: w, height } = ctx.puzzle;
    let r = Math.floor(ctx.cursor / w);
    let c = ctx.cursor % w;
    if (e.key === 'ArrowUp') r = Math.max(0, r - 1);
    else if (e.key === 'ArrowDown') r = Math.min(height - 1, r + 1);
    else if (e.key === 'ArrowLeft') c = Math.max(0, c - 1);
    else if (e.key === 'ArrowRight') c = Math.min(w - 1, c + 1);
    else return false;
    ctx.cursor = r * w + c;
    draw();
    return true;
  }

  function scene(): HashiScene {
    const mode = ctx.mode;
    const s: HashiScene = {
      width: ctx.puzzle.width,
      height: ctx.puzzle.height,
      cells: ctx.puzzle.cells,
      edges: [],
      finished: new Set(),
      bad: new Set(),
      highlight: new Set(),
      focus: null,
      selected: null,
      cursor: ctx.focused && mode !== 'watch' ? ctx.cursor : null,
      grid: mode === 'edit',
      drag: null,
      solved: false,
    };
    if (mode === 'play') play.scene(s);
    else if (mode === 'watch') watch.scene(s);
    return s;
  }

  function draw(): void {
    const { puzzle, mode, cursor } = ctx;
    // Small boards do not need giant cells: at most 64 CSS pixels per cell.
    const size = zoom.size(Math.min(squareFor(boardWrap, BOARD_MAX), Math.max(240, 64 * Math.max(puzzle.width, puzzle.height))));
    const sc = scene();
    drawHashi(fitCanvas(canvas, size), sc, readTheme(canvas));
    const d = canvas.dataset;
    d.mode = mode;
    d.width = String(puzzle.width);
    d.height = String(puzzle.height);
    d.cells = puzzle.cells.join(',');
    d.bridges = bridgeList(sc.edges.filter((e) => e.n > 0 && (mode === 'play' || e.hi === e.n)));
    d.solved = String(sc.solved);
    // What is drawn in red: islands ("r,c") and bridges, for tests and for reading the board.
    d.marked = [...[...sc.bad].map((i) => `${Math.floor(i / puzzle.width)},${i % puzzle.width}`), bridgeList(sc.edges.filter((e) => e.mark === 'bad'))]
      .filter(Boolean)
      .join(';');
    d.verdict = mode === 'watch' ? watch.verdict() : '';
    d.cursor = `${Math.floor(cursor / puzzle.width)},${cursor % puzzle.width}`;
    const islands = puzzle.cells.filter((v) => v !== 0 && v !== 255).length;
    labelBoard(
      canvas,
      `Hashiwokakero ${puzzle.width} by ${puzzle.height}, ${islands} islands, ${mode} mode` +
        (mode === 'play' ? `, ${plural(play.userBridges().length, 'bridge')} placed${sc.solved ? ', solved' : ''}` : '') +
        (sc.bad.size ? `, ${plural(sc.bad.size, 'island')} marked wrong` : '') +
        (ctx.focused && mode !== 'watch' ? `, cursor at row ${Math.floor(cursor / puzzle.width) + 1} column ${(cursor % puzzle.width) + 1}` : ''),
    );
    watch.drawSide();
  }

  // The editor's clicks (play mode's drags are handled in play.ts).
  canvas.addEventListener('pointerdown', (ev) => {
    if (ctx.mode !== 'edit') return;
    const { cell } = ctx.pointerCell(ev);
    if (!cell) return;
    ev.preventDefault();
    canvas.focus();
    editor.click(cell);
  });
  canvas.addEventListener('focus', () => {
    ctx.focused = true;
    draw();
  });
  canvas.addEventListener('blur', () => {
    ctx.focused = false;
    draw();
  });
  modeButtons.forEach((b, i) => b.addEventListener('click', () => setMode(MODES[i]!)));
  // A link's watch techniques (opts=name:on|off) and mode, applied once its puzzle has loaded.
  const techniques = switchOptions(watch.techniques, 'Hashiwokakero technique');
  function linked(s: Settings, opened = false): void {
    takeOptions(techniques, s.opts);
    // A link to a puzzle opens it ready to play, as puzz.link does: a player who types into a
    // shared puzzle must not change it. The page's own links always write their mode (an edit-mode
    // link says mode=edit), so only links without one (imported IDs, shared puzzles) land here.
    const mode = s.mode ?? (opened ? 'play' : undefined);
    if (mode && ctx.layout) setMode(mode);
    else draw();
    if (ctx.mode === 'watch') applyStep(watch.run, s.step);
    if (s.board === undefined) return;
    applyBoard(s, ctx.mode, play.restore, {
      unopened: 'The puzzle in the link could not be laid out, so the bridges in it are left out.',
      notPlay: 'The bridges in the link are for play mode (mode=play); they are left out.',
    });
    draw();
  }

  /** Loads a linked puzzle (the example without one) and applies the link's settings. A puzzle
   *  that cannot be opened is said in the banner too (www/link.ts), so a bad link never passes
   *  for an empty board or for the puzzle shown before it. */
  function openLink(param: string | null, s: Settings): void {
    if (param) editor.setLoadText(param);
    const before = ctx.exports !== null;
    void editor.load(param ?? EXAMPLE).then(async (ok) => {
      if (!ok && param) {
        const why = error.textContent ?? '';
        // As the Skyscrapers view does: a first visit whose link fails shows the example rather
        // than an empty board, and the banner says which puzzle is on screen; a later link that
        // fails leaves the puzzle from before.
        if (!before) await editor.load(EXAMPLE);
        if (!before) ctx.showError(why);
        addLinkProblem(`The Hashiwokakero puzzle in this link could not be opened. ${sentence(why)} ${before ? 'The puzzle from before is kept.' : 'The example puzzle is shown instead.'}`);
      }
      linked(s, ok && param !== null);
    });
  }

  return feature({
    element,
    bar: watch.bar,
    // The address holds the puzzle's ID and the mode (www/link.ts); a linked mode applies once loaded.
    start: openLink,
    // A later link in the same view (the address edited, a link followed) is opened the same way,
    // its failure said too: the route has just cleared the banner, and the board still shows the
    // puzzle from before.
    open: (param, s) => (param ? openLink(param, s) : linked(s)),
    state: () => {
      const ex = ctx.exports;
      const id = ex ? (ex.tatham ?? ex.plain.replace(/\n/g, '/')) : null;
      const opts = techniques.linkOptions();
      if (!id) return null;
      // Play mode's link carries the player's bridges too: the whole position.
      const settings = puzzleSettings(ctx.mode, opts, watch.run, () => play.linkBoard());
      return { puzzle: id, settings };
    },
    historyKey: (e) => (ctx.mode === 'edit' ? editor.historyKey(e) : ctx.mode === 'play' && play.historyKey(e)),
    redraw: draw,
    pause: () => watch.run.pause(),
    key(e) {
      if (document.activeElement === canvas && ctx.mode !== 'watch') {
        const used = ctx.mode === 'edit' ? editor.key(e) : play.key(e);
        if (used) e.preventDefault();
        return used;
      }
      return ctx.mode === 'watch' && watch.bar.key(e);
    },
  });
}
