import { describe, expect, it } from 'vitest';
import { productGtin } from './gtin.js';

describe('productGtin', () => {
  it('normalises GTIN-8/12/13/14 to 14 digits so the same item matches across forms', () => {
    expect(productGtin({ gtin8: '96385074' })).toBe('00000096385074');
    expect(productGtin({ gtin12: '036000291452' })).toBe('00036000291452');
    expect(productGtin({ gtin13: '0036000291452' })).toBe('00036000291452');
    expect(productGtin({ gtin14: '00036000291452' })).toBe('00036000291452');
    expect(productGtin({ gtin: '4006381 333931' })).toBe('04006381333931');
  });

  it('reads a GTIN sent as a JSON number whose leading zeros were lost', () => {
    expect(productGtin({ gtin: 36000291452 })).toBe('00036000291452');
  });

  it('never de-duplicates on placeholders or wrong check digits', () => {
    expect(productGtin({ gtin: '0000000000000' })).toBeUndefined();
    expect(productGtin({ gtin: '00000000' })).toBeUndefined();
    expect(productGtin({ gtin13: '4006381333932' })).toBeUndefined();
    expect(productGtin({ gtin: 'n/a', gtin13: '4006381333931' })).toBe('04006381333931');
    expect(productGtin({ gtin: 1.5 })).toBeUndefined();
  });
});
