// Undo and Redo buttons plus Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z for one editable state (an editor's
// puzzle, a play mode's moves). The state is read and put back whole (views/common/history.ts), so
// undo returns exactly the board before the change.

import { h } from '../../dom';
import { History, historyKey } from './history';

export interface Undoable<T> {
  /** Call just before every change the user makes. */
  before(): void;
  /** The buttons, for the mode's panel. */
  buttons: HTMLElement;
  /** Handles Ctrl+Z and friends; true when it used the key. */
  key(e: KeyboardEvent): boolean;
  undo(): void;
  redo(): void;
  /** Forgets the history (a different puzzle). */
  clear(): void;
  /** Exposed for symmetry with `before`: the state as `get` sees it. */
  readonly history: History<T>;
}

export function undoable<T>(prefix: string, get: () => T, put: (state: T, how: 'Undone' | 'Redone') => void): Undoable<T> {
  const history = new History<T>();
  const undoButton = h('button', { type: 'button', id: `${prefix}-undo`, title: 'Undo (Ctrl+Z)', disabled: '' }, 'Undo');
  const redoButton = h('button', { type: 'button', id: `${prefix}-redo`, title: 'Redo (Ctrl+Y or Ctrl+Shift+Z)', disabled: '' }, 'Redo');
  const refresh = () => {
    undoButton.disabled = !history.canUndo;
    redoButton.disabled = !history.canRedo;
  };
  const undo = () => {
    const s = history.undo(get());
    if (s !== null) put(s, 'Undone');
    refresh();
  };
  const redo = () => {
    const s = history.redo(get());
    if (s !== null) put(s, 'Redone');
    refresh();
  };
  undoButton.addEventListener('click', undo);
  redoButton.addEventListener('click', redo);
  return {
    before() {
      history.record(get());
      refresh();
    },
    buttons: h('span', { class: 'undo-buttons' }, undoButton, redoButton),
    key(e) {
      const k = historyKey(e);
      if (!k) return false;
      e.preventDefault();
      if (k === 'undo') undo();
      else redo();
      return true;
    },
    undo,
    redo,
    clear() {
      history.clear();
      refresh();
    },
    history,
  };
}
