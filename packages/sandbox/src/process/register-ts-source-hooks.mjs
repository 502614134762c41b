// Passed to the sandbox child with `node --import` when the parent runs from TypeScript sources.
import { register } from 'node:module';

register('./ts-source-hooks.mjs', import.meta.url);
