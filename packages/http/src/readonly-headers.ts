/**
 * Response headers as handed out by the client: a real `Headers` object typed without its mutators, because
 * cached responses share one instance between callers. `Omit`, not `Pick`: under the DOM lib `Headers` is the DOM's
 * (without its iterators unless `dom.iterable` is in `lib`), and a `Pick` of members it lacks does not compile in
 * the user's project.
 */
export type ReadonlyHeaders = Omit<Headers, 'append' | 'delete' | 'set'>;
