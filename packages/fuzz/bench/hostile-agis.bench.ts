import {
  createIntentMatcher,
  type MatcherService,
  parseAgisSource,
  validateAgisDocument,
} from '@agentweb/agis';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { hostileAgis, hostileInstructions } from '../src/hostile.js';
import { realAgisServices, realInstructions } from '../src/real-inputs.js';

// AGIS documents and instructions written to be slow, against real ones, per byte read. Each entry reads about
// as many bytes per iteration as its baseline, so "time vs baseline" is the ratio of times per MB.
const services = realAgisServices();
const serviceBytes = services.reduce((sum, s) => sum + s.length, 0);
const REPEAT = 4;
const documents = hostileAgis(Math.round((serviceBytes * 8) / REPEAT));
const options = { time: 700, warmupIterations: 1, iterations: 3 };

benchGroup(
  `AGIS documents: validateAgisDocument(text) per MB (${((8 * serviceBytes) / 1e6).toFixed(2)} MB per iteration)`,
  [
    {
      name: 'baseline: the benchmark services, each read 8 times',
      fn: async () => {
        for (let i = 0; i < 8; i++) for (const text of services) await validateAgisDocument(text);
      },
    },
    ...documents.map(({ name, text }) => ({
      name: `hostile: ${name}`,
      fn: async () => {
        for (let i = 0; i < REPEAT; i++) await validateAgisDocument(text);
      },
    })),
  ],
  options,
);

const matcher = createIntentMatcher({
  services: services.map((text) => parseAgisSource(text).value as MatcherService),
  now: new Date(2026, 4, 4, 9),
});
const instructions = realInstructions();
const instructionChars = instructions.reduce((sum, s) => sum + s.length, 0);
const long = hostileInstructions(2000);
const perLong = Math.max(1, Math.round(instructionChars / 2000));

benchGroup(
  `instructions: match() per character (${instructionChars} characters per iteration)`,
  [
    {
      name: `baseline: the ${instructions.length} benchmark instructions`,
      fn: async () => {
        for (const text of instructions) await matcher.match(text);
      },
    },
    ...long.map(({ name, text }) => ({
      name: `2000 characters: ${name}`,
      fn: async () => {
        for (let i = 0; i < perLong; i++) await matcher.match(text);
      },
    })),
  ],
  options,
);
