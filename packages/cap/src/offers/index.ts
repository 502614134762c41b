export type { StandardOffer, StandardOfferDiscount } from '@agentweb/discovery';
export { decodeStandardOfferCode, parseStandardOffer } from '@agentweb/discovery';
export { type OfferStandardOffer, standardOffersOf } from './standard-offers-of.js';
