// Words every view shares: a solver's `why` made into a sentence, plurals, articles. Pure: no
// DOM, unit-tested. A run's verdict is Rust's sentence (Frame.says, Report.says), not written here.

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A `why` from the solver as a sentence: trimmed, capital first letter, final full stop. The
 *  solver writes clauses that may follow a label ("Guess: …"), so they start lower-case. */
export function sentence(s: string): string {
  const t = capitalise(s.trim());
  return t === '' || /[.!?…]$/.test(t) ? t : `${t}.`;
}


/** A whole number typed in a box, or NaN: digits only, as the page's address and the solver's
 *  text forms write numbers, and within `min`…`max` when given (every N box checks its range
 *  here). `Number()` alone would take `1e3`, `0x10` or `1.0`, which a link then could not carry. */
export function typedWhole(text: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const t = text.trim();
  const v = /^\d{1,15}$/.test(t) ? Number(t) : NaN;
  return v >= min && v <= max ? v : NaN;
}

/** `n thing` or `n things`, with the number written the way the counters write it. */
/** "a" or "an" before a number as it is spoken: an 8 × 8, an 11 × 11, an 18 × 18, a 9 × 9. */
export function article(n: number): string {
  const d = String(Math.trunc(Math.abs(n)));
  // Numbers read with a leading vowel sound: 8, 80-89, 800…, 11, 18, 11,000 and 18,000 and so on.
  const vowel = d.startsWith('8') || ((d.length - 2) % 3 === 0 && (d.startsWith('11') || d.startsWith('18')));
  return vowel ? 'an' : 'a';
}

export function plural(n: number, thing: string, things = `${thing}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? thing : things}`;
}
