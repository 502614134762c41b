import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromMcpTools, parseAgisDocument, toMcpTools, validateAgisDocument } from '../src/index.js';

const servicesDir = new URL('../../../fixtures/agis-dev/services/', import.meta.url);
const load = (f: string) => parseAgisDocument(readFileSync(new URL(f, servicesDir), 'utf8'));

describe('toMcpTools (Appendix C)', () => {
  const draft = parseAgisDocument(
    readFileSync(new URL('./fixtures/draft-restaurant.agis', import.meta.url), 'utf8'),
  );

  it('names tools method_firstsegment, describes them with the intent and passes input through', () => {
    const [book] = toMcpTools(draft);
    expect(book).toMatchObject({
      name: 'book_reservation',
      description: 'Books a restaurant reservation on behalf of the requesting agent',
      inputSchema: draft.endpoints[0]!.input,
    });
    expect(book).not.toHaveProperty('output');
  });

  it('honours mcp_tool_name, appends parameter hints and keeps names unique and valid', () => {
    const doc = load('harbor-table.agis.yaml');
    const tools = toMcpTools(doc);
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
    for (const t of tools) expect(t.name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
    const withOverride = doc.endpoints.findIndex((e) => e.semantic.mcp_tool_name);
    if (withOverride >= 0)
      expect(tools[withOverride]!.name).toBe(doc.endpoints[withOverride]!.semantic.mcp_tool_name);
    const hinted = doc.endpoints.findIndex((e) => e.semantic.parameter_hints);
    const [param, phrases] = Object.entries(doc.endpoints[hinted]!.semantic.parameter_hints!)[0]!;
    expect(tools[hinted]!.description).toContain(`Hints: ${param} = ['${phrases[0]}'`);
    expect(toMcpTools(doc, { includeHints: false })[hinted]!.description).toBe(
      doc.endpoints[hinted]!.semantic.intent,
    );
  });

  it('derives annotations from impact tier and idempotency', () => {
    const doc = load('ledgerline-bank.agis.yaml');
    const transfer = toMcpTools(doc)[0]!;
    expect(transfer.annotations).toMatchObject({
      title: 'TRANSFER /funds',
      destructiveHint: true,
      readOnlyHint: false,
      idempotentHint: false,
    });
  });

  it('disambiguates colliding generated names', () => {
    const base = draft.endpoints[0]!;
    const doc = {
      ...draft,
      endpoints: [base, { ...base, path: '/reservation/{id}/note' }, { ...base, path: '/reservation/{id}' }],
    };
    expect(toMcpTools(doc).map((t) => t.name)).toEqual([
      'book_reservation',
      'book_reservation_note',
      'book_reservation_2',
    ]);
  });

  it('every benchmark service yields unique tool names', () => {
    for (const f of [
      'cadence-calendar',
      'keystone-realty',
      'maple-grove-clinic',
      'northwind-outfitters',
      'parcelway-logistics',
      'peopleworks-hr',
      'riverstream',
      'skybridge-airlines',
    ]) {
      const tools = toMcpTools(load(`${f}.agis.yaml`));
      expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
    }
  });
});

describe('fromMcpTools (reverse mapping)', () => {
  it('builds a draft document that passes the structural passes, with review warnings', async () => {
    const { document, warnings } = fromMcpTools(
      [
        {
          name: 'book_reservation',
          description: 'Books a table for the party. A reservation exists with status CONFIRMED.',
          inputSchema: {
            type: 'object',
            properties: { party_size: { type: 'integer' } },
            required: ['party_size'],
          },
        },
        {
          name: 'get_data',
          description: 'Retrieves the stored restaurant data.',
          annotations: { readOnlyHint: true },
        },
        {
          name: 'searchRestaurants',
          description: 'Finds restaurants near a place.',
          annotations: { readOnlyHint: true, idempotentHint: true },
        },
      ],
      { service: 'Imported', agtp: 'agtp://imported.example', domain: 'hospitality' },
    );
    expect(document.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      'BOOK /reservation',
      'RETRIEVE /data',
      'SEARCH /restaurants',
    ]);
    expect(document.endpoints[0]!.semantic.outcome).toBe('A reservation exists with status CONFIRMED.');
    expect(document.endpoints[1]!.semantic.impact_tier).toBe('informational');
    expect(document.vocabulary.declared_verbs).toEqual(['BOOK', 'RETRIEVE', 'SEARCH']);
    expect(
      warnings.some((w) => w.includes('GET is not an AGIS action-intent verb; rewritten as RETRIEVE')),
    ).toBe(true);
    const result = await validateAgisDocument(document);
    expect(result.failures).toEqual([]);
  });

  it('rewrites inflected names and flags non-verbs', () => {
    const { document, warnings } = fromMcpTools([{ name: 'booking_table' }, { name: 'status' }], {
      service: 's',
      agtp: 'agtp://s',
    });
    expect(document.endpoints[0]!.method).toBe('BOOK');
    expect(warnings.some((w) => w.includes('"status": STATUS is not a known verb'))).toBe(true);
  });
  it('keeps de-duplicated names within 64 characters', () => {
    const long = 'a'.repeat(80);
    const base = parseAgisDocument(
      readFileSync(
        new URL('../../../fixtures/agis-dev/services/harbor-table.agis.yaml', import.meta.url),
        'utf8',
      ),
    );
    const ep = base.endpoints[0]!;
    const endpoints = [0, 1, 2].map(() => ({ ...ep, semantic: { ...ep.semantic, mcp_tool_name: long } }));
    const names = toMcpTools({ ...base, endpoints }).map((t) => t.name);
    expect(new Set(names).size).toBe(3);
    for (const n of names) expect(n).toMatch(/^[a-z0-9_]{1,64}$/);
  });
});
