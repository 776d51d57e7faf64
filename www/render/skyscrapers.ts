// Draws a Skyscrapers board with its clue ring from a plain picture description; pure: the same
// picture always gives the same pixels. The board is (N+2) x (N+2) slots: the outer ring holds the
// clues (corners stay empty), the inner N x N the cells. Cells are whole device pixels.

import { hatch, type Surface, type Theme } from './canvas';
import { withAlpha } from './queens';

export type CellKind = 'empty' | 'given' | 'player' | 'placed' | 'guess' | 'solution';

export interface SkyCellPicture {
  /** The big digit shown, 0 for none. */
  digit: number;
  kind: CellKind;
  /** Pencil marks (bit v-1 = height v), drawn small when there is no big digit. */
  cand: number;
  /** Candidates the current step just eliminated: drawn struck and faint. */
  fade: number;
  /** Marked wrong (Check, a contradiction, or a hint's mistake). */
  bad: boolean;
}

export interface LineMark {
  axis: 'row' | 'col';
  index: number;
}

export interface SkyPicture {
  n: number;
  /** Clues per side: top, bottom, left, right; 0 = none. */
  clues: number[][];
  cells: SkyCellPicture[];
  /** Selected slot in ring coordinates (0..N+1 each), or null. */
  selected: { R: number; C: number } | null;
  /** Whether the selection should be drawn (the board has focus or was just clicked). */
  showSelection: boolean;
  /** Lines under consideration. */
  lines: LineMark[];
  /** A cell to ring: the guess being tried, the backtracked cell, or the hint's cell. */
  focus: { row: number; col: number; tone: 'guess' | 'backtrack' | 'hint' } | null;
  /** The whole board is a proven solution (drawn in the "good" colour). */
  solved: boolean;
}

export interface SkyGeometry {
  /** Slot size in device pixels. */
  cell: number;
  /** Offset of slot (0, 0). */
  off: number;
  slots: number;
}

export function skyGeometry(px: number, n: number): SkyGeometry {
  const slots = n + 2;
  const cell = Math.max(1, Math.floor(px / slots));
  return { cell, off: Math.floor((px - cell * slots) / 2), slots };
}

/** The slot under a point in device pixels, or null outside the board or on a corner. */
export function slotAt(px: number, n: number, x: number, y: number): { R: number; C: number } | null {
  const g = skyGeometry(px, n);
  const C = Math.floor((x - g.off) / g.cell);
  const R = Math.floor((y - g.off) / g.cell);
  if (R < 0 || C < 0 || R >= g.slots || C >= g.slots) return null;
  const edgeR = R === 0 || R === g.slots - 1;
  const edgeC = C === 0 || C === g.slots - 1;
  if (edgeR && edgeC) return null;
  return { R, C };
}

/** Clue of a ring slot: side index (0 top, 1 bottom, 2 left, 3 right) and position. */
export function ringClue(n: number, R: number, C: number): { side: number; i: number } | null {
  if (R === 0 && C >= 1 && C <= n) return { side: 0, i: C - 1 };
  if (R === n + 1 && C >= 1 && C <= n) return { side: 1, i: C - 1 };
  if (C === 0 && R >= 1 && R <= n) return { side: 2, i: R - 1 };
  if (C === n + 1 && R >= 1 && R <= n) return { side: 3, i: R - 1 };
  return null;
}

