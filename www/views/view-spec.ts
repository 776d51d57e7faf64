// What a puzzle's view folder declares about itself, as data (its `tabs.ts` exports one `VIEW`).
// The address (www/address.ts), the tab bar (www/main.ts) and the keyboard help read these through
// www/generated/tabs.ts, so adding a puzzle's view is its folder, not edits to the page's lists.

import type { Settings } from '../address';

export interface TabSpec {
  /** The view's name in the address (`#hash/…`) and its tab's `data-tab`. */
  hash: string;
  /** The tab's label. */
  title: string;
  /** The settings this view reads (`present` is the page's, read everywhere). */
  settings: readonly (keyof Settings)[];
  /** The puzzle part of the address is a board size N, not a puzzle's text. */
  sizeOnly?: boolean;
}

export interface HelpSection {
  title: string;
  keys: readonly (readonly [string, string])[];
}

export interface ViewSpec {
  /** The registry name of the puzzle (its wasm module, www/generated/modules.ts). */
  puzzle: string;
  tabs: readonly TabSpec[];
  /** The view's own keys, for the keyboard help. */
  help: readonly HelpSection[];
}
