import { gtinValid } from '../filter/check-digits.js';

const GTIN_FIELDS = ['gtin', 'gtin14', 'gtin13', 'gtin12', 'gtin8'] as const;

/** Reads one GTIN field as 14 digits, or undefined when it is not a GTIN with a valid check digit. */
function normalise(raw: unknown): string | undefined {
  let digits: string;
  if (typeof raw === 'number') {
    // A GTIN sent as a JSON number has lost its leading zeros (a UPC-A `012345678905` arrives as 11 digits).
    if (!Number.isSafeInteger(raw) || raw <= 0) return undefined;
    digits = String(raw);
    if (digits.length > 14) return undefined;
    digits = digits.padStart(14, '0');
  } else if (typeof raw === 'string') {
    digits = raw.replace(/[\s-]/g, '');
    if (!/^\d+$/.test(digits) || ![8, 12, 13, 14].includes(digits.length)) return undefined;
  } else {
    return undefined;
  }
  // Placeholders (all zeros) and typos must not merge unrelated products from different merchants.
  if (!gtinValid(digits) || /^0+$/.test(digits)) return undefined;
  return digits.padStart(14, '0');
}

/**
 * The product's GTIN as 14 digits (GTIN-8/12/13 zero-padded, so a UPC-A and its EAN-13 form match), or undefined
 * when it has none that is a valid GTIN (length and check digit). Only GTINs are used to de-duplicate: merchant
 * ids are opaque and names are not identities.
 */
export function productGtin(product: Record<string, unknown>): string | undefined {
  for (const field of GTIN_FIELDS) {
    const gtin = normalise(product[field]);
    if (gtin) return gtin;
  }
  return undefined;
}
