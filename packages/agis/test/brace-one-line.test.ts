import { describe, expect, it } from 'vitest';
import { detectFormat, parseAgisDocument, parseAgisSource, validateAgisDocument } from '../src/index.js';
import { fixture, parseError } from './helpers/documents.js';

// The draft's restaurant example (§10), written on one line.
const RESTAURANT_ONE_LINE =
  'agis: "1.0"; service: "Acme Restaurant Reservations"; agtp: "agtp://reservations.acme.com"; ' +
  'description: "Reservation management for restaurant booking agents"; endpoints: ' +
  'BOOK /reservation { semantic { intent: "Books a restaurant reservation on behalf of the requesting agent", ' +
  'actor: agent, outcome: "A confirmed reservation record exists with status CONFIRMED", capability: transaction, ' +
  'confidence_guidance: 0.85 } input { required: [restaurant_id (int), party_size (int), datetime (ISO8601)] ' +
  'optional: [preferences (string), contact_name (string)] } output { reservation_id, status, confirmation_code, datetime } ' +
  'errors { reservation_unavailable, invalid_datetime, restaurant_not_found } } ' +
  'FIND /restaurants { semantic { intent: "Finds restaurants matching the agent criteria"; actor: agent; ' +
  'outcome: "A ranked list of matching restaurants is returned"; capability: discovery; confidence_guidance: 0.60 } ' +
  'input { required: [location (string)] optional: [cuisine, party_size, datetime, price_range] } ' +
  'output { restaurants: [array of restaurant objects] } errors { no_results, invalid_location } } ' +
  'vocabulary { declared_verbs: [BOOK, FIND], domain: hospitality, version: "1.0.0" }';

// The draft's finance example (§10), one line per top-level block, state transitions as a nested block.
const FINANCE_ONE_LINE_BLOCKS = [
  'agis: "1.0"; service: "Acme Financial Services"; agtp: "agtp://api.acme-finance.com"',
  'endpoints: TRANSFER /funds { semantic { intent: "Transfers funds between accounts on behalf of the agent", actor: agent, outcome: "Funds are debited from source and credited to destination", capability: transaction, confidence_guidance: 0.95, impact_tier: irreversible, is_idempotent: false, state_transition { source_account.balance: [current] -> [current - amount], destination_account.balance: [current] -> [current + amount] } } input { required: [source_account_id, destination_account_id, amount, currency] optional: [memo, scheduled_date] } output { transfer_id, status, timestamp, confirmation_code } errors { insufficient_funds, account_not_found, limit_exceeded, currency_mismatch, authorization_required } } RECONCILE /account/{id} { semantic { intent: "Reconciles account records against transaction ledger", actor: agent, outcome: "Discrepancies are identified and a reconciliation report is returned", capability: analysis, confidence_guidance: 0.75, impact_tier: informational, is_idempotent: true } input { required: [id] optional: [from_date, to_date, include_pending] } output { reconciliation_id, discrepancies: [array], status, period_covered } errors { account_not_found, period_too_large } }',
  'vocabulary { declared_verbs: [TRANSFER, RECONCILE], domain: financial-services, namespace: acme-finance, version: "2.1.0", negotiable: true }',
  'data_manifest { available_data: [{class: transaction-history, description: "Full transaction ledger for authorized accounts", formats: [json, csv], sensitivity: high, requires_authorization: true}, {class: exchange-rates, description: "Real-time and historical currency exchange rates", formats: [json], sensitivity: informational, requires_authorization: false}], pre_auth_discovery: true }',
].join('\n');

