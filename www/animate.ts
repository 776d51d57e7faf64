// Export an animation: steps a to b of the run on screen as an animated GIF or a WebM video, one
// frame per step, with the sentence the page shows at that step drawn under the board. The page
// seeks its own player to each step (so each frame's board and sentence are exactly what a viewer
// sees there) and draws the frame with the view's renderer (recordCanvases, as Export picture
// does); a worker (animate-worker.ts) encodes the frames, so the page never freezes. Cancel stops
// the worker, and the player goes back to the step it was on either way.

import { h } from './dom';
import { parseAddress } from './address';
import { caption, sceneOf, type ExportHost, type Scene } from './export';
import { readTheme, recordCanvases, type Surface } from './render/canvas';
import type { Animated } from './views/feature';
import type { AnimFormat, FromEncoder, ToEncoder } from './animate-worker';

/** Most frames one animation holds: a GIF of 300 frames at 480 px is some megabytes already. */
export const MAX_FRAMES = 300;
/** How far past the step on screen an animation may reach (well inside the player's HISTORY). */
const AHEAD = 100_000;
const WIDTHS = [240, 360, 480, 640];
const SPEEDS = [100, 200, 300, 500, 1000];
/** Frames drawn but not yet encoded, at most: the page waits for the worker beyond that. */
const IN_FLIGHT = 3;

export interface AnimateHost extends ExportHost {
  /** The runs of the view on screen (the race has two, moved together). */
  runs(): Animated[];
}

export interface AnimationOptions {
  from: number;
  to: number;
  format: AnimFormat;
  msPerStep: number;
  /** Frame width in pixels. */
  width: number;
  sentence: boolean;
}

