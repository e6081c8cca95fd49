/**
 * Article signatures for similar articles (follow/v1/similar_article; docs/analytics.md): how article_signatures'
 * columns are computed, shared by the processor that writes them and the API that looks them up.
 *
 * Text is normalised (lower case; whitespace, punctuation and symbols removed) and cut into character bigrams:
 * Chinese has no spaces, so two adjacent characters are the unit of vocabulary. A title's bigram set is kept as
 * sorted distinct 64-bit hashes (exact Jaccard similarity at lookup); a MinHash of MINHASH_SIZE values is cut
 * into LSH_BANDS bands of LSH_ROWS values, and each band's hash goes to the article_bands index. Two titles with
 * Jaccard similarity J share at least one band with probability 1 − (1 − J^LSH_ROWS)^LSH_BANDS.
 */

export const LSH_BANDS = 32;
export const LSH_ROWS = 2;
export const MINHASH_SIZE = LSH_BANDS * LSH_ROWS;

/** Whitespace, punctuation and symbols (RE2 Unicode classes); bound as a parameter, never spliced into SQL. */
export const STRIP_RE = '[\\s\\p{P}\\p{S}]';

/** Sorted distinct hashes of the character bigrams of a normalised text; a one-character text is its own gram. */
export const gramsSql = (text: string) =>
  `arraySort(arrayDistinct(arrayMap(g -> sipHash64(g), multiIf(
     lengthUTF8(replaceRegexpAll(lowerUTF8(${text}), {stripRe:String}, '')) = 0, CAST([], 'Array(String)'),
     lengthUTF8(replaceRegexpAll(lowerUTF8(${text}), {stripRe:String}, '')) = 1,
       [replaceRegexpAll(lowerUTF8(${text}), {stripRe:String}, '')],
     ngrams(replaceRegexpAll(lowerUTF8(${text}), {stripRe:String}, ''), 2)))))`;

/**
 * MinHash of a gram-hash array: for each of MINHASH_SIZE seeds s, the least intHash64(g XOR s) over the grams.
 * The grams are already 64-bit hashes, so a seeded mix of them is an independent hash per seed; measured 11×
 * faster than hashing each (seed, gram) pair with sipHash64, which made a history backfill take minutes.
 */
export const minhashSql = (grams: string) =>
  `if(empty(${grams}), CAST([], 'Array(UInt64)'),
     arrayMap(s -> arrayMin(arrayMap(g -> intHash64(bitXor(g, s)), ${grams})),
       arrayMap(i -> intHash64(i), range(${MINHASH_SIZE}))))`;

/** LSH band keys: band b hashes its index with its LSH_ROWS MinHash values, so equal keys mean equal bands. */
export const bandsSql = (minhash: string) =>
  `if(empty(${minhash}), CAST([], 'Array(UInt64)'),
     arrayMap(b -> sipHash64(b, ${Array.from({ length: LSH_ROWS }, (_, r) => `${minhash}[b * ${LSH_ROWS} + ${r + 1}]`).join(', ')}),
       range(${LSH_BANDS})))`;

/** Signature columns of article rows with `title` and `digest`, in article_signatures' order after pubtime. */
export const signatureColumns = `cityHash64(title, digest) AS text_hash,
  ${gramsSql('title')} AS title_grams,
  ${gramsSql('digest')} AS digest_grams,
  ${minhashSql('title_grams')} AS minhash,
  ${bandsSql('minhash')} AS bands`;
