// Share on phones: where the browser has a system share sheet (`navigator.share`), a Share button
// in the tab bar shares the view's link, and the board's picture as a PNG file when the browser can
// share files (`navigator.canShare({ files })`). Hidden where there is no share sheet (most
// desktop browsers), where Copy view link and Export picture do the same.

import { h } from './dom';
import { exportPicture, pictureName, sceneOf, type ExportHost } from './export';

export function shareButton(host: ExportHost): HTMLElement {
  const button = h('button', { type: 'button', id: 'share-button', class: 'link-button', title: "Share this view's link and its board's picture with the system share sheet" }, 'Share');
  const said = h('span', { class: 'copy-status', id: 'share-status', 'aria-live': 'polite' });
  const group = h('span', { class: 'share-tool' }, button, said);
  group.hidden = typeof navigator.share !== 'function';
  button.addEventListener('click', async () => {
    said.textContent = '';
    const url = host.current();
    const data: ShareData = { title: document.title, url };
    try {
      const scene = sceneOf(host.view());
      if (scene && typeof navigator.canShare === 'function') {
        const blob = await exportPicture(scene, host.redraw, { format: 'png', scale: 2, sentence: true, legend: false });
        const file = new File([blob], pictureName(url, 'png'), { type: 'image/png' });
        if (navigator.canShare({ files: [file] })) data.files = [file];
      }
      await navigator.share(data);
    } catch (e) {
      // Closing the share sheet is not a failure.
      if (e instanceof DOMException && e.name === 'AbortError') return;
      said.textContent = `Could not share: ${e instanceof Error ? e.message : String(e)}`;
    }
  });
  return group;
}
