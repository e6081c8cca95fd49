// The article body as the content pages show it: the collectors store #js_content as text (whitespace collapsed),
// so it is shown as text paragraphs, never as HTML. Nothing of an article can reach the DOM as markup.

/** Sentences per paragraph when the text has no line breaks left. */
const SENTENCES_PER_PARAGRAPH = 3;

/**
 * Paragraphs of a body text: its own line breaks when it has them, otherwise groups of a few sentences (split after
 * 。！？!? and closing quotes), so a long body reads as paragraphs rather than one block.
 */
export function articleParagraphs(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const lines = trimmed
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > 1) return lines;
  const sentences = trimmed.match(/[^。！？!?]+[。！？!?]+[”」』"']?|[^。！？!?]+$/g) ?? [trimmed];
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i += SENTENCES_PER_PARAGRAPH)
    out.push(
      sentences
        .slice(i, i + SENTENCES_PER_PARAGRAPH)
        .join('')
        .trim(),
    );
  return out.filter(Boolean);
}

/** Characters of the body, not counting spaces (what an editor calls 字数). */
export const wordCount = (text: string) => text.replace(/\s/g, '').length;

/** Minutes to read at about 400 Chinese characters a minute, at least 1. */
export const readingMinutes = (text: string) => Math.max(1, Math.round(wordCount(text) / 400));
