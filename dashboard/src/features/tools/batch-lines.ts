// The batch pages' text box: one link a line (spaces and commas also separate), blanks dropped, duplicates kept
// once, so the results table has one row per distinct link.

export function batchLines(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,，]+/)) {
    const s = part.trim();
    if (s) seen.add(s);
  }
  return [...seen];
}
