import { parseStandardOffer, type StandardOffer } from '@agentweb/discovery';
import type { ProductOffer } from '../schemas/common.js';

/** A Standard Offer found on a CAP offer, with the offer's own description for codes AgentWeb cannot decode. */
export interface OfferStandardOffer extends StandardOffer {
  /** The offer's `description`, when the code is unknown (the spec's fallback) and the offer has one. */
  fallbackDescription?: string;
}

/**
 * The Standard Offers in a CAP offer's `additionalType` (string or array), decoded by `@agentweb/discovery`'s
 * parser. For unknown codes the spec says to fall back to the offer's description, so it is attached.
 */
export function standardOffersOf(offer: ProductOffer): OfferStandardOffer[] {
  const types = offer.additionalType === undefined ? [] : [offer.additionalType].flat();
  const description = typeof offer.description === 'string' ? offer.description : undefined;
  const found: OfferStandardOffer[] = [];
  for (const type of types) {
    const parsed = parseStandardOffer(type);
    if (!parsed) continue;
    found.push(
      parsed.discount === undefined && description !== undefined
        ? { ...parsed, fallbackDescription: description }
        : parsed,
    );
  }
  return found;
}
