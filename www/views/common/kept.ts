// The player's moves and the last edited puzzle, kept in localStorage per puzzle (www/storage.ts)
// so a reload or a crashed worker loses nothing. A stored value of the wrong shape is ignored.

import { browserStore, isDigits, loadValue, removeValue, saveValue, storageKey } from '../../storage';

export function keptMoves(view: string) {
  const store = browserStore();
  return {
    /** Saves `moves` for the puzzle `puzzle` (its full text); all zeros removes the entry. */
    save(puzzle: string, moves: number[]): void {
      const key = storageKey(view, 'moves', puzzle);
      if (moves.every((m) => m === 0)) removeValue(store, key);
      else saveValue(store, key, moves, puzzle);
    },
    /** The moves kept for `puzzle`, if they are `length` whole numbers from 0 to `max`. */
    load(puzzle: string, length: number, max: number): number[] | null {
      return loadValue(store, storageKey(view, 'moves', puzzle), isDigits(length, max), puzzle);
    },
  };
}

export function keptPuzzle<T>(view: string, valid: (x: unknown) => x is T) {
  const store = browserStore();
  const key = storageKey(view, 'puzzle');
  return {
    save: (p: T) => saveValue(store, key, p),
    load: (): T | null => loadValue(store, key, valid),
  };
}
