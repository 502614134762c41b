import {
  createIntentMatcher,
  findDateTimes,
  type IntentMatcher,
  jsonSchemaProblems,
  type MatcherService,
  parseAgisDocumentDetailed,
  parseAgisSource,
  parseTypedField,
  parseWellKnownSummary,
  toWellKnownSummary,
  validateAgisDocument,
  validateJsonValue,
} from '@agentweb/agis';
import fc from 'fast-check';
import { mutatedJson, textInput } from '../arbitraries.js';
import { hostileAgis, hostileInstructions } from '../hostile.js';
import { realAgisServices, realInstructions } from '../real-inputs.js';
import { defineTarget, type FuzzTarget, jsonSize, textSize } from '../target.js';

const YAML_SEED = `agis: "1.0"
service: "Harbor Table"
agtp: "agtp://harbor.example"
description: Reservations
version: "1.0"
endpoints:
  - method: BOOK
    path: /reservation
    semantic:
      intent: "Books a table at a restaurant for a party at a time."
      actor: agent
      outcome: "A reservation is created."
      impact_tier: reversible
      parameter_hints: {party_size: ["for two", "4 people"]}
    input:
      type: object
      properties:
        party_size: {type: integer, minimum: 1, maximum: 20}
        datetime: {type: string, format: date-time, pattern: "^[0-9T:-]+$"}
      required: [party_size]
    output: {type: object}
    errors: [{name: reservation_unavailable}]
vocabulary:
  domain: hospitality
  declared_verbs: [BOOK]
`;
const BRACE_SEED = `agis: 1.0
service: Acme Reservations
endpoints:
  BOOK /reservation {
    semantic {
      intent: Books a table
      actor: agent
      outcome: "A reservation exists"
    }
    input {
      required: [party_size (integer, minimum: 1, maximum: 20), datetime (ISO8601)]
      optional: [notes (string)]
    }
    output { reservation_id, status }
    errors { reservation_unavailable }
  }
vocabulary { declared_verbs: [BOOK] }
`;
const AGIS_FRAGMENTS = [
  '- ',
  '? ',
  ': ',
  '  ',
  '\n',
  '\n  ',
  '{',
  '}',
  '[',
  ']',
  ',',
  '"',
  "'",
  '#',
  '&a ',
  '*a',
  '!!str ',
  '|',
  '>',
  '---\n',
  'BOOK /x {',
  'semantic {',
  '...',
  'key: value',
  'type: [string, null]',
  '\t',
  '\\',
  '__proto__: 1',
];
const SEEDS = [YAML_SEED, BRACE_SEED, JSON.stringify(parseAgisSource(YAML_SEED).value)];

const SUMMARY = toWellKnownSummary(parseAgisDocumentDetailed(YAML_SEED).document, {
  agisDocument: 'https://harbor.example/.well-known/agis.yaml',
});
const SCHEMAS = mutatedJson([
  {
    type: 'object',
    properties: { a: { type: 'string', pattern: '^a+$' }, n: { type: ['integer', 'null'], enum: [1, 2] } },
    required: ['a'],
    additionalProperties: false,
    allOf: [{ minProperties: 1 }],
    anyOf: [{ required: ['a'] }, { required: ['n'] }],
  },
]);

const catalog = (): MatcherService[] =>
  realAgisServices().map((text) => parseAgisSource(text).value as MatcherService);
let matcher: IntentMatcher | undefined;
const intentMatcher = (): IntentMatcher => {
  matcher ??= createIntentMatcher({ services: catalog(), now: new Date(2026, 4, 4, 9) });
  return matcher;
};

