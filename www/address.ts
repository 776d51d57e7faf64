// The page's address (URL fragment) as data: `#tab[/puzzle][?key=value&key=value…]`, documented in
// docs/FORMATS.md. Pure and DOM-free (unit-tested in tests/unit/address.test.mjs). Parsing only ever
// slices and percent-decodes text: nothing in a link is evaluated, inserted as markup or used as a
// property name outside the fixed key list, and every length is capped before any work is done.

import { PUZZLE_VIEWS } from './generated/tabs';
import type { TabSpec } from './views/view-spec';

/** The page's own views beside the puzzles': the experiments and the landing view (a visit with no
 *  fragment shows it too, www/main.ts), last so that old and bad links keep the first puzzle's. */
const SITE_TABS: readonly TabSpec[] = [
  { hash: 'experiments', title: 'Experiments', settings: ['seed', 'opts'] },
  { hash: 'start', title: 'Start', settings: [] },
];

/** Every view an address can name, the puzzles' in registry order then the page's own; the first is
 *  the default. */
export const TAB_SPECS: readonly TabSpec[] = [...PUZZLE_VIEWS.flatMap((v) => v.tabs), ...SITE_TABS];
export const TABS: readonly string[] = TAB_SPECS.map((t) => t.hash);
/** A view's name in the address (one of TABS). */
export type Tab = string;

/** Tabs whose puzzle part is a board size N rather than a puzzle's text. */
export const N_TABS: readonly Tab[] = TAB_SPECS.filter((t) => t.sizeOnly).map((t) => t.hash);

/** Longest fragment read at all (a 50 x 50 Hashiwokakero ID is about 2,600 characters). */
export const MAX_FRAGMENT = 20_000;
/** Longest value of one setting. */
export const MAX_VALUE = 64;

export type Mode = 'edit' | 'play' | 'watch';

/** The settings an address may carry; anything else is reported as unknown. */
export interface Settings {
  mode?: Mode;
  /** Algorithm name (letters, digits, '-' and '_'). */
  algo?: string;
  /** Random seed: a whole number from 0 to 2^64 - 1 as decimal text ([[isSeedText]]). */
  seed?: string;
  /** Player position (reserved: applied once the player can seek). */
  step?: number;
  /** The view's options as name/value pairs, in order (e.g. a repair run's `tabu`, `noise`). */
  opts?: [string, string][];
  /** Presenter mode (large type for a projector, www/presenter.ts): written `present=1`. */
  present?: boolean;
  /** The embedded view (www/embed.ts): the board, its player and sentence without the site's
   *  chrome, for an iframe in a slide or a course page. Written `embed=1`. */
  embed?: boolean;
  /** The player's own entries in play mode (digits and pencil marks, or bridges), in the view's
   *  compact form: letters, digits, '.', '-' and '_' only. The view checks it against its puzzle. */
  board?: string;
}

/** Longest `opts` value, and most pairs in it. */
export const MAX_OPTS = 256;
export const MAX_OPT_PAIRS = 16;
/** Longest `board` value: a 60 x 60 Hashiwokakero's bridges take about 1,500 characters. */
export const MAX_BOARD = 8_000;

export interface Address {
  tab: Tab;
  /** The puzzle's text form (Tatham ID), or N for the queens tabs; null when absent. */
  puzzle: string | null;
  settings: Settings;
}

export interface ParsedAddress {
  address: Address;
  /** Each problem as a full sentence saying what and where; empty for a good address. */
  errors: string[];
}

const KEY_ORDER = ['mode', 'algo', 'seed', 'opts', 'step', 'board', 'present', 'embed'] as const;
/** The page's own settings, read in every view (www/main.ts), never handed to a view. */
const PAGE_KEYS: readonly string[] = ['present', 'embed'];

/** Control characters and characters that are invisible or reorder the text around them (bidi
 *  overrides and isolates, zero-width and other format characters): a link quoted in the banner
 *  shows them as escapes, so it cannot make the sentence read as something else. */
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

