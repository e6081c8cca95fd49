import { STRIP_RE, signatureColumns } from '../../clickhouse/article-signatures';
import type { AnalyticsStore } from '../../clickhouse/store';
import { type DirtyWindow, TEXT_DIRTY } from './refresh';

/**
 * Signatures of the articles whose text arrived in the window and whose title or digest is new or changed (a
 * re-crawled article with the same text costs one hash comparison). Band rows follow by materialized view.
 */
export async function refreshArticleSignatures(
  store: AnalyticsStore,
  w: DirtyWindow,
  version: number,
): Promise<void> {
  await store.exec(
    `INSERT INTO article_signatures (mid, aid, pubtime, text_hash, title_grams, digest_grams, minhash, bands, version)
     SELECT mid, aid, pubtime, ${signatureColumns}, {version:UInt64} AS version
     FROM (
       SELECT mid, aid, pubtime, title, digest FROM articles FINAL
       WHERE mid IN (SELECT mid FROM (${TEXT_DIRTY})) AND (mid, aid) IN (${TEXT_DIRTY})
     )
     WHERE (mid, aid, cityHash64(title, digest)) NOT IN (
       SELECT mid, aid, text_hash FROM article_signatures WHERE mid IN (SELECT mid FROM (${TEXT_DIRTY}))
     )`,
    { ...w, version, stripRe: STRIP_RE },
  );
}
