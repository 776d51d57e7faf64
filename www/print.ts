// Printing a view (style.css `@media print`): the board at print size, black on white, with its
// sentence, and none of the page's controls. The stylesheet does the layout; the canvases need
// drawing again under the print colours (the renderers read the theme from CSS) and with a finer
// backing store (about 3 device pixels per CSS pixel, some 250 dpi at 16 cm), so the views redraw
// when printing starts and again when it ends.

import { setPrintScale } from './render/canvas';

const PRINT_SCALE = 3;

export function printing(): void {
  const media = matchMedia('print');
  const redraw = (on: boolean) => {
    setPrintScale(on ? PRINT_SCALE : 1);
    window.dispatchEvent(new Event('resize'));
  };
  window.addEventListener('beforeprint', () => redraw(true));
  window.addEventListener('afterprint', () => redraw(media.matches));
  // Print preview and emulated print media change the media without those events in some browsers.
  media.addEventListener('change', () => redraw(media.matches));
}
