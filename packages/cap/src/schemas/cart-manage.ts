import { z } from 'zod';
import {
  CartLineAvailabilitySchema,
  CartTotalsSchema,
  ProductSummarySchema,
  ShippingOptionSchema,
  StringMapSchema,
} from './common.js';

/** An item to add. */
export const CartItemSchema = z.strictObject({
  /** Opaque product id. */
  productId: z.string().min(1),
  /** Exact variant. */
  variantId: z.string().min(1).optional(),
  /** Variant by attributes, when no variantId. */
  variantAttributes: StringMapSchema.optional(),
  /** How many to add. */
  quantity: z.number().int().positive('quantity to add must be at least 1'),
  /** Client-chosen line id. */
  clientItemId: z.string().min(1).optional(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

const referenceFields = {
  /** Line id from an earlier cart response (preferred). */
  cartItemId: z.string().min(1).optional(),
  /** Client-chosen id given at add time. */
  clientItemId: z.string().min(1).optional(),
  /** Product id, when no line id is known. */
  productId: z.string().min(1).optional(),
  /** Variant, with productId. */
  variantId: z.string().min(1).optional(),
  /** Variant by attributes, with productId. */
  variantAttributes: StringMapSchema.optional(),
};

// The spec leaves which fields suffice unformalised (ambiguity 8); a reference must at least name a line or a
// product, and variant fields mean nothing without the product they qualify.
function refersToSomething(ref: {
  cartItemId?: string | undefined;
  clientItemId?: string | undefined;
  productId?: string | undefined;
  variantId?: string | undefined;
  variantAttributes?: Record<string, string> | undefined;
}): boolean {
  return ref.cartItemId !== undefined || ref.clientItemId !== undefined || ref.productId !== undefined;
}

function variantHasProduct(ref: {
  productId?: string | undefined;
  variantId?: string | undefined;
  variantAttributes?: Record<string, string> | undefined;
}): boolean {
  return (ref.variantId === undefined && ref.variantAttributes === undefined) || ref.productId !== undefined;
}

const REFERENCE_MESSAGE = 'a cart item reference needs cartItemId, clientItemId or productId';
const VARIANT_MESSAGE = 'variantId/variantAttributes need productId';

/** Points at an existing cart line. */
export const CartItemReferenceSchema = z
  .strictObject(referenceFields)
  .refine(refersToSomething, { message: REFERENCE_MESSAGE })
  .refine(variantHasProduct, { message: VARIANT_MESSAGE });
export type CartItemReference = z.infer<typeof CartItemReferenceSchema>;

/** A line to change, with its new total quantity. */
export const CartItemUpdateSchema = z
  .strictObject({ ...referenceFields, quantity: z.number().int().nonnegative() })
  .refine(refersToSomething, { message: REFERENCE_MESSAGE })
  .refine(variantHasProduct, { message: VARIANT_MESSAGE });
export type CartItemUpdate = z.infer<typeof CartItemUpdateSchema>;

const commonFields = {
  /** Which cart (default: the user's active cart). */
  cartId: z.string().min(1).optional(),
  /** Ask for `productDetails` on each line. */
  includeProductDetails: z.boolean().optional(),
  /** Ask for `shippingOptions`. */
  includeShippingOptions: z.boolean().optional(),
  /** Ask for `totals.taxDetails`. */
  includeTaxCalculations: z.boolean().optional(),
};

/** `view`: read the cart. */
export const CartViewInputSchema = z.strictObject({ action: z.literal('view'), ...commonFields });
/** `add`: add `addItems`. */
export const CartAddInputSchema = z.strictObject({
  action: z.literal('add'),
  ...commonFields,
  addItems: z.array(CartItemSchema).min(1, 'add needs at least one item in addItems'),
});
/** `update`: `updateItems`, or the single-item shortcut `item` + `quantity`. */
export const CartUpdateInputSchema = z
  .strictObject({
    action: z.literal('update'),
    ...commonFields,
    updateItems: z.array(CartItemUpdateSchema).min(1).optional(),
    item: CartItemReferenceSchema.optional(),
    quantity: z.number().int().nonnegative().optional(),
  })
  .refine(
    (input) =>
      (input.updateItems !== undefined) !== (input.item !== undefined && input.quantity !== undefined) &&
      (input.item === undefined) === (input.quantity === undefined),
    { message: 'update needs either updateItems or both item and quantity' },
  );
/** `remove`: `removeItems`, or the single-item shortcut `item`. */
export const CartRemoveInputSchema = z
  .strictObject({
    action: z.literal('remove'),
    ...commonFields,
    removeItems: z.array(CartItemReferenceSchema).min(1).optional(),
    item: CartItemReferenceSchema.optional(),
  })
  .refine((input) => (input.removeItems !== undefined) !== (input.item !== undefined), {
    message: 'remove needs either removeItems or item',
  });
/** `clear`: empty the cart. */
export const CartClearInputSchema = z.strictObject({ action: z.literal('clear'), ...commonFields });

/** `cap:cart_manage` input, discriminated per action with the fields each action needs. */
export const CartManageInputSchema = z.discriminatedUnion('action', [
  CartViewInputSchema,
  CartAddInputSchema,
  CartUpdateInputSchema,
  CartRemoveInputSchema,
  CartClearInputSchema,
]);
export type CartManageInput = z.infer<typeof CartManageInputSchema>;
export type CartViewInput = z.infer<typeof CartViewInputSchema>;
export type CartAddInput = z.infer<typeof CartAddInputSchema>;
export type CartUpdateInput = z.infer<typeof CartUpdateInputSchema>;
export type CartRemoveInput = z.infer<typeof CartRemoveInputSchema>;
export type CartClearInput = z.infer<typeof CartClearInputSchema>;

/** One cart line as returned. */
export const CartLineItemSchema = z.looseObject({
  cartItemId: z.string(),
  productId: z.string(),
  productName: z.string(),
  variantId: z.string().optional(),
  variantAttributes: StringMapSchema.optional(),
  variantDescription: z.string().optional(),
  quantity: z.number(),
  unitPrice: z.string(),
  priceCurrency: z.string(),
  lineTotal: z.string(),
  /** The 4-token superset; unknown tokens kept. */
  availability: z.union([CartLineAvailabilitySchema, z.string()]).optional(),
  maxQuantity: z.number().optional(),
  image: z.string().optional(),
  productUrl: z.string().optional(),
  clientItemId: z.string().optional(),
  productDetails: ProductSummarySchema.optional(),
  warnings: z.array(z.string()).optional(),
});
export type CartLineItem = z.infer<typeof CartLineItemSchema>;

/** Cart metadata; `itemCount` may count lines or units (unspecified). */
export const CartStateSchema = z.looseObject({
  cartId: z.string(),
  itemCount: z.number(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  expiresAt: z.string().optional(),
  readyForCheckout: z.boolean().optional(),
  warnings: z.array(z.string()).optional(),
});
export type CartState = z.infer<typeof CartStateSchema>;

/** Outcome of a cart operation. */
export const CartOperationResultSchema = z.looseObject({
  success: z.boolean(),
  error: z.string().optional(),
  successfulItems: z.array(z.string()).optional(),
  failedItems: z.array(z.looseObject({ item: z.string(), reason: z.string() })).optional(),
});
export type CartOperationResult = z.infer<typeof CartOperationResultSchema>;

/** `cap:cart_manage` output. */
export const CartManageOutputSchema = z.looseObject({
  operation: CartOperationResultSchema,
  cart: CartStateSchema,
  items: z.array(CartLineItemSchema),
  totals: CartTotalsSchema,
  shippingOptions: z.array(ShippingOptionSchema).optional(),
  context: z
    .looseObject({
      description: z.string().optional(),
      timestamp: z.string().optional(),
      estimatedPricing: z.boolean().optional(),
    })
    .optional(),
});
export type CartManageOutput = z.infer<typeof CartManageOutputSchema>;
