import type { z } from 'zod';
import { type CartManageInput, CartManageInputSchema } from './cart-manage.js';
import { CapInputError } from './errors.js';
import { issuesOf } from './issues.js';
import { type OrderStatusInput, OrderStatusInputSchema } from './order-status.js';
import { type ProductGetInput, ProductGetInputSchema } from './product-get.js';
import { type ProductSearchInput, ProductSearchInputSchema } from './product-search.js';
import { CAP_SKILLS, type CapSkillId } from './skill-ids.js';
import { type UserPreferencesSetInput, UserPreferencesSetInputSchema } from './user-preferences.js';

/** Each skill's input type. */
export interface CapSkillInputs {
  'cap:product_search': ProductSearchInput;
  'cap:product_get': ProductGetInput;
  'cap:cart_manage': CartManageInput;
  'cap:order_status': OrderStatusInput;
  'cap:user_preferences_set': UserPreferencesSetInput;
}

/** Each skill's strict input schema. */
export const CAP_INPUT_SCHEMAS: { [K in CapSkillId]: z.ZodType<CapSkillInputs[K]> } = {
  [CAP_SKILLS.productSearch]: ProductSearchInputSchema,
  [CAP_SKILLS.productGet]: ProductGetInputSchema,
  [CAP_SKILLS.cartManage]: CartManageInputSchema,
  [CAP_SKILLS.orderStatus]: OrderStatusInputSchema,
  [CAP_SKILLS.userPreferencesSet]: UserPreferencesSetInputSchema,
};

/**
 * Validates a skill input strictly (unknown keys refused, so a typo such as `filters` never goes out silently).
 * Returns the parsed value; throws {@link CapInputError} listing every problem.
 */
export function validateSkillInput<K extends CapSkillId>(skillId: K, input: unknown): CapSkillInputs[K] {
  const result = CAP_INPUT_SCHEMAS[skillId].safeParse(input);
  if (!result.success) throw new CapInputError({ skillId, issues: issuesOf(result.error) });
  return result.data;
}
