// Draws a min-conflicts repair board. Up to 64 queens the board is drawn square by square with the
// chosen queen, its candidate columns and their conflict counts; above that a density view plots
// every queen as a dot (rows down, columns across), recently moved rows highlighted.

import { type Surface, type Theme } from './canvas';
import { drawChecker, drawQueen, markSolved, withAlpha } from './queens';
import { HISTORY } from '../player';

/** Largest board drawn square by square. */
export const CELL_VIEW_MAX = 64;

export interface RepairPick {
  row: number;
  col: number;
  candidates: number[];
  counts: number[];
  best: number[];
  tabu: number | null;
}

export interface RepairView {
  n: number;
  /** Column of each row's queen, -1 before the first placement. */
  columns: Int32Array;
  pick: RepairPick | null;
  lastMove: { row: number; from: number; to: number } | null;
  /** Attacking pairs on the board now. */
  total: number;
  /** Total conflicts after each move (index = move number), for the chart. */
  chart: number[];
  /** The player's step at which each chart entry was made (a click on the strip seeks there). */
  chartSteps: number[];
  /** Events applied so far (the player's position). */
  events: number;
  /** Chart indices where a restart happened. */
  restarts: number[];
  /** Chart points dropped from the front to keep a long run's memory bounded ([`CHART_KEEP`]),
   *  and the restarts among them: chart index i is move-or-restart number i + `chartDropped`. */
  chartDropped: number;
  restartsDropped: number;
  /** Rows moved recently (density view highlight), newest last. */
  recent: number[];
  solved: boolean;
  gaveUp: string | null;
}

/** The chart keeps at most this many points: twice the player's window (one point per move, and
 *  a move takes at least one event), so every point a step back can reach is kept. Past it the
 *  oldest half is dropped, as the player drops its oldest history. */
export const CHART_KEEP = 2 * HISTORY;

/** Adds a point (conflicts `total` at the player's step `events`) to the chart, dropping the
 *  oldest half when it is full. The undo of a point is `unpushChart`. */
export function pushChart(view: RepairView, total: number, restart: boolean): void {
  if (restart) view.restarts.push(view.chart.length);
  view.chart.push(total);
  view.chartSteps.push(view.events);
  if (view.chart.length > CHART_KEEP) {
    const drop = view.chart.length - CHART_KEEP / 2;
    view.chart.splice(0, drop);
    view.chartSteps.splice(0, drop);
    const kept = view.restarts.filter((r) => r >= drop);
    view.restartsDropped += view.restarts.length - kept.length;
    view.restarts = kept.map((r) => r - drop);
    view.chartDropped += drop;
  }
}

/** Takes back the last point (never a dropped one: the player cannot step back that far). */
export function unpushChart(view: RepairView, restart: boolean): void {
  view.chart.pop();
  view.chartSteps.pop();
  if (restart) view.restarts.pop();
}

export function emptyRepairView(n: number): RepairView {
  return {
    n,
    columns: new Int32Array(n).fill(-1),
    pick: null,
    lastMove: null,
    total: 0,
    chart: [],
    chartSteps: [],
    events: 0,
    restarts: [],
    chartDropped: 0,
    restartsDropped: 0,
    recent: [],
    solved: false,
    gaveUp: null,
  };
}

export function drawRepair(s: Surface, view: RepairView, theme: Theme): void {
  if (view.n <= CELL_VIEW_MAX) drawCells(s, view, theme);
  else drawDensity(s, view, theme);
}

