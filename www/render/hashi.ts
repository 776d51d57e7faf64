// Draws a Hashiwokakero board from a scene; pure: the same scene always gives the same picture.
// The view decides what each bridge and island means (placed, decided, candidate, wrong, hinted);
// this file only turns that into lines and circles in whole device pixels.

import { cross, type Surface, type Theme } from './canvas';
import { withAlpha } from './queens';

export type Cell = [number, number];

/** How an edge is drawn besides its bridges. */
export type EdgeMark = '' | 'bad' | 'hint' | 'rule' | 'guess';

export interface SceneEdge {
  a: Cell;
  b: Cell;
  /** Bridges drawn solid. */
  n: number;
  /** Most bridges still possible; a faint line while `hi > n`, nothing extra when `hi === n`. */
  hi: number;
  mark: EdgeMark;
  /** A hint's proposal: this many bridges drawn dashed in the accent colour (when more than `n`). */
  ghost?: number;
}

export interface HashiScene {
  width: number;
  height: number;
  /** Row-major: 0 water, 255 rock, else the island's number. */
  cells: number[];
  edges: SceneEdge[];
  /** Cell indices (row*width+col) of islands with exactly their number of bridges. */
  finished: Set<number>;
  /** Islands with too many bridges, or in a dead end. */
  bad: Set<number>;
  /** Islands a rule, hint or guess is about. */
  highlight: Set<number>;
  /** The island the solver works on. */
  focus: number | null;
  /** The island selected for keyboard bridges. */
  selected: number | null;
  /** The keyboard cursor, drawn when the board has focus. */
  cursor: number | null;
  /** Editing: draw the cell grid. */
  grid: boolean;
  /** A bridge being dragged: from an island's centre to the pointer, in device pixels. */
  drag: { from: Cell; x: number; y: number } | null;
  solved: boolean;
}

export interface HashiGeometry {
  cell: number;
  ox: number;
  oy: number;
}

/** The solved frame's line width for cells of `cell` pixels. */
const frameWidth = (cell: number) => Math.max(3, cell / 10);

export function hashiGeometry(px: number, width: number, height: number): HashiGeometry {
  // A margin round the grid holds the solved frame, so the frame never touches the rings of
  // islands on the border (issue 28): as wide as the frame of the cells without it, plus a gap.
  const margin = Math.ceil(frameWidth(px / Math.max(width, height))) + 2;
  const cell = Math.max(4, Math.floor((px - 2 * margin) / Math.max(width, height)));
  return { cell, ox: Math.floor((px - cell * width) / 2), oy: Math.floor((px - cell * height) / 2) };
}

/** The cell under a point in device pixels, or null outside the board. */
export function cellAt(g: HashiGeometry, width: number, height: number, x: number, y: number): Cell | null {
  const c = Math.floor((x - g.ox) / g.cell);
  const r = Math.floor((y - g.oy) / g.cell);
  return r >= 0 && r < height && c >= 0 && c < width ? [r, c] : null;
}

