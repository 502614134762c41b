import type { HttpClient } from '@agentweb/http';
import type { Sandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUcpClient,
  isUcpDocumentError,
  parseSseData,
  readUcpDocument,
  type UcpWarning,
} from '../src/index.js';
import { PLATFORM_PROFILE, startUcpSandbox } from './helpers.js';

describe('parseSseData', () => {
  it('joins data lines per event, ends events at blank lines (LF, CR, CRLF), skips comments and other fields', () => {
    expect(
      parseSseData(
        'event: m\r\ndata: {"a":\r\ndata: 1}\r\n\r\n: comment\nid: 4\ndata:x\n\ndata\rdata: y\r\r',
      ),
    ).toEqual(['{"a":\n1}', 'x', '\ny']);
    expect(parseSseData('data: last without blank line')).toEqual(['last without blank line']);
    expect(parseSseData('')).toEqual([]);
  });
});

describe('lenient reading and strict', () => {
  const checkout = {
    ucp: { version: '2026-04-08' },
    id: 'chk_1',
    status: 'requires_escalation',
    currency: 'USD',
    line_items: [{ id: 'li', item: { id: 'p', title: 'T', price: 100 }, quantity: 1, totals: [] }],
    totals: [{ type: 'total', amount: 100 }],
    links: [],
  };

  it('names what departs from the spec and keeps the document', () => {
    const read = readUcpDocument('checkout', checkout);
    expect(read.value['id']).toBe('chk_1');
    expect(read.warnings.map((w) => w.path)).toEqual(['totals']);
  });

  it('refuses what it cannot use, naming the field', () => {
    let error: unknown;
    try {
      readUcpDocument('checkout', { ...checkout, id: 7 });
    } catch (e) {
      error = e;
    }
    expect(isUcpDocumentError(error) && error.issues.map((i) => i.path)).toEqual(['id']);
  });
});

describe('client warnings', () => {
  let sandbox: Sandbox;
  let http: HttpClient;
  beforeAll(async () => {
    ({ sandbox, http } = await startUcpSandbox());
  });
  afterAll(async () => {
    await http.close();
    await sandbox.close();
  });

  it('a business speaking another version than negotiated: a version-mismatch warning, or with strict a refusal', async () => {
    const merchant = sandbox.ucpMerchants[0];
    if (!merchant) throw new Error('no merchant');
    const seen: UcpWarning[] = [];
    // Speaking 2026-01-11 to a merchant that answers in 2026-04-08.
    const lenient = createUcpClient({
      profileUrl: PLATFORM_PROFILE,
      businessUrl: merchant.baseUrl,
      http,
      versions: ['2026-01-11'],
      onWarning: (w) => seen.push(w),
    });
    const result = await lenient.getCheckout('chk_missing').catch((e: unknown) => e);
    expect(result).toMatchObject({ name: 'UcpProtocolError', status: 404 });
    const checkout = await lenient.createCheckout({
      line_items: [{ item: { id: 'P0500-0001' }, quantity: 1 }],
      currency: merchant.currency,
    });
    expect(checkout.warnings.some((w) => w.code === 'version-mismatch' && w.path === 'ucp.version')).toBe(
      true,
    );
    expect(seen.some((w) => w.code === 'version-mismatch')).toBe(true);
    const strict = createUcpClient({
      profileUrl: PLATFORM_PROFILE,
      businessUrl: merchant.baseUrl,
      http,
      versions: ['2026-01-11'],
      strict: true,
    });
    await expect(
      strict.createCheckout({
        line_items: [{ item: { id: 'P0500-0001' }, quantity: 1 }],
        currency: merchant.currency,
      }),
    ).rejects.toSatisfy(
      (e) => isUcpDocumentError(e) && e.warnings.some((w) => w.code === 'version-mismatch'),
    );
  });
});
