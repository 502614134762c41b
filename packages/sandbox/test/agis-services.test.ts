import http from 'node:http';
// The sandbox must not depend on the client; only this test reads its documents with the client's AGIS
// package, as an independent conformance check. The workspace resolves these names for tests, although the
// sandbox's package.json does not (and must not) list @agentweb/agis or @agentweb/http.
import {
  type AgisDocument,
  createIntentMatcher,
  invokeAgis,
  isAgisEndpointError,
  parseAgisDocument,
  parseWellKnownSummary,
  validateAgisDocument,
} from '@agentweb/agis';
import { createHttpClient } from '@agentweb/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isSandboxFetchError,
  isSandboxOptionsError,
  type Sandbox,
  type SandboxAgisService,
  startSandbox,
  startSandboxProcess,
} from '../src/index.js';

let sb: Sandbox;
let reservations: SandboxAgisService;
let pharmacy: SandboxAgisService;
const docs = new Map<string, AgisDocument>();

beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, seed: 'agis' });
  const [r, p] = sb.agis;
  if (!r || !p) throw new Error('the sandbox should serve two AGIS services');
  reservations = r;
  pharmacy = p;
  for (const s of sb.agis) docs.set(s.id, parseAgisDocument(await (await sb.fetch(s.documentUrl)).text()));
});
afterAll(async () => {
  await sb?.close();
});

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

