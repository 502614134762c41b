import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AgentProfileSchema,
  IETF_AGENTCARD_VERSION,
  IetfAgentCardSchema,
  safeParseAgentCard,
  type ValidationIssue,
} from '../src/index.js';
import { FIXTURES_DIR, readFixtureJson } from './fixture-files.js';

interface OracleCase {
  id: string;
  input_kind: 'file' | 'card' | 'card_json_string' | 'raw_text';
  file?: string;
  card?: unknown;
  card_json_string?: string;
  raw_text?: string;
  expected: {
    valid: boolean;
    parse_error?: boolean;
    rules_violated: number[];
    section2_violations: { section: string; message: string }[];
  };
}

const cases = readFixtureJson<{ cases: OracleCase[] }>('oracles/agentcard/cases.json').cases;

/** What a user would hand `parseAgentCard`: file text, an object, the embedded JSON string, or raw text. */
function inputOf(c: OracleCase): unknown {
  switch (c.input_kind) {
    case 'file':
      return readFileSync(new URL(`oracles/agentcard/${c.file}`, FIXTURES_DIR), 'utf8');
    case 'card':
      return c.card;
    case 'card_json_string':
      return c.card_json_string;
    case 'raw_text':
      return c.raw_text;
  }
}

function ruleNumbers(issues: ValidationIssue[]): number[] {
  const numbers = issues
    .map((issue) => /^ietf-agentcard\/(\d+)$/.exec(issue.rule)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return [...new Set(numbers)].sort((a, b) => a - b);
}

function sections(issues: ValidationIssue[]): string[] {
  const found = issues
    .map((issue) => /^ietf-agentcard\/(2\.[\d.]+)$/.exec(issue.rule)?.[1])
    .filter((s): s is string => s !== undefined);
  return [...new Set(found)].sort();
}

describe('IETF AgentCard oracle cases (fixtures/oracles/agentcard/cases.json) through parseAgentCard', () => {
  it('loads every case', () => {
    expect(cases.length).toBeGreaterThanOrEqual(89);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const input = inputOf(c);
    const lenient = safeParseAgentCard(input, { format: 'ietf', strict: false });
    if (c.expected.parse_error) {
      expect(lenient.ok).toBe(false);
      if (!lenient.ok) expect(lenient.issues.map((i) => i.rule)).toEqual(['input/json-syntax']);
      return;
    }
    const expectedSections = [...new Set(c.expected.section2_violations.map((v) => v.section))].sort();

    // Lenient: section 5 is the only gate; section 2 MUSTs are warnings.
    expect(lenient.ok).toBe(c.expected.valid);
    if (lenient.ok) {
      expect(lenient.version).toBe(IETF_AGENTCARD_VERSION);
      expect(sections(lenient.warnings)).toEqual(expectedSections);
      expect(AgentProfileSchema.parse(lenient.profile)).toEqual(lenient.profile);
      expect(lenient.profile.source).toEqual({ format: 'ietf', version: IETF_AGENTCARD_VERSION });
      // Auto-detection reads every valid oracle card as IETF too.
      const auto = safeParseAgentCard(input, { strict: false });
      expect(auto.ok && auto.format).toBe('ietf');
    } else {
      expect(ruleNumbers(lenient.issues)).toEqual(c.expected.rules_violated);
      expect(lenient.issues.every((issue) => /^ietf-agentcard\/\d+$/.test(issue.rule))).toBe(true);
    }

    // Strict (the default): the section 2 MUSTs are errors as well.
    const strict = safeParseAgentCard(input, { format: 'ietf' });
    const strictErrors = strict.ok ? [] : strict.issues;
    expect(ruleNumbers(strictErrors)).toEqual(c.expected.rules_violated);
    expect(sections(strictErrors)).toEqual(expectedSections);
    expect(strict.ok).toBe(c.expected.valid && expectedSections.length === 0);
    if (strict.ok) expect(sections(strict.warnings)).toEqual([]);

    // The zod model states the same constraints: it accepts exactly the cards strict mode accepts.
    const decoded = typeof input === 'string' ? JSON.parse(input) : input;
    expect(IetfAgentCardSchema.safeParse(decoded).success).toBe(strict.ok);
  });
});
