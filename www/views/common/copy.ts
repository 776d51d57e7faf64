// Copying a puzzle ID, URL or page link, for every view. The clipboard API needs a secure context
// and permission; without it the text is selected in a field for a manual copy.

/** The page's own link that opens `tab` with `param` (a puzzle ID), as main.ts routes it. */
export function pageLink(tab: string, param: string): string {
  return `${location.href.split('#')[0]}#${tab}/${encodeURIComponent(param)}`;
}

/**
 * Copies `text` and says so through `say`. When the clipboard refuses, `field` is given the text
 * (if it does not hold it already), selected, and `document.execCommand('copy')` tried; if that
 * fails too, the user is told to press Ctrl+C. Nothing happens for an empty text.
 */
export async function copyText(text: string | null | undefined, what: string, field: HTMLInputElement | HTMLTextAreaElement, say: (message: string) => void): Promise<void> {
  if (!text) return;
  try {
    await navigator.clipboard.writeText(text);
    say(`Copied the ${what}.`);
  } catch {
    if (field.value !== text) field.value = text;
    field.focus();
    field.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    say(ok ? `Copied the ${what}.` : `The ${what} is selected: press Ctrl+C (⌘C on a Mac) to copy it.`);
  }
}
