import type { UcpLenientResult } from '../ucp-warnings.js';
import { cartCoreSchema, cartSchema } from './cart.js';
import {
  productDetailCoreSchema,
  productDetailSchema,
  productListCoreSchema,
  productListSchema,
} from './catalog.js';
import { checkoutCoreSchema, checkoutSchema } from './checkout.js';
import { errorResponseCoreSchema, errorResponseSchema } from './error-response.js';
import { readLenient } from './lenient-read.js';
import { orderCoreSchema, orderSchema } from './order.js';

const DOCUMENTS = {
  checkout: [checkoutSchema, checkoutCoreSchema],
  cart: [cartSchema, cartCoreSchema],
  order: [orderSchema, orderCoreSchema],
  'product-list': [productListSchema, productListCoreSchema],
  'product-detail': [productDetailSchema, productDetailCoreSchema],
  'error-response': [errorResponseSchema, errorResponseCoreSchema],
} as const;

/** A response document type {@link readUcpDocument} reads. */
export type UcpDocumentType = keyof typeof DOCUMENTS;

/**
 * Reads a UCP response document of a known type, as the client does: leniently, with warnings naming every field
 * that departs from the spec, `UcpDocumentError` when it cannot be used (or, with `strict`, on any warning).
 */
export function readUcpDocument(
  type: UcpDocumentType,
  data: unknown,
  options: { strict?: boolean; source?: string } = {},
): UcpLenientResult<Record<string, unknown>> {
  const [full, core] = DOCUMENTS[type];
  return readLenient(full, core as never, data, {
    kind: 'response',
    source: options.source ?? type,
    strict: options.strict ?? false,
  }) as UcpLenientResult<Record<string, unknown>>;
}
