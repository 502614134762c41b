import { z } from 'zod';
import {
  itemSchema,
  looseMessageSchema,
  looseUcpSchema,
  messageSchema,
  responseUcpSchema,
  totalSchema,
  totalsSchema,
} from './common.js';

const orderLineItemSchema = z.looseObject({
  id: z.string(),
  item: itemSchema,
  quantity: z.looseObject({
    total: z.number().int().nonnegative(),
    fulfilled: z.number().int().nonnegative(),
  }),
  totals: z.array(totalSchema),
  status: z.enum(['processing', 'partial', 'fulfilled', 'removed']),
});

/** An order as the 2026-04-08 spec describes it. */
export const orderSchema = z.looseObject({
  ucp: responseUcpSchema,
  id: z.string(),
  checkout_id: z.string(),
  permalink_url: z.url(),
  line_items: z.array(orderLineItemSchema),
  fulfillment: z.looseObject({}),
  currency: z.string(),
  totals: totalsSchema,
  messages: z.array(messageSchema).optional(),
});

/** What this client needs of an order. */
export const orderCoreSchema = z.looseObject({
  ucp: looseUcpSchema.optional(),
  id: z.string().min(1),
  checkout_id: z.string().optional(),
  permalink_url: z.string().optional(),
  line_items: z.array(z.looseObject({ id: z.string().optional(), status: z.string().optional() })),
  fulfillment: z.looseObject({}).optional(),
  currency: z.string().optional(),
  totals: z.array(totalSchema).optional(),
  messages: z.array(looseMessageSchema).optional(),
});

/** An order as read. */
export type Order = z.infer<typeof orderCoreSchema>;
