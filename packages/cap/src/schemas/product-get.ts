import { z } from 'zod';
import {
  ProductOfferSchema,
  ProductReviewSummarySchema,
  ProductVariantSchema,
  ShippingOptionSchema,
} from './common.js';

/** `cap:product_get` input. */
export const ProductGetInputSchema = z.strictObject({
  /** Opaque merchant product ids, sent unchanged. */
  productIds: z.array(z.string().min(1)).min(1, 'productIds must name at least one product').max(100),
  /** Field names or the groups `basic`, `offers`, `variants`, `reviews`. */
  fields: z.array(z.string().min(1)).optional(),
});
export type ProductGetInput = z.infer<typeof ProductGetInputSchema>;

/** A full product. Open (brand, gtin, sku, ...). */
export const ProductDetailSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  /** First is the primary image. */
  images: z.array(z.string()).optional(),
  offers: z.array(ProductOfferSchema).optional(),
  variants: z.array(ProductVariantSchema).optional(),
  reviews: ProductReviewSummarySchema.optional(),
  shipping: z.array(ShippingOptionSchema).optional(),
  url: z.string().optional(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** `cap:product_get` output; `products` is positional (null = not found). */
export const ProductGetOutputSchema = z.looseObject({
  products: z.array(ProductDetailSchema.nullable()),
  notFound: z.array(z.string()).optional(),
  context: z
    .looseObject({
      description: z.string().optional(),
      lastUpdated: z.string().optional(),
    })
    .optional(),
});
export type ProductGetOutput = z.infer<typeof ProductGetOutputSchema>;
