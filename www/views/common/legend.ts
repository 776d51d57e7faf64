// A colour key under a board. Swatches are painted with the same CSS custom properties the canvas
// renderers read (readTheme in render/canvas.ts), so light, dark and any later theme agree with the
// board without a second list of colours; the words say what each colour means, since colour alone
// says nothing to a colour-blind student or on a washed-out projector.

import { h } from '../../dom';

/** How a swatch is drawn: a tinted square, a hatched one (wrong), an outlined square, a line, a
 *  disc, a disc with a solid ring (finished) or a broken one (wrong), or a coloured digit. */
export type Swatch = 'fill' | 'hatch' | 'frame' | 'dashed' | 'line' | 'disc' | 'ring' | 'ring-dashed' | 'digit';

export interface LegendItem {
  swatch: Swatch;
  /** A theme property without its dashes, e.g. 'bad' for var(--bad). */
  colour: string;
  /** For 'fill': how strong the tint is, as the renderer uses it (0..1). */
  alpha?: number;
  /** For 'digit': the character shown (default a digit). */
  glyph?: string;
  text: string;
  /** A name for the item, so a view can hide it where its colour never appears (`data-item`). */
  id?: string;
}

export function legend(items: LegendItem[], label = 'What the colours mean'): HTMLElement {
  return h(
    'ul',
    { class: 'legend', 'aria-label': label },
    ...items.map((it) => {
      const colour = `var(--${it.colour})`;
      const mark = h('span', { class: `swatch swatch-${it.swatch}`, 'aria-hidden': 'true' }, it.swatch === 'digit' ? (it.glyph ?? '5') : '');
      // A faint tint reads on a busy board but vanishes on a plain swatch: never below 55%.
      const tint = `color-mix(in srgb, ${colour} ${Math.round(Math.max(0.55, it.alpha ?? 1) * 100)}%, transparent)`;
      if (it.swatch === 'fill') mark.style.background = tint;
      else if (it.swatch === 'hatch') mark.style.background = `repeating-linear-gradient(135deg, ${colour} 0 2px, transparent 2px 5px), ${tint}`;
      else if (it.swatch === 'ring' || it.swatch === 'ring-dashed') {
        mark.style.background = colour;
        mark.style.outlineColor = colour;
      }
      else if (it.swatch === 'frame' || it.swatch === 'dashed') mark.style.borderColor = colour;
      else if (it.swatch === 'digit') mark.style.color = colour;
      else mark.style.background = colour;
      return h('li', it.id ? { 'data-item': it.id } : {}, mark, it.text);
    }),
  );
}
