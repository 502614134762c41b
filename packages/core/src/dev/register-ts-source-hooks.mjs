// Passed with `node --import` (or a worker's execArgv) when a child process or worker thread runs this monorepo's
// TypeScript sources: see moduleEntry() in ../module-entry.ts.
import { register } from 'node:module';

register('./ts-source-hooks.mjs', import.meta.url);