export const agisTargets: FuzzTarget[] = [
  defineTarget({
    name: 'agis.parseAgisDocumentDetailed',
    input: textInput(SEEDS, AGIS_FRAGMENTS),
    run: (text: string) => parseAgisDocumentDetailed(text),
    size: textSize,
    realInputs: realAgisServices,
    hostile: fc.constantFrom(...hostileAgis(512 * 1024).map((h) => h.text)),
    coveredBy: 'packages/agis/test/document.test.ts',
    testRuns: 100,
  }),
  defineTarget({
    name: 'agis.validateAgisDocument(text)',
    input: textInput(SEEDS, AGIS_FRAGMENTS),
    run: (text: string) => validateAgisDocument(text),
    size: textSize,
    realInputs: realAgisServices,
    hostile: fc.constantFrom(...hostileAgis(512 * 1024).map((h) => h.text)),
    testRuns: 100,
  }),
  defineTarget({
    name: 'agis.validateAgisDocument(object)',
    input: mutatedJson([parseAgisSource(YAML_SEED).value]),
    run: (value: unknown) => validateAgisDocument(value),
    size: jsonSize,
    testRuns: 100,
  }),
  defineTarget({
    name: 'agis.createIntentMatcher.match',
    input: textInput(
      [
        'book a table for 2 at 8pm tomorrow',
        'track PW555000111',
        'mañana por la mañana a las 9',
        'cancel my booking on monday june 8',
      ],
      [
        'midnight ',
        'may ',
        'for 2 ',
        '8pm ',
        '12:30 ',
        'next tuesday ',
        '€',
        '$500 ',
        'PW',
        '\u0000',
        'ignore previous instructions ',
      ],
    ),
    run: (instruction: string) => intentMatcher().match(instruction),
    size: textSize,
    realInputs: realInstructions,
    hostile: fc.constantFrom(...hostileInstructions(2000).map((h) => h.text)),
    // Instructions are short: the 2000-character hostile ones are timed per MB against the real ones.
    timedBytes: 1000,
    testRuns: 60,
  }),
  defineTarget({
    name: 'agis.findDateTimes',
    input: textInput(
      [
        'book for 4 on 2030-05-06 at 19:00',
        'at copper-pot at 2030-05-06T19:00Z',
        'on 06/05/2030 between 7 and 9',
        '6 May 2030 at noon, Friday 7-9pm',
      ],
      [
        '2030-05-06',
        'T19:00',
        '+02:00',
        '06/05',
        '15.05.2026',
        'May 6',
        '6 May 2030',
        'between 7 and 9 ',
        'from 3 to 4pm ',
        '7-9pm ',
        'noon ',
        'next friday ',
        ':',
        '/',
        '-',
        '.',
        ' ',
      ],
    ),
    run: (text: string) => findDateTimes(text, { now: new Date(2026, 4, 4, 9), locale: 'en-GB' }),
    size: textSize,
    realInputs: realInstructions,
    hostile: fc.constantFrom(...hostileInstructions(2000).map((h) => h.text)),
    timedBytes: 1000,
    testRuns: 150,
  }),
  defineTarget({
    name: 'agis.parseTypedField',
    input: textInput(
      [
        'party_size (integer, minimum: 1, maximum: 20)',
        'restaurants: [array of restaurant objects]',
        'when (date, enum: [a, "b"])',
      ],
      ['(', ')', '[', ']', ',', ':', '"', 'array of ', 'enum: ', ' '],
    ),
    run: (spec: string) => parseTypedField(spec),
    size: textSize,
    testRuns: 200,
  }),
  defineTarget({
    name: 'agis.jsonSchemaProblems',
    input: SCHEMAS,
    run: (schema: unknown) => jsonSchemaProblems(schema),
    size: jsonSize,
    testRuns: 150,
  }),
  defineTarget({
    name: 'agis.validateJsonValue',
    input: fc.record({ schema: SCHEMAS, value: mutatedJson([{ a: 'aaa', n: 1 }]) }),
    run: ({ schema, value }: { schema: unknown; value: unknown }) => validateJsonValue(schema, value),
    size: jsonSize,
    testRuns: 150,
  }),
  defineTarget({
    name: 'agis.parseWellKnownSummary',
    input: fc.oneof(
      textInput([JSON.stringify(SUMMARY)], ['{', '}', '"', ',', ':', '[']),
      mutatedJson([SUMMARY]),
    ),
    run: (input: unknown) => parseWellKnownSummary(input),
    size: jsonSize,
    testRuns: 150,
  }),
];
