// Public API of @agentweb/agis. Each area keeps its own barrel; this file is the only entry point
// users import, so a name exported here must mean one thing across the package.
export * from './document/index.js';
export { cosine, createLexicalEmbedder, type Embedder, type LexicalEmbedderOptions } from './embedder.js';
export * from './invoke/index.js';
export * from './json-schema/index.js';
export * from './lexicon/index.js';
export * from './match/index.js';
export * from './mcp/index.js';
export * from './validate/index.js';
export * from './well-known/index.js';
