// What every package a user installs from npm must carry: the licence text (Apache-2.0 requires it in each copy),
// public access for a first publish of a scoped name, and the lexicon data typed as `string`, not as a literal type
// that would ship the whole text again in the declarations.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const licence = readFileSync(new URL('LICENSE', root), 'utf8');
const published = readdirSync(new URL('packages/', root))
  .map((dir) => ({
    dir,
    json: JSON.parse(readFileSync(new URL(`packages/${dir}/package.json`, root), 'utf8')),
  }))
  .filter(({ json }) => json.private !== true);

describe('published packages', () => {
  it('are the eleven of the SDK', () => {
    expect(published.map(({ json }) => json.name).sort()).toEqual([
      '@agentweb/a2a',
      '@agentweb/agentcard',
      '@agentweb/agis',
      '@agentweb/cap',
      '@agentweb/core',
      '@agentweb/discovery',
      '@agentweb/http',
      '@agentweb/redis',
      '@agentweb/sandbox',
      '@agentweb/ucp',
      'agentweb',
    ]);
  });

  it.each(published.map((p) => [p.json.name, p]))(
    '%s carries the Apache-2.0 text and publishes publicly',
    (_, p) => {
      expect(p.json.license).toBe('Apache-2.0');
      expect(licence).toContain('Apache License');
      expect(readFileSync(new URL(`packages/${p.dir}/LICENSE`, root), 'utf8')).toBe(licence);
      expect(p.json.publishConfig?.access).toBe('public');
    },
  );

  it('@agentweb/agis types its lexicon data as string and ships its source once (as JavaScript)', () => {
    for (const file of ['noun-lexicon-data.ts', 'verb-lexicon-data.ts']) {
      const text = readFileSync(new URL(`packages/agis/src/lexicon/${file}`, root), 'utf8');
      const exported = text.match(/^export const \w+.*$/gm) ?? [];
      expect(exported.length).toBeGreaterThan(0);
      for (const line of exported) expect(line).toMatch(/^export const \w+: string =$/);
    }
    const agis = published.find(({ json }) => json.name === '@agentweb/agis');
    expect(agis?.json.files).toContain('!src/lexicon/*-data.ts');
  });
});
