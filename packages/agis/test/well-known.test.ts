import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isAgisParseError,
  parseAgisDocument,
  parseWellKnownSummary,
  toWellKnownSummary,
} from '../src/index.js';

const servicesDir = new URL('../../../fixtures/agis-dev/services/', import.meta.url);

// The draft's §11.1 example, verbatim.
const DRAFT_EXAMPLE = `{
  "agis": "1.0",
  "service": "Acme Restaurant Reservations",
  "agtp": "agtp://reservations.acme.com",
  "agis_document": "agtp://reservations.acme.com",
  "methods": ["BOOK", "FIND", "CANCEL"],
  "domain": "hospitality",
  "namespace": "acme-reservations",
  "negotiable": true,
  "capability_summary": ["transaction", "discovery", "modification"],
  "data_classes": ["reservation", "restaurant", "availability"],
  "pre_auth_discovery": true,
  "version": "1.2.0",
  "interaction_protocols": ["request", "negotiate", "confirm"],
  "related_services": [
    "agtp://payments.acme.com",
    "agtp://loyalty.acme.com"
  ],
  "mcp_tools_list": "agtp://reservations.acme.com/mcp/tools"
}`;

describe('/.well-known/agis.json', () => {
  it('parses the draft example without warnings', () => {
    const { summary, warnings } = parseWellKnownSummary(DRAFT_EXAMPLE);
    expect(summary.methods).toEqual(['BOOK', 'FIND', 'CANCEL']);
    expect(summary.mcp_tools_list).toBe('agtp://reservations.acme.com/mcp/tools');
    expect(warnings).toEqual([]);
  });

  it('summarises a document without exposing manifest sensitivity, and round-trips', () => {
    const doc = parseAgisDocument(readFileSync(new URL('ledgerline-bank.agis.yaml', servicesDir), 'utf8'));
    const summary = toWellKnownSummary(doc, { mcpToolsList: 'https://bank.example/mcp/tools' });
    expect(summary).toMatchObject({
      service: 'Ledgerline Bank',
      agis_document: doc.agtp,
      negotiable: true,
      data_classes: ['transaction-history', 'exchange-rates', 'branch-locations'],
      pre_auth_discovery: true,
    });
    expect(summary.methods).toEqual(doc.vocabulary.declared_verbs.map((v) => v.toUpperCase()));
    expect(summary.interaction_protocols).toEqual(['request', 'negotiate', 'query']);
    expect(JSON.stringify(summary)).not.toMatch(/sensitivity|requires_authorization/);
    expect(parseWellKnownSummary(JSON.stringify(summary)).summary).toEqual(summary);
  });

  it('rejects malformed or incomplete summaries with typed errors and warns on bad methods', () => {
    for (const bad of ['not json', '{"agis":"1.0"}', '[]', `{"x":"${'y'.repeat(300_000)}"}`]) {
      let caught: unknown;
      try {
        parseWellKnownSummary(bad);
      } catch (error) {
        caught = error;
      }
      expect(isAgisParseError(caught)).toBe(true);
    }
    const { warnings } = parseWellKnownSummary({
      ...JSON.parse(DRAFT_EXAMPLE),
      methods: ['GET', 'BOOKING'],
      interaction_protocols: ['telepathy'],
    });
    expect(warnings).toHaveLength(3);
  });
});
