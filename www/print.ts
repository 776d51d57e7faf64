// Printing a view (style.css `@media print`): the board at print size, black on white, with its
// sentence, and none of the page's controls. The stylesheet does the layout; the canvases need
// drawing again under the print colours (the renderers read the theme from CSS), so the views
// redraw when printing starts and again when it ends.

export function printing(): void {
  const redraw = () => window.dispatchEvent(new Event('resize'));
  window.addEventListener('beforeprint', redraw);
  window.addEventListener('afterprint', redraw);
  // Print preview and emulated print media change the media without those events in some browsers.
  matchMedia('print').addEventListener('change', redraw);
}
