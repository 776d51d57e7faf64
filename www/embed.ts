// The embedded view (`embed=1` in the address, docs/ADDRESS.md): the board, its player and its
// sentence without the site's chrome, for an <iframe> in a slide or a course page. Like presenter
// mode it is one class on the root element that style.css reads, plus a small link back to the full
// view. The Embed button in the tab bar gives the <iframe> snippet for the view on screen.
//
// Nothing here listens to the host page: no message handler, nothing read from the parent. A host
// can frame the page and nothing more (docs/ADDRESS.md says why that is safe).

import { h } from './dom';
import { formatAddress, parseAddress } from './address';
import { copyText } from './views/common/copy';

/** `href` with its fragment's `embed=1` set (`on`) or taken out; the rest of the address as is.
 *  The page writes only addresses that parse whole, so nothing is dropped on the way. */
export function withEmbed(href: string, on: boolean): string {
  const cut = href.indexOf('#');
  const base = cut < 0 ? href : href.slice(0, cut);
  const fragment = cut < 0 ? '' : href.slice(cut);
  if (fragment === '' || fragment === '#') return on ? `${base}#start?embed=1` : base;
  const { address } = parseAddress(fragment);
  const { embed: _embed, ...rest } = address.settings;
  return base + formatAddress({ ...address, settings: on ? { ...rest, embed: true } : rest });
}

/** Escapes text for an HTML attribute value in double quotes. */
function attr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The <iframe> snippet that shows `href` embedded; 4:3 by default, a projector's shape. */
export function iframeSnippet(href: string, title: string, width = 800, height = 600): string {
  return `<iframe src="${attr(withEmbed(href, true))}" width="${width}" height="${height}" title="${attr(title)}" style="border:0" loading="lazy"></iframe>`;
}

export interface Embed {
  /** The Embed button for the tab bar. */
  button: HTMLButtonElement;
  on(): boolean;
  set(on: boolean): void;
}

/** `current()` gives the address of the view on screen, as Copy view link copies it. */
export function embedMode(current: () => string): Embed {
  const root = document.documentElement;
  const back = h('a', { class: 'embed-back', id: 'embed-back', target: '_blank', rel: 'noopener', title: 'Open this view in Solvescope, with all its controls, in a new tab' }, 'Open in Solvescope ↗');
  document.body.append(h('p', { class: 'embed-bar' }, back));
  // The address follows the player (www/link.ts): the link is kept in step with it, and set
  // afresh as it is pressed.
  const refresh = () => back.setAttribute('href', withEmbed(location.href, false));
  let timer = 0;
  for (const ev of ['pointerdown', 'focus', 'keydown'] as const) back.addEventListener(ev, refresh);

  const button = h('button', { type: 'button', id: 'embed-button', class: 'link-button', 'aria-haspopup': 'dialog', title: 'The <iframe> code that shows this view and step in a slide or a course page' }, 'Embed') as HTMLButtonElement;
  const code = h('textarea', { id: 'embed-code', readonly: '', rows: '6', spellcheck: 'false', 'aria-label': 'Code to paste into a web page' }) as HTMLTextAreaElement;
  const copy = h('button', { type: 'button', id: 'embed-copy' }, 'Copy');
  const close = h('button', { type: 'button', class: 'dialog-close' }, 'Close');
  const said = h('span', { class: 'copy-status', id: 'embed-status', 'aria-live': 'polite' });
  const dialog = h(
    'dialog',
    { class: 'tool-dialog embed-dialog', id: 'embed-dialog', 'aria-labelledby': 'embed-title' },
    h('div', { class: 'help-head' }, h('h2', { id: 'embed-title' }, 'Embed this view'), close),
    h('p', {}, 'Paste this into a web page, a course page or a slide that takes HTML. It shows the board, the player and the sentence at this step, with a link back here; it keeps working offline once opened.'),
    code,
    h('p', {}, copy, ' ', said),
  ) as HTMLDialogElement;
  document.body.append(dialog);
  button.addEventListener('click', () => {
    code.value = iframeSnippet(current(), document.title);
    said.textContent = '';
    dialog.showModal();
    code.select();
  });
  copy.addEventListener('click', () => void copyText(code.value, 'code', code, (m) => (said.textContent = m)));
  close.addEventListener('click', () => dialog.close());

  const e: Embed = {
    button,
    on: () => root.classList.contains('embed'),
    set(on) {
      if (on === e.on()) return;
      root.classList.toggle('embed', on);
      window.clearInterval(timer);
      if (on) {
        refresh();
        timer = window.setInterval(refresh, 500);
      }
      // The views size their canvases to their box: redraw at the new size.
      window.dispatchEvent(new Event('resize'));
    },
  };
  return e;
}
