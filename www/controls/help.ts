// The keyboard help overlay: "?" anywhere (outside a text field) or the "Keys" button in the tab bar
// opens a dialog listing every shortcut; Escape or the Close button closes it and focus returns to
// where it was. The list is data: the page's keys here, each puzzle view's in its own tabs.ts.

import { h } from '../dom';
import { PUZZLE_VIEWS } from '../generated/tabs';
import type { HelpSection } from '../views/view-spec';

const SECTIONS: readonly HelpSection[] = [
  {
    title: 'Everywhere',
    keys: [
      ['?', 'Show or hide this list'],
      ['F2', 'Presenter mode on or off (large type for a projector)'],
      ['Tab / Shift+Tab', 'Move between controls; Space or Enter presses the focused button'],
      ['Ctrl+Z', 'Edit and Play: undo the last change'],
      ['Ctrl+Y or Ctrl+Shift+Z', 'Edit and Play: redo'],
    ],
  },
  {
    title: 'Player (every run, and Watch mode)',
    keys: [
      ['Space or K', 'Play or pause (when the board or nothing in particular has focus)'],
      ['→', 'Step forward one event'],
      ['←', 'Step back one event'],
      ['S', 'Solve at full speed'],
      ['R', 'Reset the run'],
      ['← → on the speed slider', 'Change the speed (the slider keeps its arrow keys)'],
    ],
  },
  // Each puzzle view's own keys, from its folder's tabs.ts.
  ...PUZZLE_VIEWS.flatMap((v) => v.help),
];

export interface Help {
  /** The button for the tab bar. */
  button: HTMLButtonElement;
  toggle(): void;
}

export function keyboardHelp(): Help {
  const close = h('button', { type: 'button', class: 'help-close' }, 'Close');
  const dialog = h(
    'dialog',
    { class: 'help-dialog', 'aria-labelledby': 'help-title' },
    // Close comes first so the focus showModal gives it keeps the list scrolled to its top.
    h('div', { class: 'help-head' }, h('h2', { id: 'help-title' }, 'Keyboard shortcuts'), close),
    ...SECTIONS.map((s) =>
      h(
        'section',
        {},
        h('h3', {}, s.title),
        h('dl', {}, ...s.keys.flatMap(([k, what]) => [h('dt', {}, h('kbd', {}, k)), h('dd', {}, what)])),
      ),
    ),
  ) as HTMLDialogElement;
  document.body.append(dialog);
  const button = h(
    'button',
    { type: 'button', class: 'keys-button', title: 'Keyboard shortcuts (?)', 'aria-haspopup': 'dialog' },
    'Keys ?',
  ) as HTMLButtonElement;
  // A click on the backdrop (outside the dialog's box) closes it, like Escape.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) {
      const r = dialog.getBoundingClientRect();
      const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
      if (!inside) dialog.close();
    }
  });
  close.addEventListener('click', () => dialog.close());
  const toggle = (): void => {
    if (dialog.open) dialog.close();
    else dialog.showModal(); // showModal traps focus and gives focus back on close
  };
  button.addEventListener('click', toggle);
  return { button, toggle };
}
