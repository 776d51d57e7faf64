// Hashiwokakero's play mode: bridges drawn by dragging between islands, clicking over water or with
// the keyboard; Check marks mistakes and Hint explains the next deduction (both computed by wasm).

import { h } from '../../dom';
import { hashiGeometry, type Cell, type EdgeMark, type HashiScene } from '../../render/hashi';
import { preference } from '../common/preference';
import { playTimer } from '../common/timer';
import { isIsland, type HashiCtx } from './context';
import { key, type BoardReport, type Bridge, type Hint } from './state';
import { undoable } from '../common/undo';
import { keptMoves } from '../common/kept';
import { packValues, unpackValues } from '../common/board-link';
import type { HashiPuzzle } from './state';

/** The puzzle's identity for stored bridges, independent of how its object was built. */
const hashiKey = (p: HashiPuzzle) => JSON.stringify([p.width, p.height, p.maxBridges, p.noLoops, p.cells]);

export interface Play {
  panel: HTMLElement;
  /** The hint's reasons (in the side column). */
  because: HTMLElement;
  /** Drops the bridges, check and hint (a new board); `edges` bridges of 0 once laid out. */
  reset(edges: number): void;
  /** Ends a drag (on a mode switch). */
  cancelDrag(): void;
  key(e: KeyboardEvent): boolean;
  /** Ctrl+Z and friends on the player's bridges. */
  historyKey(e: KeyboardEvent): boolean;
  /** Reads the board's report; `asked` is the Check button (shows the red marks). */
  check(asked?: boolean): Promise<void>;
  userBridges(): Bridge[];
  /** Fills in the play part of the board's scene. */
  scene(s: HashiScene): void;
  /** The player's bridges for a link (`board=`, one count per possible bridge of the layout);
   *  undefined while there are none. */
  linkBoard(): string | undefined;
  /** Lays a link's bridges; a sentence if they do not fit this puzzle's layout. */
  restore(text: string): string | null;
  /** The generator's level of puzzle `p` (New puzzle), for the timer's records. */
  level(p: HashiPuzzle, level: string | null): void;
}