function drawCells(s: Surface, view: RepairView, theme: Theme): void {
  const { ctx } = s;
  const n = view.n;
  const { cell, off } = drawChecker(s, n, theme);
  const pick = view.pick;
  if (pick) {
    // The chosen queen's row: every candidate column with its conflict count; the tied best ones
    // outlined, the tabu column crossed.
    ctx.fillStyle = withAlpha(theme.accent, 0.16);
    ctx.fillRect(off, off + pick.row * cell, cell * n, cell);
    const best = new Set(pick.best);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = `${Math.max(8, Math.floor(cell * 0.42))}px system-ui, sans-serif`;
    pick.candidates.forEach((c, i) => {
      const x = off + c * cell;
      const y = off + pick.row * cell;
      if (best.has(c)) {
        ctx.strokeStyle = theme.good;
        ctx.lineWidth = Math.max(2, cell / 12);
        ctx.strokeRect(x + 1.5, y + 1.5, cell - 3, cell - 3);
      }
      if (cell >= 14) {
        ctx.fillStyle = best.has(c) ? theme.good : theme.fg;
        ctx.fillText(String(pick.counts[i] ?? ''), x + cell / 2, y + cell / 2);
      }
    });
    if (pick.tabu !== null && pick.tabu >= 0) {
      const x = off + pick.tabu * cell;
      const y = off + pick.row * cell;
      ctx.strokeStyle = theme.muted;
      ctx.lineWidth = Math.max(1, cell / 16);
      ctx.beginPath();
      ctx.moveTo(x + 3, y + 3);
      ctx.lineTo(x + cell - 3, y + cell - 3);
      ctx.stroke();
    }
  }
  const move = view.lastMove;
  if (move) {
    ctx.strokeStyle = theme.accent;
    ctx.lineWidth = Math.max(2, cell / 10);
    ctx.setLineDash([cell / 5, cell / 8]);
    ctx.strokeRect(off + move.from * cell + 2, off + move.row * cell + 2, cell - 4, cell - 4);
    ctx.setLineDash([]);
  }
  for (let r = 0; r < n; r++) {
    const c = view.columns[r] ?? -1;
    if (c < 0) continue;
    const chosen = pick !== null && pick.row === r && pick.col === c;
    if (view.solved) markSolved(ctx, off + c * cell, off + r * cell, cell, theme);
    drawQueen(ctx, off + c * cell, off + r * cell, cell, chosen ? theme.attack : theme.piece, theme.pieceOutline);
    if (chosen && cell >= 10) {
      // A ring as well as the colour: the chosen queen must stand out without colour vision.
      ctx.strokeStyle = theme.attack;
      ctx.lineWidth = Math.max(2, cell / 12);
      ctx.beginPath();
      ctx.arc(off + c * cell + cell / 2, off + r * cell + cell / 2, cell * 0.46, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
}

/** Most rows the density picture reads per drawing. */
const DENSITY_ROWS = 1_000_000;

function drawDensity(s: Surface, view: RepairView, theme: Theme): void {
  const { ctx, px } = s;
  const n = view.n;
  ctx.fillStyle = theme.light;
  ctx.fillRect(0, 0, px, px);
  // Count queens per pixel, then shade: a conflict-free board is a clean scatter of dots.
  const counts = new Uint32Array(px * px);
  const scale = px / n;
  let max = 0;
  // Past DENSITY_ROWS queens every k-th row is counted: a pixel then covers thousands of rows and
  // columns, the picture looks the same, and a 10^7 board draws in one frame instead of blocking
  // the page for ~70 ms.
  const stride = Math.max(1, Math.ceil(n / DENSITY_ROWS));
  for (let r = 0; r < n; r += stride) {
    const c = view.columns[r]!;
    if (c < 0) continue;
    const i = Math.floor(r * scale) * px + Math.floor(c * scale);
    const v = ++counts[i]!;
    if (v > max) max = v;
  }
  const img = ctx.createImageData(px, px);
  const [qr, qg, qb] = rgb(view.solved ? theme.good : theme.piece);
  const [br, bg, bb] = rgb(theme.light);
  for (let i = 0; i < counts.length; i++) {
    const v = counts[i]!;
    const t = v === 0 ? 0 : 0.35 + 0.65 * (v / max);
    const o = i * 4;
    img.data[o] = br + (qr - br) * t;
    img.data[o + 1] = bg + (qg - bg) * t;
    img.data[o + 2] = bb + (qb - bb) * t;
    img.data[o + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  if (scale >= 1.5) {
    // A few pixels per square (N up to a few hundred): one pixel per queen reads as dust on a
    // projector, so each queen is a square of about its cell, at least 3 pixels.
    const size = Math.max(3, Math.round(scale * 0.9));
    ctx.fillStyle = view.solved ? theme.good : theme.piece;
    for (let r = 0; r < n; r++) {
      const c = view.columns[r]!;
      if (c < 0) continue;
      ctx.fillRect(Math.round((c + 0.5) * scale - size / 2), Math.round((r + 0.5) * scale - size / 2), size, size);
    }
  }
  if (view.solved) {
    // Solved is also a frame round the whole board, not only the dots' colour.
    ctx.strokeStyle = theme.good;
    ctx.lineWidth = Math.max(3, px / 80);
    ctx.strokeRect(ctx.lineWidth / 2, ctx.lineWidth / 2, px - ctx.lineWidth, px - ctx.lineWidth);
  }
  // Recently moved queens as larger marks so the eye can follow the repair.
  ctx.fillStyle = theme.attack;
  const dot = Math.max(3, Math.round(px / 200));
  for (const r of view.recent) {
    const c = view.columns[r]!;
    if (c < 0) continue;
    ctx.fillRect(Math.floor(c * scale) - dot / 2, Math.floor(r * scale) - dot / 2, dot, dot);
  }
}

/** Total conflicts against moves, with restarts marked; downsampled to the canvas width. */
export function drawChart(s: Surface, width: number, height: number, view: RepairView, theme: Theme): void {
  const { ctx, dpr } = s;
  const w = Math.round(width * dpr);
  const h = Math.round(height * dpr);
  ctx.clearRect(0, 0, w, h);
  ctx.strokeStyle = theme.faint;
  ctx.lineWidth = 1;
  ctx.strokeRect(0.5, 0.5, w - 1, h - 1);
  const data = view.chart;
  if (data.length === 0) return;
  let max = 1;
  for (const v of data) if (v > max) max = v;
  const pad = 4 * dpr;
  // A band above the plot for the scale's label, so the line (which starts at its maximum, top
  // left) never runs through the words.
  const top = pad + 15 * dpr;
  const x = (i: number) => pad + ((w - 2 * pad) * i) / Math.max(1, data.length - 1);
  const y = (v: number) => h - pad - ((h - pad - top) * v) / max;
  ctx.strokeStyle = theme.muted;
  for (const r of view.restarts) {
    ctx.beginPath();
    ctx.moveTo(x(r), top);
    ctx.lineTo(x(r), h - pad);
    ctx.stroke();
  }
  ctx.strokeStyle = theme.accent;
  ctx.lineWidth = Math.max(1, dpr * 1.5);
  ctx.beginPath();
  const buckets = Math.max(1, Math.floor(w - 2 * pad));
  const per = Math.max(1, Math.ceil(data.length / buckets));
  for (let i = 0; i < data.length; i += per) {
    let peak = 0;
    for (let j = i; j < Math.min(data.length, i + per); j++) peak = Math.max(peak, data[j]!);
    if (i === 0) ctx.moveTo(x(i), y(peak));
    else ctx.lineTo(x(i), y(peak));
  }
  ctx.lineTo(x(data.length - 1), y(data[data.length - 1]!));
  ctx.stroke();
  ctx.fillStyle = theme.muted;
  ctx.font = `${11 * dpr}px system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  ctx.fillText(`${max.toLocaleString('en-US')} conflict${max === 1 ? '' : 's'} at most`, pad + 2, pad);
}

function rgb(color: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (m) {
    const v = parseInt(m[1]!, 16);
    return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  }
  const p = /rgba?\(([^)]+)\)/.exec(color);
  if (p) {
    const [r, g, b] = p[1]!.split(',').map((x) => Number(x.trim()));
    return [r ?? 0, g ?? 0, b ?? 0];
  }
  return [0, 0, 0];
}

/**
 * The move strip under the conflicts chart: one tick per move, down (fewer conflicts) in the good
 * colour and short, up in the bad colour and tall, level in grey, so the shape is readable without
 * colour; restarts as full-height accent lines; the move on screen as a triangle. Many moves per
 * pixel are drawn as the worst of them. Returns the x of each chart index for picking.
 */
/** The moves up to the step on screen (the view's own chart, so the strip is a function of the
 *  step), with the step of each and which of them are restarts. */
export interface RepairHistory {
  chart: number[];
  steps: number[];
  restarts: number[];
}

export function drawStrip(s: Surface, width: number, height: number, view: RepairView, seen: RepairHistory, theme: Theme, focus: number | null = null): void {
  const { ctx, dpr } = s;
  const w = Math.round(width * dpr);
  const h = Math.round(height * dpr);
  ctx.clearRect(0, 0, w, h);
  const data = seen.chart;
  if (data.length < 2) return;
  const now = view.chart.length - 1;
  const pad = 4 * dpr;
  const cols = Math.max(1, Math.floor(w - 2 * pad));
  const per = Math.max(1, Math.ceil((data.length - 1) / cols));
  const x = (i: number) => pad + ((w - 2 * pad) * i) / Math.max(1, data.length - 1);
  for (let i = 1; i < data.length; i += per) {
    // The worst change among the moves in this pixel column.
    let worst = -Infinity;
    for (let j = i; j < Math.min(data.length, i + per); j++) worst = Math.max(worst, data[j]! - data[j - 1]!);
    ctx.fillStyle = worst > 0 ? theme.bad : worst < 0 ? theme.good : theme.muted;
    // Moves after the one on screen (the player stepped back) are faint.
    ctx.globalAlpha = i > now ? 0.3 : 1;
    const tall = worst > 0 ? h - 2 * pad : worst < 0 ? (h - 2 * pad) * 0.45 : (h - 2 * pad) * 0.2;
    ctx.fillRect(Math.floor(x(i)), h - pad - tall, Math.max(1, Math.ceil(dpr)), tall);
  }
  ctx.globalAlpha = 1;
  ctx.fillStyle = theme.accent;
  for (const r of seen.restarts) ctx.fillRect(Math.floor(x(r)) - dpr, 0, 2 * dpr, h);
  const at = x(Math.max(0, now));
  ctx.beginPath();
  ctx.moveTo(at, 0);
  ctx.lineTo(at - 4 * dpr, -1);
  ctx.lineTo(at, 5 * dpr);
  ctx.lineTo(at + 4 * dpr, -1);
  ctx.fill();
  // The tick the keyboard is on: a box around it (not a colour alone).
  if (focus !== null && focus >= 0 && focus < data.length) {
    ctx.strokeStyle = theme.fg;
    ctx.lineWidth = Math.max(1, dpr);
    ctx.strokeRect(Math.floor(x(focus)) - 3 * dpr, 1, 6 * dpr + 1, h - 2);
  }
}

/** The chart index under a pointer at `px` CSS pixels of a strip `width` wide. */
export function stripIndex(seen: RepairHistory, width: number, px: number): number | null {
  const n = seen.chart.length;
  if (n === 0) return null;
  const pad = 4;
  const f = (px - pad) / Math.max(1, width - 2 * pad);
  return Math.max(0, Math.min(n - 1, Math.round(f * (n - 1))));
}
