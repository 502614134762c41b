import { is, type OptionRule } from '@agentweb/core';

/** An `extractionPool` option: a pool from `createExtractionPool`, or `false` to read pages in line. */
export const EXTRACTION_POOL_RULE: OptionRule = is.falseOr({
  ...is.methods('extract', 'close'),
  expected: 'an extraction pool (from createExtractionPool)',
});
