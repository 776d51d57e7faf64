// What the page knows about puzzles comes from the registry in Rust (src/puzzles/*/game.rs),
// written into www/generated/registry.ts by `cargo test`: names, algorithms, options and limits.
// Views ask here instead of restating a number the solver already enforces.

import { REGISTRY } from './generated/registry';
import type { LimitInfo, PuzzleInfo } from './generated/types';

export function puzzleInfo(name: string): PuzzleInfo {
  const p = REGISTRY.find((q) => q.name === name);
  if (!p) throw new Error(`no puzzle '${name}' in the registry`);
  return p;
}

/** A limit of a puzzle by name, e.g. `limit('queens', 'backtrackN').max`. */
export function limit(puzzle: string, name: string): LimitInfo {
  const l = puzzleInfo(puzzle).limits.find((x) => x.name === name);
  if (!l) throw new Error(`no limit '${name}' for ${puzzle} in the registry`);
  return l;
}
