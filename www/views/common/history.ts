// Undo and redo for the editors and play modes: whole snapshots of the state the user changes, so
// undo gives back exactly the previous board (no inverse operations to get wrong). Pure: the views
// own the buttons and decide what a snapshot holds. Unit-tested in tests/unit/history.test.mjs.

/** Which history action a key press asks for: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo (⌘ too). */
export function historyKey(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const k = e.key.toLowerCase();
  if (k === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (k === 'y' && !e.shiftKey) return 'redo';
  return null;
}

/** Snapshots are stored as JSON text: a copy no later mutation of the live state can reach. */
export class History<T> {
  private past: string[] = [];
  private future: string[] = [];

  /** `limit` bounds memory: past it the oldest snapshots are dropped. */
  constructor(private readonly limit = 500) {}

  /** Call with the state as it was just before a change. A change that ends where it started is
   *  not recorded by the caller's choice: `record` keeps whatever it is given, except duplicates. */
  record(before: T): void {
    const s = JSON.stringify(before);
    if (this.past[this.past.length - 1] === s) return;
    this.past.push(s);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
  }

  /** The state to show instead of `current`, or null when there is nothing to undo. */
  undo(current: T): T | null {
    const s = this.past.pop();
    if (s === undefined) return null;
    this.future.push(JSON.stringify(current));
    return JSON.parse(s) as T;
  }

  redo(current: T): T | null {
    const s = this.future.pop();
    if (s === undefined) return null;
    this.past.push(JSON.stringify(current));
    return JSON.parse(s) as T;
  }

  clear(): void {
    this.past = [];
    this.future = [];
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }
}
