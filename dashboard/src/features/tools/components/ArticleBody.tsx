// An article's body as text paragraphs. Article HTML is never injected: every paragraph is a React text node, so
// markup in an article (a <script>, an onerror attribute) shows as characters and cannot run.
import { articleParagraphs } from '../article-text';

export function ArticleBody({ content }: { content: string }) {
  const paragraphs = articleParagraphs(content);
  return (
    <div className="tool-article-body" data-testid="article-body">
      {paragraphs.map((p, i) => (
        // Paragraphs have no identity of their own; the order is the text's.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
