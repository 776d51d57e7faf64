// What a screen reader hears: one polite live region for the whole page, fed from the views' status
// lines. The status lines themselves are not live regions, because a run played at full speed
// rewrites its sentence hundreds of times a second and a reader would queue every one. Here a busy
// run (playing) is announced at most once per ANNOUNCE_MS, always its latest sentence and never a
// backlog; when the run is not playing (Step, Step back, a verdict, an edit) the sentence goes out
// at once. Board labels (aria-label on the canvases) are throttled the same way.

import { h } from './dom';

/** Least time between two announcements while a run plays (about one sentence a second). */
export const ANNOUNCE_MS = 1000;
/** Least time between two rewrites of a board's label while it changes. */
export const LABEL_MS = 500;

let region: HTMLElement | null = null;
let lastAt = -Infinity;
let pending: string | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
/** Counts writes, so a delayed repeat never overwrites a newer sentence. */
let written = 0;

function liveRegion(): HTMLElement {
  if (!region) {
    region = h('div', { id: 'announcer', class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true' });
    document.body.append(region);
  }
  return region;
}

function write(text: string): void {
  lastAt = performance.now();
  pending = null;
  const r = liveRegion();
  // The same sentence twice (Step back then Step) is still news: clear, then set on the next task.
  const mine = ++written;
  if (r.textContent === text) {
    r.textContent = '';
    setTimeout(() => {
      if (mine === written) r.textContent = text; // unless a newer sentence came meanwhile
    }, 50);
  } else r.textContent = text;
}

/** Announces `text`: at once when `now`, else no sooner than ANNOUNCE_MS after the last one. */
export function announce(text: string, now: boolean): void {
  if (text === '') return;
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
  const wait = lastAt + ANNOUNCE_MS - performance.now();
  if (now || wait <= 0) return write(text);
  pending = text;
  timer = setTimeout(() => {
    timer = null;
    if (pending !== null) write(pending);
  }, wait);
}

/**
 * Announces every new sentence of `statuses` (a view's status lines) while they are on screen.
 * `busy` says whether the view's run is playing, so the sentences are throttled; it is read when the
 * text changes. Lines changed together (the race's two sides on one Step) make one announcement,
 * `compose` of them (default: the non-empty lines joined).
 */
export function announceFrom(statuses: HTMLElement[], busy: () => boolean, compose?: (lines: string[]) => string): void {
  let last = '';
  const observer = new MutationObserver(() => {
    if (statuses.every((s) => s.closest('[hidden]'))) return;
    const lines = statuses.map((s) => (s.textContent ?? '').trim());
    const text = compose ? compose(lines) : lines.filter(Boolean).join(' ');
    if (text === last) return;
    last = text;
    announce(text, !busy());
  });
  for (const s of statuses) {
    s.removeAttribute('aria-live');
    observer.observe(s, { subtree: true, childList: true, characterData: true });
  }
}

const labelState = new WeakMap<Element, { at: number; timer: ReturnType<typeof setTimeout> | null; text: string }>();

/** Sets a board's aria-label (role="img" is set by its view), at most once per LABEL_MS, the latest text last. */
export function labelBoard(canvas: Element, text: string): void {
  const s = labelState.get(canvas) ?? { at: -Infinity, timer: null, text: '' };
  labelState.set(canvas, s);
  s.text = text;
  if (s.timer !== null) return;
  const wait = s.at + LABEL_MS - performance.now();
  const put = (): void => {
    s.timer = null;
    s.at = performance.now();
    if (canvas.getAttribute('aria-label') !== s.text) canvas.setAttribute('aria-label', s.text);
  };
  if (wait <= 0) put();
  else s.timer = setTimeout(put, wait);
}
