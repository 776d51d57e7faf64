// A player's on/off preference as a labelled checkbox kept across reloads (Tatham's "show
// mistakes" and "auto-remove pencil marks"): Hashiwokakero's and Skyscrapers' play modes share it,
// so a switch reads, stores and defaults the same way in both.

import { h } from '../../dom';
import { browserStore, loadValue, saveValue, storageKey } from '../../storage';

export interface Preference {
  /** The label with its checkbox, for a panel. */
  element: HTMLElement;
  input: HTMLInputElement;
  on(): boolean;
}

/** A checkbox `id` labelled `text`, stored under the view's `what`; `changed` runs after the
 *  player flips it (and it is stored). */
export function preference(view: string, what: string, id: string, text: string, title: string, fallback: boolean, changed: (on: boolean) => void): Preference {
  const store = browserStore();
  const key = storageKey(view, what);
  const input = h('input', { type: 'checkbox', id }) as HTMLInputElement;
  input.checked = loadValue(store, key, (x): x is boolean => typeof x === 'boolean') ?? fallback;
  input.addEventListener('change', () => {
    saveValue(store, key, input.checked);
    changed(input.checked);
  });
  const element = h('label', { class: 'check', title }, input, ` ${text}`);
  return { element, input, on: () => input.checked };
}
