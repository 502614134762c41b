/**
 * Test helpers for code that consumes agent cards: valid sample cards in every format.
 * Import from `@agentweb/agentcard/test`.
 */
export {
  type SampleCapMerchantCardOptions,
  sampleCapMerchantCard,
  sampleIetfCard,
  sampleNooterraCard,
} from './sample-cards.js';
