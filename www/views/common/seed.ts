// A run's random seed as the page keeps it (the N-Queens repair views, Skyscrapers' repair): a
// field that may be left empty for "random", the seed then drawn once and shown, so Reset, Play,
// Solve and a copied link all replay the very run on screen.

import { isSeedText, MAX_SEED_TEXT } from '../../address';
import { h } from '../../dom';

/** A random seed the page chooses when the user leaves the field empty (shown, so runs can be shared). */
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/**
 * The seed of the runs on screen. An empty field means "random": drawn once and then kept, so Reset,
 * Play and Solve replay the very run the class just watched (a new draw each time made Solve answer
 * a different board). A new N, or the New seed button, draws again.
 */
export function seedChoice(field: HTMLInputElement, renewed: () => void) {
  let drawn: number | null = null;
  // The text the runs use: what the field held when its edit was committed (Enter or leaving
  // it), not each key typed, so the address and the run on screen never disagree mid-typing.
  // Registered before the views' own change listeners, which start the run over with it.
  let committed = field.value;
  field.addEventListener('change', () => (committed = field.value));
  const button = h('button', { type: 'button', class: 'new-seed', title: 'Draw a new random seed and start again' }, 'New seed');
  button.addEventListener('click', () => {
    field.value = committed = '';
    drawn = null;
    renewed();
  });
  return {
    button,
    /** The seed for the next run: the field's as committed, or the one drawn for this board. */
    current(): number | string {
      const typed = parseSeed(committed);
      if (typed !== null) return typed;
      drawn ??= randomSeed();
      field.placeholder = `random (now ${drawn})`;
      return drawn;
    },
    /** Puts `text` in the field as a committed seed (a link's). */
    set(text: string): void {
      field.value = committed = text;
    },
    /** Forget the drawn seed (a new N). */
    renew(): void {
      drawn = null;
    },
  };
}

/** The seed in use, typed or drawn, as a link writes it (so it replays the very run on screen);
 *  undefined while the field holds a malformed seed, which the run's own error explains. */
export function seedSetting(seeds: { current(): number | string }): string | undefined {
  try {
    return String(seeds.current());
  } catch {
    return undefined;
  }
}

/** The seed typed, as decimal text (exact for every u64; it goes into the ID `queens:N#SEED`). */
export function parseSeed(text: string): string | null {
  const t = text.trim();
  if (t === '') return null;
  if (!isSeedText(t)) throw new Error(`The seed must be a whole number from 0 to ${MAX_SEED_TEXT} without leading zeros (got "${text}").`);
  return t;
}
