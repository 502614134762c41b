export { type Bm25Hit, type Bm25Matcher, type Bm25Options, createBm25Matcher } from './bm25.js';
export {
  CALIBRATION_FEATURES,
  type CalibrationFeature,
  type CandidateFeatures,
  type ConfidenceCalibration,
  calibratedConfidence,
  calibrationVector,
  createIntentMatcher,
  DEFAULT_ABSTAIN_THRESHOLD,
  DEFAULT_BM25_WEIGHT,
  DEFAULT_CALIBRATION,
  type IntentMatcher,
  type IntentMatcherOptions,
  type MatchOptions,
} from './create-intent-matcher.js';
export {
  DEFAULT_MAX_INSTRUCTION_LENGTH,
  IntentInputError,
  type IntentInputProblem,
  isIntentInputError,
  isMatchAbortedError,
  MatchAbortedError,
} from './errors.js';
export {
  type DateTimeMention,
  type FindDateTimesOptions,
  findDateTimes,
} from './find-date-times.js';
export { irreversibility } from './irreversibility.js';
export { type ExtractParamsOptions, extractParams } from './params/extract-params.js';
export type {
  MatchCandidate,
  MatcherEndpoint,
  MatcherJsonSchema,
  MatcherSemantic,
  MatcherService,
  MatchResult,
  ParamValue,
  VerbLexicon,
} from './types.js';
