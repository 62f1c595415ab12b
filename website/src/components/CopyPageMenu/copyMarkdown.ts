/**
 * Puts the text at `url` on the clipboard. The fetch starts inside the click,
 * and the clipboard write is handed a promise of the text (ClipboardItem), so
 * browsers that require the write to happen within the user's gesture
 * (Safari) accept it; where that is unsupported, the text is written after it
 * arrives.
 */
export async function copyTextFrom(url: string): Promise<void> {
  const text = fetch(url, {headers: {Accept: 'text/markdown, text/plain'}}).then(async (response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
    return response.text();
  });
  if (typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard?.write === 'function') {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({'text/plain': text.then((t) => new Blob([t], {type: 'text/plain'}))}),
      ]);
      return;
    } catch {
      // Fall through: some browsers reject promised clipboard items.
    }
  }
  await navigator.clipboard.writeText(await text);
}

/** Puts a string the page already has on the clipboard. */
export async function copyText(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}
