// Marks the keywords inside a text (rendered as elements, never as HTML).
import type { ReactNode } from 'react';

export function Highlight({ text, words }: { text: string; words: readonly string[] }) {
  const terms = [...new Set(words)].filter(Boolean).sort((a, b) => b.length - a.length);
  if (terms.length === 0) return <>{text}</>;
  const re = new RegExp(terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const i = m.index ?? 0;
    out.push(text.slice(last, i), <em key={i}>{m[0]}</em>);
    last = i + m[0].length;
  }
  out.push(text.slice(last));
  return <span className="keyword-hit">{out}</span>;
}
