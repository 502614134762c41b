import { loadPeer } from '@agentweb/core';

/**
 * `@langchain/core/tools`, an optional peer dependency imported when `agentweb/langchain` is: without it the import
 * fails with `MissingPeerDependencyError` naming the package, instead of a bare `ERR_MODULE_NOT_FOUND`.
 */
export const langchainTools = await loadPeer({
  packageName: '@langchain/core',
  feature: 'agentweb/langchain (the LangChain tools)',
  load: () => import('@langchain/core/tools'),
});