function quote(s: string): string {
  const cut = s.length > 24 ? `${s.slice(0, 24)}…` : s;
  const shown = cut.replace(HIDDEN, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
  return `"${shown}"`;
}

/** Half of a UTF-16 surrogate pair without its other half: no character, and `encodeURIComponent`
 *  throws on it, so a puzzle holding one could be read from a link but never written back. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Percent-decodes `s`; null when it holds a bad escape (e.g. "%E0%A4" or "%zz"). */
function decode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/**
 * Reads a fragment (with or without its leading '#'). Always returns a usable address: parts in
 * error are dropped (and described in `errors`), the rest kept, so one bad setting does not lose
 * the puzzle. Positions are 1-based character numbers in the fragment after '#'.
 */
export function parseAddress(fragment: string): ParsedAddress {
  const errors: string[] = [];
  const address: Address = { tab: TABS[0]!, puzzle: null, settings: {} };
  if (typeof fragment !== 'string') return { address, errors: ['The address is not text.'] };
  let text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (text.length > MAX_FRAGMENT) {
    errors.push(`The address is too long: ${text.length.toLocaleString('en-US')} characters, at most ${MAX_FRAGMENT.toLocaleString('en-US')} are read.`);
    return { address, errors };
  }
  if (text === '') return { address, errors };
  const q = text.indexOf('?');
  const query = q < 0 ? null : text.slice(q + 1);
  const queryAt = q + 2;
  if (q >= 0) text = text.slice(0, q);
  const slash = text.indexOf('/');
  const tabText = slash < 0 ? text : text.slice(0, slash);
  const tab = TABS.find((t) => t === tabText);
  if (!tab) {
    errors.push(`The address names an unknown view ${quote(tabText)} at character 1: the views are ${TABS.join(', ')}.`);
    return { address, errors };
  }
  address.tab = tab;
  if (slash >= 0) {
    const raw = text.slice(slash + 1);
    const puzzle = decode(raw);
    if (puzzle === null) errors.push(`The puzzle in the address (from character ${slash + 2}) has a broken %-escape.`);
    else if (puzzle === '') errors.push(`The puzzle in the address (at character ${slash + 2}) is empty.`);
    else if (LONE_SURROGATE.test(puzzle)) errors.push(`The puzzle in the address (from character ${slash + 2}) holds half of a character (a lone UTF-16 surrogate).`);
    else if (N_TABS.includes(tab) && /^\d{9,}$/.test(puzzle)) errors.push(`N in the address (at character ${slash + 2}) is too long: at most 8 digits (got ${quote(puzzle)}).`);
    else if (N_TABS.includes(tab) && !/^\d{1,8}$/.test(puzzle)) errors.push(`N in the address (at character ${slash + 2}) must be a whole number (got ${quote(puzzle)}).`);
    else address.puzzle = N_TABS.includes(tab) ? String(Number(puzzle)) : puzzle;
  }
  if (query !== null) parseSettings(query, queryAt, address.settings, errors);
  return { address, errors };
}

function parseSettings(query: string, at: number, out: Settings, errors: string[]): void {
  let pos = at;
  const seen = new Set<string>();
  for (const part of query.split('&')) {
    const here = pos;
    pos += part.length + 1;
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    const known = KEY_ORDER.find((k) => k === key);
    if (!known) {
      errors.push(`The address has an unknown setting ${quote(key)} at character ${here}: the settings are ${KEY_ORDER.join(', ')}.`);
      continue;
    }
    if (seen.has(known)) {
      errors.push(`The address gives the setting "${known}" twice (again at character ${here}).`);
      continue;
    }
    seen.add(known);
    if (eq < 0 || rawValue === '') {
      errors.push(`The setting "${known}" at character ${here} has no value.`);
      continue;
    }
    const cap = known === 'opts' ? MAX_OPTS : known === 'board' ? MAX_BOARD : MAX_VALUE;
    if (rawValue.length > cap) {
      errors.push(`The setting "${known}" at character ${here} is too long (${rawValue.length} characters, at most ${cap}).`);
      continue;
    }
    const value = decode(rawValue);
    if (value === null) {
      errors.push(`The setting "${known}" at character ${here} has a broken %-escape.`);
      continue;
    }
    switch (known) {
      case 'mode':
        if (value === 'edit' || value === 'play' || value === 'watch') out.mode = value;
        else errors.push(`The setting "mode" at character ${here} must be edit, play or watch (got ${quote(value)}).`);
        break;
      case 'algo':
        if (/^[A-Za-z0-9_-]{1,32}$/.test(value)) out.algo = value;
        else errors.push(`The setting "algo" at character ${here} must be an algorithm name (got ${quote(value)}).`);
        break;
      case 'seed':
        if (isSeedText(value)) out.seed = value;
        else errors.push(`The setting "seed" at character ${here} must be a whole number from 0 to ${MAX_SEED_TEXT} without leading zeros (got ${quote(value)}).`);
        break;
      case 'opts': {
        const pairs = parseOpts(value);
        if (typeof pairs === 'string') errors.push(`The setting "opts" at character ${here}: ${pairs}`);
        else out.opts = pairs;
        break;
      }
      case 'present':
      case 'embed':
        if (value === '1') out[known] = true;
        else errors.push(`The setting "${known}" at character ${here} must be 1 (got ${quote(value)}).`);
        break;
      case 'board':
        if (/^[A-Za-z0-9._-]+$/.test(value)) out.board = value;
        else errors.push(`The setting "board" at character ${here} may hold only letters, digits, '.', '-' and '_' (got ${quote(value)}).`);
        break;
      case 'step':
        if (/^\d{1,9}$/.test(value)) out.step = Number(value);
        else errors.push(`The setting "step" at character ${here} must be a whole number of at most 9 digits (got ${quote(value)}).`);
        break;
    }
  }
}

/** The largest seed, 2^64 - 1. Seeds stay decimal text in the page and cross into wasm as text
 *  (inside an ID such as `queens:8#SEED`, or a generator request's `seed`), so every seed the
 *  command line takes is exact here too; a JavaScript number would round above 2^53 - 1. */
export const MAX_SEED_TEXT = '18446744073709551615';

/** Whether `t` is a seed: digits without a leading zero, at most 2^64 - 1 (compared as text). */
export function isSeedText(t: string): boolean {
  return /^(0|[1-9]\d*)$/.test(t) && (t.length < MAX_SEED_TEXT.length || (t.length === MAX_SEED_TEXT.length && t <= MAX_SEED_TEXT));
}

/** `name:value,name:value`; a list of pairs, or what is wrong as a sentence. */
function parseOpts(text: string): [string, string][] | string {
  const pairs: [string, string][] = [];
  const parts = text.split(',');
  if (parts.length > MAX_OPT_PAIRS) return `at most ${MAX_OPT_PAIRS} options (got ${parts.length}).`;
  for (const [k, part] of parts.entries()) {
    const colon = part.indexOf(':');
    if (colon > 32 || (colon >= 0 && part.length - colon - 1 > 32)) {
      const [what, length] = colon > 32 ? ['name', colon] : ['value', part.length - colon - 1];
      return `option ${k + 1} has a ${what} of ${length} characters, at most 32 (got ${quote(part)}).`;
    }
    const m = /^([A-Za-z][A-Za-z0-9]{0,31}):([A-Za-z0-9._-]{1,32})$/.exec(part);
    if (!m) return `option ${k + 1} must be name:value with letters, digits, '.', '-' or '_' (got ${quote(part)}).`;
    if (pairs.some(([n]) => n === m[1])) return `the option "${m[1]}" is given twice.`;
    pairs.push([m[1]!, m[2]!]);
  }
  return pairs;
}

/** The settings each view reads (`present` and `embed` are the page's, read in every view). A link may carry
 *  others (hand-edited, or made for another view): they are reported, not silently dropped. */
export const VIEW_SETTINGS: Readonly<Record<Tab, readonly (keyof Settings)[]>> = Object.fromEntries(TAB_SPECS.map((t) => [t.hash, t.settings]));

/** Sentences for the settings of `a` its view does not read (the view's own checks say what is
 *  wrong with the settings it does read). */
export function unusedSettings(a: Address): string[] {
  const reads = VIEW_SETTINGS[a.tab] ?? [];
  return KEY_ORDER.filter((k) => !PAGE_KEYS.includes(k) && a.settings[k] !== undefined && !reads.includes(k)).map(
    (k) => `The setting "${k}" does nothing in the ${a.tab} view${reads.length ? ` (it reads ${reads.join(', ')})` : ''}, so it is left out.`,
  );
}

/** The fragment (with '#') for `a`; parseAddress(formatAddress(a)) gives `a` back. Never throws:
 *  a lone surrogate in a typed puzzle (which parseAddress refuses) is written as U+FFFD. */
export function formatAddress(a: Address): string {
  let s = `#${a.tab}`;
  if (a.puzzle !== null && a.puzzle !== '') s += `/${encodeURIComponent(a.puzzle.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD'))}`;
  const parts: string[] = [];
  for (const k of KEY_ORDER) {
    const v = a.settings[k];
    if (v === undefined || v === false) continue;
    if (k === 'present' || k === 'embed') parts.push(`${k}=1`);
    else if (k === 'opts') {
      if ((v as [string, string][]).length) parts.push(`opts=${(v as [string, string][]).map(([n, x]) => `${n}:${x}`).join(',')}`);
    } else parts.push(`${k}=${encodeURIComponent(String(v))}`);
  }
  if (parts.length) s += `?${parts.join('&')}`;
  return s;
}
