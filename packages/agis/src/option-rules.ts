import { is, required } from '@agentweb/core';
import { isDateLocale } from './match/params/date-order.js';

/** The parse limits and format every AGIS text reader takes. */
export const SOURCE_OPTION_RULES = {
  format: is.oneOf('auto', 'yaml', 'json', 'brace'),
  maxBytes: is.positiveInteger,
  maxDepth: is.positiveInteger,
  maxAliasCount: is.nonNegativeInteger,
} as const;

/** An `embedder` option: anything with `embed(texts)`. */
export const EMBEDDER_RULE = {
  ...is.methods('embed'),
  expected: 'an embedder ({ embed(texts) }, e.g. from createLexicalEmbedder)',
};

const ENDPOINT = is.shape({
  method: required(is.nonEmptyString),
  path: required(is.string),
  semantic: required(is.shape({ intent: required(is.string) })),
});

/** `services`: parsed AGIS documents, as far as the matchers read them. */
export const SERVICES_RULE = is.arrayOf(
  is.shape(
    { service: required(is.string), endpoints: required(is.arrayOf(ENDPOINT)) },
    'an AGIS document (from parseAgisDocument)',
  ),
);

/** `locale`: a BCP 47 tag `Intl` accepts (numeric dates are read in its order). */
export const LOCALE_RULE = is.custom('a BCP 47 locale such as "en-US" or "en-GB"', isDateLocale);