async function call(
  service: SandboxAgisService,
  method: string | undefined,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await sb.fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-agis-grammar': 'AGIS/1.0',
      'x-agis-namespace': service.namespace,
      ...(method ? { 'x-agis-method': method } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** The answer is one of the endpoint's declared errors, with the declared status and the header. */
function expectDeclaredError(
  answer: Answer,
  service: SandboxAgisService,
  endpointKey: string,
  name: string,
): void {
  const endpoint = docs.get(service.id)?.endpoints.find((e) => `${e.method} ${e.path}` === endpointKey);
  const declared = endpoint?.errors.find((e) => e.name === name);
  expect(declared, `${name} declared on ${endpointKey}`).toBeDefined();
  expect(answer.status).toBe(declared?.['status']);
  expect(answer.headers.get('x-agis-error')).toBe(name);
  expect(answer.body['error']).toBe(name);
  expect(typeof answer.body['message']).toBe('string');
}

const FUTURE = '2030-05-06'; // a Monday, far enough ahead to stay in the future

describe('AGIS documents and discovery', () => {
  it('reports both services with their URLs and maps their names to loopback', () => {
    expect(sb.agis.map((s) => [s.id, s.domain, s.namespace])).toEqual([
      ['reservations', 'reservations.sandbox.test', 'sandbox-reservations'],
      ['pharmacy', 'pharmacy.sandbox.test', 'sandbox-pharmacy'],
    ]);
    expect(reservations.baseUrl).toBe(`http://reservations.sandbox.test:${sb.http.port}`);
    expect(reservations.wellKnownUrl).toBe(`${reservations.baseUrl}/.well-known/agis.json`);
    expect(reservations.documentUrl).toBe(`${reservations.baseUrl}/agis.yaml`);
    expect(reservations.service).toBe('Sandbox Table Reservations');
    return new Promise<void>((resolve, reject) => {
      sb.lookup('pharmacy.sandbox.test', {}, (err, address) => {
        if (err) reject(err);
        else {
          expect(address).toBe('127.0.0.1');
          resolve();
        }
      });
    });
  });

  it('serves YAML documents that conform to AGIS 1.0 at levels 1 and 2 without warnings', async () => {
    for (const service of sb.agis) {
      const res = await sb.fetch(service.documentUrl);
      expect(res.headers.get('content-type')).toMatch(/^application\/yaml/);
      const text = await res.text();
      for (const level of [1, 2] as const) {
        const result = await validateAgisDocument(text, { level });
        expect(result.failures, `${service.id} level ${level}`).toEqual([]);
        expect(result.warnings.map((w) => w.rule)).toEqual([]);
        expect(result.conforms).toBe(true);
      }
      const doc = parseAgisDocument(text);
      expect(doc.vocabulary.namespace).toBe(service.namespace);
      expect(doc.agtp).toBe(`agtp://${service.domain}`);
      // The JSON serialisation is the same document.
      const json = await (await sb.fetch(`${service.baseUrl}/agis.json`)).text();
      expect(parseAgisDocument(json)).toEqual(doc);
    }
    const methods = (id: string) => docs.get(id)?.endpoints.map((e) => `${e.method} ${e.path}`);
    expect(methods('reservations')).toEqual([
      'FIND /availability',
      'BOOK /reservation',
      'CANCEL /reservation/{reservation_id}',
    ]);
    expect(methods('pharmacy')).toEqual([
      'FIND /store',
      'REFILL /prescription/{rx_id}',
      'SCHEDULE /delivery',
    ]);
  });

  it('serves the §11.1 well-known summary pointing at the full document on the same host', async () => {
    for (const service of sb.agis) {
      const res = await sb.fetch(service.wellKnownUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const { summary, warnings } = parseWellKnownSummary(await res.text());
      expect(warnings).toEqual([]);
      expect(summary.agis_document).toBe(service.documentUrl);
      expect(summary.namespace).toBe(service.namespace);
      expect(summary.pre_auth_discovery).toBe(true);
      const doc = docs.get(service.id);
      expect(summary.methods).toEqual([...new Set(doc?.endpoints.map((e) => e.method))]);
      expect(summary.service).toBe(doc?.service);
      // No data-manifest sensitivity details leak into the summary (§11.1 b).
      expect(JSON.stringify(summary)).not.toMatch(/sensitivity|requires_authorization/);
    }
  });

  it('lets an intent router tell the two services apart and flags the committing endpoints', async () => {
    const matcher = createIntentMatcher({
      services: [...docs.values()],
      now: new Date('2030-05-05T09:00:00Z'),
    });
    const book = await matcher.match('book a table for 4 at the copper pot tomorrow at 7pm');
    expect(book.candidates[0]).toMatchObject({
      method: 'BOOK',
      path: '/reservation',
      needsConfirmation: true,
    });
    const refill = await matcher.match('refill my prescription RX-100001');
    expect(refill.candidates[0]).toMatchObject({
      method: 'REFILL',
      path: '/prescription/{rx_id}',
      needsConfirmation: true,
    });
  });
});

describe('reservation endpoints over the HTTP binding', () => {
  it('finds seatings, with The Copper Pot always full at 20:00', async () => {
    const a = await call(reservations, 'FIND', '/availability', {
      restaurant: 'The Copper Pot',
      date: FUTURE,
      party_size: 2,
    });
    expect(a.status).toBe(200);
    expect(a.headers.get('x-agis-grammar')).toBe('AGIS/1.0');
    const slots = a.body['slots'] as { datetime: string; available: boolean; tables_left: number }[];
    expect(slots).toHaveLength(10);
    expect(slots[0]).toEqual({ datetime: `${FUTURE}T17:00:00Z`, available: true, tables_left: 3 });
    expect(slots.find((s) => s.datetime === `${FUTURE}T20:00:00Z`)).toMatchObject({ available: false });
  });

  it('books, refuses a full seating, frees the table on cancel and refuses a second cancel', async () => {
    const before = reservations.stats.calls['BOOK /reservation'] ?? 0;
    const booking = { restaurant: 'saffron-house', party_size: 4, datetime: `${FUTURE}T19:00` };
    const first = await call(reservations, 'BOOK', '/reservation', { ...booking, contact_name: 'Rivera' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'confirmed',
      restaurant: 'saffron-house',
      datetime: `${FUTURE}T19:00:00Z`,
      party_size: 4,
      deposit: { amount: '40.00', currency: 'USD' },
    });
    expect(first.body['reservation_id']).toMatch(/^R-\d{4}$/);
    expect(reservations.stats.calls['BOOK /reservation']).toBe(before + 1);
    expect(reservations.stats.lastRequest).toMatchObject({
      agisMethod: 'BOOK',
      path: '/reservation',
      body: { ...booking, contact_name: 'Rivera' },
    });
    expect(reservations.stats.lastRequest?.headers['x-agis-namespace']).toBe('sandbox-reservations');

    // Saffron House sets two tables per seating.
    expect((await call(reservations, 'BOOK', '/reservation', booking)).status).toBe(200);
    const full = await call(reservations, 'BOOK', '/reservation', booking);
    expectDeclaredError(full, reservations, 'BOOK /reservation', 'slot_unavailable');

    const id = String(first.body['reservation_id']);
    const cancelled = await call(reservations, 'CANCEL', `/reservation/${id}`, { reason: 'plans changed' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ reservation_id: id, status: 'cancelled', deposit_refunded: false });
    expect((await call(reservations, 'BOOK', '/reservation', booking)).status).toBe(200);
    const again = await call(reservations, 'CANCEL', `/reservation/${id}`, {});
    expectDeclaredError(
      again,
      reservations,
      'CANCEL /reservation/{reservation_id}',
      'reservation_already_cancelled',
    );
  });

  it('answers the declared booking and cancellation errors', async () => {
    const book = (body: unknown) => call(reservations, 'BOOK', '/reservation', body);
    const key = 'BOOK /reservation';
    expectDeclaredError(
      await book({ restaurant: 'copper pot', party_size: 2, datetime: `${FUTURE}T20:00:00Z` }),
      reservations,
      key,
      'slot_unavailable',
    );
    expectDeclaredError(
      await book({ restaurant: 'Blue Fin Sushi Bar', party_size: 12, datetime: `${FUTURE}T18:00` }),
      reservations,
      key,
      'party_size_exceeds_capacity',
    );
    expectDeclaredError(
      await book({ restaurant: 'Chez Nobody', party_size: 2, datetime: `${FUTURE}T18:00` }),
      reservations,
      key,
      'restaurant_not_found',
    );
    for (const datetime of [`${FUTURE}T18:15`, `${FUTURE}T23:00`, '2001-05-07T19:00:00Z'])
      expectDeclaredError(
        await book({ restaurant: 'copper-pot', party_size: 2, datetime }),
        reservations,
        key,
        'invalid_datetime',
      );
    // 19:00 at +02:00 is 17:00 UTC, a seating.
    expect(
      (await book({ restaurant: 'copper-pot', party_size: 2, datetime: `${FUTURE}T19:00+02:00` })).body,
    ).toMatchObject({
      datetime: `${FUTURE}T17:00:00Z`,
    });
    expectDeclaredError(
      await call(reservations, 'CANCEL', '/reservation/R-9999', {}),
      reservations,
      'CANCEL /reservation/{reservation_id}',
      'reservation_not_found',
    );
  });

  it('refuses input that does not fit the schema with invalid_input and sends nothing to the logic', async () => {
    const key = 'BOOK /reservation';
    const bad: unknown[] = [
      { restaurant: 'copper-pot', party_size: 'four', datetime: `${FUTURE}T19:00` },
      { restaurant: 'copper-pot', party_size: 0, datetime: `${FUTURE}T19:00` },
      { restaurant: 'copper-pot', datetime: `${FUTURE}T19:00` },
      { restaurant: 'copper-pot', party_size: 2, datetime: 'tomorrow at 7' },
      { restaurant: 'copper-pot', party_size: 2, datetime: '2030-02-31T19:00' },
      { restaurant: 'copper-pot', party_size: 2, datetime: `${FUTURE}T19:00`, table: 'window' },
      '{"restaurant": ',
      '[1, 2]',
    ];
    for (const body of bad) {
      const answer = await call(reservations, 'BOOK', '/reservation', body);
      expectDeclaredError(answer, reservations, key, 'invalid_input');
    }
    const missing = await call(reservations, 'BOOK', '/reservation', {
      restaurant: 'copper-pot',
      datetime: `${FUTURE}T19:00`,
    });
    expect(missing.body['message']).toMatch(/party_size/);
    // A path parameter that breaks its pattern, and a body contradicting the path.
    const cancelKey = 'CANCEL /reservation/{reservation_id}';
    expectDeclaredError(
      await call(reservations, 'CANCEL', '/reservation/abc', {}),
      reservations,
      cancelKey,
      'invalid_input',
    );
    expectDeclaredError(
      await call(reservations, 'CANCEL', '/reservation/R-0001', { reservation_id: 'R-0002' }),
      reservations,
      cancelKey,
      'invalid_input',
    );
  });

  it('refuses a method not declared for the path with 405 and names the declared ones', async () => {
    const before = { ...reservations.stats.calls };
    const wrong = await call(reservations, 'FIND', '/reservation', {});
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('x-agis-allow')).toBe('BOOK');
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(wrong.body).toMatchObject({ error: 'method_not_allowed', allowed: ['BOOK'] });
    expect(reservations.stats.calls).toEqual(before);
    const get = await sb.fetch(`${reservations.baseUrl}/availability`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers 454 for a missing or wrong grammar and for method headers outside the AGIS grammar', async () => {
    const before = { ...reservations.stats.calls };
    const book = { restaurant: 'copper-pot', party_size: 2, datetime: `${FUTURE}T18:00` };
    const cases: [string | undefined, Record<string, string>][] = [
      ['BOOK', { 'x-agis-grammar': '' }],
      ['BOOK', { 'x-agis-grammar': 'AGIS/2.0' }],
      [undefined, {}],
      ['POST', {}],
      ['BOOK_TABLE', {}],
    ];
    for (const [method, headers] of cases) {
      const answer = await call(reservations, method, '/reservation', book, headers);
      expect(answer.status, JSON.stringify([method, headers])).toBe(454);
      expect(answer.headers.get('x-agis-error')).toBe('grammar_violation');
    }
    const other = await call(reservations, 'BOOK', '/reservation', book, { 'x-agis-namespace': 'acme' });
    expect(other.status).toBe(421);
    expect(other.body['error']).toBe('namespace_mismatch');
    expect(reservations.stats.calls).toEqual(before);
  });

  it('caps the request body', async () => {
    const answer = await call(reservations, 'BOOK', '/reservation', {
      restaurant: 'copper-pot',
      party_size: 2,
      datetime: `${FUTURE}T18:00`,
      special_requests: 'x'.repeat(70_000),
    });
    expect(answer.status).toBe(413);
    expect(answer.body['error']).toBe('payload_too_large');
  });

  it('is reachable with a plain node:http request to 127.0.0.1 and the Host header', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: sb.http.port,
          path: '/store',
          method: 'POST',
          headers: {
            host: pharmacy.domain,
            'content-type': 'application/json',
            'x-agis-method': 'FIND',
            'x-agis-grammar': 'AGIS/1.0',
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ service: 'open_24h' }));
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ stores: [{ store_id: 'st-airport' }] });
  });
});

