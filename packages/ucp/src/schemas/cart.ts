import { z } from 'zod';
import {
  lineItemSchema,
  looseLineItemSchema,
  looseMessageSchema,
  looseUcpSchema,
  messageSchema,
  responseUcpSchema,
  totalSchema,
  totalsSchema,
} from './common.js';

/** A cart as the 2026-04-08 spec describes it. */
export const cartSchema = z.looseObject({
  ucp: responseUcpSchema,
  id: z.string(),
  line_items: z.array(lineItemSchema),
  currency: z.string(),
  totals: totalsSchema,
  messages: z.array(messageSchema).optional(),
  continue_url: z.url().optional(),
  expires_at: z.string().optional(),
});

/** What this client needs of a cart. */
export const cartCoreSchema = z.looseObject({
  ucp: looseUcpSchema.optional(),
  id: z.string().min(1),
  line_items: z.array(looseLineItemSchema),
  currency: z.string().optional(),
  totals: z.array(totalSchema).optional(),
  messages: z.array(looseMessageSchema).optional(),
  continue_url: z.string().optional(),
});

/** A cart as read. */
export type Cart = z.infer<typeof cartCoreSchema>;
