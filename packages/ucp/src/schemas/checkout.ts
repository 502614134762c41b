import { z } from 'zod';
import {
  lineItemSchema,
  linkSchema,
  looseLineItemSchema,
  looseMessageSchema,
  looseUcpSchema,
  messageSchema,
  responseUcpSchema,
  totalSchema,
  totalsSchema,
} from './common.js';

/** Checkout states of the spec. */
export const CHECKOUT_STATUSES = [
  'incomplete',
  'requires_escalation',
  'ready_for_complete',
  'complete_in_progress',
  'completed',
  'canceled',
] as const;

/** A checkout state: one of {@link CHECKOUT_STATUSES}, or a newer one kept as received (with a warning). */
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number] | (string & {});

const orderConfirmationSchema = z.looseObject({
  id: z.string(),
  permalink_url: z.url(),
  label: z.string().optional(),
});

/** A checkout session as the 2026-04-08 spec describes it. */
export const checkoutSchema = z.looseObject({
  ucp: responseUcpSchema,
  id: z.string(),
  line_items: z.array(lineItemSchema),
  status: z.enum(CHECKOUT_STATUSES),
  currency: z.string(),
  totals: totalsSchema,
  links: z.array(linkSchema),
  messages: z.array(messageSchema).optional(),
  expires_at: z.string().optional(),
  continue_url: z.url().optional(),
  order: orderConfirmationSchema.optional(),
});

/** What this client needs of a checkout session to work with it. */
export const checkoutCoreSchema = z.looseObject({
  ucp: looseUcpSchema.optional(),
  id: z.string().min(1),
  status: z.string(),
  line_items: z.array(looseLineItemSchema),
  currency: z.string().optional(),
  totals: z.array(totalSchema).optional(),
  messages: z.array(looseMessageSchema).optional(),
  continue_url: z.string().optional(),
  order: z.looseObject({ id: z.string(), permalink_url: z.string().optional() }).optional(),
});

/** A checkout session as read (lenient: optional where the spec requires, as the warnings say). */
export type Checkout = z.infer<typeof checkoutCoreSchema>;
