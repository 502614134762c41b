// Option checks without the resolver, the crawler or the page readers behind them: a facade that loads those on
// first use imports this subpath to refuse bad options at construction.
export { EXTRACTION_POOL_RULE } from '../page/extraction-pool-rule.js';
export {
  checkResolverOptions,
  DEFAULT_DISCOVERY_TIMEOUT_MS,
  DEFAULT_MECHANISMS,
} from './resolver-option-rules.js';
