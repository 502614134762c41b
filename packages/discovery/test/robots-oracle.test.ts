import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { robotsAllows } from '../src/robots/index.js';

interface RobotsCase {
  id: string;
  rfc9309: boolean;
  google_only: boolean;
  robots_txt: string;
  user_agent: string;
  url: string;
  expected_allowed: boolean;
}

const file = new URL('../../../fixtures/oracles/robots/robots-cases.json', import.meta.url);
const { cases } = JSON.parse(readFileSync(file, 'utf8')) as { cases: RobotsCase[] };

describe("robotsAllows vs Google's robots_test.cc (RFC 9309 cases)", () => {
  const rfc = cases.filter((c) => c.rfc9309);

  it('has the RFC 9309 cases', () => {
    expect(rfc.length).toBe(55);
  });

  it.each(rfc.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(robotsAllows(c.robots_txt, c.user_agent, c.url)).toBe(c.expected_allowed);
  });

  it('reports the Google-only cases (extensions, not asserted)', () => {
    const googleOnly = cases.filter((c) => c.google_only);
    const failed = googleOnly.filter(
      (c) => robotsAllows(c.robots_txt, c.user_agent, c.url) !== c.expected_allowed,
    );
    console.info(
      `robots Google-only: ${googleOnly.length - failed.length}/${googleOnly.length} agree; differ: ${failed.map((c) => c.id).join(', ')}`,
    );
    expect(googleOnly.length).toBe(54);
  });
});
