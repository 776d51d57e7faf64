// What every tab is to main.ts, and the lifecycle they share: start the first run when first shown,
// redraw when shown again, on resize and on a light/dark switch, pause when hidden.

import { typingInField, type PlaybackBar } from '../controls/playback';
import { controlOwnsKey } from '../controls/keys';
import type { Settings } from '../address';
import type { ViewState } from '../link';
import type { PlayerState } from '../player';

/** One tab of the page. */
export interface Feature {
  element: HTMLElement;
  /** Handles a key press while the tab is shown; true when it used it. */
  key(e: KeyboardEvent): boolean;
  /** Shows the tab; `param` is the part of the URL hash after `#tab/` (e.g. a puzzle ID), if any. */
  show(param: string | null, settings?: Settings): void;
  hide(): void;
  /** What the address should hold for this tab now (www/link.ts); null while unsettled. */
  state(): ViewState | null;
  /** Draws the tab again now, synchronously (an export records the drawing, www/export.ts). */
  redraw?(): void;
  /** The runs on screen that an animation steps through (www/animate.ts); none outside a run. */
  runs?(): Animated[];
}

/** What an animation export needs of a run (www/views/runner.ts). */
export interface Animated {
  /** A full-speed Solve is running (it records no steps, and must not be reset under it). */
  readonly busy: boolean;
  /** The run on screen was solved at full speed and recorded no steps. */
  readonly solvedFast: boolean;
  seek(k: number): void;
  pause(): void;
  computeTo(k: number): Promise<number>;
  state(): PlayerState | null;
}

export interface Lifecycle {
  element: HTMLElement;
  bar: PlaybackBar;
  /** First showing (and `param`, if the URL carried one). */
  start(param: string | null, settings: Settings): void;
  /** Later showings with a new `param` or settings from the address (default: ignored). */
  open?(param: string | null, settings: Settings): void;
  /** The tab's state for the address (default: just the tab). */
  state?(): ViewState | null;
  redraw(): void;
  pause(): void;
  /** The runs an animation export steps through (default: none). */
  runs?(): Animated[];
  /** Undo/redo keys (Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z); true when used. */
  historyKey?(e: KeyboardEvent): boolean;
  /** The tab's own keys (default: the playback bar's), never called while typing in a field. */
  key?(e: KeyboardEvent): boolean;
}

export function feature(l: Lifecycle): Feature {
  window.addEventListener('resize', () => {
    if (!l.element.hidden) l.redraw();
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => l.redraw());
  let started = false;
  return {
    element: l.element,
    key: (e) =>
      // Ctrl+Z / Ctrl+Y carry a modifier, which typingInField counts as "not ours"; they are the
      // tab's unless a text field has focus (where they undo the typing).
      (!!l.historyKey && !controlOwnsKey(e.key, e.target as HTMLElement | null) && l.historyKey(e)) ||
      (!typingInField(e) && !controlOwnsKey(e.key, e.target as HTMLElement | null) && (l.key ? l.key(e) : l.bar.key(e))),
    show(param, settings = {}) {
      l.element.hidden = false;
      if (!started) {
        started = true;
        l.start(param, settings);
      } else if ((param !== null || Object.keys(settings).length > 0) && l.open) l.open(param, settings);
      else l.redraw();
    },
    state: () => (l.state ? l.state() : { puzzle: null, settings: {} }),
    redraw: () => l.redraw(),
    runs: () => l.runs?.() ?? [],
    hide() {
      const leaving = !l.element.hidden;
      l.element.hidden = true;
      l.pause();
      // The tab bar's copy message (www/link.ts) was about the address of the view being left.
      const copied = leaving ? document.getElementById('copy-link-status') : null;
      if (copied) copied.textContent = '';
    },
  };
}
