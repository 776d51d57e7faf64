// Export a picture: the board of the view on screen at its current step, as PNG (at a chosen scale)
// or SVG (vector, for print and slides), with or without the sentence and the colour legend under
// it. Both are drawn by the view's own renderer (www/render/*.ts): the view redraws once with its
// board's drawing sent to a larger canvas or to a recording context that writes SVG
// (render/svg-context.ts, through recordCanvas in render/canvas.ts). The sentence and legend are
// the words on screen, drawn with the same context calls, so PNG and SVG agree.

import { h } from './dom';
import { parseAddress } from './address';
import { readTheme, recordCanvases, type Surface } from './render/canvas';
import { SvgContext } from './render/svg-context';

export type PictureFormat = 'png' | 'svg';

export interface PictureOptions {
  format: PictureFormat;
  /** PNG only: device pixels per CSS pixel of the board on screen. */
  scale: number;
  sentence: boolean;
  legend: boolean;
}

/** What the view on screen offers to draw: its boards (the race has two, side by side), their
 *  sentences, its legend. */
export interface Scene {
  boards: HTMLCanvasElement[];
  sentences: string[];
  /** Each item's colour, its glyph when its swatch is a character, and its words. */
  legend: { colour: string; glyph: string; text: string }[];
}

const visible = (el: Element) => el.getClientRects().length > 0;

/** The nearest shown sentence around `board`: its own side's in the race, else the view's. */
function sentenceOf(board: Element, view: Element): string {
  for (let el: Element | null = board.parentElement; el && view.contains(el); el = el.parentElement) {
    const said = [...el.querySelectorAll<HTMLElement>('.status, .error')].find((s) => visible(s) && s.textContent?.trim());
    if (said) return said.textContent!.trim();
  }
  return '';
}

/** The boards, sentences and legend of the view on screen; null when it has no board showing. */
export function sceneOf(view: Element | null | undefined): Scene | null {
  if (!view) return null;
  const boards = [...view.querySelectorAll<HTMLCanvasElement>("canvas[id$='-board']")].filter(visible);
  if (!boards.length) return null;
  const sentences = [...new Set(boards.map((b) => sentenceOf(b, view)).filter(Boolean))];
  // Every shown legend (each side of the race has its own), each item once.
  // An item the view hides (a colour its algorithm never draws) stays out of the picture too.
  const items = [...view.querySelectorAll('ul.legend')].filter(visible).flatMap((list) => [...list.querySelectorAll<HTMLElement>('li')].filter((li) => !li.hidden));
  const all = items.map((li) => {
    const swatch = li.querySelector<HTMLElement>('.swatch');
    const cs = swatch ? getComputedStyle(swatch) : null;
    // The swatch's own colour: its fill, else its frame, else its glyph's.
    const fill = cs && cs.backgroundColor !== 'rgba(0, 0, 0, 0)' ? cs.backgroundColor : cs?.borderTopWidth !== '0px' && cs?.borderTopStyle !== 'none' ? cs?.borderTopColor : cs?.color;
    return { colour: fill ?? '#888', glyph: swatch?.textContent?.trim() ?? '', text: [...li.childNodes].filter((n) => n !== swatch).map((n) => n.textContent).join('').trim() };
  });
  const legend = all.filter((it, i) => all.findIndex((o) => o.text === it.text) === i);
  return { boards, sentences, legend };
}

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const PAD = 12;
const SENTENCE = { size: 15, line: 21 };
const LEGEND = { size: 13, line: 20, swatch: 12 };

