import { z } from 'zod';
import { UcpInputError } from '../ucp-errors.js';
import { issuesOf } from './lenient-read.js';

const lineItemInput = z.looseObject({
  id: z.string().min(1).optional(),
  item: z.looseObject({ id: z.string().min(1) }),
  quantity: z.number().int().min(1),
});

const cartBody = z.looseObject({
  line_items: z.array(lineItemInput),
  context: z.looseObject({}).optional(),
  buyer: z.looseObject({}).optional(),
});

/** Request bodies this client checks before sending, per operation. */
const INPUTS = {
  search_catalog: z.looseObject({
    query: z.string().optional(),
    context: z.looseObject({}).optional(),
    filters: z.looseObject({}).optional(),
    pagination: z
      .looseObject({ cursor: z.string().optional(), limit: z.number().int().min(1).optional() })
      .optional(),
  }),
  lookup_catalog: z.looseObject({ ids: z.array(z.string().min(1)).min(1) }),
  get_product: z.looseObject({ id: z.string().min(1) }),
  create_cart: cartBody,
  update_cart: cartBody,
  // With `cart_id` the business uses the cart's contents, but the schema still requires `line_items`.
  create_checkout: cartBody.extend({ cart_id: z.string().min(1).optional() }),
  update_checkout: cartBody,
} as const;

/** Operations whose body is checked. */
export type CheckedOperation = keyof typeof INPUTS;

/** Checks a request body; `UcpInputError` names the fields that are wrong. */
export function validateUcpInput(operation: CheckedOperation, input: unknown): void {
  const result = INPUTS[operation].safeParse(input);
  if (result.success) return;
  throw new UcpInputError({ operation, issues: issuesOf(result.error) });
}

/** Checks a resource id. */
export function validateId(operation: string, id: unknown): void {
  if (typeof id !== 'string' || id.trim() === '' || id.length > 1000)
    throw new UcpInputError({
      operation,
      issues: [{ path: 'id', message: 'must be a non-empty string of at most 1000 characters' }],
    });
}
