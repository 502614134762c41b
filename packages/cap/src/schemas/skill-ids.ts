/** The five CAP draft-01 skills. */
export const CAP_SKILLS = {
  productSearch: 'cap:product_search',
  productGet: 'cap:product_get',
  cartManage: 'cap:cart_manage',
  orderStatus: 'cap:order_status',
  userPreferencesSet: 'cap:user_preferences_set',
} as const;

/** A CAP draft-01 skill id. */
export type CapSkillId = (typeof CAP_SKILLS)[keyof typeof CAP_SKILLS];

/** The spec's hard maximum page size of `cap:product_search`. */
export const MAX_SEARCH_LIMIT = 100;
