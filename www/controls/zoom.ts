// Zoom and pan for boards too big to read at window size (a 50x50 Hashiwokakero, N = 50 queens on a
// phone). The canvas is redrawn at the zoomed size (sharp digits, and the views' pointer code keeps
// working because it maps through getBoundingClientRect) inside a scrolling viewport: scrollbars,
// the wheel, touch and the keyboard pan it, and dragging the board's margin pans it with a mouse.
// Zooming keeps the centre of what was on screen in the centre.

import { h } from '../dom';

/** Zoom steps: "Fit" is 1, the whole board in the window. */
const LEVELS = [1, 1.5, 2, 3, 4, 6, 8];
/** Largest canvas side in device pixels: past this a canvas costs too much memory on a phone. */
const MAX_DEVICE_PX = 4096;

export interface Zoom {
  /** The − / Fit / + buttons and the zoom level. */
  element: HTMLElement;
  /** The scrolling box the canvas lives in. */
  viewport: HTMLElement;
  /** The canvas size (CSS px) for a board that fits the window at `fit` CSS px. */
  size(fit: number): number;
  /** Back to "Fit" (a new puzzle). */
  reset(): void;
}

/**
 * `panOnBoard` says whether a mouse drag on the board itself pans (it does not where drags draw,
 * as in Hashiwokakero's editor and play modes).
 */
export function zoomControl(canvas: HTMLCanvasElement, redraw: () => void, label = 'Board', panOnBoard: () => boolean = () => true): Zoom {
  let level = 0;
  const out = h('button', { type: 'button', class: 'zoom-out', 'aria-label': `${label}: zoom out`, title: 'Zoom out' }, '−');
  const fit = h('button', { type: 'button', class: 'zoom-fit', 'aria-label': `${label}: fit the window`, title: 'Whole board' }, 'Fit');
  const inn = h('button', { type: 'button', class: 'zoom-in', 'aria-label': `${label}: zoom in`, title: 'Zoom in' }, '+');
  const shown = h('output', { class: 'zoom-level', 'aria-live': 'polite' }, '100%');
  const element = h('div', { class: 'zoom', role: 'group', 'aria-label': `${label} zoom` }, out, fit, inn, shown);
  const viewport = h('div', { class: 'board-viewport' }, canvas);

  const set = (next: number): void => {
    next = Math.max(0, Math.min(LEVELS.length - 1, next));
    if (next === level) return;
    // The point at the centre of the viewport, as a fraction of the board, stays at the centre.
    const fx = (viewport.scrollLeft + viewport.clientWidth / 2) / Math.max(1, viewport.scrollWidth);
    const fy = (viewport.scrollTop + viewport.clientHeight / 2) / Math.max(1, viewport.scrollHeight);
    level = next;
    redraw();
    viewport.classList.toggle('zoomed', level > 0);
    viewport.scrollLeft = fx * viewport.scrollWidth - viewport.clientWidth / 2;
    viewport.scrollTop = fy * viewport.scrollHeight - viewport.clientHeight / 2;
    update();
  };
  const update = (): void => {
    shown.textContent = `${Math.round(LEVELS[level]! * 100)}%`;
    out.disabled = level === 0;
    fit.disabled = level === 0;
    inn.disabled = level === LEVELS.length - 1;
  };
  out.addEventListener('click', () => set(level - 1));
  fit.addEventListener('click', () => set(0));
  inn.addEventListener('click', () => set(level + 1));

  // Mouse panning when zoomed: a drag on the viewport's margin, or on the board where a drag means
  // nothing else, scrolls it. Touch and trackpads scroll natively.
  let pan: { x: number; y: number; left: number; top: number } | null = null;
  viewport.addEventListener('pointerdown', (e) => {
    if (level === 0 || e.pointerType !== 'mouse' || e.button !== 0) return;
    if (e.target !== viewport && !(e.target === canvas && panOnBoard())) return;
    pan = { x: e.clientX, y: e.clientY, left: viewport.scrollLeft, top: viewport.scrollTop };
    viewport.setPointerCapture(e.pointerId);
  });
  viewport.addEventListener('pointermove', (e) => {
    if (!pan) return;
    viewport.scrollLeft = pan.left - (e.clientX - pan.x);
    viewport.scrollTop = pan.top - (e.clientY - pan.y);
  });
  const endPan = (): void => {
    pan = null;
  };
  viewport.addEventListener('pointerup', endPan);
  viewport.addEventListener('pointercancel', endPan);
  update();

  return {
    element,
    viewport,
    size(fitPx) {
      const dpr = Math.max(1, window.devicePixelRatio || 1);
      return Math.max(fitPx, Math.min(Math.round(fitPx * LEVELS[level]!), Math.floor(MAX_DEVICE_PX / dpr)));
    },
    reset() {
      if (level !== 0) set(0);
    },
  };
}
