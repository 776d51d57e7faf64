// The player's entries in a link (`board=` in the address, www/address.ts): small whole numbers
// (a Skyscrapers cell's digit, the bridges on one Hashiwokakero link) packed into base-36
// characters, as many per character as fit, trailing zeros left out; Skyscrapers' pencil marks
// follow as `_cell.mask` pairs. Pure and DOM-free (tests/unit/board-link.test.mjs). Decoding
// checks every character and every value against the board it is for, and answers a sentence
// for anything else: a link is never trusted.

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** How many values from 0 to `max` one base-36 character holds. */
function perChar(max: number): number {
  let k = 1;
  while ((max + 1) ** (k + 1) <= 36) k++;
  return k;
}

/** `values` (each 0..max) packed; '' when all are 0. */
export function packValues(values: readonly number[], max: number): string {
  const k = perChar(max);
  let end = values.length;
  while (end > 0 && values[end - 1] === 0) end--;
  let out = '';
  for (let i = 0; i < end; i += k) {
    let code = 0;
    for (let j = 0; j < k; j++) code = code * (max + 1) + (values[i + j] ?? 0);
    out += DIGITS[code];
  }
  return out;
}

/** The `length` values packed in `text` (missing ones are 0), or what is wrong as a sentence. */
export function unpackValues(text: string, length: number, max: number): number[] | string {
  const k = perChar(max);
  if (text.length > Math.ceil(length / k)) return `it holds more than ${length} ${length === 1 ? 'entry' : 'entries'}`;
  const values = new Array<number>(length).fill(0);
  for (let c = 0; c < text.length; c++) {
    let code = DIGITS.indexOf(text[c]!);
    if (code < 0 || code >= (max + 1) ** k) return `character ${c + 1} ("${text[c]}") is not a value it can hold`;
    for (let j = k - 1; j >= 0; j--) {
      const i = c * k + j;
      const v = code % (max + 1);
      code = Math.floor(code / (max + 1));
      if (i < length) values[i] = v;
      else if (v !== 0) return `it holds more than ${length} ${length === 1 ? 'entry' : 'entries'}`;
    }
  }
  return values;
}

/** Digits (0 = empty, at most `max`) and pencil-mark masks of every cell, as one `board` value;
 *  undefined when the player has entered nothing. */
export function packDigits(digits: readonly number[], notes: readonly number[], max: number): string | undefined {
  let text = packValues(digits, max);
  notes.forEach((m, i) => {
    if (m > 0) text += `_${i.toString(36)}.${m.toString(36)}`;
  });
  return text === '' ? undefined : text;
}

/** [`packDigits`] read back for a board of `cells` cells and digits 1..max, or a sentence. */
export function unpackDigits(text: string, cells: number, max: number): { digits: number[]; notes: number[] } | string {
  const [head = '', ...marks] = text.split('_');
  const digits = unpackValues(head, cells, max);
  if (typeof digits === 'string') return digits;
  const notes = new Array<number>(cells).fill(0);
  for (const m of marks) {
    const parts = /^([0-9a-z]{1,4})\.([0-9a-z]{1,4})$/.exec(m);
    const i = parts ? parseInt(parts[1]!, 36) : NaN;
    const mask = parts ? parseInt(parts[2]!, 36) : NaN;
    if (m === '') return 'it has an empty pencil-mark entry (two "_" in a row, or one at the end)';
    if (!(i < cells) || !(mask > 0 && mask < 2 ** max)) return `the pencil marks "${m.slice(0, 12)}" are not marks of this board`;
    if (notes[i]) return `the pencil marks of cell ${i.toString(36)} are given twice`;
    notes[i] = mask;
  }
  return { digits, notes };
}
