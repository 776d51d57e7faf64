// Share on phones: where the browser has a system share sheet (`navigator.share`), a Share button
// in the tab bar shares the view's link, and the board's picture as a PNG file when the browser can
// share files (`navigator.canShare({ files })`). Hidden where there is no share sheet (most
// desktop browsers), where Copy view link and Export picture do the same.
//
// The browser opens the sheet only while the tap that asked for it is fresh; drawing the picture
// first can outlast that on a slow phone. The picture drawn is kept for its address, so when the
// sheet is refused the player is asked to tap again, and the second tap shares at once.

import { h } from './dom';
import { exportPicture, pictureName, sceneOf, type ExportHost } from './export';

export function shareButton(host: ExportHost): HTMLElement {
  const button = h('button', { type: 'button', id: 'share-button', class: 'link-button', title: "Share this view's link and its board's picture with the system share sheet" }, 'Share');
  const said = h('span', { class: 'copy-status', id: 'share-status', 'aria-live': 'polite' });
  const group = h('span', { class: 'share-tool' }, button, said);
  group.hidden = typeof navigator.share !== 'function';

  /** The last picture drawn, with the address it shows. */
  let kept: { url: string; file: File | null } | null = null;

  async function pictureOf(url: string): Promise<File | null> {
    if (kept?.url === url) return kept.file;
    const scene = sceneOf(host.view());
    let file: File | null = null;
    if (scene && typeof navigator.canShare === 'function') {
      const blob = await exportPicture(scene, host.redraw, { format: 'png', scale: 2, sentence: true, legend: false });
      const f = new File([blob], pictureName(url, 'png'), { type: 'image/png' });
      if (navigator.canShare({ files: [f] })) file = f;
    }
    kept = { url, file };
    return file;
  }

  button.addEventListener('click', async () => {
    said.textContent = '';
    const url = host.current();
    const data: ShareData = { title: document.title, url };
    try {
      const file = await pictureOf(url);
      if (file) data.files = [file];
      await navigator.share(data);
    } catch (e) {
      // Closing the share sheet is not a failure.
      if (e instanceof DOMException && e.name === 'AbortError') return;
      // The tap's moment passed while the picture was drawn: it is kept, so a second tap shares.
      if (e instanceof DOMException && e.name === 'NotAllowedError' && kept?.url === url) said.textContent = 'The picture is ready now: tap Share again.';
      else said.textContent = `Could not share: ${e instanceof Error ? e.message : String(e)}`;
    }
  });
  return group;
}
