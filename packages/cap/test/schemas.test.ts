import { describe, expect, it } from 'vitest';
import { decodeStandardOfferCode, parseStandardOffer, standardOffersOf } from '../src/offers/index.js';
import {
  CapInputError,
  parseProductGetOutput,
  parseProductSearchInputLenient,
  parseProductSearchOutput,
  readSkillInvocations,
  validateSkillInput,
} from '../src/schemas/index.js';

function refused(skillId: Parameters<typeof validateSkillInput>[0], input: unknown): string[] {
  try {
    validateSkillInput(skillId, input);
  } catch (error) {
    expect(error).toBeInstanceOf(CapInputError);
    return (error as CapInputError).issues.map((issue) => `${issue.path}: ${issue.message}`);
  }
  throw new Error('input was accepted');
}

describe('skill input validation (before sending)', () => {
  it('product_search: limit at most 100, non-empty query, no unknown keys such as `filters`', () => {
    expect(validateSkillInput('cap:product_search', { query: 'tv', limit: 100 })).toEqual({
      query: 'tv',
      limit: 100,
    });
    expect(refused('cap:product_search', { query: 'tv', limit: 101 }).join()).toMatch(/^limit/);
    expect(refused('cap:product_search', { query: '  ' }).join()).toMatch(/query/);
    expect(refused('cap:product_search', { query: 'tv', filters: { brand: 'x' } }).join()).toMatch(/filters/);
    expect(refused('cap:product_search', { query: 'tv', queryMode: 'fuzzy' }).join()).toMatch(/queryMode/);
    expect(refused('cap:product_search', { query: 'tv', offset: -1 }).join()).toMatch(/offset/);
  });

  it('product_get and order_status need at least one id', () => {
    expect(refused('cap:product_get', { productIds: [] }).join()).toMatch(/productIds/);
    expect(
      validateSkillInput('cap:product_get', { productIds: ['A'], fields: ['offers'] }).productIds,
    ).toEqual(['A']);
    expect(refused('cap:order_status', { orderIds: [] }).join()).toMatch(/orderIds/);
    expect(
      validateSkillInput('cap:order_status', { orderIds: ['o1'], includeTracking: true }).orderIds,
    ).toEqual(['o1']);
  });

  it('cart_manage: each action needs its own fields', () => {
    expect(validateSkillInput('cap:cart_manage', { action: 'view' }).action).toBe('view');
    expect(validateSkillInput('cap:cart_manage', { action: 'clear', cartId: 'c1' }).action).toBe('clear');
    expect(refused('cap:cart_manage', { action: 'add' }).join()).toMatch(/addItems/);
    expect(
      refused('cap:cart_manage', { action: 'add', addItems: [{ productId: 'p', quantity: 0 }] }).join(),
    ).toMatch(/quantity/);
    expect(
      validateSkillInput('cap:cart_manage', { action: 'add', addItems: [{ productId: 'p', quantity: 2 }] })
        .action,
    ).toBe('add');
    expect(refused('cap:cart_manage', { action: 'update', item: { cartItemId: 'l1' } }).join()).toMatch(
      /updateItems or both item and quantity/,
    );
    expect(
      validateSkillInput('cap:cart_manage', { action: 'update', item: { cartItemId: 'l1' }, quantity: 3 })
        .action,
    ).toBe('update');
    expect(
      validateSkillInput('cap:cart_manage', {
        action: 'update',
        updateItems: [{ cartItemId: 'l1', quantity: 0 }],
      }).action,
    ).toBe('update');
    expect(refused('cap:cart_manage', { action: 'remove' }).join()).toMatch(/removeItems or item/);
    expect(refused('cap:cart_manage', { action: 'remove', removeItems: [{}] }).join()).toMatch(
      /cartItemId, clientItemId or productId/,
    );
    expect(
      refused('cap:cart_manage', { action: 'remove', removeItems: [{ variantId: 'v' }] }).join(),
    ).toMatch(/productId/);
    expect(refused('cap:cart_manage', { action: 'checkout' }).join()).toMatch(/action/);
  });

  it('user_preferences_set: consent is required and limited to all|none|absent', () => {
    expect(refused('cap:user_preferences_set', { preferences: {} }).join()).toMatch(/userDataConsent/);
    expect(refused('cap:user_preferences_set', { preferences: { userDataConsent: 'some' } }).join()).toMatch(
      /userDataConsent/,
    );
    expect(
      refused('cap:user_preferences_set', {
        preferences: { userDataConsent: 'all', shopping: { priceRange: { min: 50, max: 10 } } },
      }).join(),
    ).toMatch(/min must not exceed/);
    for (const consent of ['all', 'none', 'absent']) {
      expect(
        validateSkillInput('cap:user_preferences_set', { preferences: { userDataConsent: consent } }),
      ).toBeTruthy();
    }
  });
});

