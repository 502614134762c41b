import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { callTool, type ScriptedTurn } from './scripted-chat-model.js';

/** Options of {@link shoppingScript}. */
export interface ShoppingScriptOptions {
  /** The shop to look up first (a domain, as a user would name it). */
  domain: string;
  /** What to search for. */
  query: string;
}

type Json = Record<string, unknown>;

/** The data of the newest tool result, unwrapped from AgentWeb's `{ ok, data }` envelope. */
export function lastToolData(messages: readonly BaseMessage[]): Json {
  const message = [...messages].reverse().find((m) => ToolMessage.isInstance(m));
  if (message === undefined) throw new Error('the script expected a tool result and there is none');
  const text = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
  const parsed = JSON.parse(text) as Json;
  if (parsed.ok === false)
    throw new Error(`tool ${message.name ?? '?'} failed: ${JSON.stringify(parsed.error)}`);
  return (
    parsed.ok === true && typeof parsed.data === 'object' && parsed.data !== null ? parsed.data : parsed
  ) as Json;
}

function firstProduct(messages: readonly BaseMessage[]): { merchant: string; productId: string } {
  const data = lastToolData(messages);
  const products = Array.isArray(data.products) ? (data.products as Json[]) : [];
  const hit = products[0];
  if (hit === undefined || typeof hit.productId !== 'string' || typeof hit.merchant !== 'string') {
    throw new Error('search_products returned no product to pick');
  }
  return { merchant: hit.merchant, productId: hit.productId };
}

/**
 * What a model would do for "find me a <query> at <domain> and put one in my cart": discover the shop, search it,
 * read the best hit, add it to the cart, then answer with what the tools returned. Each turn reads the previous
 * tool result, so ids and prices in the answer come from the merchant, not from the script.
 */
export function shoppingScript(options: ShoppingScriptOptions): ScriptedTurn[] {
  let pick: { merchant: string; productId: string } | undefined;
  let productName = '';
  let price = '';
  return [
    () => callTool('discover_merchants', { targets: [options.domain] }, 'call-discover'),
    () =>
      callTool(
        'search_products',
        { query: options.query, merchants: null, filter: "availability = 'inStock'", maxResults: 3 },
        'call-search',
      ),
    (messages) => {
      pick = firstProduct(messages);
      return callTool('get_product', { product: pick.productId, merchant: pick.merchant }, 'call-product');
    },
    (messages) => {
      if (pick === undefined) throw new Error('no product was picked');
      const detail = lastToolData(messages);
      const product = (detail.product ?? {}) as Json;
      productName = String(product.name ?? pick.productId);
      price = [product.price, product.currency].filter((v) => v !== undefined).join(' ');
      return callTool(
        'manage_cart',
        {
          merchant: pick.merchant,
          action: 'add',
          productId: pick.productId,
          variantId: null,
          cartItemId: null,
          quantity: 1,
        },
        'call-cart',
      );
    },
    (messages) => {
      const cart = lastToolData(messages);
      const totals = (cart.totals ?? {}) as Json;
      const total = [totals.total, totals.currency].filter((v) => v !== undefined).join(' ');
      return new AIMessage(
        `I added 1 x ${productName}${price ? ` (${price})` : ''} from ${pick?.merchant} to your cart` +
          `${total ? `; the cart total is now ${total}` : ''}.`,
      );
    },
  ];
}
