// Draws an N-Queens board from a view; pure: the same view always gives the same picture.
// Cells are whole device pixels so lines stay crisp at any N and any screen density.

import { cross, hatch, type Surface, type Theme } from './canvas';

export interface QueensView {
  n: number;
  /** Column of the queen in each row, -1 for none. */
  queens: number[];
  /** Squares of the row being entered that are attacked, and by which row's queen. */
  attacked: { row: number; cols: number[]; by: number[] } | null;
  /** A row that just ran out of columns (backtrack), or -1. */
  deadRow: number;
  /** The square just tried, highlighted. */
  focus: { row: number; col: number } | null;
  /** The board is a solution. */
  solved: boolean;
}

export function emptyQueensView(n: number): QueensView {
  return { n, queens: new Array<number>(n).fill(-1), attacked: null, deadRow: -1, focus: null, solved: false };
}

/** Whole-device-pixel cells, centred: the board's cell size, side and offset. */
export interface Geometry {
  cell: number;
  size: number;
  off: number;
}

export function geometry(px: number, n: number): Geometry {
  const cell = Math.max(1, Math.floor(px / n));
  const size = cell * n;
  return { cell, size, off: Math.floor((px - size) / 2) };
}

/** Clears the surface and draws the chequered squares. */
export function drawChecker(s: Surface, n: number, theme: Theme): Geometry {
  const g = geometry(s.px, n);
  const { ctx } = s;
  ctx.clearRect(0, 0, s.px, s.px);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      ctx.fillStyle = (r + c) % 2 === 0 ? theme.light : theme.dark;
      ctx.fillRect(g.off + c * g.cell, g.off + r * g.cell, g.cell, g.cell);
    }
  }
  return g;
}

export function drawQueens(s: Surface, view: QueensView, theme: Theme): void {
  const { ctx } = s;
  const n = view.n;
  const { cell, size, off } = drawChecker(s, n, theme);
  if (view.deadRow >= 0 && view.deadRow < n) {
    ctx.fillStyle = withAlpha(theme.bad, 0.35);
    ctx.fillRect(off, off + view.deadRow * cell, size, cell);
    hatch(ctx, off, off + view.deadRow * cell, size, cell, withAlpha(theme.bad, 0.8), cell);
  }
  if (view.attacked) {
    const { row, cols, by } = view.attacked;
    ctx.strokeStyle = theme.attack;
    ctx.lineWidth = Math.max(1, cell / 14);
    cols.forEach((c, i) => {
      const x = off + c * cell;
      const y = off + row * cell;
      ctx.fillStyle = withAlpha(theme.attack, 0.28);
      ctx.fillRect(x, y, cell, cell);
      if (cell >= 10) cross(ctx, x + cell / 2, y + cell / 2, cell * 0.2);
      // A faint line from the attacking queen shows *why* the square is unsafe.
      const ar = by[i];
      const ac = ar === undefined ? -1 : view.queens[ar];
      if (cell >= 16 && ar !== undefined && ac !== undefined && ac >= 0) {
        ctx.save();
        ctx.globalAlpha = 0.35;
        ctx.beginPath();
        ctx.moveTo(off + ac * cell + cell / 2, off + ar * cell + cell / 2);
        ctx.lineTo(x + cell / 2, y + cell / 2);
        ctx.stroke();
        ctx.restore();
      }
    });
  }
  if (view.focus) {
    ctx.strokeStyle = theme.accent;
    ctx.lineWidth = Math.max(2, Math.floor(cell / 10));
    const w = ctx.lineWidth;
    ctx.strokeRect(off + view.focus.col * cell + w / 2, off + view.focus.row * cell + w / 2, cell - w, cell - w);
  }
  for (let r = 0; r < n; r++) {
    const c = view.queens[r] ?? -1;
    if (c < 0) continue;
    if (view.solved) markSolved(ctx, off + c * cell, off + r * cell, cell, theme);
    drawQueen(ctx, off + c * cell, off + r * cell, cell, theme.piece, theme.pieceOutline);
  }
}

/** A solved queen's square: a green frame, visible on light and dark squares alike. */
export function markSolved(ctx: CanvasRenderingContext2D, x: number, y: number, cell: number, theme: Theme): void {
  ctx.fillStyle = withAlpha(theme.good, 0.35);
  ctx.fillRect(x, y, cell, cell);
  if (cell >= 8) {
    const w = Math.max(2, Math.floor(cell / 12));
    ctx.strokeStyle = theme.good;
    ctx.lineWidth = w;
    ctx.strokeRect(x + w / 2, y + w / 2, cell - w, cell - w);
  }
}

export function drawQueen(ctx: CanvasRenderingContext2D, x: number, y: number, cell: number, fill: string, outline: string): void {
  if (cell < 8) {
    ctx.fillStyle = fill;
    ctx.fillRect(x, y, cell, cell);
    return;
  }
  // A simple crown: five points over a band, scaled to the cell.
  const u = cell / 10;
  ctx.beginPath();
  ctx.moveTo(x + 2 * u, y + 7.5 * u);
  ctx.lineTo(x + 1.5 * u, y + 3.5 * u);
  ctx.lineTo(x + 3.3 * u, y + 5.2 * u);
  ctx.lineTo(x + 5 * u, y + 2.5 * u);
  ctx.lineTo(x + 6.7 * u, y + 5.2 * u);
  ctx.lineTo(x + 8.5 * u, y + 3.5 * u);
  ctx.lineTo(x + 8 * u, y + 7.5 * u);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1, u * 0.5);
  ctx.strokeStyle = outline;
  ctx.stroke();
  ctx.fillRect(x + 2 * u, y + 7.9 * u, 6 * u, 1.1 * u);
}

/** `#rrggbb` or `rgb()` colour with an alpha, for translucent overlays. */
export function withAlpha(color: string, alpha: number): string {
  // A three-digit hex (the build's CSS minifier writes #fff for #ffffff) is the six-digit one.
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  if (short) color = `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const v = parseInt(hex[1]!, 16);
    return `rgba(${(v >> 16) & 255}, ${(v >> 8) & 255}, ${v & 255}, ${alpha})`;
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(color);
  if (rgb) {
    const [r, g, b] = rgb[1]!.split(',').map((p) => p.trim());
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  return color;
}
