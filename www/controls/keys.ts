// Which key presses belong to the focused control rather than to the page's shortcuts. A focused
// button, link or checkbox answers Space and Enter itself (so Space on "Step" steps once instead of
// also toggling play), and a slider keeps its arrows, Home/End and Page keys. Shortcuts therefore
// fire from the board, the player's toolbar background, or nowhere in particular.

const ACTIVATES = new Set([' ', 'Enter', 'Spacebar']);
const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
const TOGGLE_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color']);

/** The minimal shape read from a key event, so the rule can be unit-tested without a DOM. */
export interface KeyTarget {
  tagName: string;
  type?: string;
  isContentEditable?: boolean;
}

/** True when `key` pressed on `target` is the control's own business. */
export function controlOwnsKey(key: string, target: KeyTarget | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') return ACTIVATES.has(key);
  if (tag === 'INPUT') {
    const type = (target.type ?? 'text').toLowerCase();
    if (type === 'range') return SLIDER_KEYS.has(key);
    if (TOGGLE_INPUTS.has(type)) return ACTIVATES.has(key);
    return true; // text, number, search…: every key is typing
  }
  return false;
}
