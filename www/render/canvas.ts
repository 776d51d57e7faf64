// Canvas helpers shared by every renderer: crisp high-DPI sizing and the colour theme read from CSS
// custom properties (so dark mode and contrast live in style.css only).

export interface Surface {
  ctx: CanvasRenderingContext2D;
  /** Device pixels per CSS pixel. */
  dpr: number;
  /** Backing-store size in device pixels (square). */
  px: number;
}

/** While boards are exported (www/export.ts): the canvases whose drawing goes elsewhere, and where. */
let recording: Map<HTMLCanvasElement, (cssSize: number) => Surface> | null = null;

/**
 * Runs `draw` (a view's synchronous redraw) with each canvas's drawing in `to` sent to the surface
 * it makes for its CSS size instead (a recording context for SVG, a larger canvas for PNG), so an
 * export is drawn by the very renderer the page uses. The canvases on screen are left as they are.
 */
export function recordCanvases(to: Map<HTMLCanvasElement, (cssSize: number) => Surface>, draw: () => void): void {
  recording = to;
  try {
    draw();
  } finally {
    recording = null;
  }
}

/** Device pixels per CSS pixel at least, while printing (www/print.ts): a board printed 16 cm
 *  wide from a screen's backing store would be about 90 dpi, soft on paper. */
let printScale = 1;
export function setPrintScale(scale: number): void {
  printScale = scale;
}

/** Sizes `canvas` to `cssSize` CSS pixels square, with a backing store in device pixels. */
export function fitCanvas(canvas: HTMLCanvasElement, cssSize: number): Surface {
  const elsewhere = recording?.get(canvas);
  if (elsewhere) return elsewhere(cssSize);
  const dpr = Math.max(printScale, window.devicePixelRatio || 1);
  const px = Math.max(1, Math.round(cssSize * dpr));
  if (canvas.width !== px || canvas.height !== px) {
    canvas.width = px;
    canvas.height = px;
  }
  canvas.style.width = `${cssSize}px`;
  canvas.style.height = `${cssSize}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw on a canvas');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  return { ctx, dpr, px };
}

export type Theme = Record<
  | 'bg'
  | 'fg'
  | 'muted'
  | 'light'
  | 'dark'
  | 'piece'
  | 'pieceOutline'
  | 'attack'
  | 'accent'
  | 'good'
  | 'bad'
  | 'grid'
  | 'faint',
  string
>;

/** Reads the board colours from CSS custom properties on `el` (they change with dark mode). */
export function readTheme(el: Element): Theme {
  const cs = getComputedStyle(el);
  const v = (name: string, fallback: string) => cs.getPropertyValue(name).trim() || fallback;
  return {
    bg: v('--bg', '#fff'),
    fg: v('--fg', '#111'),
    muted: v('--muted', '#666'),
    light: v('--board-light', '#f0d9b5'),
    dark: v('--board-dark', '#b58863'),
    piece: v('--piece', '#111'),
    pieceOutline: v('--piece-outline', '#fff'),
    attack: v('--attack', '#d33'),
    accent: v('--accent', '#1a73e8'),
    good: v('--good', '#188038'),
    bad: v('--bad', '#c5221f'),
    grid: v('--grid', '#999'),
    faint: v('--faint', '#ccc'),
  };
}

/**
 * Diagonal stripes over a rectangle, clipped to it: the shape that says "wrong" on every board, so
 * a mistake never differs from a finished part by its colour alone (and reads in greyscale too).
 */
export function hatch(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, colour: string, cell: number): void {
  const step = Math.max(4, cell / 4);
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(1, step / 4);
  ctx.beginPath();
  for (let d = -h; d < w; d += step) {
    ctx.moveTo(x + d, y + h);
    ctx.lineTo(x + d + h, y);
  }
  ctx.stroke();
  ctx.restore();
}

/** An X of half-width `r` centred on (x, y): an attacked square, a bridge marked wrong. */
export function cross(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x - r, y - r);
  ctx.lineTo(x + r, y + r);
  ctx.moveTo(x + r, y - r);
  ctx.lineTo(x - r, y + r);
  ctx.stroke();
}

/** Largest board side in CSS px: big enough for a projector, small enough to draw every frame. */
export const BOARD_MAX = 1100;

/**
 * Largest square (CSS px) that fits the element's width and the window's height (less room for the
 * player above it), at most `max`: a board grows with the window, on a projector too, but a
 * whole board always fits on screen.
 */
export function squareFor(el: HTMLElement, max: number): number {
  const w = el.clientWidth || max;
  const tall = typeof window === 'undefined' ? max : window.innerHeight - 140;
  return Math.max(120, Math.min(max, Math.floor(w), Math.floor(tall)));
}
