// The experiments' plots: series of points on log or linear axes, drawn into one rectangle of a
// canvas (the scaling chart stacks two such panels on one canvas). Each series has its own
// Okabe-Ito colour (apart for every colour vision), marker shape and dash pattern, so the plot
// also reads in grey; hollow markers are runs a budget ended (the true value is higher).

import type { Theme } from './canvas';

export type Marker = 'circle' | 'square' | 'triangle' | 'diamond' | 'cross' | 'bar';

export interface XYSeries {
  label: string;
  /** A CSS custom property with the series' colour (style.css sets it for light and dark). */
  colorVar: string;
  fallback: string;
  marker: Marker;
  dash: number[];
  /** [x, y, hollow?], ascending x. */
  points: [number, number, boolean?][];
  /** Draw as a staircase (an empirical distribution) instead of joined points. */
  step?: boolean;
}

export interface Axis {
  label: string;
  log: boolean;
  /** Tick text. */
  format(v: number): string;
  /** Fixed range (linear axes); otherwise fitted to the points. */
  min?: number;
  max?: number;
  /** A linear axis of whole numbers (board sizes): ticks on whole values only, and half a unit
   *  of room at both ends so no point sits on the frame. */
  whole?: boolean;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Okabe-Ito colours for up to six series, each with a marker and a dash of its own. */
export const PALETTE: Omit<XYSeries, 'label' | 'points'>[] = [
  { colorVar: '--plot-1', fallback: '#0072b2', marker: 'circle', dash: [] },
  { colorVar: '--plot-2', fallback: '#d55e00', marker: 'square', dash: [6, 4] },
  { colorVar: '--plot-3', fallback: '#009e73', marker: 'triangle', dash: [2, 3] },
  { colorVar: '--plot-4', fallback: '#cc79a7', marker: 'diamond', dash: [8, 3, 2, 3] },
  { colorVar: '--plot-5', fallback: '#e69f00', marker: 'cross', dash: [1, 4] },
  { colorVar: '--plot-6', fallback: '#56b4e9', marker: 'bar', dash: [10, 4] },
];

/** Ticks of an axis over [lo, hi] (log: whole decades). */
function ticks(a: Axis, lo: number, hi: number): number[] {
  if (a.log) {
    const out: number[] = [];
    for (let d = Math.floor(Math.log10(lo)); d <= Math.ceil(Math.log10(hi)); d++) out.push(10 ** d);
    return out;
  }
  if (a.whole) {
    // Every whole value if up to 12 fit, else every second, fifth, tenth…
    const span = hi - lo;
    const step = [1, 2, 5, 10, 20, 50, 100].find((k) => span / k <= 12) ?? Math.ceil(span / 12);
    const out: number[] = [];
    for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
    return out;
  }
  const step = (hi - lo) / 4;
  return [0, 1, 2, 3, 4].map((k) => lo + k * step);
}

/** The axis' range: fixed, or the points' range widened to whole decades (log). */
/** The y axis's ticks for these points (the same ones the plot labels). */
function yTicks(a: Axis, points: [number, number, boolean?][]): number[] {
  const [lo, hi] = range(a, points.map((p) => p[1]));
  return ticks(a, lo, hi);
}

function range(a: Axis, values: number[]): [number, number] {
  if (a.min !== undefined && a.max !== undefined) return [a.min, a.max];
  const vs = a.log ? values.filter((v) => v > 0) : values;
  if (vs.length === 0) return a.log ? [1, 10] : [0, 1];
  let lo = Math.min(...vs);
  let hi = Math.max(...vs);
  if (a.log) {
    lo = 10 ** Math.floor(Math.log10(lo));
    hi = 10 ** Math.max(Math.ceil(Math.log10(hi)), Math.log10(lo) + 1);
  } else if (a.whole) {
    lo -= 0.5;
    hi += 0.5;
  } else if (hi === lo) hi = lo + 1;
  return [a.min ?? lo, a.max ?? hi];
}

export interface PlotOptions {
  empty: string;
  /** Draw the legend above the panel (the top panel of a stack only). */
  legend: boolean;
}

/** `text` cut at spaces into lines no wider than `width` in the context's current font (a word
 *  wider than that stays whole on its own line). */
export function wrapText(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws `series` into `r` (device pixels) of the canvas. */
export function drawXYPlot(
  ctx: CanvasRenderingContext2D,
  dpr: number,
  r: Rect,
  xAxis: Axis,
  yAxis: Axis,
  series: XYSeries[],
  theme: Theme,
  css: CSSStyleDeclaration,
  options: PlotOptions,
): void {
  // Presenter mode asks for larger type on a projector (style.css, --chart-scale); the margins grow
  // with it so the labels still fit.
  const k = Number(css.getPropertyValue('--chart-scale')) || 1;
  const font = (px: number) => `${px * dpr * k}px system-ui, sans-serif`;
  // Three legend entries a line, one on a phone-sized plot.
  const cols = r.w / dpr < 520 * k ? 1 : 3;
  const legendH = options.legend ? 22 * k * dpr * Math.ceil(series.length / cols) : 0;
  const all = series.flatMap((s) => s.points);
  // The left margin holds the widest y tick label and, left of it with a gap, the axis label
  // (rotated, so its height): a fixed margin let a wide font's "100 ms" run into "time".
  ctx.font = font(11);
  const widest = all.length === 0 ? 0 : Math.max(0, ...yTicks(yAxis, all).map((t) => ctx.measureText(yAxis.format(t)).width));
  const left = r.x + Math.max(58 * k * dpr, widest + (5 + 4 + 2) * dpr + 11 * k * dpr);
  // Room on the right for half of the last tick label.
  const right = r.x + r.w - 22 * k * dpr;
  const top = r.y + legendH + 8 * dpr;
  const bottom = r.y + r.h - 34 * k * dpr;
  ctx.strokeStyle = theme.faint;
  ctx.lineWidth = 1;
  ctx.strokeRect(left + 0.5, top + 0.5, right - left - 1, bottom - top - 1);
  ctx.fillStyle = theme.muted;
  ctx.font = font(12);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(xAxis.label, (left + right) / 2, r.y + r.h - 4 * dpr);
  ctx.save();
  // The rotated label's glyphs stand left of its baseline: the baseline sits a gap left of the
  // widest tick label.
  ctx.translate(all.length === 0 ? r.x + 12 * k * dpr : left - (5 + 4) * dpr - widest, (top + bottom) / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(yAxis.label, 0, 0);
  ctx.restore();
  if (all.length === 0) {
    // The placeholder is wrapped to the frame's width: a narrow plot (presenter mode's column
    // beside the count table, a phone) would otherwise cut the sentence at both edges.
    const lines = wrapText(ctx, options.empty, Math.max(1, right - left - 12 * dpr));
    const lineH = 16 * dpr * k;
    const y0 = (top + bottom) / 2 - ((lines.length - 1) * lineH) / 2;
    ctx.textBaseline = 'middle';
    lines.forEach((line, i) => ctx.fillText(line, (left + right) / 2, y0 + i * lineH));
    return;
  }
  const [x0, x1] = range(xAxis, all.map((p) => p[0]));
  const [y0, y1] = range(yAxis, all.map((p) => p[1]));
  const scale = (a: Axis, v: number, lo: number, hi: number) =>
    a.log ? (Math.log10(Math.max(v, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) : (v - lo) / (hi - lo);
  const px = (v: number) => left + (right - left) * scale(xAxis, v, x0, x1);
  const py = (v: number) => bottom - (bottom - top) * scale(yAxis, v, y0, y1);

  ctx.font = font(11);
  ctx.lineWidth = 1;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const t of ticks(yAxis, y0, y1)) {
    const yy = Math.round(py(t)) + 0.5;
    ctx.strokeStyle = theme.faint;
    ctx.beginPath();
    ctx.moveTo(left, yy);
    ctx.lineTo(right, yy);
    ctx.stroke();
    ctx.fillStyle = theme.muted;
    ctx.fillText(yAxis.format(t), left - 5 * dpr, yy);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const xt = ticks(xAxis, x0, x1);
  // Every decade labelled if there is room, else every other one.
  const every = (right - left) / Math.max(1, xt.length - 1) < 40 * dpr ? 2 : 1;
  xt.forEach((t, k) => {
    const xx = Math.round(px(t)) + 0.5;
    ctx.strokeStyle = theme.faint;
    ctx.beginPath();
    ctx.moveTo(xx, top);
    ctx.lineTo(xx, bottom);
    ctx.stroke();
    if (k % every === 0) {
      ctx.fillStyle = theme.muted;
      ctx.fillText(xAxis.format(t), xx, bottom + 4 * dpr);
    }
  });

  if (options.legend) {
    ctx.font = font(12);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    const colW = (r.w - 16 * dpr) / Math.min(cols, series.length);
    series.forEach((s, i) => {
      const lx = r.x + 8 * dpr + (i % cols) * colW;
      const ly = r.y + 11 * k * dpr + Math.floor(i / cols) * 22 * k * dpr;
      const color = css.getPropertyValue(s.colorVar).trim() || s.fallback;
      line(ctx, [[lx, ly], [lx + 24 * dpr, ly]], color, s.dash, dpr);
      marker(ctx, lx + 12 * dpr, ly, s.marker, color, theme.bg, false, dpr);
      ctx.fillStyle = theme.fg;
      ctx.fillText(fit(ctx, s.label, colW - 36 * dpr), lx + 30 * dpr, ly);
    });
  }

  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top - 6 * dpr, right - left, bottom - top + 12 * dpr);
  ctx.clip();
  for (const s of series) {
    const color = css.getPropertyValue(s.colorVar).trim() || s.fallback;
    const path: [number, number][] = [];
    for (const [k, p] of s.points.entries()) {
      if (s.step && k > 0) path.push([px(p[0]), py(s.points[k - 1]![1])]);
      path.push([px(p[0]), py(p[1])]);
    }
    if (s.step && path.length > 0) path.push([right, path[path.length - 1]![1]]);
    line(ctx, path, color, s.dash, dpr);
    // A staircase of hundreds of steps needs no markers; a few on it keep the shape legible.
    const every = s.step ? Math.max(1, Math.ceil(s.points.length / 8)) : 1;
    s.points.forEach(([x, y, hollow], k) => {
      if (k % every === 0) marker(ctx, px(x), py(y), s.marker, color, theme.bg, hollow === true, dpr);
    });
  }
  ctx.restore();
}

/** `text` cut with an ellipsis to `width`. */
function fit(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(`${t}…`).width > width) t = t.slice(0, -1);
  return `${t}…`;
}

function line(ctx: CanvasRenderingContext2D, path: [number, number][], color: string, dash: number[], dpr: number): void {
  if (path.length < 2) return;
  ctx.strokeStyle = color;
  ctx.lineWidth = 2 * dpr;
  ctx.setLineDash(dash.map((d) => d * dpr));
  ctx.beginPath();
  ctx.moveTo(...path[0]!);
  for (const p of path.slice(1)) ctx.lineTo(...p);
  ctx.stroke();
  ctx.setLineDash([]);
}

function marker(ctx: CanvasRenderingContext2D, cx: number, cy: number, shape: Marker, color: string, bg: string, hollow: boolean, dpr: number): void {
  const r = 4.5 * dpr;
  ctx.beginPath();
  switch (shape) {
    case 'circle':
      ctx.arc(cx, cy, r, 0, 2 * Math.PI);
      break;
    case 'square':
      ctx.rect(cx - r, cy - r, 2 * r, 2 * r);
      break;
    case 'triangle':
      ctx.moveTo(cx, cy - r * 1.2);
      ctx.lineTo(cx + r * 1.1, cy + r * 0.8);
      ctx.lineTo(cx - r * 1.1, cy + r * 0.8);
      ctx.closePath();
      break;
    case 'diamond':
      ctx.moveTo(cx, cy - r * 1.3);
      ctx.lineTo(cx + r, cy);
      ctx.lineTo(cx, cy + r * 1.3);
      ctx.lineTo(cx - r, cy);
      ctx.closePath();
      break;
    case 'cross':
      ctx.moveTo(cx - r, cy - r);
      ctx.lineTo(cx + r, cy + r);
      ctx.moveTo(cx + r, cy - r);
      ctx.lineTo(cx - r, cy + r);
      break;
    case 'bar':
      ctx.rect(cx - r * 1.3, cy - r * 0.5, 2.6 * r, r);
      break;
  }
  if (shape === 'cross') {
    ctx.strokeStyle = color;
    ctx.lineWidth = 2.5 * dpr;
    ctx.stroke();
    return;
  }
  ctx.fillStyle = hollow ? bg : color;
  ctx.strokeStyle = hollow ? color : bg;
  ctx.lineWidth = (hollow ? 2 : 1.5) * dpr;
  ctx.fill();
  ctx.stroke();
}
