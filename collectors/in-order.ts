/**
 * `fn` over `items`, at most `width` at a time, results in the items' order. The first failure stops the start of
 * further calls (no request is spent on a result that would be thrown away); once those in flight settle, it throws.
 */
export async function mapInOrder<T, R>(
  items: readonly T[],
  width: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed: { err: unknown } | null = null;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i] as T);
      } catch (err) {
        failed ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, width), items.length) }, worker));
  if (failed) throw (failed as { err: unknown }).err;
  return out;
}
