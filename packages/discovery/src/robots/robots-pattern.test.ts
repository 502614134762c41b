import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseRobotsTxt,
  ROBOTS_MAX_LINE_LENGTH,
  ROBOTS_MAX_PATH_LENGTH,
  robotsAllows,
} from './robots-allows.js';
import { compilePattern, matchPattern } from './robots-pattern.js';

/** RFC 9309 matching written the obvious (backtracking) way: fine as a reference on short inputs. */
function referenceMatch(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split('*')
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`, 's').test(path);
}

const alphabet = fc.constantFrom('a', 'b', '/', '*', '$', '.', '?');

describe('matchPattern', () => {
  it('agrees with a backtracking matcher on every pattern and path', () => {
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 12 }).map((c) => `/${c.join('')}`),
        fc
          .array(
            alphabet.filter((c) => c !== '*'),
            { maxLength: 16 },
          )
          .map((c) => `/${c.join('')}`),
        (pattern, path) => {
          const budget = { left: Number.MAX_SAFE_INTEGER };
          expect(matchPattern(compilePattern(pattern), path, budget)).toBe(referenceMatch(pattern, path));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('gives up (undefined) when the work budget runs out', () => {
    const pattern = compilePattern('/*x*y');
    expect(matchPattern(pattern, `/${'a'.repeat(1000)}`, { left: 100 })).toBeUndefined();
    expect(matchPattern(pattern, '/axy', { left: 100 })).toBe(true);
  });
});

describe('robots.txt limits', () => {
  it('reads a line up to the line limit and ignores the rest (as Google does)', () => {
    const long = `/x/${'b'.repeat(ROBOTS_MAX_LINE_LENGTH)}/qux`;
    const robots = `User-agent: *\nDisallow: /\nAllow: ${long}\n`;
    // The cut pattern is a prefix of a URL the full one would not match.
    expect(robotsAllows(robots, 'Bot', `https://s.example/x/${'b'.repeat(ROBOTS_MAX_LINE_LENGTH)}/fux`)).toBe(
      true,
    );
  });

  it('refuses a path longer than the path limit and decides one at the limit', () => {
    const rules = parseRobotsTxt('User-agent: *\nDisallow: /private\n');
    const at = `/${'a'.repeat(ROBOTS_MAX_PATH_LENGTH - 1)}`;
    expect(rules.isAllowed(`https://s.example${at}`, 'Bot')).toBe(true);
    expect(rules.isAllowed(`https://s.example${at}a`, 'Bot')).toBe(false);
    // A file without rules for the crawler allows everything, however long the URL.
    expect(parseRobotsTxt('').isAllowed(`https://s.example${at}a`, 'Bot')).toBe(true);
  });

  it('fails closed when deciding would cost more than the budget, and decides short paths', () => {
    const lines = Array.from({ length: 30_000 }, (_v, i) => `Disallow: /*x${i}z`);
    const rules = parseRobotsTxt(`User-agent: *\n${lines.join('\n')}\n`);
    expect(rules.isAllowed(`https://s.example/${'a'.repeat(8000)}`, 'Bot')).toBe(false);
    expect(rules.isAllowed('https://s.example/ax7z', 'Bot')).toBe(false);
    expect(rules.isAllowed('https://s.example/ab', 'Bot')).toBe(true);
  });

  it('skips a byte order mark', () => {
    expect(robotsAllows('\ufeffUser-agent: *\nDisallow: /\n', 'Bot', 'https://s.example/a')).toBe(false);
  });
});