export function drawHashi(s: Surface, scene: HashiScene, theme: Theme): void {
  const { ctx } = s;
  const { width: w, height: h } = scene;
  const g = hashiGeometry(s.px, w, h);
  const { cell, ox, oy } = g;
  const cx = (c: number) => ox + c * cell + cell / 2;
  const cy = (r: number) => oy + r * cell + cell / 2;
  ctx.clearRect(0, 0, s.px, s.px);
  ctx.fillStyle = theme.bg;
  ctx.fillRect(ox, oy, cell * w, cell * h);

  if (scene.grid) {
    ctx.strokeStyle = theme.faint;
    ctx.lineWidth = 1;
    ctx.beginPath();
    // The last line sits half a pixel inside the board so it is not clipped at the canvas edge.
    for (let c = 0; c <= w; c++) {
      const x = Math.min(ox + c * cell + 0.5, ox + w * cell - 0.5);
      ctx.moveTo(x, oy);
      ctx.lineTo(x, oy + h * cell);
    }
    for (let r = 0; r <= h; r++) {
      const y = Math.min(oy + r * cell + 0.5, oy + h * cell - 0.5);
      ctx.moveTo(ox, y);
      ctx.lineTo(ox + w * cell, y);
    }
    ctx.stroke();
  } else {
    // Small dots on water help counting cells along a line.
    ctx.fillStyle = theme.faint;
    const d = Math.max(1, Math.round(cell / 18));
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) if (scene.cells[r * w + c] === 0) ctx.fillRect(cx(c) - d / 2, cy(r) - d / 2, d, d);
  }

  // Rocks: a filled square with a cross-hatch, so they read without colour.
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      if (scene.cells[r * w + c] !== 255) continue;
      const m = Math.round(cell * 0.1);
      ctx.fillStyle = theme.muted;
      ctx.fillRect(ox + c * cell + m, oy + r * cell + m, cell - 2 * m, cell - 2 * m);
      ctx.strokeStyle = theme.bg;
      ctx.lineWidth = Math.max(1, cell / 24);
      ctx.beginPath();
      ctx.moveTo(ox + c * cell + m, oy + r * cell + cell - m);
      ctx.lineTo(ox + c * cell + cell - m, oy + r * cell + m);
      ctx.stroke();
    }
  }

  const gap = Math.max(3, cell * 0.16);
  const lw = Math.max(1.5, cell / 16);
  for (const e of scene.edges) {
    const x0 = cx(e.a[1]);
    const y0 = cy(e.a[0]);
    const x1 = cx(e.b[1]);
    const y1 = cy(e.b[0]);
    const horizontal = e.a[0] === e.b[0];
    if (e.mark !== '') {
      // A wide translucent band under the edge: what a rule, hint or mistake is about.
      ctx.strokeStyle = withAlpha(e.mark === 'bad' ? theme.bad : e.mark === 'guess' ? theme.attack : theme.accent, 0.3);
      ctx.lineWidth = cell * 0.5;
      ctx.lineCap = 'butt';
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
    }
    if (e.hi > e.n && e.n === 0) {
      ctx.strokeStyle = theme.faint;
      ctx.lineWidth = Math.max(1, lw * 0.6);
      ctx.setLineDash([Math.max(2, cell / 8), Math.max(2, cell / 8)]);
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    if (e.ghost !== undefined && e.ghost > e.n) {
      ctx.strokeStyle = theme.accent;
      ctx.lineWidth = lw;
      ctx.setLineDash([Math.max(3, cell / 6), Math.max(2, cell / 10)]);
      ctx.beginPath();
      for (let i = 0; i < e.ghost; i++) {
        const o = (i - (e.ghost - 1) / 2) * gap;
        ctx.moveTo(x0 + (horizontal ? 0 : o), y0 + (horizontal ? o : 0));
        ctx.lineTo(x1 + (horizontal ? 0 : o), y1 + (horizontal ? o : 0));
      }
      ctx.stroke();
      ctx.setLineDash([]);
    } else if (e.n > 0) {
      // Bridges still able to grow are drawn muted; bridges fully decided in the solid colour.
      ctx.strokeStyle = e.mark === 'bad' ? theme.bad : e.hi > e.n ? theme.muted : theme.fg;
      ctx.lineWidth = lw;
      ctx.beginPath();
      for (let i = 0; i < e.n; i++) {
        const o = (i - (e.n - 1) / 2) * gap;
        if (horizontal) {
          ctx.moveTo(x0, y0 + o);
          ctx.lineTo(x1, y1 + o);
        } else {
          ctx.moveTo(x0 + o, y0);
          ctx.lineTo(x1 + o, y1);
        }
      }
      ctx.stroke();
    }
    if (e.mark === 'bad' && cell >= 10) {
      // A bridge that breaks a rule is crossed out, not only coloured.
      ctx.strokeStyle = theme.bad;
      ctx.lineWidth = Math.max(2, lw);
      cross(ctx, (x0 + x1) / 2, (y0 + y1) / 2, cell * 0.18);
    }
  }

  if (scene.drag) {
    ctx.strokeStyle = theme.accent;
    ctx.lineWidth = lw;
    ctx.beginPath();
    ctx.moveTo(cx(scene.drag.from[1]), cy(scene.drag.from[0]));
    ctx.lineTo(scene.drag.x, scene.drag.y);
    ctx.stroke();
  }

  const radius = cell * 0.37;
  const font = `${Math.round(cell * 0.46)}px system-ui, sans-serif`;
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const i = r * w + c;
      const v = scene.cells[i]!;
      if (v === 0 || v === 255) continue;
      const bad = scene.bad.has(i);
      const done = scene.finished.has(i);
      const focus = scene.focus === i;
      ctx.beginPath();
      ctx.arc(cx(c), cy(r), radius, 0, Math.PI * 2);
      ctx.fillStyle = bad ? theme.bad : focus ? theme.accent : done ? theme.good : theme.bg;
      ctx.fill();
      ctx.lineWidth = Math.max(1.5, cell / 20);
      ctx.strokeStyle = bad || done || focus ? theme.bg : theme.fg;
      ctx.stroke();
      if (bad || done) {
        // The second cue besides the colour: a broken ring round a wrong island, a whole one round
        // a finished island (inside the cell, so edge islands are not clipped).
        const t = Math.max(1.5, cell / 16);
        ctx.beginPath();
        ctx.arc(cx(c), cy(r), Math.min(cell / 2 - t / 2, radius + t * 1.6), 0, Math.PI * 2);
        ctx.lineWidth = t;
        ctx.strokeStyle = bad ? theme.bad : theme.good;
        if (bad) ctx.setLineDash([t * 1.6, t * 1.3]);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      if (scene.highlight.has(i) || scene.selected === i) {
        ctx.beginPath();
        // Inside the cell, so a highlighted island at the board's edge is not clipped.
        const ring = Math.max(2, cell / 14);
        ctx.arc(cx(c), cy(r), cell / 2 - ring / 2, 0, Math.PI * 2);
        ctx.lineWidth = ring;
        ctx.strokeStyle = scene.selected === i ? theme.attack : theme.accent;
        ctx.stroke();
      }
      ctx.fillStyle = bad || done || focus ? theme.bg : theme.fg;
      ctx.font = font;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(v), cx(c), cy(r) + cell * 0.02);
    }
  }

  if (scene.cursor !== null && scene.cursor < w * h) {
    const r = Math.floor(scene.cursor / w);
    const c = scene.cursor % w;
    ctx.strokeStyle = theme.accent;
    const t = Math.max(2, Math.floor(cell / 14));
    ctx.lineWidth = t;
    ctx.setLineDash([Math.max(3, cell / 6), Math.max(2, cell / 10)]);
    ctx.strokeRect(ox + c * cell + t / 2, oy + r * cell + t / 2, cell - t, cell - t);
    ctx.setLineDash([]);
  }

  if (scene.solved) {
    ctx.strokeStyle = theme.good;
    // In the margin, outside the cells (hashiGeometry keeps room for it).
    const lw = frameWidth(cell);
    ctx.lineWidth = lw;
    ctx.strokeRect(ox - lw / 2 - 1, oy - lw / 2 - 1, cell * w + lw + 2, cell * h + lw + 2);
  }
}