/** Words of `text` in lines no wider than `width` (a word wider than that gets a line of its own). */
function wrap(measure: (s: string) => number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export interface Caption {
  height: number;
  draw(ctx: CanvasRenderingContext2D, top: number, fg: string): void;
}

/** Lays the sentences and legend out under boards `width` CSS px wide in all. */
export function caption(scene: Scene, o: PictureOptions, width: number, measurer: CanvasRenderingContext2D): Caption {
  const inner = Math.max(40, width - 2 * PAD);
  measurer.font = `${SENTENCE.size}px ${FONT}`;
  const lines = o.sentence ? scene.sentences.flatMap((t) => wrap((s) => measurer.measureText(s).width, t, inner)) : [];
  measurer.font = `${LEGEND.size}px ${FONT}`;
  // Legend items flow in rows: a swatch, its words, a gap. An item wider than the picture has its
  // words wrapped on rows of its own, under its swatch's column.
  type Entry = { x: number; item: Scene['legend'][number]; text: string; swatch: boolean };
  const rows: Entry[][] = [];
  if (o.legend) {
    const lead = LEGEND.swatch + 6;
    let row: Entry[] = [];
    let x = 0;
    for (const item of scene.legend) {
      const w = lead + measurer.measureText(item.text).width;
      if (row.length && x + w > inner) {
        rows.push(row);
        row = [];
        x = 0;
      }
      if (w > inner) {
        wrap((t) => measurer.measureText(t).width, item.text, inner - lead).forEach((text, k) => rows.push([{ x: 0, item, text, swatch: k === 0 }]));
        continue;
      }
      row.push({ x, item, text: item.text, swatch: true });
      x += w + 18;
    }
    if (row.length) rows.push(row);
  }
  const body = lines.length * SENTENCE.line + (lines.length && rows.length ? 6 : 0) + rows.length * LEGEND.line;
  return {
    height: body ? body + 2 * PAD : 0,
    draw(ctx, top, fg) {
      let y = top + PAD;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = fg;
      ctx.font = `${SENTENCE.size}px ${FONT}`;
      for (const l of lines) {
        ctx.fillText(l, PAD, y + SENTENCE.line / 2);
        y += SENTENCE.line;
      }
      if (lines.length && rows.length) y += 6;
      ctx.font = `${LEGEND.size}px ${FONT}`;
      for (const row of rows) {
        for (const { x, item, text, swatch } of row) {
          ctx.fillStyle = item.colour;
          // A wrapped item's later lines are words only.
          if (swatch && item.glyph) {
            ctx.font = `700 ${LEGEND.size}px ${FONT}`;
            ctx.fillText(item.glyph, PAD + x + 1, y + LEGEND.line / 2);
            ctx.font = `${LEGEND.size}px ${FONT}`;
          } else if (swatch) ctx.fillRect(PAD + x, y + (LEGEND.line - LEGEND.swatch) / 2, LEGEND.swatch, LEGEND.swatch);
          ctx.fillStyle = fg;
          ctx.fillText(text, PAD + x + LEGEND.swatch + 6, y + LEGEND.line / 2);
        }
        y += LEGEND.line;
      }
    },
  };
}

/** Room between two boards side by side, in CSS px. */
const GAP = 16;

/**
 * The picture of `scene` as the view draws it now. `redraw` is the view's synchronous redraw; it
 * must size its boards through fitCanvas (every puzzle view does), or there is nothing to export.
 * Each board is drawn on a surface of its own, then they are put side by side over the caption.
 */
export async function exportPicture(scene: Scene, redraw: () => void, o: PictureOptions): Promise<Blob> {
  const theme = readTheme(scene.boards[0]!);
  const measurer = document.createElement('canvas').getContext('2d');
  if (!measurer) throw new Error('This browser cannot draw on a canvas, so it cannot make a picture.');
  const scale = o.format === 'svg' ? 1 : Math.min(8, Math.max(1, o.scale));
  const drawn = new Map<HTMLCanvasElement, { css: number; svg?: SvgContext; canvas?: HTMLCanvasElement }>();
  recordCanvases(
    new Map(
      scene.boards.map((board, i) => [
        board,
        (css: number): Surface => {
          if (o.format === 'svg') {
            // Ids of its own per board (clip paths), as they end up in one document.
            const svg = new SvgContext(css, css, `b${i}-`);
            drawn.set(board, { css, svg });
            return { ctx: svg.asCanvas(), dpr: 1, px: css };
          }
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = Math.round(css * scale);
          const ctx = canvas.getContext('2d');
          if (!ctx) throw new Error('This browser cannot draw on a canvas, so it cannot make a picture.');
          drawn.set(board, { css, canvas });
          return { ctx, dpr: scale, px: canvas.width };
        },
      ]),
    ),
    redraw,
  );
  const parts = scene.boards.map((b) => drawn.get(b)).filter((d) => d !== undefined);
  if (parts.length < scene.boards.length) throw new Error('The board was not drawn, so there is no picture to export.');
  const width = parts.reduce((w, d) => w + d.css, 0) + GAP * (parts.length - 1);
  const height = Math.max(...parts.map((d) => d.css));
  const cap = caption(scene, o, width, measurer);
  if (o.format === 'svg') {
    const svg = new SvgContext(width, height + cap.height);
    let x = 0;
    for (const d of parts) {
      svg.place(d.svg!, x, 0, 'board');
      x += d.css + GAP;
    }
    svg.beginGroup('caption');
    cap.draw(svg.asCanvas(), height, theme.fg);
    svg.endGroup();
    return new Blob([svg.toString(theme.bg)], { type: 'image/svg+xml' });
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round((height + cap.height) * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw on a canvas, so it cannot make a picture.');
  let x = 0;
  for (const d of parts) {
    ctx.drawImage(d.canvas!, Math.round(x * scale), 0);
    x += d.css + GAP;
  }
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  cap.draw(ctx, height, theme.fg);
  // The page's background behind everything drawn (the renderers clear to transparent).
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = 'destination-over';
  ctx.fillStyle = theme.bg;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The browser could not encode the PNG.'))), 'image/png'));
}

/** `skyscrapers-12.png`: the view's name and the step the address holds (0 without one). */
export function pictureName(href: string, format: PictureFormat): string {
  const { address } = parseAddress(href.slice(Math.max(0, href.indexOf('#'))));
  return `${address.tab}-${address.settings.step ?? 0}.${format}`;
}

export interface ExportHost {
  /** The address of the view on screen, written now. */
  current(): string;
  /** The section of the view on screen. */
  view(): Element | null;
  /** Its synchronous redraw. */
  redraw(): void;
}

/** The Export picture button and its dialog. */
export function exportDialog(host: ExportHost): { button: HTMLButtonElement } {
  const button = h('button', { type: 'button', id: 'export-button', class: 'link-button', 'aria-haspopup': 'dialog', title: 'Save the board at this step as a PNG or SVG picture' }, 'Export picture') as HTMLButtonElement;
  const radio = (value: PictureFormat, label: string, checked: boolean) =>
    h('label', {}, h('input', { type: 'radio', name: 'export-format', value, id: `export-${value}`, ...(checked ? { checked: '' } : {}) }), ` ${label}`);
  const scale = h('select', { id: 'export-scale', 'aria-label': 'PNG scale' }, ...[1, 2, 3, 4].map((k) => h('option', { value: String(k), ...(k === 2 ? { selected: '' } : {}) }, `${k}×`)));
  const sentence = h('input', { type: 'checkbox', id: 'export-sentence', checked: '' });
  const legendBox = h('input', { type: 'checkbox', id: 'export-legend', checked: '' });
  const go = h('button', { type: 'button', id: 'export-download' }, 'Download');
  const link = h('a', { id: 'export-link', hidden: '' });
  const said = h('p', { class: 'status', id: 'export-status', 'aria-live': 'polite' });
  const close = h('button', { type: 'button', class: 'dialog-close' }, 'Close');
  const dialog = h(
    'dialog',
    { class: 'tool-dialog export-dialog', id: 'export-dialog', 'aria-labelledby': 'export-title' },
    h('div', { class: 'help-head' }, h('h2', { id: 'export-title' }, 'Export picture'), close),
    h('p', {}, 'The board at this step. PNG for documents and chat, SVG (vector) for print and slides.'),
    h('fieldset', {}, h('legend', {}, 'Format'), radio('png', 'PNG', true), ' ', h('label', {}, 'at ', scale), ' ', radio('svg', 'SVG', false)),
    h('fieldset', {}, h('legend', {}, 'Under the board'), h('label', {}, sentence, ' The sentence'), ' ', h('label', {}, legendBox, ' The colour legend')),
    h('p', {}, go, ' ', link),
    said,
  ) as HTMLDialogElement;
  document.body.append(dialog);
  let url: string | null = null;

  button.addEventListener('click', () => {
    said.textContent = sceneOf(host.view()) ? '' : 'This view has no board showing to export.';
    go.toggleAttribute('disabled', !sceneOf(host.view()));
    dialog.showModal();
  });
  close.addEventListener('click', () => dialog.close());
  go.addEventListener('click', async () => {
    const scene = sceneOf(host.view());
    if (!scene) return;
    const format = (dialog.querySelector<HTMLInputElement>('input[name=export-format]:checked')?.value ?? 'png') as PictureFormat;
    const name = pictureName(host.current(), format);
    try {
      const blob = await exportPicture(scene, host.redraw, { format, scale: Number(scale.value), sentence: sentence.checked, legend: legendBox.checked });
      if (url) URL.revokeObjectURL(url);
      url = URL.createObjectURL(blob);
      link.href = url;
      link.download = name;
      link.textContent = `Save ${name} again`;
      link.hidden = false;
      link.click();
      said.textContent = `Saved ${name} (${Math.max(1, Math.round(blob.size / 1024)).toLocaleString('en-US')} KB).`;
    } catch (e) {
      said.textContent = e instanceof Error ? e.message : String(e);
    }
  });
  return { button };
}
