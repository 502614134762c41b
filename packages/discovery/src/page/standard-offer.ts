import type { StandardOffer, StandardOfferDiscount } from './product-types.js';

const URN = /^(?:urn:cap:|cap:)StandardOffer:(\S+)$/i;

/** Reads a CAP Standard Offer URN (`urn:cap:StandardOffer:<code>` or the compact `cap:` form); null otherwise. */
export function parseStandardOffer(value: string): StandardOffer | null {
  const match = URN.exec(value.trim());
  if (!match) return null;
  const code = match[1]!;
  const offer: StandardOffer = { urn: value.trim(), code };
  const discount = decodeStandardOfferCode(code);
  if (discount) offer.discount = discount;
  return offer;
}

/** Decodes the codes the CAP spec names (BOGO50, BTGOF, PCTnn) and their obvious siblings; undefined otherwise. */
export function decodeStandardOfferCode(code: string): StandardOfferDiscount | undefined {
  const upper = code.toUpperCase();
  const pct = /^PCT(\d{1,3})$/.exec(upper);
  if (pct) {
    const percent = Number(pct[1]);
    return percent >= 1 && percent <= 100 ? { kind: 'percentOff', percent } : undefined;
  }
  const bogo = /^BOGO(\d{1,3}|F)$/.exec(upper);
  if (bogo) {
    const percentOff = bogo[1] === 'F' ? 100 : Number(bogo[1]);
    return percentOff >= 1 && percentOff <= 100
      ? { kind: 'buyXGetY', buy: 1, get: 1, percentOff }
      : undefined;
  }
  if (upper === 'BTGOF') return { kind: 'buyXGetY', buy: 2, get: 1, percentOff: 100 };
  return undefined;
}
