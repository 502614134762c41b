import type { z } from 'zod';
import { CartLineItemSchema, type CartManageOutput, CartManageOutputSchema } from './cart-manage.js';
import { ProductSummarySchema } from './common.js';
import { CapResponseError, type CapValidationIssue } from './errors.js';
import { issuesOf } from './issues.js';
import { normalizeProduct } from './normalize-offers.js';
import { OrderDetailSchema, type OrderStatusOutput, OrderStatusOutputSchema } from './order-status.js';
import { ProductDetailSchema, type ProductGetOutput, ProductGetOutputSchema } from './product-get.js';
import {
  type ProductSearchOutput,
  ProductSearchOutputSchema,
  SearchOutputContextSchema,
} from './product-search.js';
import { CAP_SKILLS } from './skill-ids.js';
import { type UserPreferencesSetOutput, UserPreferencesSetOutputSchema } from './user-preferences.js';
import type { CapWarning, LenientResult } from './warnings.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(skillId: string, issues: CapValidationIssue[]): never {
  throw new CapResponseError({ skillId, issues });
}

function requireObject(skillId: string, data: unknown): Json {
  if (!isObject(data)) fail(skillId, [{ path: '', message: `expected an object, got ${describe(data)}` }]);
  return data;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

function requireArray(skillId: string, data: Json, key: string): unknown[] {
  const value = data[key];
  if (!Array.isArray(value))
    fail(skillId, [{ path: key, message: `expected an array, got ${describe(value)}` }]);
  return value;
}

/** Parses every element; bad ones are dropped (or nulled, for positional lists) with a warning each. */
function lenientList(
  items: unknown[],
  path: string,
  parse: (item: unknown, itemPath: string) => z.ZodSafeParseResult<unknown>,
  warnings: CapWarning[],
  positional: boolean,
): unknown[] {
  const out: unknown[] = [];
  items.forEach((item, index) => {
    const itemPath = `${path}.${index}`;
    if (positional && item === null) {
      out.push(null);
      return;
    }
    const result = parse(item, itemPath);
    if (result.success) {
      out.push(result.data);
      return;
    }
    const detail = issuesOf(result.error, itemPath)[0];
    warnings.push({
      code: 'item-invalid',
      path: itemPath,
      message: `${positional ? 'set to null' : 'left out'}: ${detail ? `${detail.path}: ${detail.message}` : 'invalid'}`,
    });
    if (positional) out.push(null);
  });
  return out;
}

/** Drops an optional field that does not match its schema, with a warning. */
function lenientOptional(data: Json, key: string, schema: z.ZodType, warnings: CapWarning[]): void {
  if (data[key] === undefined) return;
  const result = schema.safeParse(data[key]);
  if (result.success) {
    data[key] = result.data;
    return;
  }
  warnings.push({
    code: 'field-invalid',
    path: key,
    message: `left out: ${issuesOf(result.error, key)[0]?.message}`,
  });
  delete data[key];
}

function finish<T>(
  skillId: string,
  schema: z.ZodType<T>,
  data: Json,
  warnings: CapWarning[],
): LenientResult<T> {
  const result = schema.safeParse(data);
  if (!result.success) fail(skillId, issuesOf(result.error));
  return { value: result.data, warnings };
}

/** Context of a search call, used to fill paging numbers a merchant left out. */
export interface SearchRequestEcho {
  /** Offset that was asked for. */
  offset?: number;
}

/** Reads a `cap:product_search` output leniently. Throws `CapResponseError` only when no product list exists. */
export function parseProductSearchOutput(
  data: unknown,
  request: SearchRequestEcho = {},
): LenientResult<ProductSearchOutput> {
  const skillId = CAP_SKILLS.productSearch;
  const warnings: CapWarning[] = [];
  const out = { ...requireObject(skillId, data) };
  const products = requireArray(skillId, out, 'products');
  out.products = lenientList(
    products,
    'products',
    (item, path) => ProductSummarySchema.safeParse(normalizeProduct(item, path, warnings)),
    warnings,
    false,
  );
  const count = (out.products as unknown[]).length;
  derivePaging(out, 'totalResults', count, warnings);
  derivePaging(out, 'offset', request.offset ?? 0, warnings);
  derivePaging(out, 'limit', count, warnings);
  lenientOptional(out, 'context', SearchOutputContextSchema, warnings);
  return finish(skillId, ProductSearchOutputSchema, out, warnings);
}

function derivePaging(out: Json, key: string, fallback: number, warnings: CapWarning[]): void {
  const value = out[key];
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return;
  if (typeof value === 'string' && /^\d+$/.test(value)) {
    out[key] = Number(value);
    warnings.push({ code: 'paging-derived', path: key, message: `string "${value}" read as a number` });
    return;
  }
  out[key] = fallback;
  warnings.push({
    code: 'paging-derived',
    path: key,
    message: `${value === undefined ? 'missing' : `invalid (${describe(value)})`}; using ${fallback}`,
  });
}

/** Shape of the positional answers (`product_get`, `order_status`): one entry per id asked, `notFound`, `context`. */
interface PositionalOutput {
  skillId: string;
  key: 'products' | 'orders';
  parseItem: (item: unknown, path: string, warnings: CapWarning[]) => z.ZodSafeParseResult<unknown>;
  schema: typeof ProductGetOutputSchema | typeof OrderStatusOutputSchema;
}

function parsePositional<T>(
  shape: PositionalOutput,
  data: unknown,
  requestedIds: readonly string[] | undefined,
): LenientResult<T> {
  const { skillId, key, schema } = shape;
  const warnings: CapWarning[] = [];
  const out = { ...requireObject(skillId, data) };
  const entries = requireArray(skillId, out, key);
  out[key] = lenientList(entries, key, (item, path) => shape.parseItem(item, path, warnings), warnings, true);
  if (requestedIds && entries.length !== requestedIds.length) {
    warnings.push({
      code: 'positional-mismatch',
      path: key,
      message: `${entries.length} entries for ${requestedIds.length} requested ids; positions may not line up`,
    });
  }
  lenientOptional(out, 'notFound', schema.shape.notFound, warnings);
  lenientOptional(out, 'context', schema.shape.context, warnings);
  return finish(skillId, schema as unknown as z.ZodType<T>, out, warnings);
}

/** Reads a `cap:product_get` output leniently; `productIds` lets it check the positional contract. */
export function parseProductGetOutput(
  data: unknown,
  productIds?: readonly string[],
): LenientResult<ProductGetOutput> {
  return parsePositional<ProductGetOutput>(
    {
      skillId: CAP_SKILLS.productGet,
      key: 'products',
      parseItem: (item, path, warnings) =>
        ProductDetailSchema.safeParse(normalizeProduct(item, path, warnings)),
      schema: ProductGetOutputSchema,
    },
    data,
    productIds,
  );
}

/** Reads a `cap:cart_manage` output leniently (bad lines are left out with a warning). */
export function parseCartManageOutput(data: unknown): LenientResult<CartManageOutput> {
  const skillId = CAP_SKILLS.cartManage;
  const warnings: CapWarning[] = [];
  const out = { ...requireObject(skillId, data) };
  const items = requireArray(skillId, out, 'items');
  out.items = lenientList(items, 'items', (item) => CartLineItemSchema.safeParse(item), warnings, false);
  lenientOptional(out, 'shippingOptions', CartManageOutputSchema.shape.shippingOptions, warnings);
  lenientOptional(out, 'context', CartManageOutputSchema.shape.context, warnings);
  return finish(skillId, CartManageOutputSchema, out, warnings);
}

/** Reads a `cap:order_status` output leniently (bad orders become null with a warning). */
export function parseOrderStatusOutput(
  data: unknown,
  orderIds?: readonly string[],
): LenientResult<OrderStatusOutput> {
  return parsePositional<OrderStatusOutput>(
    {
      skillId: CAP_SKILLS.orderStatus,
      key: 'orders',
      parseItem: (item) => OrderDetailSchema.safeParse(item),
      schema: OrderStatusOutputSchema,
    },
    data,
    orderIds,
  );
}

/** Reads a `cap:user_preferences_set` output leniently. */
export function parseUserPreferencesSetOutput(data: unknown): LenientResult<UserPreferencesSetOutput> {
  const skillId = CAP_SKILLS.userPreferencesSet;
  const warnings: CapWarning[] = [];
  const out = { ...requireObject(skillId, data) };
  lenientOptional(
    out,
    'currentPreferences',
    UserPreferencesSetOutputSchema.shape.currentPreferences,
    warnings,
  );
  lenientOptional(out, 'availableOptions', UserPreferencesSetOutputSchema.shape.availableOptions, warnings);
  return finish(skillId, UserPreferencesSetOutputSchema, out, warnings);
}
