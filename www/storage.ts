// What the page keeps in localStorage so a reload loses nothing: the puzzle last edited and the
// player's own moves, per puzzle. Keys carry a version; a value that is missing, corrupt, from an
// older version or of the wrong shape is ignored (and removed), never trusted and never a crash.
// Storage that is unavailable or full (private windows, quotas) just means nothing is kept.
// Pure apart from the `Store` it is handed; unit-tested in tests/unit/storage.test.mjs.

export const STORAGE_VERSION = 1;
/** Longest value written (a 50 x 50 board's moves are far below this). */
export const MAX_STORED = 200_000;

export interface Store {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The browser's localStorage, or null where reading it throws (blocked storage). */
export function browserStore(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A short stable digest of a puzzle's text, so long IDs make short keys (FNV-1a, 32 bits). */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

/** The key for `what` in `view`, per puzzle when `puzzle` is given. */
export function storageKey(view: string, what: string, puzzle?: string): string {
  return `solvescope:v${STORAGE_VERSION}:${view}:${what}` + (puzzle === undefined ? '' : `:${digest(puzzle)}`);
}

interface Envelope {
  v: number;
  /** The full puzzle text for per-puzzle values, so a digest collision is noticed. */
  puzzle?: string | undefined;
  data: unknown;
}

export function saveValue(store: Store | null, key: string, data: unknown, puzzle?: string): void {
  if (!store) return;
  try {
    const text = JSON.stringify({ v: STORAGE_VERSION, puzzle, data } satisfies Envelope);
    if (text.length > MAX_STORED) return;
    store.setItem(key, text);
  } catch {
    // Full or blocked storage: keeping nothing is the documented fallback.
  }
}

export function removeValue(store: Store | null, key: string): void {
  try {
    store?.removeItem(key);
  } catch {
    // as above
  }
}

/** The value under `key` if it is ours, current, for `puzzle` and passes `valid`; otherwise null. */
export function loadValue<T>(store: Store | null, key: string, valid: (x: unknown) => x is T, puzzle?: string): T | null {
  if (!store) return null;
  let text: string | null;
  try {
    text = store.getItem(key);
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    if (text.length > MAX_STORED) throw new Error('too long');
    const env = JSON.parse(text) as Partial<Envelope> | null;
    if (!env || typeof env !== 'object' || env.v !== STORAGE_VERSION || env.puzzle !== puzzle || !valid(env.data)) throw new Error('not ours');
    return env.data;
  } catch {
    removeValue(store, key);
    return null;
  }
}

/** An array of `length` whole numbers from 0 to `max`. */
export function isDigits(length: number, max: number): (x: unknown) => x is number[] {
  return (x: unknown): x is number[] => Array.isArray(x) && x.length === length && x.every((d) => Number.isInteger(d) && d >= 0 && d <= max);
}
