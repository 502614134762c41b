export {
  AGIS_INTERACTION_PROTOCOLS,
  type AgisWellKnownSummary,
  AgisWellKnownSummarySchema,
  type ParsedWellKnownSummary,
  type ParseWellKnownSummaryOptions,
  parseWellKnownSummary,
  type ToWellKnownSummaryOptions,
  toWellKnownSummary,
} from './summary.js';