describe('lenient output parsing', () => {
  it('turns the spec example numeric price + top-level currency into offers[] with warnings', () => {
    const { value, warnings } = parseProductSearchOutput({
      products: [
        {
          id: 'A1',
          name: 'Headphones',
          price: 199.99,
          currency: 'USD',
          availability: 'https://schema.org/InStock',
        },
      ],
      totalResults: 1,
      offset: 0,
      limit: 10,
    });
    expect(value.products[0]?.offers).toEqual([
      { identifier: 'A1#price', price: '199.99', priceCurrency: 'USD', availability: 'inStock' },
    ]);
    expect(warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(['numeric-price', 'top-level-price', 'availability-normalized']),
    );
  });

  it('leaves out a broken product with a warning instead of failing, and derives missing paging', () => {
    const { value, warnings } = parseProductSearchOutput(
      { products: [{ id: 'ok', name: 'Fine' }, { name: 'no id' }] },
      { offset: 20 },
    );
    expect(value.products.map((p) => p.id)).toEqual(['ok']);
    expect(value).toMatchObject({ totalResults: 1, offset: 20, limit: 1 });
    expect(warnings.map((w) => w.code)).toEqual([
      'item-invalid',
      'paging-derived',
      'paging-derived',
      'paging-derived',
    ]);
  });

  it('keeps product_get positional: an invalid entry becomes null, unknown fields are kept', () => {
    const { value, warnings } = parseProductGetOutput(
      { products: [{ id: 'a', name: 'A', gtin: '0123' }, 42, null], notFound: ['c'] },
      ['a', 'b', 'c'],
    );
    expect(value.products[0]).toMatchObject({ id: 'a', gtin: '0123' });
    expect(value.products.slice(1)).toEqual([null, null]);
    expect(warnings[0]).toMatchObject({ code: 'item-invalid', path: 'products.1' });
  });

  it('reads the non-standard `filters` object of the spec request example as a filter string', () => {
    const { value, warnings } = parseProductSearchInputLenient({
      query: 'headphones',
      filters: { brand: ["O'Neill", 'Sony'], price: { max: 100 } },
    });
    expect(value.filter).toMatch(/brand IN \('O''Neill', 'Sony'\) AND price <= 100/);
    expect(warnings[0]?.code).toBe('filters-object');
  });

  it('accepts skillId in DataPart metadata or, with a warning, in Message metadata', () => {
    const warnings: Parameters<typeof readSkillInvocations>[1] = [];
    const found = readSkillInvocations(
      { metadata: { skillId: 'cap:product_get' }, parts: [{ kind: 'data', data: { productIds: ['x'] } }] },
      warnings,
    );
    expect(found[0]).toMatchObject({ skillId: 'cap:product_get', source: 'message-metadata' });
    expect(warnings[0]?.code).toBe('skill-id-in-message-metadata');
  });
});

describe('Standard Offers (re-exported from @agentweb/discovery)', () => {
  it('decodes BOGO50, BTGOF and PCTnn, with the cap: prefix too', () => {
    expect(decodeStandardOfferCode('BOGO50')).toEqual({ kind: 'buyXGetY', buy: 1, get: 1, percentOff: 50 });
    expect(decodeStandardOfferCode('BTGOF')).toEqual({ kind: 'buyXGetY', buy: 2, get: 1, percentOff: 100 });
    expect(parseStandardOffer('cap:StandardOffer:PCT20')?.discount).toEqual({
      kind: 'percentOff',
      percent: 20,
    });
  });

  it('falls back to the offer description for unknown codes', () => {
    const offers = standardOffersOf({
      identifier: 'o1',
      additionalType: ['urn:cap:StandardOffer:PCT10', 'urn:cap:StandardOffer:LOYAL5'],
      description: 'Members save 5 %',
    });
    expect(offers[0]).toMatchObject({ code: 'PCT10', discount: { kind: 'percentOff', percent: 10 } });
    expect(offers[0]?.fallbackDescription).toBeUndefined();
    expect(offers[1]).toMatchObject({ code: 'LOYAL5', fallbackDescription: 'Members save 5 %' });
  });
});
