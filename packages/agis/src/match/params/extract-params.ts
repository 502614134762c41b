import { checkOptions } from '@agentweb/core';
import { LOCALE_RULE } from '../../option-rules.js';
import { checkInstruction, DEFAULT_MAX_INSTRUCTION_LENGTH } from '../errors.js';
import type { MatcherEndpoint, ParamValue } from '../types.js';
import { type Context, createParamContext, endpointPlan, typeOf } from './context.js';
import { dateOrderOf } from './date-order.js';
import { matchEnum } from './enums.js';
import { extractNumber } from './extract-number.js';
import { extractBoolean, extractPeople, extractString } from './extract-string.js';
import { extractTemporal } from './extract-temporal.js';

export { type Context, createParamContext } from './context.js';

/** Options of {@link extractParams}. */
export interface ExtractParamsOptions {
  /**
   * BCP 47 locale whose order all-numeric dates are read in ("06/05" is June 5 in `en-US`, 6 May in `en-GB`);
   * default `en-US`.
   */
  readonly locale?: string;
}

/**
 * Fills the endpoint's input properties stated in the instruction, typed per the input
 * schema and guided by `parameter_hints`. Unstated properties are left out; relative dates ("tomorrow") are
 * read against `now`. Throws `IntentInputError` (`AGIS_INPUT_TOO_LONG`) for an instruction longer than
 * {@link DEFAULT_MAX_INSTRUCTION_LENGTH} (or not a string), and `InvalidOptionError` for a malformed locale.
 */
export function extractParams(
  instruction: string,
  endpoint: MatcherEndpoint,
  now: Date,
  options: ExtractParamsOptions = {},
): Record<string, ParamValue> {
  checkInstruction(instruction, DEFAULT_MAX_INSTRUCTION_LENGTH);
  checkOptions('extractParams', options, { locale: LOCALE_RULE });
  return extractParamsFrom(
    createParamContext(instruction, now, { order: dateOrderOf(options.locale) }),
    endpoint,
  );
}

/** {@link extractParams} over a prepared context. */
export function extractParamsFrom(ctx: Context, endpoint: MatcherEndpoint): Record<string, ParamValue> {
  const plan = endpointPlan(endpoint);
  const out: Record<string, ParamValue> = {};
  for (const p of plan.properties) {
    const { schema, type } = p;
    let value: ParamValue | undefined;
    if (type === 'string' && (schema.format === 'date' || schema.format === 'date-time'))
      value = extractTemporal(p, ctx, schema.format === 'date' ? plan.dateProps : plan.dateTimeProps);
    else if (type === 'integer' || type === 'number') value = extractNumber(p, ctx);
    else if (type === 'boolean') value = extractBoolean(p, ctx);
    else if (type === 'string') value = extractString(p, ctx);
    else if (type === 'array' && schema.items && typeOf(schema.items) === 'string') {
      if (schema.items.enum) {
        const v = matchEnum(schema.items.enum, p.hints, ctx.folded);
        if (v !== undefined) value = [v];
      } else value = extractPeople(p, ctx, plan);
    }
    if (value !== undefined) out[p.name] = value;
  }
  return out;
}