describe('hostile requests to an AGIS endpoint', () => {
  it('answers a streamed body over the cap with 413, without reading it all', async () => {
    const chunk = new TextEncoder().encode(`{"restaurant": "${'x'.repeat(16 * 1024)}`);
    let sent = 0;
    // No Content-Length: the cap has to hold while the body streams in.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 64) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await sb
      .fetch(`${reservations.baseUrl}/reservation`, {
        method: 'POST',
        headers: { 'x-agis-grammar': 'AGIS/1.0', 'x-agis-method': 'BOOK' },
        body,
        duplex: 'half',
      } as RequestInit)
      .catch((e: unknown) => e);
    // The server may close the connection before the client has finished sending; either way it did not
    // take the body.
    if (res instanceof Response) {
      expect(res.status).toBe(413);
      expect(res.headers.get('x-agis-error')).toBe('payload_too_large');
    }
    const after = await call(reservations, 'FIND', '/availability', {
      restaurant: 'saffron-house',
      date: FUTURE,
    });
    expect(after.status).toBe(200);
  });

  it('refuses prototype keys, deep nesting, bad percent-encoding and duplicated method headers as input errors', async () => {
    const cancelKey = 'CANCEL /reservation/{reservation_id}';
    const protoKeys = await call(
      reservations,
      'BOOK',
      '/reservation',
      '{"__proto__": {"party_size": 2}, "constructor": {"prototype": {"x": 1}}, "restaurant": "copper-pot", "datetime": "2030-05-06T19:00"}',
    );
    expectDeclaredError(protoKeys, reservations, 'BOOK /reservation', 'invalid_input');
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    const deep = `{"reservation_id": ${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    expectDeclaredError(
      await call(reservations, 'CANCEL', '/reservation/R-0001', deep),
      reservations,
      cancelKey,
      'invalid_input',
    );
    expectDeclaredError(
      await call(reservations, 'CANCEL', '/reservation/R-%E0%A4%A', {}),
      reservations,
      cancelKey,
      'invalid_input',
    );
    const twice = await call(reservations, 'BOOK', '/reservation', {}, { 'x-agis-method': 'BOOK, CANCEL' });
    expect(twice.status).toBe(454);
    const lower = await call(reservations, 'find', '/availability', {
      restaurant: 'saffron-house',
      date: FUTURE,
    });
    expect(lower.status).toBe(200);
  });
});

describe('pharmacy endpoints over the HTTP binding', () => {
  it('finds stores by postal code, neighborhood and service, and says when none fits', async () => {
    const byCode = await call(pharmacy, 'FIND', '/store', { near: '94110' });
    expect(byCode.body['stores']).toMatchObject([{ store_id: 'st-harborside', hours: '08:00-22:00' }]);
    const all = await call(pharmacy, 'FIND', '/store', {});
    expect((all.body['stores'] as unknown[]).length).toBe(3);
    const vaccination = await call(pharmacy, 'FIND', '/store', { service: 'vaccination' });
    expect((vaccination.body['stores'] as { store_id: string }[]).map((s) => s.store_id)).toEqual([
      'st-harborside',
      'st-old-town',
    ]);
    expectDeclaredError(
      await call(pharmacy, 'FIND', '/store', { near: 'Old Town', service: 'open_24h' }),
      pharmacy,
      'FIND /store',
      'no_store_found',
    );
  });

  it('refills once, then refuses with the declared errors, and schedules a delivery for the refill', async () => {
    const key = 'REFILL /prescription/{rx_id}';
    const ok = await call(pharmacy, 'REFILL', '/prescription/RX-100001', { store_id: 'st-old-town' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      rx_id: 'RX-100001',
      status: 'submitted',
      store_id: 'st-old-town',
      refills_remaining: 2,
    });
    const refillId = String(ok.body['refill_id']);
    expect(refillId).toMatch(/^RF-\d{4}$/);
    for (const [rx, error] of [
      ['RX-100001', 'refill_too_soon'],
      ['RX-100002', 'no_refills_remaining'],
      ['RX-100004', 'prescription_expired'],
      ['RX-999999', 'prescription_not_found'],
      ['100001', 'invalid_input'],
    ] as const)
      expectDeclaredError(await call(pharmacy, 'REFILL', `/prescription/${rx}`, {}), pharmacy, key, error);

    const schedule = 'SCHEDULE /delivery';
    const delivery = { refill_id: refillId, address: '12 Elm Street', date: FUTURE, window: 'morning' };
    const scheduled = await call(pharmacy, 'SCHEDULE', '/delivery', delivery);
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({
      refill_id: refillId,
      status: 'scheduled',
      date: FUTURE,
      window: 'morning',
    });
    expectDeclaredError(
      await call(pharmacy, 'SCHEDULE', '/delivery', { ...delivery, date: '2030-05-05' }),
      pharmacy,
      schedule,
      'delivery_unavailable',
    );
    expectDeclaredError(
      await call(pharmacy, 'SCHEDULE', '/delivery', { ...delivery, refill_id: 'RF-9999' }),
      pharmacy,
      schedule,
      'refill_not_found',
    );
  });

  it('gives the AGIS client typed, declared errors through invokeAgis', async () => {
    const client = createHttpClient({ lookup: sb.lookup, allowHttp: true, allowPrivateNetwork: true });
    const doc = docs.get('pharmacy');
    const refill = doc?.endpoints.find((e) => e.method === 'REFILL');
    if (!refill) throw new Error('no REFILL endpoint');
    const options = { baseUrl: pharmacy.baseUrl, http: client, namespace: pharmacy.namespace };
    const ok = await invokeAgis<{ status: string }>(refill, { rx_id: 'RX-100003' }, options).catch(
      (e: unknown) => e,
    );
    expect(isAgisEndpointError(ok)).toBe(true);
    expect(ok).toMatchObject({ errorName: 'refill_too_soon', declared: true, status: 409 });
    const before = pharmacy.stats.calls['REFILL /prescription/{rx_id}'];
    // The client's own schema check refuses before anything is sent.
    await expect(invokeAgis(refill, { rx_id: 'nope' }, options)).rejects.toThrow();
    expect(pharmacy.stats.calls['REFILL /prescription/{rx_id}']).toBe(before);
  });
});

describe('options, faults and the child process', () => {
  it('can leave the AGIS services out', async () => {
    const plain = await startSandbox({ merchants: 1, agis: false });
    try {
      expect(plain.agis).toEqual([]);
      const refused = await plain
        .fetch(`http://reservations.sandbox.test:${plain.http.port}/.well-known/agis.json`)
        .catch((e: unknown) => e);
      expect(isSandboxFetchError(refused)).toBe(true);
    } finally {
      await plain.close();
    }
  });

  it('refuses bad AGIS options with SandboxOptionsError', async () => {
    for (const options of [
      { agis: 'yes' },
      { agisFaults: { nope: {} } },
      { agisFaults: { pharmacy: { serverError: { status: 404 } } } },
    ]) {
      const error = await startSandbox(options as never).catch((e: unknown) => e);
      expect(isSandboxOptionsError(error)).toBe(true);
    }
    const child = await startSandboxProcess({ agisFaults: { nope: {} } } as never).catch((e: unknown) => e);
    expect(isSandboxOptionsError(child)).toBe(true);
  });

  it('injects hang and server errors on endpoint calls while discovery stays healthy', async () => {
    const faulty = await startSandbox({
      merchants: 0,
      agisFaults: { reservations: { hang: true }, pharmacy: { serverError: { status: 502 } } },
    });
    try {
      const [r, p] = faulty.agis as [SandboxAgisService, SandboxAgisService];
      expect((await faulty.fetch(r.wellKnownUrl)).status).toBe(200);
      const broken = await faulty.fetch(`${p.baseUrl}/store`, {
        method: 'POST',
        headers: { 'x-agis-method': 'FIND', 'x-agis-grammar': 'AGIS/1.0' },
        body: '{}',
      });
      expect(broken.status).toBe(502);
      const hung = faulty.fetch(`${r.baseUrl}/availability`, {
        method: 'POST',
        headers: { 'x-agis-method': 'FIND', 'x-agis-grammar': 'AGIS/1.0' },
        body: JSON.stringify({ restaurant: 'copper-pot', date: FUTURE }),
      });
      const outcome = hung.then(
        () => 'answered',
        () => 'ended',
      );
      while (r.stats.calls['FIND /availability'] === 0)
        await new Promise((resolve) => setTimeout(resolve, 10));
      await faulty.close();
      expect(await outcome).toBe('ended');
    } finally {
      await faulty.close();
    }
  });

  it('startSandboxProcess reports the services and the parent reaches them', async () => {
    const child = await startSandboxProcess({ merchants: 1, domainSuffix: 'child.test' });
    try {
      expect(child.agis.map((s) => s.domain)).toEqual(['reservations.child.test', 'pharmacy.child.test']);
      expect(child.agis[0]).not.toHaveProperty('stats');
      const service = child.agis[1] as (typeof child.agis)[number];
      expect(service.documentUrl).toBe(`http://pharmacy.child.test:${child.http.port}/agis.yaml`);
      const { summary } = parseWellKnownSummary(await (await child.fetch(service.wellKnownUrl)).text());
      expect(summary.agis_document).toBe(service.documentUrl);
      const res = await child.fetch(`${service.baseUrl}/prescription/RX-100001`, {
        method: 'POST',
        headers: {
          'x-agis-method': 'REFILL',
          'x-agis-grammar': 'AGIS/1.0',
          'content-type': 'application/json',
        },
        body: '{}',
      });
      expect(res.status).toBe(200);
    } finally {
      await child.close();
    }
  });
});
