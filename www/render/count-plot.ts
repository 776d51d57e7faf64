// The count mode's plot: time against N on a log scale, one series per counter, each with its own
// colour (Okabe-Ito blue and vermillion/orange, told apart with any colour vision), marker shape
// and line style, so the plot also reads in grey.

import type { Surface, Theme } from './canvas';

export interface PlotSeries {
  label: string;
  /** A CSS custom property holding the series' colour (set for light and dark in style.css). */
  colorVar: string;
  fallback: string;
  marker: 'circle' | 'square';
  dashed: boolean;
  /** [N, milliseconds], ascending N. */
  points: [number, number][];
}

function timeLabel(ms: number): string {
  if (ms >= 1000) return `${ms / 1000} s`;
  return `${ms} ms`;
}

export function drawCountPlot(s: Surface, width: number, height: number, series: PlotSeries[], theme: Theme, canvas: HTMLCanvasElement): void {
  const { ctx, dpr } = s;
  const w = Math.round(width * dpr);
  const h = Math.round(height * dpr);
  ctx.clearRect(0, 0, w, h);
  const css = getComputedStyle(canvas);
  const font = (px: number) => `${px * dpr}px system-ui, sans-serif`;
  const all = series.flatMap((x) => x.points);
  const left = 50 * dpr;
  const right = 10 * dpr;
  const top = 26 * dpr;
  const bottom = 34 * dpr;
  ctx.strokeStyle = theme.faint;
  ctx.lineWidth = 1;
  ctx.strokeRect(left + 0.5, top + 0.5, w - left - right - 1, h - top - bottom - 1);
  ctx.fillStyle = theme.muted;
  ctx.font = font(12);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'center';
  ctx.fillText('N (board size)', left + (w - left - right) / 2, h - 4 * dpr);
  if (all.length === 0) {
    ctx.fillText('Count a few sizes to see the time grow with N.', left + (w - left - right) / 2, top + (h - top - bottom) / 2);
    return;
  }
  const ns = all.map((p) => p[0]);
  const n0 = Math.min(...ns) - 0.5;
  const n1 = Math.max(...ns) + 0.5;
  // Decades from a tenth of a millisecond up: every time shown sits between two labelled lines.
  const logs = all.map((p) => Math.log10(Math.max(0.1, p[1])));
  const d0 = Math.floor(Math.min(...logs));
  const d1 = Math.max(d0 + 1, Math.ceil(Math.max(...logs)));
  const x = (n: number) => left + ((w - left - right) * (n - n0)) / (n1 - n0);
  const y = (ms: number) => h - bottom - ((h - top - bottom) * (Math.log10(Math.max(0.1, ms)) - d0)) / (d1 - d0);

  ctx.lineWidth = 1;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  ctx.font = font(11);
  for (let d = d0; d <= d1; d++) {
    const ms = 10 ** d;
    const yy = Math.round(y(ms)) + 0.5;
    ctx.strokeStyle = theme.faint;
    ctx.beginPath();
    ctx.moveTo(left, yy);
    ctx.lineTo(w - right, yy);
    ctx.stroke();
    ctx.fillStyle = theme.muted;
    ctx.fillText(timeLabel(Number(ms.toPrecision(1))), left - 5 * dpr, yy);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const step = Math.max(1, Math.ceil((n1 - n0) / Math.max(1, (w - left - right) / (28 * dpr))));
  for (let n = Math.ceil(n0); n <= n1; n += step) ctx.fillText(String(n), x(n), h - bottom + 4 * dpr);

  // Legend along the top: marker, line and name of each series.
  let lx = left;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.font = font(12);
  for (const se of series) {
    const color = css.getPropertyValue(se.colorVar).trim() || se.fallback;
    line(ctx, [lx, 12 * dpr], [lx + 22 * dpr, 12 * dpr], color, se.dashed, dpr);
    marker(ctx, lx + 11 * dpr, 12 * dpr, se.marker, color, theme.bg, dpr);
    ctx.fillStyle = theme.fg;
    ctx.fillText(se.label, lx + 28 * dpr, 12 * dpr);
    lx += 28 * dpr + ctx.measureText(se.label).width + 16 * dpr;
  }

  for (const se of series) {
    const color = css.getPropertyValue(se.colorVar).trim() || se.fallback;
    for (let i = 1; i < se.points.length; i++) {
      const [a, b] = [se.points[i - 1]!, se.points[i]!];
      line(ctx, [x(a[0]), y(a[1])], [x(b[0]), y(b[1])], color, se.dashed, dpr);
    }
    for (const [n, ms] of se.points) marker(ctx, x(n), y(ms), se.marker, color, theme.bg, dpr);
  }
}

function line(ctx: CanvasRenderingContext2D, a: [number, number], b: [number, number], color: string, dashed: boolean, dpr: number): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = 2 * dpr;
  ctx.setLineDash(dashed ? [5 * dpr, 4 * dpr] : []);
  ctx.beginPath();
  ctx.moveTo(...a);
  ctx.lineTo(...b);
  ctx.stroke();
  ctx.setLineDash([]);
}

function marker(ctx: CanvasRenderingContext2D, cx: number, cy: number, shape: 'circle' | 'square', color: string, bg: string, dpr: number): void {
  const r = 4 * dpr;
  ctx.fillStyle = color;
  ctx.strokeStyle = bg;
  ctx.lineWidth = 1.5 * dpr;
  ctx.beginPath();
  if (shape === 'circle') ctx.arc(cx, cy, r, 0, 2 * Math.PI);
  else ctx.rect(cx - r, cy - r, 2 * r, 2 * r);
  ctx.fill();
  ctx.stroke();
}
