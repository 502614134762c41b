// UCP: business profiles, response documents and MCP event streams that businesses send.
import { parseBusinessProfile, parseSseData, readUcpDocument, validateUcpInput } from '@agentweb/ucp';
import { mutatedJson, textInput } from '../arbitraries.js';
import { defineTarget, type FuzzTarget, jsonSize, textSize } from '../target.js';

const PROFILE = {
  ucp: {
    version: '2026-04-08',
    supported_versions: { '2026-01-11': 'https://shop.example/.well-known/ucp/2026-01-11' },
    services: {
      'dev.ucp.shopping': [
        {
          version: '2026-04-08',
          transport: 'rest',
          endpoint: 'https://shop.example/ucp/v1',
          spec: 'https://ucp.dev/2026-04-08/specification/overview',
        },
      ],
    },
    capabilities: {
      'dev.ucp.shopping.checkout': [{ version: '2026-04-08' }],
      'dev.ucp.shopping.fulfillment': [{ version: '2026-04-08', extends: 'dev.ucp.shopping.checkout' }],
    },
    payment_handlers: { 'com.example.pay': [{ id: 'h1', version: '2026-04-08' }] },
  },
  signing_keys: [{ kid: 'k1', kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }],
};
const LEGACY_PROFILE = {
  ucp: {
    version: '2026-01-11',
    services: {
      'dev.ucp.shopping': {
        version: '2026-01-11',
        spec: 'https://ucp.dev/specification/overview',
        rest: {
          schema: 'https://ucp.dev/services/shopping/rest.openapi.json',
          endpoint: 'https://shop.example/',
        },
      },
    },
    capabilities: [{ name: 'dev.ucp.shopping.checkout', version: '2026-01-11' }],
  },
  payment: { handlers: [{ id: 'gpay', name: 'com.google.pay', version: '2026-01-11' }] },
};
const CHECKOUT = {
  ucp: { version: '2026-04-08', capabilities: { 'dev.ucp.shopping.checkout': [{ version: '2026-04-08' }] } },
  id: 'chk_1',
  status: 'requires_escalation',
  currency: 'USD',
  line_items: [
    {
      id: 'li_1',
      item: { id: 'p1', title: 'T', price: 1999 },
      quantity: 2,
      totals: [{ type: 'total', amount: 3998 }],
    },
  ],
  totals: [
    { type: 'subtotal', amount: 3998 },
    { type: 'total', amount: 3998 },
  ],
  links: [{ type: 'terms_of_service', url: 'https://shop.example/terms' }],
  messages: [{ type: 'error', code: 'x', content: 'y', severity: 'requires_buyer_review' }],
  continue_url: 'https://shop.example/checkout/chk_1',
};

export const ucpTargets: FuzzTarget[] = [
  defineTarget({
    name: 'ucp.parseBusinessProfile',
    input: mutatedJson([PROFILE, LEGACY_PROFILE]),
    run: (value: unknown) => parseBusinessProfile(value),
    size: jsonSize,
    testRuns: 150,
  }),
  defineTarget({
    name: 'ucp.readUcpDocument',
    input: mutatedJson([CHECKOUT]),
    run: (value: unknown) => readUcpDocument('checkout', value),
    size: jsonSize,
    testRuns: 150,
  }),
  defineTarget({
    name: 'ucp.validateUcpInput',
    input: mutatedJson([{ line_items: [{ item: { id: 'p1' }, quantity: 1 }], buyer: { email: 'a@b.c' } }]),
    run: (value: unknown) => validateUcpInput('create_checkout', value),
    size: jsonSize,
    testRuns: 100,
  }),
  defineTarget({
    name: 'ucp.parseSseData',
    input: textInput(
      ['event: message\r\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\r\n\r\n', 'data: a\ndata: b\n\n'],
      ['\n', '\r', 'data:', 'data', ': ', 'id:', '\u0000', '{'],
    ),
    run: (text: string) => parseSseData(text),
    size: textSize,
    neverThrows: true,
    testRuns: 150,
  }),
];
