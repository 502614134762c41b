import type { LoadedAgisService } from './types.js';

/**
 * True when `loaded` is the service named by `service` and `namespace`. Both together identify a service: loading
 * the same pair again replaces it, and a match candidate names its endpoint's service that way.
 */
export function isAgisService(
  loaded: LoadedAgisService,
  service: string,
  namespace: string | undefined,
): boolean {
  return loaded.service === service && loaded.document.vocabulary.namespace === namespace;
}
