import type { FanOutChunk, FanOutProduct } from './fan-out-types.js';

/**
 * Interleaves merchants' lists round-robin (first of each merchant, in `merchants` order, then second, ...), so
 * no merchant's ranking dominates, and drops later products whose GTIN was already seen, recording their
 * provenance on the one kept. Products without a GTIN are never merged.
 */
export function mergeChunks(chunks: readonly (FanOutChunk | undefined)[]): {
  products: FanOutProduct[];
  duplicates: number;
} {
  const lists = chunks.map((chunk) => chunk?.products ?? []);
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const byGtin = new Map<string, FanOutProduct>();
  const products: FanOutProduct[] = [];
  let duplicates = 0;
  for (let rank = 0; rank < longest; rank += 1) {
    for (const list of lists) {
      const item = list[rank];
      if (!item) continue;
      const kept = item.gtin ? byGtin.get(item.gtin) : undefined;
      if (kept) {
        kept.alsoFrom.push({
          merchantId: item.merchantId,
          agentCardUrl: item.agentCardUrl,
          productId: item.product.id,
        });
        duplicates += 1;
        continue;
      }
      if (item.gtin) byGtin.set(item.gtin, item);
      products.push(item);
    }
  }
  return { products, duplicates };
}
