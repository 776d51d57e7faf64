// The Hashiwokakero tab: an editor (editor.ts), a play mode (play.ts) and a watch mode (watch.ts)
// over one board. No rule lives here: parsing, exports, the candidate edges, checks and hints all
// come from wasm (src/puzzles/hashi/game.rs). The page shell (views/common/shell.ts) holds the modes,
// the message line, links and key routing; this keeps the board's state, its layout and drawing.

import { labelBoard } from '../../announce';
import { plural } from '../common/text';
import { h } from '../../dom';
import { fitCanvas, readTheme } from '../../render/canvas';
import { cellAt, drawHashi, hashiGeometry, type HashiScene } from '../../render/hashi';
import type { SolverClient } from '../../solver-client';
import type { Feature } from '../feature';
import { boardFrame, messageLine, mountShell } from '../common/shell';
import type { HashiCtx, Mode } from './context';
import { mountEditor } from './editor';
import { mountPlay } from './play';
import { bridgeList, freshWatch, key, type Exports, type Layout } from './state';
import { mountWatch } from './watch';
import { legend } from '../common/legend';

const HELP: Record<Mode, string> = {
  edit: 'Click or tap a cell to place an island, then type its number (1–8), scroll or press +/−. Keys on the board: arrows move, digits set, # rock, . or Delete water.',
  play: 'Drag from an island to another it can see for a bridge; click the same pair again for the second, once more to remove. Keys: arrows move, Enter selects an island, then an arrow lays a bridge that way; H hint, C check.',
  watch: 'Faint dashes: bridges still possible. Grey: bridges that may still grow. Black: decided. Blue: the island being worked on. Keys: Space play, → step, ← step back, R reset, S solve.',
};

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
  const board = boardFrame(canvas, () => draw(), () => ctx.mode === 'watch');
  const messages = messageLine('hashi');
  const { status } = messages;

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
    messages,
    showError: messages.fail,
    draw,
    refresh,
    setMode: (m) => shell.setMode(m),
    generated: (p, level) => play.level(p, level),
    enterMode: () => shell.enterMode(),
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

  const shell = mountShell(
    {
      prefix: 'hashi',
      view: 'hashi',
      title: 'Hashiwokakero',
      lede: 'Join the islands with straight bridges over water: each island has as many bridge ends as its number, at most the chosen number of bridges per pair, bridges never cross, and all islands end up connected.',
      help: HELP,
      boardWrap: board.wrap,
      above: [editor.panel, play.panel, watch.panel],
      sideAfter: [play.because, watch.mtLine, watch.solSwitch, watch.stats, colours, editor.io],
      panels: { edit: [editor.panel], play: [play.panel], watch: [watch.panel, watch.stats] },
      watch: { bar: watch.bar, run: watch.run, techniques: watch.techniques },
      techniqueWord: 'Hashiwokakero technique',
      canEnter: (m) => m === 'edit' || ctx.layout !== null,
      enter(mode) {
        ctx.mode = mode;
        play.cancelDrag();
        editor.sync();
        watch.solSwitch.hidden = true;
        play.because.replaceChildren();
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
      },
      draw,
      id: () => {
        const ex = ctx.exports;
        return ex && !editor.pending() ? (ex.tatham ?? ex.plain.replace(/\n/g, '/')) || null : null;
      },
      linkBoard: () => play.linkBoard(),
      restore: play.restore,
      boardWords: {
        unopened: 'The puzzle in the link could not be laid out, so the bridges in it are left out.',
        notPlay: 'The bridges in the link are for play mode (mode=play); they are left out.',
      },
      start: editor.start,
      // A later link in the same view (the address edited, a link followed) is opened the same way,
      // its failure said too: the route has just cleared the banner, and the board still shows the
      // puzzle from before.
      open: editor.open,
      historyKey: (mode, e) => (mode === 'edit' ? editor.historyKey(e) : mode === 'play' && play.historyKey(e)),
      key(mode, e) {
        if (document.activeElement === canvas && mode !== 'watch') {
          const used = mode === 'edit' ? editor.key(e) : play.key(e);
          if (used) e.preventDefault();
          return used;
        }
        return mode === 'watch' && watch.bar.key(e);
      },
    },
    messages,
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
    for (const m of ['play', 'watch'] as const) shell.modeButton(m).disabled = !ctx.layout;
    if (!ctx.layout && ctx.mode !== 'edit') shell.setMode('edit');
    else shell.enterMode();
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
    const size = board.size(Math.max(240, 64 * Math.max(puzzle.width, puzzle.height)));
    const sc = scene();
    drawHashi(fitCanvas(canvas, size), sc, readTheme(canvas));
    const d = canvas.dataset;
    d.mode = mode;
    d.width = String(puzzle.width);
    d.height = String(puzzle.height);
    d.cells = puzzle.cells.join(',');
    d.bridges = bridgeList(sc.edges.filter((e) => e.n > 0 && (mode === 'play' || e.hi === e.n)));
    d.solved = String(sc.solved);
    // Bridges drawn as ones that may still grow (grey), for tests and for reading the board.
    d.growing = String(sc.edges.filter((e) => e.n > 0 && e.hi > e.n && e.mark !== 'bad' && e.ghost === undefined).length);
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
  shell.setMode('edit');
  return shell.feature;
}
