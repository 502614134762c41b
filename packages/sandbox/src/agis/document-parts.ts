import type { AgisErrorDeclaration, JsonSchema } from './document-types.js';

/** Declared on every endpoint with an input: the HTTP binding answers it when a body breaks the input schema. */
export const INVALID_INPUT_ERROR: AgisErrorDeclaration = {
  name: 'invalid_input',
  description: 'The request body does not match the input schema; the message names the field.',
  status: 400,
};

/** An amount of money in an output (a deposit, a copay): decimal string and currency code. */
export const MONEY_OUTPUT: JsonSchema = {
  type: 'object',
  properties: { amount: { type: 'string' }, currency: { type: 'string' } },
  required: ['amount', 'currency'],
};
