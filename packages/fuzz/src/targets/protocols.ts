// Cards, A2A replies, CAP outputs and filters, HTTP headers: the JSON and header values merchants and agents send.
import {
  canonicalizeJson,
  createReplyTextAccumulator,
  framingNoiseLength,
  parseSse as parseA2aSse,
  repairA2ACard,
  replyText,
  restErrorFromBody,
  sendResultFromV1,
  sendResultFromV03,
  sendResultFromV03Proto,
  streamEventFromV1,
  streamEventFromV03,
  streamEventFromV03Proto,
  taskFromV1,
  taskFromV03Proto,
} from '@agentweb/a2a';
import { detectCardFormat, safeParseAgentCard } from '@agentweb/agentcard';
import {
  findPii,
  merchantIdentity,
  parseCartManageOutput,
  parseFilter,
  parseOrderStatusOutput,
  parseProductGetOutput,
  parseProductSearchOutput,
  validateFilter,
} from '@agentweb/cap';
import { classifyAddress, parseCacheControl, parseRetryAfter } from '@agentweb/http';
import { mutatedJson, textInput } from '../arbitraries.js';
import { realAgentCards } from '../real-inputs.js';
import { defineTarget, type FuzzTarget, jsonSize, textSize } from '../target.js';

const A2A_CARD = {
  protocolVersion: '0.3.0',
  name: 'Shop',
  description: 'A CAP merchant',
  url: 'https://shop.example/a2a',
  version: '1.0.0',
  capabilities: {
    streaming: true,
    extensions: [{ uri: 'https://cap.example/ext/v1', params: { version: '1' } }],
  },
  defaultInputModes: ['application/json'],
  defaultOutputModes: ['application/json'],
  skills: [{ id: 'cap:product_search', name: 'Search', description: 'Search', tags: ['auth:public'] }],
};
const TASK_V1 = {
  id: 't1',
  contextId: 'c1',
  status: {
    state: 'TASK_STATE_COMPLETED',
    message: { messageId: 'm0', role: 'ROLE_AGENT', parts: [{ text: 'done' }] },
  },
  artifacts: [
    {
      artifactId: 'a',
      parts: [{ text: 'x' }, { data: { products: [] } }, { file: { uri: 'u', mimeType: 'm' } }],
    },
  ],
  history: [{ messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }] }],
};
const TASK_V03 = {
  kind: 'task',
  id: 't1',
  contextId: 'c1',
  status: { state: 'completed' },
  artifacts: [{ artifactId: 'a', parts: [{ kind: 'data', data: { products: [] } }] }],
};
const SEARCH_OUTPUT = {
  products: [
    {
      id: 'p1',
      name: 'Anvil',
      gtin: '4006381333931',
      offers: [
        {
          price: '9.50',
          priceCurrency: 'EUR',
          availability: 'inStock',
          additionalType: 'urn:cap:StandardOffer:PCT10',
        },
      ],
    },
    { id: 'p2', name: 'Hammer', price: 12, currency: 'USD' },
  ],
  total: 2,
  nextCursor: 'n',
};
const CART_OUTPUT = {
  operation: { action: 'add', status: 'ok' },
  cart: { cartId: 'c1' },
  items: [{ productId: 'p1', quantity: 2, price: '9.50' }],
  totals: { subtotal: '19.00', currency: 'EUR' },
};
const ORDER_OUTPUT = {
  orders: [{ orderId: 'o1', status: 'shipped', items: [{ productId: 'p1', quantity: 1 }] }],
};
const V1_REPLIES = mutatedJson([
  TASK_V1,
  { task: TASK_V1 },
  { message: { messageId: 'r', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] } },
  { statusUpdate: { taskId: 't1', contextId: 'c', status: { state: 'TASK_STATE_WORKING' }, final: false } },
]);
// What sloppy 1.0 and HTTP+JSON servers send: bare or wrapped tasks, other spellings, 0.3 shapes, snake_case.
const LENIENT_V1_REPLIES = [
  { kind: 'task', id: 't', contextId: 'c', status: { state: 'completed' }, artifacts: [] },
  { task: { task: { id: 't', status: { state: 'TASK_STATE_WORKING' } } } },
  { status_update: { task_id: 't', status: { state: 'input_required' } } },
  { taskId: 't', artifact: { parts: [{ kind: 'file', file: { bytes: 'AA==' } }] }, append: true },
  { messageId: 1, role: 'AGENT', parts: [{ text: 'x' }] },
];
const FILTER_SEEDS = [
  "price < 100 AND brand IN ('acme', 'bolt')",
  "NOT (color = 'red' OR size BETWEEN 1 AND 3)",
  "name = 'it''s'",
];

