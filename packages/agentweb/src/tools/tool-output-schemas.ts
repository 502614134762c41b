import { z } from 'zod';
import type { AgentWebToolName } from './tool-types.js';

// What each tool's `data` holds, for hosts that read output schemas (MCP `outputSchema`). Loose objects: a field
// added later (or a merchant's extra variant attribute) must not make a valid answer fail validation, and every
// list may have been shortened to fit `maxResultChars`, which marks the data `truncated: true`.

const text = z.string();
const count = z.number().int().nonnegative();
const truncated = z
  .boolean()
  .optional()
  .describe('True when lists or texts were shortened to fit the size limit.');
const anyJson = z.unknown();

const errorSummary = z.looseObject({
  name: text.optional(),
  code: text,
  message: text,
  status: z.number().optional(),
  capErrorCode: text.optional(),
});

const priceFields = {
  price: text.optional(),
  currency: text.optional(),
  availability: text.optional(),
  promotions: z.array(text).optional(),
};

const failure = z.looseObject({ target: text, code: text.optional(), reason: text });

const discoverMerchants = z.looseObject({
  merchants: z.array(
    z.looseObject({
      domain: text,
      name: text.optional(),
      description: text.optional(),
      skills: z.array(text).optional(),
      publicSkills: z.array(text).optional(),
      queryModes: z.array(text).optional(),
      foundBy: text.optional(),
    }),
  ),
  otherAgents: z.array(
    z.looseObject({ target: text, name: text.optional(), skills: z.array(text).optional() }),
  ),
  failed: z.array(failure),
  knownMerchants: z.array(text),
  truncated,
});

const searchProducts = z.looseObject({
  products: z.array(
    z.looseObject({
      merchant: text,
      productId: text.optional(),
      name: text.optional(),
      ...priceFields,
      brand: text.optional(),
      category: text.optional(),
      description: text.optional(),
      gtin: text.optional().describe('14 digits (GTIN-8/12/13 zero-padded), as in get_product.'),
      alsoFrom: z
        .array(z.looseObject({ merchant: text, productId: text }))
        .optional()
        .describe('Other merchants selling the same product (same GTIN).'),
    }),
  ),
  found: count,
  shown: count,
  merchants: z
    .looseObject({
      asked: count,
      byStatus: z.record(text, count),
      failed: z.array(
        z.looseObject({
          merchant: text,
          status: text,
          products: count.optional(),
          reason: text.optional(),
          error: errorSummary.optional(),
        }),
      ),
    })
    .describe(
      'How many merchants were asked, how many ended in each status, and the ones that did not answer in full.',
    ),
  deadlineReached: z.boolean(),
  truncated,
});

const getProduct = z.looseObject({
  merchant: text,
  source: text.optional(),
  product: z.looseObject({
    productId: text.optional(),
    name: text.optional(),
    gtin: text.optional(),
    ...priceFields,
    offers: z.array(z.looseObject({ id: text.optional(), ...priceFields })).optional(),
    variants: z.array(z.looseObject({ variantId: text.optional(), name: text.optional() })).optional(),
  }),
  truncated,
});

const manageCart = z.looseObject({ merchant: text, action: text, truncated });

const orderStatus = z.looseObject({
  merchant: text,
  orders: z.array(z.looseObject({ orderId: text.optional(), status: text.optional() })),
  notFound: z.array(text).optional(),
  truncated,
});

const matchIntent = z.looseObject({
  matchId: text,
  abstain: z.boolean(),
  candidates: z.array(
    z.looseObject({
      candidate: count,
      service: text,
      method: text,
      path: text,
      confidence: z.number(),
      needsConfirmation: z.boolean(),
      params: anyJson,
      reasons: z.array(text),
    }),
  ),
  truncated,
});

const invokeIntent = z.looseObject({
  matchId: text.nullable().optional(),
  invoked: z.looseObject({ service: text, method: text, path: text }).nullable(),
  status: z.number(),
  data: anyJson,
  truncated,
});

const askAgent = z.looseObject({
  agent: text.describe('The domain the agent speaks for.'),
  name: text,
  text: text.describe("The agent's answer; its question when needsInput is true."),
  state: text,
  needsInput: z.boolean(),
  taskId: text.nullable(),
  contextId: text.nullable(),
  data: z.array(anyJson).optional(),
  warnings: z.array(text).optional(),
  truncated,
});

const checkout = z.looseObject({
  merchantId: text,
  checkoutId: text,
  status: text.describe('incomplete, ready_for_complete, completed, requires_escalation, canceled, ...'),
  completed: z.boolean().describe('true when this call completed the purchase.'),
  totals: z.record(z.string(), text).describe('subtotal, total, tax, ... as decimal strings in currency.'),
  currency: text,
  messages: z.array(anyJson).describe("The merchant's messages: what is missing or needs review."),
  continueUrl: text.nullable().describe("Where the user can finish at the merchant's own page."),
  order: z.looseObject({ id: text, permalinkUrl: text.nullable() }).nullable(),
  note: text.optional(),
});

/** The `data` schema of each neutral tool. */
export const TOOL_DATA_SCHEMAS: Record<AgentWebToolName, z.ZodType> = {
  discover_merchants: discoverMerchants,
  search_products: searchProducts,
  get_product: getProduct,
  manage_cart: manageCart,
  order_status: orderStatus,
  match_intent: matchIntent,
  invoke_intent: invokeIntent,
  ask_agent: askAgent,
  checkout,
};

/** The `data` of an AGIS endpoint tool: which endpoint answered, its HTTP status and its JSON body. */
export const AGIS_TOOL_DATA_SCHEMA = z.looseObject({
  service: text,
  method: text,
  path: text,
  status: z.number(),
  data: anyJson,
  truncated,
});

/** The `error` of a failed result (`AgentWebToolError`). */
export const TOOL_ERROR_SCHEMA = z.looseObject({
  code: text.describe(
    'Stable code: an AgentWeb error code, or INVALID_INPUT, UNKNOWN_TOOL, CONFIRMATION_REQUIRED, ...',
  ),
  message: text.describe('What went wrong and what to change.'),
  details: anyJson.optional(),
});

/**
 * The whole result as one object schema (MCP output schemas must be objects): `ok`, then `data` when it is true
 * and `error` when it is false.
 */
export function toolResultSchema(data: z.ZodType) {
  return z.object({
    ok: z.boolean().describe('true: data holds the answer. false: error says what went wrong.'),
    data: data.optional(),
    error: TOOL_ERROR_SCHEMA.optional(),
  });
}
