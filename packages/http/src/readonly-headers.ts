/**
 * Response headers as handed out by the client: a real `Headers` object typed without its mutators, because
 * cached responses share one instance between callers.
 */
export type ReadonlyHeaders = Pick<
  Headers,
  'get' | 'has' | 'forEach' | 'entries' | 'keys' | 'values' | 'getSetCookie' | typeof Symbol.iterator
>;