export function mountPlay(ctx: HashiCtx): Play {
  let bridges: number[] = [];
  let report: BoardReport | null = null;
  let hint: Hint | null = null;
  let selected: number | null = null;
  let drag: { from: Cell; x: number; y: number; moved: boolean } | null = null;

  const hintBtn = h('button', { type: 'button', id: 'hashi-hint', class: 'primary', title: 'The next deduction from your bridges (H)' }, 'Hint');
  const applyBtn = h('button', { type: 'button', id: 'hashi-apply', hidden: '' }, 'Apply hint');
  const checkBtn = h('button', { type: 'button', id: 'hashi-check', title: 'Mark broken rules and wrong bridges now (C)' }, 'Check');
  const resetBridges = h('button', { type: 'button', id: 'hashi-clear-bridges' }, 'Remove all bridges');
  // Tatham's "show mistakes" preference: some players want to find their own errors. Off, the
  // board still shows finished islands and the solved state; red marks wait for Check. Kept
  // across reloads, like any preference.
  const autoPref = preference('hashi', 'markAsIPlay', 'hashi-auto-check', 'Mark mistakes as I play', 'Mark crossings, over-full islands and wrong bridges after every move', true, (on) => {
    marking = on;
    void check();
  });
  const auto = autoPref.input;
  /** Red marks are on the board: always with `auto`, else from Check until the next move. */
  let marking = auto.checked;
  const because = h('ul', { class: 'because', id: 'hashi-because' });
  // The player's bridges survive a reload (per puzzle) and every change can be undone exactly.
  const kept = keptMoves('hashi');
  const keep = () => kept.save(hashiKey(ctx.puzzle), bridges);
  /** The bridges this browser keeps for the puzzle's `edges` links (none kept: no bridge). */
  const loadKept = (edges: number) => {
    bridges = (edges > 0 ? kept.load(hashiKey(ctx.puzzle), edges, 8) : null) ?? new Array<number>(edges).fill(0);
  };
  const history = undoable('hashi-play', () => bridges.slice(), (b, how) => {
    bridges = b;
    keep();
    clearHint();
    ctx.status.textContent = `${how}: your bridges as they were.`;
    moved();
  });
  // The clock runs in Play on the shown view, from the layout on; solved boards stop it (timer.ts).
  const timer = playTimer('hashi', 'hashi', () => ctx.mode === 'play' && !(ctx.canvas.closest('section') as HTMLElement | null)?.hidden);
  const panel = h(
    'div',
    { class: 'params hashi-play' },
    timer.element,
    hintBtn,
    applyBtn,
    checkBtn,
    resetBridges,
    history.buttons,
    autoPref.element,
  );

  function userBridges(): Bridge[] {
    const layout = ctx.layout;
    if (!layout) return [];
    return layout.edges.filter((e) => (bridges[e.id] ?? 0) > 0).map((e) => ({ a: e.a, b: e.b, n: bridges[e.id]! }));
  }

  /** Re-reads the board's report after a move; `asked` is the Check button (marks shown until the
   *  next move even with "Mark mistakes as I play" off). `lead`, a sentence about how the board
   *  came (a link's bridges over the kept ones), stays in front of the report's. */
  async function check(asked = false, lead?: string): Promise<void> {
    const my = ctx.version;
    const since = ctx.messages.said();
    if (asked) marking = true;
    try {
      const r = await ctx.client.call<BoardReport>('check', 'hashi', ctx.puzzle, userBridges());
      if (my !== ctx.version) return;
      report = r;
      timer.update();
      timer.solved(r.solved);
      // A message said since the check started (New puzzle's sentence after entering Play) is
      // the current one: the board's marks follow the report, the line keeps that message.
      if (ctx.messages.said() !== since) {
        ctx.draw();
        return;
      }
      // Rust words each way the report can be shown; the page knows which applies.
      ctx.status.textContent = !marking ? r.says.quiet : asked ? r.says.checked : r.says.marked;
      // Solved, the time it took follows Rust's sentence.
      if (r.solved) ctx.status.textContent = `${ctx.status.textContent} ${timer.solvedSays() ?? ''}`.trim();
      if (lead) ctx.status.textContent = `${lead} ${ctx.status.textContent}`;
    } catch (e) {
      ctx.showError(e instanceof Error ? e.message : String(e));
    }
    ctx.draw();
  }

  /** After a move: the check runs (finished islands, solved), red marks only if asked for. */
  function moved(): void {
    marking = auto.checked;
    void check();
  }

  async function askHint(): Promise<void> {
    if (!ctx.layout) return;
    const my = ctx.version;
    try {
      const r = await ctx.client.call<Hint>('hint', 'hashi', ctx.puzzle, userBridges());
      if (my !== ctx.version) return;
      hint = r;
      ctx.status.textContent = r.says; // Rust's line (Hint.says)
      because.replaceChildren(...r.because.map((s) => h('li', {}, s)));
      applyBtn.hidden = !(r.bridges.length > 0 && (r.kind === 'deduction' || r.kind === 'guess' || r.kind === 'mistake'));
      applyBtn.textContent = r.kind === 'mistake' ? 'Remove it' : 'Apply hint';
    } catch (e) {
      ctx.showError(e instanceof Error ? e.message : String(e));
    }
    ctx.draw();
  }

  function applyHint(): void {
    if (!hint) return;
    history.before();
    for (const b of hint.bridges) {
      const id = ctx.edgeByKey.get(key(b.a, b.b));
      if (id === undefined) continue;
      bridges[id] = hint.kind === 'mistake' ? 0 : Math.max(bridges[id] ?? 0, b.n);
    }
    keep();
    clearHint();
    moved();
  }

  function clearHint(): void {
    hint = null;
    applyBtn.hidden = true;
    because.replaceChildren();
  }

  function toggleEdge(id: number): void {
    const e = ctx.layout?.edges[id];
    if (!e) return;
    const n = bridges[id] ?? 0;
    history.before();
    bridges[id] = n >= e.cap ? 0 : n + 1;
    keep();
    clearHint();
    moved();
  }

  /** The candidate edge from island cell `from` towards direction (dr, dc). */
  function edgeToward(from: Cell, dr: number, dc: number): number | null {
    if (!ctx.layout) return null;
    for (const e of ctx.layout.edges) {
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
    if (!ctx.layout) return null;
    const over = ctx.layout.edges.filter((e) =>
      e.horizontal ? e.a[0] === c[0] && c[1] > e.a[1] && c[1] < e.b[1] : e.a[1] === c[1] && c[0] > e.a[0] && c[0] < e.b[0],
    );
    over.sort((x, y) => (bridges[y.id] ?? 0) - (bridges[x.id] ?? 0) || Number(y.horizontal) - Number(x.horizontal));
    return over[0]?.id ?? null;
  }

  function playKey(e: KeyboardEvent): boolean {
    const w = ctx.puzzle.width;
    const at: Cell = [Math.floor(ctx.cursor / w), ctx.cursor % w];
    const dirs: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const d = dirs[e.key];
    if (d && selected !== null) {
      const sel: Cell = [Math.floor(selected / w), selected % w];
      const id = edgeToward(sel, d[0], d[1]);
      if (id === null) ctx.status.textContent = 'No island in that direction.';
      else toggleEdge(id);
      return true;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      selected = selected === ctx.cursor || !isIsland(ctx.puzzle.cells[ctx.cursor]) ? null : ctx.cursor;
      ctx.status.textContent =
        selected !== null ? `Island at row ${at[0] + 1}, column ${at[1] + 1} selected: an arrow key lays a bridge that way, Escape ends.` : 'No island selected.';
      ctx.draw();
      return true;
    }
    if (e.key === 'Escape') {
      selected = null;
      ctx.draw();
      return true;
    }
    if (e.key === 'h' || e.key === 'H') {
      void askHint();
      return true;
    }
    if (e.key === 'c' || e.key === 'C') {
      void check(true);
      return true;
    }
    return ctx.moveCursor(e);
  }

  // ---- pointer: drag from an island to lay a bridge, click over water to add one ----
  const canvas = ctx.canvas;
  canvas.addEventListener('pointerdown', (ev) => {
    if (ctx.mode !== 'play') return;
    const { cell, x, y } = ctx.pointerCell(ev);
    if (!cell) return;
    ev.preventDefault();
    canvas.focus();
    if (isIsland(ctx.puzzle.cells[cell[0] * ctx.puzzle.width + cell[1]])) {
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
    const { x, y } = ctx.pointerCell(ev);
    const g = hashiGeometry(canvas.width, ctx.puzzle.width, ctx.puzzle.height);
    drag.x = x;
    drag.y = y;
    const fx = g.ox + drag.from[1] * g.cell + g.cell / 2;
    const fy = g.oy + drag.from[0] * g.cell + g.cell / 2;
    if (Math.hypot(x - fx, y - fy) > g.cell * 0.5) drag.moved = true;
    ctx.draw();
  });
  const endDrag = (ev: PointerEvent) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    const { x, y } = ctx.pointerCell(ev);
    const g = hashiGeometry(canvas.width, ctx.puzzle.width, ctx.puzzle.height);
    const i = d.from[0] * ctx.puzzle.width + d.from[1];
    if (!d.moved || ev.type === 'pointercancel') {
      if (!d.moved) {
        selected = selected === i ? null : i;
        ctx.cursor = i;
      }
      ctx.draw();
      return;
    }
    // The direction of the drag picks the bridge: the island seen that way, however far it is.
    const dx = x - (g.ox + d.from[1] * g.cell + g.cell / 2);
    const dy = y - (g.oy + d.from[0] * g.cell + g.cell / 2);
    const id = Math.abs(dx) >= Math.abs(dy) ? edgeToward(d.from, 0, Math.sign(dx)) : edgeToward(d.from, Math.sign(dy), 0);
    if (id === null) {
      ctx.status.textContent = 'No island can be reached that way.';
      ctx.draw();
    } else toggleEdge(id);
  };
  canvas.addEventListener('pointerup', endDrag);
  canvas.addEventListener('pointercancel', endDrag);

  hintBtn.addEventListener('click', () => void askHint());
  checkBtn.addEventListener('click', () => void check(true));
  applyBtn.addEventListener('click', applyHint);
  resetBridges.addEventListener('click', () => {
    history.before();
    bridges = bridges.map(() => 0);
    keep();
    clearHint();
    moved();
  });

  return {
    panel,
    because,
    reset(edges) {
      if (edges > 0) timer.puzzle(hashiKey(ctx.puzzle), `${ctx.puzzle.width}×${ctx.puzzle.height}`);
      loadKept(edges);
      history.clear();
      report = null;
      hint = null;
      selected = null;
      marking = auto.checked;
    },
    cancelDrag() {
      drag = null;
    },
    linkBoard() {
      const text = packValues(bridges, Math.max(1, ctx.puzzle.maxBridges));
      return text === '' ? undefined : text;
    },
    restore(text) {
      const layout = ctx.layout;
      if (!layout) return 'The bridges in the link need the puzzle laid out first; the puzzle opens without them.';
      const k = Math.max(1, ctx.puzzle.maxBridges);
      const got = unpackValues(text, layout.edges.length, k);
      if (typeof got === 'string') return `The bridges in the link do not fit this puzzle (${layout.edges.length} possible ${layout.edges.length === 1 ? 'bridge' : 'bridges'}): ${got}; the puzzle opens without them.`;
      // The bridges kept in this browser for the puzzle are not thrown away: the link's board is
      // one step on top of them, Undo brings them back, and they stay in storage until the
      // player moves on the link's board (a reload before that opens the link again on top).
      // The kept bridges are read from storage, not taken from the screen: a second link opened
      // in the same tab finds the first link's bridges there, which were never kept.
      loadKept(layout.edges.length);
      const saved = bridges.some((v) => v > 0) && got.some((v, i) => v !== bridges[i]);
      history.clear();
      if (saved) history.before();
      bridges = got;
      clearHint();
      if (!saved) keep();
      const lead = saved ? 'Your bridges from the link; Undo brings back the ones this browser had kept for this puzzle.' : 'Your bridges from the link.';
      ctx.status.textContent = lead;
      // The check's report replaces the status when it lands: the link's sentence stays in front.
      marking = auto.checked;
      void check(false, lead);
      return null;
    },
    level: (p, level) => timer.level(hashiKey(p), level),
    key: playKey,
    historyKey: history.key,
    check,
    userBridges,
    scene(s) {
      const layout = ctx.layout;
      if (!layout) return;
      const w = ctx.puzzle.width;
      const at = (c: Cell) => c[0] * w + c[1];
      s.drag = drag && drag.moved ? drag : null;
      const marks = new Map<string, EdgeMark>();
      for (const b of hint?.bridges ?? []) marks.set(key(b.a, b.b), hint?.kind === 'mistake' ? 'bad' : 'hint');
      const shown = marking ? report : null;
      for (const b of [...(shown?.mistakes ?? []), ...(shown?.invalid ?? []), ...(shown?.crossing.flat() ?? [])]) marks.set(key(b.a, b.b), 'bad');
      s.edges = layout.edges.map((e) => {
        const n = bridges[e.id] ?? 0;
        // On a solved board every bridge is final: none is drawn as one that may still grow.
        return { a: e.a, b: e.b, n, hi: report?.solved ? n : Math.max(e.cap, n), mark: marks.get(key(e.a, e.b)) ?? '' };
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
      for (const c of shown?.overfull ?? []) s.bad.add(at(c));
      for (const c of hint?.islands ?? []) s.highlight.add(at(c));
      s.selected = selected;
      s.solved = !!report?.solved;
    },
  };
}
