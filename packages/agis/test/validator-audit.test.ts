import { describe, expect, it } from 'vitest';
import {
  AGIS_PASSES,
  checkMethodClass,
  NON_ACTION_STOPLIST,
  PROHIBITED_HTTP_METHODS,
  validateAgisDocument,
} from '../src/index.js';

type Doc = Record<string, unknown>;

function doc(semantic: Doc = {}, extra: Doc = {}): Doc {
  return {
    agis: '1.0',
    service: 'Test',
    agtp: 'agtp://test.example',
    description: 'd',
    version: '1',
    endpoints: [
      {
        method: 'BOOK',
        path: '/reservation',
        semantic: {
          intent: 'Books a restaurant reservation on behalf of the agent',
          actor: 'agent',
          outcome: 'A confirmed reservation exists',
          ...semantic,
        },
        input: { type: 'object', properties: {}, required: [] },
        output: { type: 'object', properties: {} },
        errors: [{ name: 'reservation_unavailable' }],
      },
    ],
    vocabulary: { declared_verbs: ['BOOK'], domain: 'hospitality' },
    ...extra,
  };
}

const rules = async (d: Doc, level: 1 | 2 = 1) =>
  (await validateAgisDocument(d, { level })).failures.map((f) => f.rule);

describe('validator audit against the draft text', () => {
  it('names the eight passes in the draft order', () => {
    expect(Object.values(AGIS_PASSES)).toEqual([
      'structural',
      'method syntax',
      'method class',
      'path syntax',
      'semantic completeness',
      'semantic consistency',
      'vocabulary integrity',
      'schema completeness',
    ]);
  });

  it('lists exactly the prohibited HTTP methods and the non-action stoplist of the draft', () => {
    expect([...PROHIBITED_HTTP_METHODS].sort()).toEqual(
      ['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE'].sort(),
    );
    expect([...NON_ACTION_STOPLIST].sort()).toEqual(
      ['active', 'available', 'data', 'exists', 'info', 'open', 'status', 'valid'].sort(),
    );
  });

  it('does not stoplist action verbs the draft never lists (READY the order)', () => {
    expect(checkMethodClass('READY').failures).toEqual([]);
    expect(checkMethodClass('INVALID').failures.map((f) => f.rule)).toEqual(['method.non-action']);
  });

  it('fails a value outside the MUST enumerations at Level 1, not only at Level 2', async () => {
    expect(await rules(doc({ actor: 'robot' }))).toEqual(['semantic.actor-value']);
    expect(await rules(doc({ capability: 'booking' }))).toEqual(['semantic.capability-value']);
    expect(await rules(doc({ impact_tier: 'severe' }))).toEqual(['semantic.impact_tier-value']);
    expect(await rules(doc({ confidence_guidance: 1.5 }))).toEqual(['semantic.confidence-range']);
    expect(await rules(doc({ is_idempotent: 'no' }))).toEqual(['semantic.idempotent-type']);
  });

  it('makes capability, confidence_guidance, impact_tier and is_idempotent REQUIRED at Level 2 only', async () => {
    expect(await rules(doc())).toEqual([]);
    expect(
      (await rules(doc({ state_transition: { 'reservation.status': 'NONE -> CONFIRMED' } }), 2)).sort(),
    ).toEqual(
      [
        'semantic.capability-missing',
        'semantic.confidence_guidance-missing',
        'semantic.impact_tier-missing',
        'semantic.is_idempotent-missing',
      ].sort(),
    );
    const full = {
      capability: 'transaction',
      confidence_guidance: 0.9,
      impact_tier: 'reversible',
      is_idempotent: false,
    };
    expect(await rules(doc(full), 2)).toEqual(['semantic.state_transition-missing']);
    expect(await rules(doc({ ...full, impact_tier: 'informational' }), 2)).toEqual([]);
  });

  it('treats a whitespace-only required top-level field as empty (pass 1)', async () => {
    expect(await rules(doc({}, { service: '   ' }))).toEqual(['document.service-missing']);
  });

  it('counts the 500-character limit in characters, not UTF-16 code units', async () => {
    const emoji = `Books a table 🍽${'🍽'.repeat(480)}`;
    expect([...emoji].length).toBeLessThanOrEqual(500);
    expect(emoji.length).toBeGreaterThan(500);
    expect(await rules(doc({ outcome: emoji }))).toEqual([]);
    expect(await rules(doc({ outcome: 'x'.repeat(501) }))).toEqual(['semantic.outcome-too-long']);
    expect(await rules(doc({ outcome: 'x'.repeat(500) }))).toEqual([]);
  });

  it('enforces the data_manifest rules: required when negotiable, typed fields, high sensitivity', async () => {
    const negotiable = { vocabulary: { declared_verbs: ['BOOK'], domain: 'h', negotiable: true } };
    expect(await rules(doc({}, negotiable))).toEqual(['document.negotiable-without-manifest']);
    const manifest = (item: Doc) => ({
      ...negotiable,
      data_manifest: { available_data: [item], pre_auth_discovery: true },
    });
    expect(await rules(doc({}, manifest({ class: 'reservation', formats: ['json'] })))).toEqual([]);
    expect(await rules(doc({}, manifest({ class: 'x', requires_authorization: 'yes' })))).toEqual([
      'data-manifest.requires-authorization-type',
    ]);
    for (const sensitivity of ['high', 'irreversible']) {
      const r = await validateAgisDocument(doc({}, manifest({ class: 'x', sensitivity })));
      expect(r.warnings.map((w) => w.rule)).toContain('data-manifest.high-needs-authorization');
    }
  });
});
