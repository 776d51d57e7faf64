// Presenter mode for a projector (about 1024 x 768): large type, the board and its sentence side by
// side, and only the playback controls. It is one class on the root element that style.css reads;
// the page's address keeps it as `present=1` (www/address.ts, written by www/link.ts).

import { h } from './dom';

export interface Presenter {
  button: HTMLButtonElement;
  on(): boolean;
  set(on: boolean): void;
  /** F2 toggles presenter mode; true when the key was used. */
  key(e: KeyboardEvent): boolean;
}

export function presenterMode(): Presenter {
  const button = h('button', { type: 'button', id: 'presenter-toggle', class: 'link-button', 'aria-pressed': 'false', title: 'Presenter mode for a projector: large type, board and sentence together (F2)' }, 'Presenter') as HTMLButtonElement;
  const root = document.documentElement;
  const p: Presenter = {
    button,
    on: () => root.classList.contains('presenter'),
    set(on) {
      if (on === p.on()) return;
      root.classList.toggle('presenter', on);
      button.setAttribute('aria-pressed', String(on));
      // The views size their canvases to their box: redraw at the new size.
      window.dispatchEvent(new Event('resize'));
    },
    key(e) {
      if (e.key !== 'F2' || e.ctrlKey || e.metaKey || e.altKey) return false;
      e.preventDefault();
      p.set(!p.on());
      return true;
    },
  };
  button.addEventListener('click', () => p.set(!p.on()));
  return p;
}
