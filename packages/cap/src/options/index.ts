// Option rules without the clients, schemas and fan-out behind them: a facade that loads those on first use
// imports this subpath to refuse bad options at construction.
export { MERCHANT_BACKOFF_OPTION_RULES } from '../backoff/backoff-state.js';