describe('brace notation on one line', () => {
  it('reads the draft restaurant example written on one line exactly as the multi-line original', () => {
    expect(detectFormat(RESTAURANT_ONE_LINE)).toBe('brace');
    expect(parseAgisDocument(RESTAURANT_ONE_LINE)).toEqual(
      parseAgisDocument(fixture('draft-restaurant.agis')),
    );
  });

  it('reads the draft finance example with one-line endpoint, vocabulary and manifest blocks', async () => {
    const doc = parseAgisDocument(FINANCE_ONE_LINE_BLOCKS);
    const original = parseAgisDocument(fixture('draft-finance.agis'));
    expect(doc.endpoints).toEqual(original.endpoints);
    expect(doc.vocabulary).toEqual(original.vocabulary);
    expect(doc.endpoints[0]!.semantic.state_transition).toEqual({
      'source_account.balance': '[current] -> [current - amount]',
      'destination_account.balance': '[current] -> [current + amount]',
    });
    expect((await validateAgisDocument(FINANCE_ONE_LINE_BLOCKS)).failures).toEqual([]);
  });

  it('reads the issue form `BOOK /reservation { semantic { ... } input { ... } ... }` as one endpoint', () => {
    const { value } = parseAgisSource(
      'BOOK /reservation { semantic { intent: Books a table, actor: agent, ... } input { required: [restaurant_id (int), party_size (int)] } ... }',
      { format: 'brace' },
    );
    expect(value).toEqual({
      endpoints: [
        {
          method: 'BOOK',
          path: '/reservation',
          semantic: { intent: 'Books a table', actor: 'agent' },
          input: {
            type: 'object',
            properties: { restaurant_id: { type: 'integer' }, party_size: { type: 'integer' } },
            required: ['restaurant_id', 'party_size'],
          },
        },
      ],
    });
  });

  it('ends an unquoted value at the closing brace of its block, through nested blocks', () => {
    const { value } = parseAgisSource('a { b { c { d: deep } e: mid } f: top }', { format: 'brace' });
    expect(value).toEqual({ a: { b: { c: { d: 'deep' }, e: 'mid' }, f: 'top' } });
  });

  it('keeps braces, commas and semicolons inside quoted values', () => {
    const { value } = parseAgisSource(
      `s { intent: "Books {x}; then, maybe: y }", outcome: 'A {record} exists; ok }' , actor: agent }`,
      { format: 'brace' },
    );
    expect(value).toEqual({
      s: { intent: 'Books {x}; then, maybe: y }', outcome: 'A {record} exists; ok }', actor: 'agent' },
    });
  });

  it('keeps a comma that does not start a new entry in an unquoted value', () => {
    const one = parseAgisSource('s { intent: Finds restaurants, bars and cafes, actor: agent }', {
      format: 'brace',
    });
    expect(one.value).toEqual({ s: { intent: 'Finds restaurants, bars and cafes', actor: 'agent' } });
    const multi = parseAgisSource('s {\n  intent: Finds restaurants, bars and cafes\n  actor: agent\n}', {
      format: 'brace',
    });
    expect(multi.value).toEqual(one.value);
  });

  it('keeps {id} path parameters and separates a glued block opener', () => {
    const { value } = parseAgisSource(
      'RECONCILE /account/{id}{semantic{intent: x}} FIND /a{ output { b } }',
      {
        format: 'brace',
      },
    );
    expect(value).toMatchObject({
      endpoints: [
        { method: 'RECONCILE', path: '/account/{id}', semantic: { intent: 'x' } },
        { method: 'FIND', path: '/a' },
      ],
    });
  });

  it('positions errors by line and column on one line', () => {
    const text = 'BOOK /reservation { semantic { intent: "a" stray word } }';
    const error = parseError(() => parseAgisDocument(text, { format: 'brace' }));
    expect(error.reason).toBe('syntax');
    expect(error.message).toMatch(/expected ":" or "\{" after "stray"/);
    expect(error.line).toBe(1);
    expect(error.column).toBe(text.indexOf('word') + 1);

    const open = parseError(() => parseAgisDocument('BOOK /x { semantic { intent: y }', { format: 'brace' }));
    expect(open.message).toMatch(/missing closing "\}"/);
    expect(open.line).toBe(1);
  });

  it('still positions errors and validation failures by line in multi-line documents', async () => {
    const text = fixture('draft-restaurant.agis').replace(
      'actor:    agent\n',
      'actor:    agent\n      oops here\n',
    );
    const error = parseError(() => parseAgisDocument(text));
    expect(error.line).toBe(text.split('\n').findIndex((l) => l.includes('oops here')) + 1);
    expect(error.column).toBe(12);

    const bad = fixture('draft-restaurant.agis').replace('actor:    agent', 'actor:    robot');
    const result = await validateAgisDocument(bad);
    const failure = result.failures.find((f) => f.rule === 'semantic.actor-value');
    expect(failure?.line).toBe(bad.split('\n').findIndex((l) => l.includes('robot')) + 1);
  });

  it('positions validation failures by column on a one-line document', async () => {
    const text = RESTAURANT_ONE_LINE.replace('actor: agent, outcome', 'outcome');
    const result = await validateAgisDocument(text);
    const missing = result.failures.find((f) => f.rule === 'semantic.actor-missing');
    expect(missing).toMatchObject({ pass: 5, path: 'endpoints[0].semantic', line: 1 });
    expect(missing?.column).toBe(text.indexOf('semantic {') + 1);
  });
});
