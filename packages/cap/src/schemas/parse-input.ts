import type { FilterExpression } from '../filter/index.js';
import { filter, formatFilter } from '../filter/index.js';
import { CapInputError } from './errors.js';
import { issuesOf } from './issues.js';
import { type ProductSearchInput, ProductSearchInputSchema } from './product-search.js';
import { CAP_SKILLS } from './skill-ids.js';
import type { CapWarning, LenientResult } from './warnings.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is string | number | boolean {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** Turns one `filters` entry into a filter expression, or undefined when it has no clear meaning. */
function entryToExpression(field: string, value: unknown): FilterExpression | undefined {
  if (isScalar(value)) return filter.eq(field, value);
  if (Array.isArray(value) && value.length > 0 && value.every(isScalar)) return filter.in_(field, value);
  if (isObject(value)) {
    const parts: FilterExpression[] = [];
    const { min, max } = value;
    if (isScalar(min)) parts.push(filter.ge(field, min));
    if (isScalar(max)) parts.push(filter.le(field, max));
    if (parts.length > 0 && Object.keys(value).every((key) => key === 'min' || key === 'max'))
      return filter.and(...parts);
  }
  return undefined;
}

/**
 * Reads a `cap:product_search` input leniently, as a merchant (or the sandbox) receives it. The spec's own
 * request example sends a `filters` object (`{ brand: "Acme", price: { max: 100 } }`) instead of the `filter`
 * string (ambiguity 4); such objects are turned into the equivalent filter text with a warning, and entries
 * that have no clear meaning are named in a warning rather than silently dropped.
 */
export function parseProductSearchInputLenient(data: unknown): LenientResult<ProductSearchInput> {
  const warnings: CapWarning[] = [];
  if (!isObject(data)) {
    throw new CapInputError({
      skillId: CAP_SKILLS.productSearch,
      issues: [{ path: '', message: 'expected an object' }],
    });
  }
  const input: Json = { ...data };
  if (isObject(input.filters)) {
    const parts: FilterExpression[] = [];
    for (const [field, value] of Object.entries(input.filters)) {
      const expression = entryToExpression(field, value);
      if (expression) parts.push(expression);
      else
        warnings.push({
          code: 'filters-object',
          path: `filters.${field}`,
          message: 'entry has no filter equivalent; ignored',
        });
    }
    if (parts.length > 0) {
      const converted = formatFilter(filter.and(...parts));
      input.filter =
        typeof input.filter === 'string' && input.filter !== ''
          ? `(${input.filter}) AND (${converted})`
          : converted;
    }
    warnings.push({
      code: 'filters-object',
      path: 'filters',
      message: `non-standard filters object read as filter "${input.filter ?? ''}"`,
    });
    delete input.filters;
  }
  // Merchants may extend inputs with optional fields, so unknown keys are kept out of the strict check but not
  // reported as errors here.
  const known: Json = {};
  for (const key of Object.keys(ProductSearchInputSchema.shape)) if (key in input) known[key] = input[key];
  const result = ProductSearchInputSchema.safeParse(known);
  if (!result.success)
    throw new CapInputError({ skillId: CAP_SKILLS.productSearch, issues: issuesOf(result.error) });
  return { value: result.data, warnings };
}
