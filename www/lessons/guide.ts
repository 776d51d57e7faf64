// The lesson bar: a lesson is a list of stops (www/lessons/lessons.ts); opening a stop only sets the
// page's address, so every stop is the same view a shared link opens, and the board, its counters
// and its sentence are the solver's. The bar stays above the tabs while the lesson is open.

import { h } from '../dom';
import { formatAddress } from '../address';
import { LESSONS, type Lesson } from './lessons';

export interface Guide {
  element: HTMLElement;
  /** The list of lessons with a Start button each (for the landing view). */
  list: HTMLElement;
  open(id: string, stop?: number): void;
  close(): void;
}

export function mountGuide(): Guide {
  const title = h('strong', { id: 'lesson-title' });
  const where = h('span', { id: 'lesson-where', class: 'muted' });
  const text = h('p', { id: 'lesson-text', 'aria-live': 'polite' });
  const back = h('button', { type: 'button', id: 'lesson-back' }, '← Back');
  const next = h('button', { type: 'button', id: 'lesson-next', class: 'primary' }, 'Next →');
  const closeButton = h('button', { type: 'button', id: 'lesson-close' }, 'Close lesson');
  const element = h(
    'aside',
    { class: 'lesson-bar', id: 'lesson', 'aria-label': 'Guided lesson', hidden: '' },
    h('div', { class: 'lesson-head' }, title, where),
    text,
    h('div', { class: 'lesson-nav' }, back, next, closeButton),
  );
  let lesson: Lesson | null = null;
  let at = 0;

  function go(k: number): void {
    if (!lesson) return;
    at = Math.max(0, Math.min(lesson.stops.length - 1, k));
    const stop = lesson.stops[at]!;
    title.textContent = lesson.title;
    where.textContent = `Stop ${at + 1} of ${lesson.stops.length}`;
    element.dataset.lesson = lesson.id;
    element.dataset.stop = String(at + 1);
    text.textContent = stop.text;
    back.disabled = at === 0;
    next.disabled = at === lesson.stops.length - 1;
    element.hidden = false;
    // Presenter mode stays on from stop to stop (it lives in the address, www/presenter.ts).
    const present = document.documentElement.classList.contains('presenter');
    const hash = formatAddress(present ? { ...stop.address, settings: { ...stop.address.settings, present: true } } : stop.address);
    // The stop's own address (the live one follows the player as it runs to the step).
    element.dataset.address = hash;
    // What the stop's text promises, for the test that checks it against the solver's trace.
    element.dataset.claims = JSON.stringify(stop.claims ?? [], (_, v: unknown) => (v === Infinity ? 'Infinity' : v));
    location.hash = hash;
  }
  back.addEventListener('click', () => go(at - 1));
  next.addEventListener('click', () => go(at + 1));
  closeButton.addEventListener('click', () => guide.close());

  const list = h(
    'ul',
    { class: 'lessons', id: 'lessons' },
    ...LESSONS.map((l) => {
      const b = h('button', { type: 'button', id: `lesson-${l.id}`, class: 'lesson-start' }, l.title);
      b.addEventListener('click', () => guide.open(l.id));
      return h('li', {}, b, h('span', { class: 'muted' }, ` ${l.stops.length} stops`));
    }),
  );

  const guide: Guide = {
    element,
    list,
    open(id, stop = 0) {
      lesson = LESSONS.find((l) => l.id === id) ?? null;
      if (lesson) go(stop);
    },
    close() {
      lesson = null;
      element.hidden = true;
      delete element.dataset.lesson;
    },
  };
  return guide;
}
