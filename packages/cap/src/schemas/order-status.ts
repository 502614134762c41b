import { z } from 'zod';
import {
  BillingAddressSchema,
  CartTotalsSchema,
  OrderStatusValueSchema,
  PaymentStatusSchema,
  ShippingAddressSchema,
  StringMapSchema,
  TrackingInfoSchema,
} from './common.js';

/** `cap:order_status` input. */
export const OrderStatusInputSchema = z.strictObject({
  /** Order ids or numbers the merchant recognises. */
  orderIds: z.array(z.string().min(1)).min(1, 'orderIds must name at least one order').max(100),
  includeTracking: z.boolean().optional(),
  includeItems: z.boolean().optional(),
  includePaymentStatus: z.boolean().optional(),
  /** Defined by the spec without an output field; merchants may ignore it. */
  includeShippingDetails: z.boolean().optional(),
  includeHistory: z.boolean().optional(),
});
export type OrderStatusInput = z.infer<typeof OrderStatusInputSchema>;

/** One ordered item. Note `currency`, not `priceCurrency` as on cart lines. */
export const OrderItemSchema = z.looseObject({
  productId: z.string(),
  productName: z.string(),
  variantId: z.string().optional(),
  variantAttributes: StringMapSchema.optional(),
  variantDescription: z.string().optional(),
  quantity: z.number(),
  unitPrice: z.string(),
  lineTotal: z.string(),
  currency: z.string(),
  image: z.string().optional(),
  status: z
    .union([z.enum(['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'returned']), z.string()])
    .optional(),
  tracking: TrackingInfoSchema.optional(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** One event in an order's history. */
export const OrderHistoryEventSchema = z.looseObject({
  timestamp: z.string(),
  type: z.union([
    z.enum([
      'created',
      'payment_completed',
      'confirmed',
      'shipped',
      'delivered',
      'cancelled',
      'returned',
      'refunded',
      'updated',
    ]),
    z.string(),
  ]),
  description: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type OrderHistoryEvent = z.infer<typeof OrderHistoryEventSchema>;

/** One order. */
export const OrderDetailSchema = z.looseObject({
  orderId: z.string(),
  orderNumber: z.string(),
  /** One of the 11 states; unknown states kept as received. */
  status: z.union([OrderStatusValueSchema, z.string()]),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  totals: CartTotalsSchema,
  customer: z.looseObject({ email: z.string().optional(), phone: z.string().optional() }).optional(),
  shipping: z
    .looseObject({
      address: ShippingAddressSchema,
      method: z.string(),
      estimatedDelivery: z.string().optional(),
      actualDelivery: z.string().optional(),
    })
    .optional(),
  billing: BillingAddressSchema.optional(),
  payment: PaymentStatusSchema.optional(),
  items: z.array(OrderItemSchema).optional(),
  tracking: z.array(TrackingInfoSchema).optional(),
  history: z.array(OrderHistoryEventSchema).optional(),
  notes: z.array(z.string()).optional(),
  error: z.string().optional(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** `cap:order_status` output; `orders` is positional (null = not found). */
export const OrderStatusOutputSchema = z.looseObject({
  orders: z.array(OrderDetailSchema.nullable()),
  notFound: z.array(z.string()).optional(),
  context: z
    .looseObject({
      description: z.string().optional(),
      timestamp: z.string().optional(),
      /** Freshness; the spec gives no unit. */
      dataAge: z.number().optional(),
    })
    .optional(),
});
export type OrderStatusOutput = z.infer<typeof OrderStatusOutputSchema>;
