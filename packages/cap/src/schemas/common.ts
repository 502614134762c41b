import { z } from 'zod';

/** A decimal amount as CAP sends it: a string, kept as text for precision. */
export const DecimalStringSchema = z
  .string()
  .regex(/^-?\d+(?:\.\d+)?$/, 'expected a decimal string such as "19.99"');

/** schema.org-style availability in CAP's camelCase tokens. */
export const ProductAvailabilitySchema = z.enum(['inStock', 'outOfStock', 'preOrder']);
export type ProductAvailability = z.infer<typeof ProductAvailabilitySchema>;

/** Cart lines add `limitedStock` to the product vocabulary (spec ambiguity 6). */
export const CartLineAvailabilitySchema = z.enum(['inStock', 'outOfStock', 'limitedStock', 'preOrder']);
export type CartLineAvailability = z.infer<typeof CartLineAvailabilitySchema>;

// Output fields keep unknown availability values as received (ambiguity 6): a token we do not know is still
// information for the caller, and refusing the whole product over it would lose data.
const OpenAvailabilitySchema = z.union([CartLineAvailabilitySchema, z.string()]);

/** One offer (price, availability). Open: sellers, urls, descriptions pass through. */
export const ProductOfferSchema = z.looseObject({
  /** Unique id of the offer. */
  identifier: z.string(),
  /** Price as a decimal string. */
  price: z.string().optional(),
  /** ISO 4217 currency of `price`. */
  priceCurrency: z.string().optional(),
  /** Stock state. */
  availability: OpenAvailabilitySchema.optional(),
  /** Promotion class URIs, e.g. `urn:cap:StandardOffer:BOGO50`. */
  additionalType: z.union([z.string(), z.array(z.string())]).optional(),
});
export type ProductOffer = z.infer<typeof ProductOfferSchema>;

