// The Load field of both puzzle editors. A textarea, not a one-line input: a plain grid is several
// lines, and a text input silently joins pasted lines into one (the grid then fails to parse with
// a confusing message). Enter loads, as in a one-line field; Shift+Enter starts a new line; the
// field grows with the lines typed or pasted, up to a few, then scrolls (values set by code are
// one-line IDs and URLs).

import { h } from '../../dom';

const MAX_ROWS = 8;

export function loadField(id: string, label: string, load: () => void): HTMLTextAreaElement {
  const field = h('textarea', {
    id,
    class: 'load-field',
    rows: '1',
    // Short enough for one line of a phone-sized field (the full wording is the field's label).
    placeholder: 'Tatham ID, URL or grid',
    title: 'Enter loads; Shift+Enter starts a new line of a plain grid',
    'aria-label': label,
    spellcheck: 'false',
    autocomplete: 'off',
    autocapitalize: 'off',
  }) as HTMLTextAreaElement;
  const fit = () => {
    field.rows = Math.min(MAX_ROWS, Math.max(1, field.value.split('\n').length));
  };
  field.addEventListener('input', fit);
  field.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      load();
    }
  });
  return field;
}