export const protocolTargets: FuzzTarget[] = [
  defineTarget({
    name: 'agentcard.safeParseAgentCard',
    input: mutatedJson([A2A_CARD, ...realAgentCards()]),
    run: (card: unknown) => [safeParseAgentCard(card), detectCardFormat(card as Record<string, unknown>)],
    size: jsonSize,
    realInputs: realAgentCards,
    coveredBy: 'packages/agentcard/test/hostile-input.test.ts',
    testRuns: 60,
  }),
  ...(
    [
      ['a2a.taskFromV1', (value: unknown) => taskFromV1(value)],
      ['a2a.streamEventFromV1', (value: unknown) => streamEventFromV1(value)],
      ['a2a.sendResultFromV1', (value: unknown) => sendResultFromV1(value)],
    ] as const
  ).map(([name, run]) =>
    defineTarget({
      name,
      input: V1_REPLIES,
      run,
      size: jsonSize,
      coveredBy: 'packages/a2a/test/wire-v1.test.ts',
      testRuns: 0,
    }),
  ),
  defineTarget({
    name: 'a2a.sendResultFromV03',
    input: mutatedJson([
      TASK_V03,
      { kind: 'message', messageId: 'm', role: 'agent', parts: [{ kind: 'text', text: 'x' }] },
    ]),
    run: (value: unknown) => sendResultFromV03(value),
    size: jsonSize,
    testRuns: 150,
  }),
  defineTarget({
    name: 'a2a.sendResultFromV03+streamEventFromV03 (lenient)',
    input: mutatedJson([
      {
        id: 't',
        contextId: 'c',
        status: { state: 'working', message: { role: 'agent', messageId: 'm', parts: [{ text: 'x' }] } },
      },
      { taskId: 't', status: { state: 'completed' } },
      { taskId: 't', artifact: { artifactId: 'a', parts: [{ text: 'x' }] }, append: true, lastChunk: true },
      { messageId: 'm', role: 'agent', parts: [{ data: {} }] },
    ]),
    run: (value: unknown) => {
      const warnings: unknown[] = [];
      const warn = (w: unknown) => warnings.push(w);
      // The stream reader runs first: the send reader's typed refusal (the usual outcome) ends the call.
      return [streamEventFromV03(value, warn), sendResultFromV03(value, warn), warnings];
    },
    size: jsonSize,
    testRuns: 150,
  }),
  defineTarget({
    name: 'a2a.sendResultFromV1+streamEventFromV1+taskFromV1 (lenient)',
    input: mutatedJson([
      ...LENIENT_V1_REPLIES,
      { task: { id: 7, context_id: 'c', status: { state: 'COMPLETED', timestamp: 1 } } },
    ]),
    run: (value: unknown) => {
      const warnings: unknown[] = [];
      const warn = (w: unknown) => warnings.push(w);
      // Each reader's typed refusal (the usual outcome) ends the call; the stream reader accepts the most.
      return [
        streamEventFromV1(value, 'result', warn),
        taskFromV1(value, 'result', warn),
        sendResultFromV1(value, warn),
        warnings,
      ];
    },
    size: jsonSize,
    testRuns: 150,
  }),
  defineTarget({
    name: 'a2a.sendResultFromV03Proto+streamEventFromV03Proto+taskFromV03Proto (lenient)',
    input: mutatedJson([
      ...LENIENT_V1_REPLIES,
      { task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_CANCELLED' } } },
      { kind: 'message', messageId: 'm', role: 'agent', content: [{ file: { uri: 'u' } }] },
    ]),
    run: (value: unknown) => {
      const warnings: unknown[] = [];
      const warn = (w: unknown) => warnings.push(w);
      return [
        streamEventFromV03Proto(value, 'result', warn),
        taskFromV03Proto(value, 'result', warn),
        sendResultFromV03Proto(value, warn),
        warnings,
      ];
    },
    size: jsonSize,
    testRuns: 150,
  }),
  defineTarget({
    name: 'a2a.restErrorFromBody (lenient)',
    input: textInput(
      [
        '{"error":{"code":404,"status":"NOT_FOUND","message":"x","details":[{"reason":"TASK_NOT_FOUND"}]}}',
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"x"}}',
        '{"error":{"code":404,"status":"not_found"}}',
        '{"code":-32002,"message":"x"}',
      ],
      ['{', '}', '"', ':', ',', '"error"', '"code"', '"status"', '"reason"', '5', '-32001', 'Error', '_'],
    ),
    run: (text: string) => {
      const warnings: unknown[] = [];
      const site = { method: 'GET /tasks/t', url: 'https://a.example/tasks/t', httpStatus: 404 };
      return [
        restErrorFromBody(text, { ...site, operation: 'get' }, (w) => warnings.push(w)),
        restErrorFromBody(text, { ...site, operation: 'cancel' }),
        warnings,
      ];
    },
    size: textSize,
    neverThrows: true,
    testRuns: 150,
  }),
  defineTarget({
    name: 'a2a.repairA2ACard',
    input: mutatedJson([
      {
        name: 'echo',
        url: 'https://a.example/a2a',
        capabilities: {},
        defaultInputModes: ['text'],
        defaultOutputModes: ['text'],
        skills: [],
      },
      {
        name: 'echo',
        description: 'd',
        supportedInterfaces: [
          { url: 'https://a.example', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        ],
      },
      A2A_CARD,
    ]),
    run: (card: unknown) => {
      const repaired = repairA2ACard(card);
      return [repaired.warnings.length, safeParseAgentCard(repaired.card).ok];
    },
    size: jsonSize,
    neverThrows: true,
    testRuns: 100,
  }),
  defineTarget({
    name: 'a2a.framingNoiseLength',
    input: textInput(
      ['\u001e{"a":1}', '\ufeff {"jsonrpc":"2.0"}', '[1]'],
      ['\u001e', '\u0000', ' ', '{', '[', '\ufeff', 'x'],
    ),
    run: (text: string) => framingNoiseLength(text),
    size: textSize,
    neverThrows: true,
    testRuns: 100,
  }),
  defineTarget({
    name: 'a2a.parseSse',
    input: textInput(
      ['data: {"jsonrpc":"2.0","id":1,"result":{}}\n\n', 'event: x\r\ndata: a\r\ndata: b\r\n\r\n'],
      ['\n', '\r', 'data:', ': ', 'id:', 'retry:', '\u0000', '{'],
    ),
    run: async (text: string) => {
      const bytes = new TextEncoder().encode(text);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.subarray(i, i + 1000));
          controller.close();
        },
      });
      let events = 0;
      for await (const _event of parseA2aSse(body, { maxEventBytes: 64 * 1024, idleTimeoutMs: 0 })) events++;
      return events;
    },
    size: textSize,
    coveredBy: 'packages/a2a/test/sse-parser.test.ts',
    testRuns: 0,
  }),
  defineTarget({
    name: 'a2a.replyText',
    input: mutatedJson([
      { task: TASK_V03 },
      TASK_V03,
      { kind: 'message', messageId: 'm', role: 'agent', parts: [{ kind: 'text', text: 'x' }] },
      [
        {
          kind: 'status-update',
          taskId: 't',
          contextId: 'c',
          status: { state: 'working', message: { role: 'agent', parts: [{ kind: 'text', text: 'a' }] } },
          final: false,
        },
        {
          kind: 'artifact-update',
          taskId: 't',
          contextId: 'c',
          artifact: { artifactId: 'a', parts: [{ kind: 'text', text: 'b' }] },
          append: true,
        },
      ],
    ]),
    // Reads results a lenient reader let through: any shape is read as far as it goes, never thrown on.
    run: (value: unknown) => {
      const acc = createReplyTextAccumulator();
      for (const event of Array.isArray(value) ? value : [value]) acc.push(event as never);
      return [replyText(value as never), acc.text];
    },
    size: jsonSize,
    neverThrows: true,
    testRuns: 150,
  }),
  defineTarget({
    name: 'a2a.canonicalizeJson',
    input: mutatedJson([TASK_V1, A2A_CARD]),
    run: (value: unknown) => canonicalizeJson(value),
    size: jsonSize,
    testRuns: 150,
  }),
  ...(
    [
      ['cap.parseProductSearchOutput', (data: unknown) => parseProductSearchOutput(data)],
      ['cap.parseProductGetOutput', (data: unknown) => parseProductGetOutput(data)],
      ['cap.parseCartManageOutput', (data: unknown) => parseCartManageOutput(data)],
      ['cap.parseOrderStatusOutput', (data: unknown) => parseOrderStatusOutput(data)],
    ] as const
  ).map(([name, run]) =>
    defineTarget({
      name,
      input: mutatedJson([SEARCH_OUTPUT, CART_OUTPUT, ORDER_OUTPUT]),
      run,
      size: jsonSize,
      testRuns: 80,
    }),
  ),
  defineTarget({
    name: 'cap.parseFilter+validateFilter',
    input: textInput(FILTER_SEEDS, [
      '(',
      ')',
      "'",
      '"',
      ',',
      'AND ',
      'OR ',
      'NOT ',
      'IN ',
      'BETWEEN ',
      '<=',
      '!=',
      '1e999',
      '-',
      ' ',
    ]),
    run: (text: string) => validateFilter(parseFilter(text)),
    size: textSize,
    coveredBy: 'packages/cap/src/filter/parse-filter.test.ts',
    testRuns: 0,
  }),
  defineTarget({
    name: 'cap.findPii',
    input: textInput(
      ['mail me at a.b@example.com or +1 (555) 010-9999', 'card 4111 1111 1111 1111'],
      ['@', '.', '+', '-', ' ', '4111', '(', ')', '0'],
    ),
    run: (text: string) => findPii(text),
    size: textSize,
    coveredBy: 'packages/cap/src/filter/find-pii.test.ts',
    testRuns: 0,
  }),
  defineTarget({
    name: 'cap.merchantIdentity',
    input: textInput(
      ['https://shop.example/a2a', 'shop.example:443/x via https://evil.example', 'dns:///shop.example:443'],
      [' ', ':', '/', '//', '[', ']', '@', '%', ' via ', '\uD800', 'https://', 'dns:', '443'],
    ),
    run: (url: string) =>
      ['JSONRPC', 'HTTP+JSON', 'GRPC'].map((binding) => [
        merchantIdentity({ endpoint: { url, binding }, cardUrl: 'https://shop.example/card.json' }),
        merchantIdentity({ endpoint: { url: 'https://shop.example/a2a', binding }, cardUrl: url }),
        merchantIdentity({ endpoint: { url, binding } }),
      ]),
    size: textSize,
    testRuns: 200,
  }),
  defineTarget({
    name: 'http.parseCacheControl+parseRetryAfter',
    input: textInput(
      ['max-age=60, s-maxage="120", no-cache="set-cookie", private', 'Wed, 21 Oct 2015 07:28:00 GMT', '120'],
      [',', '=', '"', ' ', 'max-age', 'no-store', '-1', '9e99', '\\'],
    ),
    run: (value: string) => [parseCacheControl(value), parseRetryAfter(value, 0), classifyAddress(value)],
    size: textSize,
    testRuns: 200,
  }),
];