/** One search hit. Open (brand, gtin, category, ... pass through). */
export const ProductSummarySchema = z.looseObject({
  /** Opaque merchant product id; pass it to `cap:product_get` unchanged. */
  id: z.string(),
  /** Title. */
  name: z.string(),
  /** Free text for an LLM. */
  description: z.string().optional(),
  /** Thumbnail URL. */
  image: z.string().optional(),
  /** Offers. */
  offers: z.array(ProductOfferSchema).optional(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

/** One variant of a product. Open (size, color, sku, gtin, ...). */
export const ProductVariantSchema = z.looseObject({
  /** Variant id, unique within the product. */
  id: z.string().optional(),
  /** Display label. */
  name: z.string().optional(),
  /** Variant-specific offers. */
  offers: z.array(ProductOfferSchema).optional(),
  /** Variant-specific images. */
  images: z.array(z.string()).optional(),
});
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

/** Aggregate rating. Open. */
export const ProductReviewSummarySchema = z.looseObject({
  /** Average rating (scale chosen by the merchant, usually 1-5). */
  ratingValue: z.number().optional(),
  /** Written reviews. */
  reviewCount: z.number().optional(),
  /** Ratings (may exceed reviews). */
  ratingCount: z.number().optional(),
});
export type ProductReviewSummary = z.infer<typeof ProductReviewSummarySchema>;

/** A delivery method. Open. */
export const ShippingOptionSchema = z.looseObject({
  /** Label such as "Standard". */
  name: z.string(),
  /** Cost as a decimal string. */
  price: z.string().optional(),
  /** Currency of the cost. */
  priceCurrency: z.string().optional(),
  /** ISO date or free-form timeframe. */
  estimatedDelivery: z.string().optional(),
});
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

/** One tax line. */
export const TaxCalculationSchema = z.looseObject({
  /** Tax kind, e.g. `vat`. */
  type: z.string(),
  /** Rate as a fraction (0.0875 = 8.75 %). */
  rate: z.number(),
  /** Amount as a decimal string. */
  amount: z.string(),
  /** Currency of the amount. */
  currency: z.string(),
  /** Taxing area. */
  jurisdiction: z.string().optional(),
});
export type TaxCalculation = z.infer<typeof TaxCalculationSchema>;

/** Money summary of a cart or an order. */
export const CartTotalsSchema = z.looseObject({
  /** Sum of line totals. */
  subtotal: z.string(),
  /** The one currency of every amount here. */
  currency: z.string(),
  /** Total tax. */
  tax: z.string().optional(),
  /** Shipping cost. */
  shipping: z.string().optional(),
  /** Total discount. */
  discount: z.string().optional(),
  /** Amount payable. */
  total: z.string(),
  /** Tax breakdown (when `includeTaxCalculations` was set). */
  taxDetails: z.array(TaxCalculationSchema).optional(),
  /** True when tax is an estimate. */
  estimatedTax: z.boolean().optional(),
});
export type CartTotals = z.infer<typeof CartTotalsSchema>;

/** The five cart operations. */
export const CartActionSchema = z.enum(['view', 'add', 'update', 'remove', 'clear']);
export type CartAction = z.infer<typeof CartActionSchema>;

/** The 11 order states. */
export const OrderStatusValueSchema = z.enum([
  'pending_payment',
  'payment_processing',
  'confirmed',
  'processing',
  'shipped',
  'out_for_delivery',
  'delivered',
  'failed',
  'cancelled',
  'returned',
  'refunded',
]);
export type OrderStatusValue = z.infer<typeof OrderStatusValueSchema>;

/** Payment state of an order. */
export const PaymentStatusSchema = z.looseObject({
  /** Payment state. */
  status: z.union([
    z.enum(['pending', 'processing', 'completed', 'failed', 'refunded', 'partially_refunded']),
    z.string(),
  ]),
  /** Payment method. */
  method: z.string().optional(),
  /** Processor. */
  processor: z.string().optional(),
  /** Amount paid. */
  amount: z.string().optional(),
  /** Currency. */
  currency: z.string().optional(),
  /** When it was paid (ISO 8601). */
  paidAt: z.string().optional(),
  /** Refund record. */
  refund: z
    .looseObject({
      amount: z.string(),
      currency: z.string(),
      reason: z.string().optional(),
      refundedAt: z.string(),
    })
    .optional(),
  /** Processor transaction id. */
  transactionId: z.string().optional(),
});
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** Shipment tracking. */
export const TrackingInfoSchema = z.looseObject({
  /** Carrier tracking number. */
  trackingNumber: z.string(),
  /** Carrier. */
  carrier: z.string(),
  /** Carrier tracking page. */
  trackingUrl: z.string().optional(),
  /** Shipment state (unknown values kept). */
  status: z.union([
    z.enum(['label_created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'exception']),
    z.string(),
  ]),
  /** Last known location. */
  currentLocation: z.string().optional(),
  /** Expected delivery (ISO 8601). */
  estimatedDelivery: z.string().optional(),
  /** Actual delivery (ISO 8601). */
  deliveredAt: z.string().optional(),
  /** Scan events (their `status` is free text, not the enum above). */
  events: z
    .array(
      z.looseObject({
        timestamp: z.string(),
        status: z.string(),
        location: z.string().optional(),
        description: z.string(),
      }),
    )
    .optional(),
});
export type TrackingInfo = z.infer<typeof TrackingInfoSchema>;

const addressFields = {
  /** Recipient or account name. */
  name: z.string(),
  /** Street line 1. */
  addressLine1: z.string(),
  /** Street line 2. */
  addressLine2: z.string().optional(),
  /** City. */
  city: z.string(),
  /** State, province or region. */
  state: z.string(),
  /** Postal code. */
  postalCode: z.string(),
  /** ISO 3166-1 alpha-2 country. */
  country: z.string(),
};

/** Delivery address. */
export const ShippingAddressSchema = z.looseObject({
  ...addressFields,
  /** Courier phone. */
  phone: z.string().optional(),
  /** Delivery instructions. */
  instructions: z.string().optional(),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/** Billing address. */
export const BillingAddressSchema = z.looseObject(addressFields);
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

/** A string → string map (variant attributes, sizes). */
export const StringMapSchema = z.record(z.string(), z.string());
