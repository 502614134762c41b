import { z } from 'zod';
import {
  looseMessageSchema,
  looseUcpSchema,
  messageSchema,
  priceSchema,
  responseUcpSchema,
} from './common.js';

const variantSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  description: z.looseObject({}),
  price: priceSchema,
  sku: z.string().optional(),
  barcodes: z.array(z.looseObject({ type: z.string(), value: z.string() })).optional(),
  availability: z
    .looseObject({ available: z.boolean().optional(), status: z.string().optional() })
    .optional(),
});

/** A product as the 2026-04-08 spec describes it. */
export const productSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  description: z.looseObject({}),
  price_range: z.looseObject({ min: priceSchema, max: priceSchema }),
  variants: z.array(variantSchema).min(1),
  url: z.url().optional(),
});

const looseVariantSchema = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  price: z.looseObject({ amount: z.number(), currency: z.string() }).optional(),
  sku: z.string().optional(),
  barcodes: z.array(z.looseObject({ type: z.string(), value: z.string() })).optional(),
  availability: z.looseObject({ available: z.boolean().optional() }).optional(),
});

/** What this client needs of a product. */
export const productCoreSchema = z.looseObject({
  id: z.string().min(1),
  title: z.string(),
  description: z.looseObject({ plain: z.string().optional() }).optional(),
  price_range: z
    .looseObject({
      min: z.looseObject({ amount: z.number(), currency: z.string() }),
      max: z.looseObject({ amount: z.number(), currency: z.string() }),
    })
    .optional(),
  variants: z.array(looseVariantSchema),
  url: z.string().optional(),
});

/** A product as read. Prices are in minor units. */
export type Product = z.infer<typeof productCoreSchema>;

const paginationSchema = z.looseObject({
  has_next_page: z.boolean(),
  cursor: z.string().optional(),
  total_count: z.number().int().nonnegative().optional(),
});

/** `search_catalog` / `lookup_catalog` responses. */
export const productListSchema = z.looseObject({
  ucp: responseUcpSchema,
  products: z.array(productSchema),
  pagination: paginationSchema.optional(),
  messages: z.array(messageSchema).optional(),
});

/** What this client needs of a product list. */
export const productListCoreSchema = z.looseObject({
  ucp: looseUcpSchema.optional(),
  products: z.array(productCoreSchema),
  pagination: z
    .looseObject({ has_next_page: z.boolean().optional(), cursor: z.string().optional() })
    .optional(),
  messages: z.array(looseMessageSchema).optional(),
});

/** A product list as read. */
export type ProductList = z.infer<typeof productListCoreSchema>;

/** `get_product` response. */
export const productDetailSchema = z.looseObject({
  ucp: responseUcpSchema,
  product: productSchema,
  messages: z.array(messageSchema).optional(),
});

/** What this client needs of a `get_product` response. */
export const productDetailCoreSchema = z.looseObject({
  ucp: looseUcpSchema.optional(),
  product: productCoreSchema,
  messages: z.array(looseMessageSchema).optional(),
});

/** A `get_product` response as read. */
export type ProductDetail = z.infer<typeof productDetailCoreSchema>;
