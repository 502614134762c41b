import type { CartManageInput, CartManageOutput } from '@agentweb/cap';
import { CliUsageError } from '../cli-errors.js';
import { writeJson, writeLine } from '../cli-io.js';
import type { CommandContext } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { integerFlag } from '../flag-values.js';
import { formatFields, formatTable } from '../table.js';

const ACTIONS = ['view', 'add', 'remove', 'clear'] as const;
type Action = (typeof ACTIONS)[number];

function inputOf(action: Action, productId: string | undefined, quantity: number): CartManageInput {
  switch (action) {
    case 'add':
      return { action, addItems: [{ productId: productId!, quantity }] };
    case 'remove':
      return { action, removeItems: [{ productId: productId! }] };
    default:
      return { action };
  }
}

/** Prints a cart's items and totals (shared with `checkout`'s view of what is being bought). */
export function printCart(ctx: CommandContext, output: CartManageOutput): void {
  const { stdout } = ctx.io;
  if (output.items.length === 0) writeLine(stdout, 'the cart is empty');
  else
    stdout.write(
      formatTable(
        ['id', 'name', 'quantity', 'unit price', 'line total'],
        output.items.map((item) => [
          item.productId,
          item.productName,
          item.quantity,
          item.unitPrice,
          item.lineTotal,
        ]),
      ),
    );
  const t = output.totals;
  writeLine(stdout);
  stdout.write(
    formatFields([
      ['cart', output.cart.cartId],
      ['items', output.cart.itemCount],
      ['subtotal', `${t.subtotal} ${t.currency}`],
      ...(t.tax === undefined ? [] : [['tax', `${t.tax} ${t.currency}`] as const]),
      ...(t.shipping === undefined ? [] : [['shipping', `${t.shipping} ${t.currency}`] as const]),
      ['total', `${t.total} ${t.currency}`],
    ]),
  );
}

/** Runs `agentweb cart` (its flags and help are in cart.ts, loaded without this). */
export async function runCart(ctx: CommandContext): Promise<number> {
  const [action, merchant, productId, extra] = ctx.positionals;
  if (action === undefined) throw new CliUsageError('missing <view|add|remove|clear>', 'cart');
  if (!(ACTIONS as readonly string[]).includes(action))
    throw new CliUsageError(`unknown cart action "${action}": expected view, add, remove or clear`, 'cart');
  if (merchant === undefined || merchant.trim() === '')
    throw new CliUsageError('missing <merchant-domain>', 'cart');
  const needsId = action === 'add' || action === 'remove';
  if (needsId && (productId === undefined || productId.trim() === ''))
    throw new CliUsageError(`cart ${action} needs a <product-id>`, 'cart');
  const unexpected = needsId ? extra : productId;
  if (unexpected !== undefined) throw new CliUsageError(`unexpected argument "${unexpected}"`, 'cart');
  const quantity = integerFlag(ctx.values, 'quantity', { min: 1, max: 999, command: 'cart' }, 1)!;
  const result = await ctx
    .client()
    .cart(merchant, inputOf(action as Action, productId, quantity), { signal: ctx.signal });
  if (ctx.json) writeJson(ctx.io.stdout, { merchantId: result.merchantId, ...result.output });
  else printCart(ctx, result.output);
  return result.output.operation.success ? EXIT.ok : EXIT.failed;
}
