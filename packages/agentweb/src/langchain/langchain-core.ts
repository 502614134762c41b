import { loadPeerSync } from '@agentweb/core';
import { requirePeer } from '../peers/require-peer.js';

type LangChainTools = typeof import('@langchain/core/tools');

/**
 * `@langchain/core/tools`, an optional peer dependency loaded when `agentweb/langchain` is: without it the import
 * fails with `MissingPeerDependencyError` naming the package, instead of a bare `ERR_MODULE_NOT_FOUND`. Loaded
 * synchronously ({@link requirePeer}), so `agentweb/langchain` has no top-level await and CommonJS users can
 * `require()` it.
 */
export const langchainTools: LangChainTools = loadPeerSync({
  packageName: '@langchain/core',
  feature: 'agentweb/langchain (the LangChain tools)',
  load: () => requirePeer<LangChainTools>('@langchain/core/tools'),
});