/** `skyscrapers-3-40.gif`: the view's name and the steps. */
export function animationName(href: string, o: { from: number; to: number; format: AnimFormat }): string {
  const { address } = parseAddress(href.slice(Math.max(0, href.indexOf('#'))));
  return `${address.tab}-${o.from}-${o.to}.${o.format}`;
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
/** Lets the page paint and take input between pieces of work. */
const breathe = () => new Promise<void>((r) => setTimeout(r, 0));

export class Cancelled extends Error {}

/** The board on screen: its canvas's CSS width (fitCanvas sets it). */
const cssOf = (board: HTMLCanvasElement) => parseFloat(board.style.width) || board.clientWidth || 1;

/**
 * Draws the view as it is now into `ctx` (`width` px wide): its boards side by side scaled to the
 * width, the caption under them from `boardHeight` down, on the page's background.
 */
function drawFrame(scene: Scene, redraw: () => void, ctx: CanvasRenderingContext2D, width: number, height: number, boardHeight: number, o: AnimationOptions): void {
  const theme = readTheme(scene.boards[0]!);
  const total = scene.boards.reduce((w, b) => w + cssOf(b), 0) + 16 * (scene.boards.length - 1);
  const scale = width / total;
  const drawn = new Map<HTMLCanvasElement, { css: number; canvas: HTMLCanvasElement }>();
  recordCanvases(
    new Map(
      scene.boards.map((board) => [
        board,
        (css: number): Surface => {
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = Math.max(1, Math.round(css * scale));
          const c = canvas.getContext('2d');
          if (!c) throw new Error('This browser cannot draw on a canvas, so it cannot make an animation.');
          drawn.set(board, { css, canvas });
          return { ctx: c, dpr: scale, px: canvas.width };
        },
      ]),
    ),
    redraw,
  );
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = theme.bg;
  ctx.fillRect(0, 0, width, height);
  const parts = scene.boards.map((b) => drawn.get(b));
  if (parts.some((p) => !p)) throw new Error('The board was not drawn, so there is no animation to make.');
  // The boards' actual sizes, fitted to the width and the board area.
  const actual = parts.reduce((w, p) => w + p!.css, 0) + 16 * (parts.length - 1);
  const k = Math.min(width / actual, boardHeight / Math.max(...parts.map((p) => p!.css)));
  let x = (width - actual * k) / 2;
  for (const p of parts) {
    ctx.drawImage(p!.canvas, x, 0, p!.css * k, p!.css * k);
    x += (p!.css + 16) * k;
  }
  if (o.sentence) caption(scene, { format: 'png', scale: 1, sentence: true, legend: false }, width, ctx).draw(ctx, boardHeight, theme.fg);
}

export interface Progress {
  phase: 'reading' | 'drawing';
  done: number;
  total: number;
}

/**
 * Makes the animation of steps `o.from`…`o.to` of `runs` in the view `host` shows. `progress` is
 * told as frames are read and encoded; `cancel` (a promise that rejects) ends it early. The runs
 * go back to their steps in any case.
 */
/** An animation made, and the steps it holds (the run may end before the step asked for). */
export interface Made {
  blob: Blob;
  from: number;
  to: number;
}

export async function makeAnimation(host: AnimateHost, runs: Animated[], o: AnimationOptions, progress: (p: Progress) => void, cancelled: () => boolean, onWorker: (w: Worker) => void): Promise<Made> {
  for (const r of runs) r.pause();
  const back = runs.map((r) => r.state()?.position ?? 0);
  const seekAll = (k: number) => runs.forEach((r) => r.seek(k));
  const check = () => {
    if (cancelled()) throw new Cancelled('Cancelled.');
  };
  let worker: Worker | null = null;
  try {
    // The race's two runs end apart: the animation runs to the longer one, the other staying on its
    // last step (seek clamps), as the race's own scrubber does.
    const known = Math.max(...(await Promise.all(runs.map((r) => r.computeTo(o.to)))));
    const first = Math.max(...runs.map((r) => r.state()?.first ?? 0));
    const from = Math.max(first, Math.min(o.from, known));
    const to = Math.max(from, Math.min(o.to, known));
    const total = to - from + 1;
    if (total > MAX_FRAMES) throw new Error(`That is ${total.toLocaleString('en-US')} steps; an animation holds at most ${MAX_FRAMES}.`);
    const measurer = document.createElement('canvas').getContext('2d');
    if (!measurer) throw new Error('This browser cannot draw on a canvas, so it cannot make an animation.');
    // First pass: the tallest caption, so that every frame has one size.
    let captionHeight = 0;
    let boardHeight = 0;
    let last = performance.now();
    for (let k = from; k <= to; k++) {
      seekAll(k);
      const scene = sceneOf(host.view());
      if (!scene) throw new Error('This view has no board showing to animate.');
      if (k === from) {
        const total = scene.boards.reduce((w, b) => w + cssOf(b), 0) + 16 * (scene.boards.length - 1);
        boardHeight = Math.round((o.width * Math.max(...scene.boards.map(cssOf))) / total);
      }
      if (o.sentence) captionHeight = Math.max(captionHeight, caption(scene, { format: 'png', scale: 1, sentence: true, legend: false }, o.width, measurer).height);
      if (performance.now() - last > 30) {
        progress({ phase: 'reading', done: k - from + 1, total });
        await breathe();
        check();
        last = performance.now();
      }
    }
    const width = even(o.width);
    const height = even(boardHeight + captionHeight);
    const w = new Worker(new URL('./animate-worker.ts', import.meta.url), { type: 'module', name: 'solvescope-animate' });
    worker = w;
    onWorker(w);
    let encoded = 0;
    let result: { bytes: ArrayBuffer; mime: string } | null = null;
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    w.onmessage = (e: MessageEvent<FromEncoder>) => {
      const m = e.data;
      if (m.type === 'encoded') {
        encoded++;
        progress({ phase: 'drawing', done: encoded, total });
      } else if (m.type === 'done') result = { bytes: m.bytes, mime: m.mime };
      else failure = new Error(m.message);
      wake?.();
    };
    w.onerror = (e) => {
      failure = new Error(`The encoder stopped: ${e.message || 'an error in the worker'}.`);
      wake?.();
    };
    const until = async (ok: () => boolean) => {
      while (!ok()) {
        check();
        if (failure) throw failure;
        await new Promise<void>((r) => {
          wake = r;
          // Cancel terminates the worker, which then never answers: look again now and then.
          setTimeout(r, 100);
        });
        wake = null;
      }
      if (failure) throw failure;
      check();
    };
    const send = (m: ToEncoder, transfer: Transferable[] = []) => w.postMessage(m, transfer);
    send({ type: 'start', format: o.format, width, height, msPerStep: o.msPerStep, frames: total });
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('This browser cannot draw on a canvas, so it cannot make an animation.');
    progress({ phase: 'drawing', done: 0, total });
    for (let k = from; k <= to; k++) {
      await until(() => k - from - encoded < IN_FLIGHT);
      seekAll(k);
      const scene = sceneOf(host.view());
      if (!scene) throw new Error('This view has no board showing to animate.');
      drawFrame(scene, host.redraw, ctx, width, height, boardHeight, o);
      const pixels = ctx.getImageData(0, 0, width, height).data.buffer;
      send({ type: 'frame', index: k - from, pixels }, [pixels]);
    }
    send({ type: 'finish' });
    await until(() => result !== null);
    const done = result as unknown as { bytes: ArrayBuffer; mime: string };
    return { blob: new Blob([done.bytes], { type: done.mime }), from, to };
  } finally {
    worker?.terminate();
    runs.forEach((r, i) => r.seek(back[i]!));
    host.redraw();
  }
}

/** The Export animation button and its dialog. */
export function animateDialog(host: AnimateHost): { button: HTMLButtonElement } {
  const button = h('button', { type: 'button', id: 'animate-button', class: 'link-button', 'aria-haspopup': 'dialog', title: 'Save steps of this run as an animated GIF or a WebM video' }, 'Export animation') as HTMLButtonElement;
  const num = (id: string, label: string) => h('input', { type: 'number', id, min: '0', step: '1', inputmode: 'numeric', 'aria-label': label, size: '7' }) as HTMLInputElement;
  const from = num('animate-from', 'From step');
  const to = num('animate-to', 'To step');
  const radio = (value: AnimFormat, label: string, checked: boolean) =>
    h('label', {}, h('input', { type: 'radio', name: 'animate-format', value, id: `animate-${value}`, ...(checked ? { checked: '' } : {}) }), ` ${label}`);
  const speed = h('select', { id: 'animate-speed', 'aria-label': 'Time per step' }, ...SPEEDS.map((ms) => h('option', { value: String(ms), ...(ms === 300 ? { selected: '' } : {}) }, `${ms} ms per step (${+(1000 / ms).toFixed(1)} frames/s)`))) as HTMLSelectElement;
  const width = h('select', { id: 'animate-width', 'aria-label': 'Width' }, ...WIDTHS.map((px) => h('option', { value: String(px), ...(px === 480 ? { selected: '' } : {}) }, `${px} px wide`))) as HTMLSelectElement;
  const sentence = h('input', { type: 'checkbox', id: 'animate-sentence', checked: '' }) as HTMLInputElement;
  const range = h('p', { id: 'animate-range', class: 'muted' });
  const go = h('button', { type: 'button', id: 'animate-make' }, 'Make') as HTMLButtonElement;
  const stop = h('button', { type: 'button', id: 'animate-cancel', hidden: '' }, 'Cancel') as HTMLButtonElement;
  const bar = h('progress', { id: 'animate-progress', max: '1', value: '0', hidden: '' }) as HTMLProgressElement;
  const link = h('a', { id: 'animate-link', hidden: '' }) as HTMLAnchorElement;
  const said = h('p', { class: 'status', id: 'animate-status', 'aria-live': 'polite' });
  const close = h('button', { type: 'button', class: 'dialog-close' }, 'Close');
  const dialog = h(
    'dialog',
    { class: 'tool-dialog animate-dialog', id: 'animate-dialog', 'aria-labelledby': 'animate-title' },
    h('div', { class: 'help-head' }, h('h2', { id: 'animate-title' }, 'Export animation'), close),
    h('p', {}, `One frame per step, with the sentence of that step under the board. At most ${MAX_FRAMES} frames; the player goes back to this step afterwards.`),
    h('fieldset', {}, h('legend', {}, 'Steps'), h('label', {}, 'From ', from), ' ', h('label', {}, 'to ', to), range),
    h('fieldset', {}, h('legend', {}, 'Format'), radio('gif', 'GIF', true), ' ', radio('webm', 'WebM video', false), ' ', h('label', {}, sentence, ' The sentence under the board')),
    h('fieldset', {}, h('legend', {}, 'Speed and size'), speed, ' ', width),
    h('p', {}, go, ' ', stop, ' ', bar, ' ', link),
    said,
  ) as HTMLDialogElement;
  document.body.append(dialog);
  let url: string | null = null;
  let running = false;
  let cancel = false;
  let worker: Worker | null = null;

  const done = () => {
    running = false;
    const refocus = document.activeElement === stop || document.activeElement === document.body || document.activeElement === dialog;
    go.disabled = false;
    stop.hidden = true;
    bar.hidden = true;
    if (refocus && dialog.open) go.focus();
  };

  button.addEventListener('click', async () => {
    const runs = host.runs();
    const board = runs.length > 0 && sceneOf(host.view()) !== null;
    // A run solved at full speed recorded no steps; a Solve still running is left alone.
    const problem = !board
      ? 'This view has no run on its board to animate: open a run in Watch mode (or any N-Queens view) first.'
      : runs.some((r) => r.busy)
        ? 'A Solve is running, which records no steps: wait for it or press Stop, then Play or Step.'
        : runs.some((r) => r.solvedFast)
          ? 'This run was solved at full speed and recorded no steps: press Reset, then Play or Step, to record one.'
          : null;
    const ok = problem === null;
    said.textContent = problem ?? '';
    // WebM needs WebCodecs' encoder, which browsers give only to secure pages (https, localhost).
    const webm = dialog.querySelector<HTMLInputElement>('#animate-webm')!;
    webm.disabled = typeof VideoEncoder !== 'function';
    webm.parentElement!.title = webm.disabled ? 'This browser has no video encoder here (WebCodecs needs https or localhost); the GIF works everywhere.' : '';
    if (webm.disabled && webm.checked) dialog.querySelector<HTMLInputElement>('#animate-gif')!.checked = true;
    // Make waits for the default range: pressed before, it would read empty fields as step 0.
    go.disabled = true;
    link.hidden = true;
    dialog.showModal();
    if (!ok || running) return;
    for (const r of runs) r.pause();
    const st = runs[0]!.state();
    const first = st?.first ?? 0;
    // Default: the whole run from its first kept step, capped.
    range.textContent = 'Working out how long the run is…';
    try {
      const known = Math.max(...(await Promise.all(runs.map((r) => r.computeTo(first + MAX_FRAMES - 1)))));
      const complete = runs.every((r) => r.state()?.complete);
      from.min = to.min = String(first);
      from.value = String(first);
      to.value = String(Math.min(known, first + MAX_FRAMES - 1));
      range.textContent = `The run has ${known.toLocaleString('en-US')} steps${complete ? '' : ' computed so far (more are computed as needed)'}; step 0 is the board before the first.`;
      go.disabled = running;
    } catch (e) {
      range.textContent = `The run's length could not be worked out: ${e instanceof Error ? e.message : String(e)}`;
    }
  });
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    if (running) {
      cancel = true;
      worker?.terminate();
    }
  });
  stop.addEventListener('click', () => {
    cancel = true;
    worker?.terminate();
  });
  go.addEventListener('click', async () => {
    if (running) return;
    const runs = host.runs();
    const a = Number(from.value);
    const b = Number(to.value);
    if (!Number.isInteger(a) || !Number.isInteger(b) || a < 0 || b < a) {
      said.textContent = 'The steps must be whole numbers, the first no later than the last.';
      return;
    }
    if (b - a + 1 > MAX_FRAMES) {
      said.textContent = `That is ${(b - a + 1).toLocaleString('en-US')} steps; an animation holds at most ${MAX_FRAMES}.`;
      return;
    }
    // Steps far ahead would be computed first, with no way to cancel, and the player could not
    // come back from there (it keeps HISTORY steps): the run is played nearer first.
    const at = Math.max(...runs.map((r) => r.state()?.position ?? 0));
    if (b > at + AHEAD) {
      said.textContent = `Step ${b.toLocaleString('en-US')} is more than ${AHEAD.toLocaleString('en-US')} steps past the one on screen (${at.toLocaleString('en-US')}): play or scrub the run nearer to it first.`;
      return;
    }
    const format = (dialog.querySelector<HTMLInputElement>('input[name=animate-format]:checked')?.value ?? 'gif') as AnimFormat;
    const o: AnimationOptions = { from: a, to: b, format, msPerStep: Number(speed.value), width: Number(width.value), sentence: sentence.checked };
    running = true;
    cancel = false;
    go.disabled = true;
    stop.hidden = false;
    bar.hidden = false;
    bar.value = 0;
    link.hidden = true;
    // Make is disabled while it runs: the keyboard goes to Cancel, the one thing to press now.
    stop.focus();
    said.textContent = 'Reading the steps…';
    try {
      const made = await makeAnimation(
        host,
        runs,
        o,
        (p) => {
          bar.value = p.total ? p.done / p.total : 0;
          said.textContent = p.phase === 'reading' ? `Reading step ${p.done} of ${p.total}…` : `Encoding frame ${p.done} of ${p.total}…`;
        },
        () => cancel,
        (w) => (worker = w),
      );
      // Named by the steps it holds: a run that ends sooner than asked gives a shorter file.
      const name = animationName(host.current(), { ...o, from: made.from, to: made.to });
      if (url) URL.revokeObjectURL(url);
      url = URL.createObjectURL(made.blob);
      link.href = url;
      link.download = name;
      link.textContent = `Save ${name} again`;
      link.hidden = false;
      link.click();
      const shorter = made.to < o.to ? ` The run ends at step ${made.to.toLocaleString('en-US')}, so it stops there.` : '';
      said.textContent = `Saved ${name} (${Math.max(1, Math.round(made.blob.size / 1024)).toLocaleString('en-US')} KB).${shorter}`;
    } catch (e) {
      said.textContent = e instanceof Cancelled ? 'Cancelled: no animation was made; the player is back at its step.' : e instanceof Error ? e.message : String(e);
    } finally {
      worker = null;
      done();
    }
  });
  return { button };
}