function font(size: number, weight = 600): string {
  return `${weight} ${Math.max(6, Math.round(size))}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
}

export function drawSky(s: Surface, p: SkyPicture, theme: Theme): void {
  const { ctx } = s;
  const n = p.n;
  const g = skyGeometry(s.px, n);
  const { cell, off } = g;
  const x0 = off + cell;
  const y0 = off + cell;
  const size = cell * n;
  ctx.clearRect(0, 0, s.px, s.px);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';

  // Cells.
  ctx.fillStyle = theme.bg;
  ctx.fillRect(x0, y0, size, size);
  for (const l of p.lines) {
    ctx.fillStyle = withAlpha(theme.accent, 0.16);
    if (l.axis === 'row') ctx.fillRect(off, y0 + l.index * cell, cell * (n + 2), cell);
    else ctx.fillRect(x0 + l.index * cell, off, cell, cell * (n + 2));
  }
  p.cells.forEach((c, i) => {
    const r = Math.floor(i / n);
    const col = i % n;
    const x = x0 + col * cell;
    const y = y0 + r * cell;
    if (c.bad) {
      ctx.fillStyle = withAlpha(theme.bad, 0.22);
      ctx.fillRect(x, y, cell, cell);
      hatch(ctx, x, y, cell, cell, withAlpha(theme.bad, 0.45), cell);
    } else if (c.kind === 'guess') {
      ctx.fillStyle = withAlpha(theme.accent, 0.14);
      ctx.fillRect(x, y, cell, cell);
    } else if (c.kind === 'given') {
      ctx.fillStyle = withAlpha(theme.faint, 0.45);
      ctx.fillRect(x, y, cell, cell);
    }
    if (c.digit > 0) {
      const colour =
        c.bad
          ? theme.bad
          : c.kind === 'given'
            ? theme.fg
            : c.kind === 'solution' || p.solved
              ? theme.good
              : c.kind === 'player' || c.kind === 'guess'
                ? theme.accent
                : theme.fg;
      ctx.fillStyle = colour;
      ctx.font = font(cell * (c.digit >= 10 ? 0.46 : 0.56), c.kind === 'given' ? 700 : 500);
      ctx.fillText(String(c.digit), x + cell / 2, y + cell / 2 + cell * 0.03);
    } else if (c.cand !== 0 || c.fade !== 0) {
      drawPencil(ctx, x, y, cell, n, c.cand, c.fade, theme);
    }
  });

  // Grid lines.
  ctx.strokeStyle = theme.grid;
  ctx.lineWidth = Math.max(1, Math.round(s.dpr));
  ctx.beginPath();
  for (let k = 0; k <= n; k++) {
    const a = Math.round(x0 + k * cell) + 0.5;
    ctx.moveTo(a, y0);
    ctx.lineTo(a, y0 + size);
    const b = Math.round(y0 + k * cell) + 0.5;
    ctx.moveTo(x0, b);
    ctx.lineTo(x0 + size, b);
  }
  ctx.stroke();
  ctx.lineWidth = Math.max(2, Math.round(2 * s.dpr));
  ctx.strokeRect(x0, y0, size, size);

  // Clue ring.
  ctx.font = font(cell * (n >= 10 ? 0.36 : 0.42), 700);
  for (let side = 0; side < 4; side++) {
    for (let i = 0; i < n; i++) {
      const v = p.clues[side]?.[i] ?? 0;
      const [R, C] = side === 0 ? [0, i + 1] : side === 1 ? [n + 1, i + 1] : side === 2 ? [i + 1, 0] : [i + 1, n + 1];
      const x = off + C * cell;
      const y = off + R * cell;
      if (v > 0) {
        ctx.fillStyle = theme.fg;
        ctx.fillText(String(v), x + cell / 2, y + cell / 2 + cell * 0.03);
      } else if (cell >= 18) {
        // An empty clue slot: a faint dot so people see where clues can go.
        ctx.fillStyle = theme.faint;
        ctx.beginPath();
        ctx.arc(x + cell / 2, y + cell / 2, Math.max(1.5, cell * 0.05), 0, Math.PI * 2);
        ctx.fill();
      }
    }
  }

  if (p.solved) {
    // A solved grid is framed, so "solved" is not told by the digits' colour alone.
    const w = Math.max(3, Math.floor(cell / 10));
    ctx.strokeStyle = theme.good;
    ctx.lineWidth = w;
    ctx.strokeRect(x0 - w / 2 - 1, y0 - w / 2 - 1, size + w + 2, size + w + 2);
  }

  if (p.focus) {
    const { row, col, tone } = p.focus;
    ctx.strokeStyle = tone === 'backtrack' ? theme.bad : tone === 'hint' ? theme.good : theme.accent;
    const w = Math.max(2, Math.floor(cell / 12));
    ctx.lineWidth = w;
    if (tone === 'backtrack') ctx.setLineDash([w * 1.5, w * 1.2]);
    ctx.strokeRect(x0 + col * cell + w / 2 + 1, y0 + row * cell + w / 2 + 1, cell - w - 2, cell - w - 2);
    ctx.setLineDash([]);
  }

  if (p.selected && p.showSelection) {
    const w = Math.max(2, Math.floor(cell / 14));
    ctx.strokeStyle = theme.accent;
    ctx.lineWidth = w;
    ctx.strokeRect(off + p.selected.C * cell + w / 2, off + p.selected.R * cell + w / 2, cell - w, cell - w);
  }
}

/** Small candidate digits in a ceil(sqrt N) grid; just-eliminated ones struck through and faint. */
function drawPencil(ctx: CanvasRenderingContext2D, x: number, y: number, cell: number, n: number, cand: number, fade: number, theme: Theme): void {
  const per = Math.ceil(Math.sqrt(n));
  const pad = Math.max(2, cell * 0.1);
  const sub = (cell - 2 * pad) / per;
  if (sub < 5) return;
  ctx.font = font(Math.min(sub * 0.78, cell * 0.26), 500);
  for (let v = 1; v <= n; v++) {
    const bit = 1 << (v - 1);
    const on = (cand & bit) !== 0;
    const gone = (fade & bit) !== 0;
    if (!on && !gone) continue;
    const k = v - 1;
    const cx = x + pad + (k % per) * sub + sub / 2;
    const cy = y + pad + Math.floor(k / per) * sub + sub / 2;
    if (gone) {
      ctx.save();
      ctx.globalAlpha = 0.6;
      ctx.fillStyle = theme.bad;
      ctx.fillText(String(v), cx, cy);
      ctx.strokeStyle = theme.bad;
      ctx.lineWidth = Math.max(1.5, sub / 7);
      ctx.beginPath();
      ctx.moveTo(cx - sub * 0.38, cy + sub * 0.3);
      ctx.lineTo(cx + sub * 0.38, cy - sub * 0.3);
      ctx.stroke();
      ctx.restore();
    } else {
      ctx.fillStyle = theme.muted;
      ctx.fillText(String(v), cx, cy);
    }
  }
}
