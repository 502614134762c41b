import { z } from 'zod';

/** A UCP version: a `YYYY-MM-DD` date. */
export const versionSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a YYYY-MM-DD version');

/** An amount in ISO 4217 minor units (cents): a non-negative integer. */
export const amountSchema = z.number().int().nonnegative();

/** A signed amount in minor units (discounts are negative). */
export const signedAmountSchema = z.number().int();

/** A price: amount in minor units and its currency. */
export const priceSchema = z.looseObject({ amount: amountSchema, currency: z.string().regex(/^[A-Z]{3}$/) });

/** A message of a response: `error` (with severity), `warning` or `info`. */
export const messageSchema = z.looseObject({
  type: z.enum(['error', 'warning', 'info']),
  code: z.string().optional(),
  path: z.string().optional(),
  content: z.string(),
  content_type: z.string().optional(),
  severity: z
    .enum(['recoverable', 'requires_buyer_input', 'requires_buyer_review', 'unrecoverable'])
    .optional(),
});

/** A message as read leniently: any type and severity kept as received. */
export const looseMessageSchema = z.looseObject({
  type: z.string(),
  code: z.string().optional(),
  path: z.string().optional(),
  content: z.string().optional(),
  severity: z.string().optional(),
});

/** One total line (`subtotal`, `tax`, `total`, ...). */
export const totalSchema = z.looseObject({
  type: z.string(),
  amount: signedAmountSchema,
  display_text: z.string().optional(),
});

/** Totals: exactly one `subtotal` and one `total` (2026-04-08). */
export const totalsSchema = z
  .array(totalSchema)
  .refine((list) => list.filter((t) => t.type === 'subtotal').length === 1, 'must hold exactly one subtotal')
  .refine((list) => list.filter((t) => t.type === 'total').length === 1, 'must hold exactly one total');

/** A link (privacy policy, terms). */
export const linkSchema = z.looseObject({ type: z.string(), url: z.url() });

/** The `ucp` object of a response (the negotiated version and capabilities echoed). */
export const responseUcpSchema = z.looseObject({
  version: versionSchema,
  status: z.enum(['success', 'error']).optional(),
  // 2026-04-08: keyed by name; 2026-01-11: a list of `{ name, version }`.
  capabilities: z
    .union([
      z.record(z.string(), z.array(z.looseObject({ version: versionSchema }))),
      z.array(z.looseObject({ name: z.string(), version: versionSchema })),
    ])
    .optional(),
  payment_handlers: z.record(z.string(), z.array(z.looseObject({ id: z.string() }))).optional(),
});

/** The `ucp` object as read leniently. */
export const looseUcpSchema = z.looseObject({
  version: z.string().optional(),
  status: z.string().optional(),
});

/** The item of a line item, as a business sends it. */
export const itemSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  price: amountSchema,
  image_url: z.string().optional(),
});

/** A line item, as a business sends it. */
export const lineItemSchema = z.looseObject({
  id: z.string(),
  item: itemSchema,
  quantity: z.number().int().min(1),
  totals: z.array(totalSchema),
  parent_id: z.string().optional(),
});

/** A line item as read leniently. */
export const looseLineItemSchema = z.looseObject({
  id: z.string().optional(),
  item: z.looseObject({ id: z.string(), title: z.string().optional(), price: z.number().optional() }),
  quantity: z.number(),
});

/** Buyer context signals. */
export const contextSchema = z.looseObject({
  address_country: z.string().optional(),
  address_region: z.string().optional(),
  postal_code: z.string().optional(),
  intent: z.string().optional(),
  language: z.string().optional(),
  currency: z.string().optional(),
});

/** The buyer. */
export const buyerSchema = z.looseObject({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  phone_number: z.string().optional(),
});
