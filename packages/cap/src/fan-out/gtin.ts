const GTIN_FIELDS = ['gtin', 'gtin14', 'gtin13', 'gtin12', 'gtin8'] as const;

/**
 * The product's GTIN as 14 digits (GTIN-8/12/13 zero-padded, so a UPC-A and its EAN-13 form match), or undefined
 * when it has none that looks like one. Only GTINs are used to de-duplicate: merchant ids are opaque and names
 * are not identities.
 */
export function productGtin(product: Record<string, unknown>): string | undefined {
  for (const field of GTIN_FIELDS) {
    const raw = product[field];
    if (typeof raw !== 'string' && typeof raw !== 'number') continue;
    const digits = String(raw).replace(/[\s-]/g, '');
    if (!/^\d+$/.test(digits) || ![8, 12, 13, 14].includes(digits.length)) continue;
    return digits.padStart(14, '0');
  }
  return undefined;
}
