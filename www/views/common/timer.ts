// The play-mode timer of the grid puzzles (Skyscrapers, Hashiwokakero), as Tatham's collection
// has one: it runs while the player is in Play on an unsolved board and the tab is visible, can
// be paused and hidden, and keeps each puzzle's time and the best time per puzzle kind, size and
// level in local storage (www/storage.ts). A solved board says its time.
//
// Time is read from Date.now() (not the frames), so a tab the browser throttles still counts
// right, and tests drive it with Playwright's clock.

import { h } from '../../dom';
import { browserStore, loadValue, removeValue, saveValue, storageKey } from '../../storage';

export interface PlayTimer {
  element: HTMLElement;
  /** The board shows another puzzle: `key` its identity, `size` in words ("6×6"). */
  puzzle(key: string, size: string): void;
  /** The generator's level of the puzzle `key` (New puzzle), kept with it for the records. */
  level(key: string, level: string | null): void;
  /** Whether the board is solved (checked after moves): solving stops the clock and records. */
  solved(done: boolean): void;
  /** What the timer says of the solved board (null while unsolved). */
  solvedSays(): string | null;
  /** Brings the clock up to date (a mode or view change may start or stop it). */
  update(): void;
}

const TICK_MS = 250;

/** m:ss, or h:mm:ss from an hour on. */
export function clockText(ms: number): string {
  const s = Math.floor(ms / 1000);
  const [hh, mm, ss] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const two = (x: number) => String(x).padStart(2, '0');
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

const isTime = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;
const isLevel = (x: unknown): x is string => typeof x === 'string' && x.length < 40;

/** `view`: the view's name in storage and ids; `running()`: whether the player is playing now
 *  (Play mode, the view shown). */
export function playTimer(view: string, prefix: string, running: () => boolean): PlayTimer {
  const store = browserStore();
  const face = h('span', { class: 'timer-face', id: `${prefix}-timer`, 'aria-live': 'off' }, '0:00');
  const pause = h('button', { type: 'button', id: `${prefix}-timer-pause`, 'aria-pressed': 'false', title: 'Stop the clock; press again to go on' }, 'Pause');
  const hideBox = h('input', { type: 'checkbox', id: `${prefix}-timer-hide` }) as HTMLInputElement;
  const HIDE_KEY = storageKey('timer', 'hidden');
  hideBox.checked = loadValue(store, HIDE_KEY, (x): x is boolean => typeof x === 'boolean') ?? false;
  const element = h('div', { class: 'params timer', id: `${prefix}-timer-row` }, face, pause, h('label', { class: 'check', title: 'Keep the clock running, out of sight' }, hideBox, ' Hide time'));

  let key = '';
  let size = '';
  let elapsed = 0;
  let last = Date.now();
  let paused = false;
  let done = false;
  let said: string | null = null;

  const timeKey = () => storageKey(view, 'time', key);
  const levelKey = () => storageKey(view, 'level', key);
  const bestKey = (level: string | null) => storageKey(view, 'best', `${size}:${level ?? ''}`);
  const ticking = () => !paused && !done && key !== '' && running() && document.visibilityState === 'visible';

  /** Sets what changed only: this runs four times a second on every view that has a timer. */
  const put = (el: HTMLElement, text: string) => {
    if (el.textContent !== text) el.textContent = text;
  };
  function render(): void {
    const words = done && said ? said : paused ? `${clockText(elapsed)} (paused)` : clockText(elapsed);
    put(face, hideBox.checked && !done ? 'Time hidden' : words);
    face.dataset.ms = String(elapsed);
    face.dataset.state = done ? 'solved' : paused ? 'paused' : ticking() ? 'running' : 'stopped';
    put(pause, paused ? 'Go on' : 'Pause');
    pause.setAttribute('aria-pressed', String(paused));
    pause.disabled = done;
  }

  /** Adds the time since the last tick when the clock runs; `running` is read now, so a change
   *  of state counts from the tick before it. */
  function tick(): void {
    const now = Date.now();
    if (ticking()) elapsed += Math.max(0, now - last);
    last = now;
    if (key !== '' && !done && ticking()) saveValue(store, timeKey(), elapsed, key);
    render();
  }
  setInterval(tick, TICK_MS);
  document.addEventListener('visibilitychange', () => {
    // Hidden: the time up to now counts, none after; shown again: counting starts now.
    tick();
  });

  function record(): string {
    const level = loadValue(store, levelKey(), isLevel, key);
    const what = `${size}${level ? ` ${level}` : ''}`;
    const best = loadValue(store, bestKey(level), isTime);
    if (best === null || elapsed < best) {
      saveValue(store, bestKey(level), elapsed);
      return `Solved in ${clockText(elapsed)}: your best for ${what}.`;
    }
    return `Solved in ${clockText(elapsed)}; your best for ${what} is ${clockText(best)}.`;
  }

  pause.addEventListener('click', () => {
    tick();
    paused = !paused;
    last = Date.now();
    render();
  });
  hideBox.addEventListener('change', () => {
    saveValue(store, HIDE_KEY, hideBox.checked);
    render();
  });

  return {
    element,
    puzzle(k, s) {
      if (k === key) return;
      tick();
      key = k;
      size = s;
      elapsed = loadValue(store, timeKey(), isTime, key) ?? 0;
      paused = false;
      done = false;
      said = null;
      last = Date.now();
      render();
    },
    level(k, level) {
      if (level) saveValue(store, storageKey(view, 'level', k), level, k);
      else removeValue(store, storageKey(view, 'level', k));
    },
    solved(now) {
      if (now === done) return;
      tick();
      done = now;
      if (done) {
        // Recorded once per solve: an undo and a second solve count again, as a new solve.
        said = record();
        saveValue(store, timeKey(), elapsed, key);
      } else said = null;
      last = Date.now();
      render();
    },
    solvedSays: () => (done ? said : null),
    update: tick,
  };
}
