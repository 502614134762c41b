import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createA2ACard } from '@agentweb/agentcard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCliBuilt, runCli } from './cli-harness.js';
import { runInProcess } from './cli-in-process.js';

const HARBOR = fileURLToPath(
  new URL('../../../fixtures/agis-dev/services/harbor-table.agis.yaml', import.meta.url),
);

const BAD_AGIS = `agis: "1.0"
service: "Broken"
agtp: "agtp://broken.example"
vocabulary:
  declared_verbs: [GET]
endpoints:
  - method: GET
    path: /items
    semantic:
      intent: "Gets items."
      actor: agent
      outcome: "Items are returned."
    input: {type: object, properties: {}, required: []}
    output: {type: object}
    errors: [{name: not_found}]
`;

let dir: string;
let goodCard: string;
let badCard: string;
let badAgis: string;

beforeAll(() => {
  ensureCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'agentweb-cli-'));
  goodCard = join(dir, 'card.json');
  writeFileSync(
    goodCard,
    JSON.stringify(
      createA2ACard({
        name: 'Sock Shop',
        description: 'Sells socks',
        url: 'https://socks.example/a2a',
        version: '1.0.0',
        skills: [
          { id: 'cap:product_search', name: 'Search', description: 'Finds socks', tags: ['auth:public'] },
        ],
        cap: { queryModes: ['keyword'] },
      }),
    ),
  );
  badCard = join(dir, 'bad-card.json');
  writeFileSync(badCard, JSON.stringify({ name: 'No endpoint', protocolVersion: '0.3.0', skills: 'none' }));
  badAgis = join(dir, 'bad.agis.yaml');
  writeFileSync(badAgis, BAD_AGIS);
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('card validate (file)', () => {
  it('a valid card: format, version and name, exit 0', async () => {
    const run = await runInProcess(['card', 'validate', goodCard]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/valid:\s+yes/);
    expect(run.stdout).toMatch(/format:\s+a2a/);
    expect(run.stdout).toMatch(/version:\s+0\.3/);
    expect(run.stdout).toContain('Sock Shop');
  });

  it('an invalid card lists rule and path for each issue, exit 1; --json parses', async () => {
    const human = await runInProcess(['card', 'validate', badCard]);
    expect(human.code).toBe(1);
    expect(human.stdout).toMatch(/valid:\s+no/);
    expect(human.stdout).toMatch(/error\s+a2a\//);
    const json = await runInProcess(['card', 'validate', badCard, '--json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { valid: boolean; issues: { rule: string; path: unknown[] }[] };
    expect(report.valid).toBe(false);
    expect(report.issues.length).toBeGreaterThan(0);
    expect(report.issues.every((i) => typeof i.rule === 'string' && Array.isArray(i.path))).toBe(true);
  });

  it('a missing file is error CLI_FILE_UNREADABLE, exit 1, no stack trace', async () => {
    // The built bin: the real stderr carries one line and no stack.
    const run = await runCli(['card', 'validate', join(dir, 'nope.json')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: CLI_FILE_UNREADABLE: cannot read .*nope\.json: no such file\n$/);
    const debug = await runInProcess(['card', 'validate', join(dir, 'nope.json'), '--debug']);
    expect(debug.stderr).toContain('at ');
  });
});

describe('agis validate', () => {
  it('a conforming document at level 1: exit 0', async () => {
    const run = await runInProcess(['agis', 'validate', HARBOR]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/conforms:\s+yes/);
  });

  it('failures with pass, rule, path and line:col, exit 1; --json parses', async () => {
    const run = await runInProcess(['agis', 'validate', badAgis]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/conforms:\s+no/);
    expect(run.stdout).toMatch(/fail\s+3\s+method\.prohibited-http\s+endpoints\[0\]\.method\s+7:\d+/);
    const json = await runInProcess(['agis', 'validate', badAgis, '--json']);
    expect(json.code).toBe(1);
    const result = JSON.parse(json.stdout) as {
      conforms: boolean;
      failures: { rule: string; line?: number }[];
    };
    expect(result.conforms).toBe(false);
    expect(result.failures.find((f) => f.rule === 'method.prohibited-http')?.line).toBe(7);
  });

  it('--level 2 holds documents to the level 2 fields', async () => {
    const run = await runInProcess(['agis', 'validate', HARBOR, '--level', '2', '--json']);
    const result = JSON.parse(run.stdout) as { level: number; conforms: boolean };
    expect(result.level).toBe(2);
    expect(run.code).toBe(result.conforms ? 0 : 1);
    const bad = await runInProcess(['agis', 'validate', HARBOR, '--level', '3']);
    expect(bad.code).toBe(2);
  });
});

describe('agis mcp', () => {
  it('prints the tools as JSON (tools/list shape), even without --json', async () => {
    const run = await runInProcess(['agis', 'mcp', HARBOR]);
    expect(run.code).toBe(0);
    const { tools } = JSON.parse(run.stdout) as { tools: { name: string; inputSchema: { type: string } }[] };
    expect(tools.map((t) => t.name)).toContain('book_table');
    expect(tools.every((t) => t.inputSchema.type === 'object')).toBe(true);
  });

  it('an unparseable document is an AGIS parse error, exit 1', async () => {
    const broken = join(dir, 'broken.yaml');
    writeFileSync(broken, 'agis: [unclosed\n');
    const run = await runInProcess(['agis', 'mcp', broken]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: AGIS_PARSE_/);
  });
});

describe('intent (a document file, no network)', () => {
  it('ranks the candidates with params and confirmation, exit 0', async () => {
    const run = await runInProcess(['intent', 'book a table for four tomorrow at 7', '--service', HARBOR]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Harbor Table Reservations');
    expect(run.stdout).toMatch(/1\s+Harbor Table Reservations\s+BOOK \/reservation/);
    const json = await runInProcess([
      'intent',
      'book a table for four tomorrow at 7',
      '--service',
      HARBOR,
      '--json',
    ]);
    const match = JSON.parse(json.stdout) as {
      abstain: boolean;
      candidates: {
        method: string;
        path: string;
        params: Record<string, unknown>;
        needsConfirmation: boolean;
      }[];
    };
    expect(match.abstain).toBe(false);
    expect(match.candidates[0]).toMatchObject({ method: 'BOOK', path: '/reservation' });
    expect(match.candidates[0]!.params['party_size']).toBe(4);
  });

  it('abstains on an instruction no endpoint serves, exit 1', async () => {
    const run = await runInProcess(['intent', 'what is the boiling point of tungsten', '--service', HARBOR]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('abstain');
  });
});
