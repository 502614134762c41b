import { readdirSync, readFileSync, statSync } from 'node:fs';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { createA2ACard, safeParseAgentCard } from '../src/index.js';

const ORACLES = new URL('../../../fixtures/oracles/', import.meta.url);

function jsonFilesUnder(dir: URL): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const url = new URL(name, dir);
    if (statSync(url).isDirectory()) out.push(...jsonFilesUnder(new URL(`${name}/`, dir)));
    else if (name.endsWith('.json')) out.push(readFileSync(url, 'utf8'));
  }
  return out;
}

interface CaseFile {
  cases: { card?: unknown; card_json_string?: string }[];
}
const cases = JSON.parse(readFileSync(new URL('agentcard/cases.json', ORACLES), 'utf8')) as CaseFile;
// Every card of the IETF oracle set (valid and invalid), as the JSON text a fetch would return.
const ietfTexts = [
  ...jsonFilesUnder(new URL('agentcard/cards/', ORACLES)),
  ...cases.cases.flatMap((c) =>
    c.card ? [JSON.stringify(c.card)] : c.card_json_string ? [c.card_json_string] : [],
  ),
];

const a2aTexts = [1, 5, 20].map((skills) =>
  JSON.stringify(
    createA2ACard({
      name: `Merchant with ${skills} skills`,
      description: 'A CAP merchant',
      url: 'https://shop.example/a2a',
      version: '1.0.0',
      cap: { queryModes: ['keyword', 'phrase'] },
      skills: Array.from({ length: skills }, (_, i) => ({
        id: `cap:skill_${i}`,
        name: `Skill ${i}`,
        description: 'Does one commerce thing',
        tags: ['auth:public', 'commerce'],
      })),
    }),
  ),
);

benchGroup(`IETF oracle cards (${ietfTexts.length} JSON texts per op)`, [
  {
    name: 'baseline: JSON.parse',
    fn: () => {
      for (const text of ietfTexts) JSON.parse(text);
    },
  },
  {
    name: 'safeParseAgentCard (decode + validate + profile)',
    fn: () => {
      for (const text of ietfTexts) safeParseAgentCard(text);
    },
  },
]);

benchGroup('A2A CAP merchant cards (3 JSON texts per op)', [
  {
    name: 'baseline: JSON.parse',
    fn: () => {
      for (const text of a2aTexts) JSON.parse(text);
    },
  },
  {
    name: 'safeParseAgentCard (decode + validate + profile)',
    fn: () => {
      for (const text of a2aTexts) safeParseAgentCard(text);
    },
  },
]);
