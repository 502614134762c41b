import { withholdSecrets } from '@agentweb/core';
import type { UcpPaymentInstrument } from '@agentweb/ucp';
import type { CheckoutResult } from '../../client/ucp/ucp-checkout-types.js';
import { minorToDecimal } from '../../client/ucp/ucp-product.js';
import { CliUsageError } from '../cli-errors.js';
import { writeJson, writeLine } from '../cli-io.js';
import type { CommandContext } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { booleanFlag, requirePositionals, stringFlag } from '../flag-values.js';
import { formatFields, printable } from '../table.js';
import { PAYMENT_TOKEN_ENV } from './checkout.js';

/** A decimal total as `minorToDecimal` writes it (`"19.99"`, `"1999"` for JPY) back in minor units. */
function minorOf(decimal: string | undefined): number | undefined {
  if (decimal === undefined || !/^-?\d+(\.\d+)?$/.test(decimal)) return undefined;
  return Number(decimal.replace('.', ''));
}

/**
 * Removes the payment token from an error and its causes before the CLI prints it. The client already keeps it
 * out of everything it makes; this holds for anything else on the way (a library error quoting a value).
 */
function scrub(error: unknown, token: string): void {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const record = current as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(record))
      if (typeof value === 'string' && value.includes(token)) {
        try {
          record[key] = withholdSecrets(value, [token]);
        } catch {
          // A read-only field: the JSON form withholds credential-like fields anyway.
        }
      }
    if (current.message.includes(token)) current.message = withholdSecrets(current.message, [token]);
    current = current.cause;
  }
}

function tokenFrom(ctx: CommandContext): string | undefined {
  const flag = stringFlag(ctx.values, 'payment-token');
  const token = flag ?? process.env[PAYMENT_TOKEN_ENV];
  if (token === undefined) return undefined;
  if (token.trim() === '')
    throw new CliUsageError(
      flag === undefined ? `$${PAYMENT_TOKEN_ENV} is empty` : '--payment-token is empty',
      'checkout',
    );
  return token.trim();
}

function expectedMinor(ctx: CommandContext): number | undefined {
  const raw = stringFlag(ctx.values, 'expected-total');
  if (raw === undefined) return undefined;
  if (!/^\d{1,15}$/.test(raw.trim()))
    throw new CliUsageError(
      `--expected-total "${raw}": expected the total in minor units, a whole number (1999 for 19.99 USD), as the previous run printed it`,
      'checkout',
    );
  return Number(raw.trim());
}

function print(ctx: CommandContext, domain: string, result: CheckoutResult): void {
  const { stdout } = ctx.io;
  const money = (value: string | undefined) =>
    value === undefined ? undefined : `${value} ${result.currency}`;
  const total = result.totals['total'];
  const minor = minorOf(total);
  stdout.write(
    formatFields([
      ['merchant', domain],
      ['checkout', result.checkoutId],
      ['status', result.status],
      ['completed', result.completed ? 'yes' : 'no'],
      ...Object.entries(result.totals)
        .filter(([type]) => type !== 'total')
        .map(([type, value]) => [type, money(value)] as const),
      [
        'total',
        total === undefined
          ? undefined
          : `${money(total)}${minor === undefined ? '' : ` (--expected-total ${minor})`}`,
      ],
      ...(result.order === undefined
        ? []
        : [['order', result.order.id] as const, ['order page', result.order.permalinkUrl] as const]),
      ['continue_url', result.continueUrl],
    ]),
  );
  if (result.messages.length > 0) {
    writeLine(stdout);
    writeLine(stdout, 'messages:');
    for (const m of result.messages) {
      const message = m as { type?: unknown; severity?: unknown; code?: unknown; content?: unknown };
      const label = [message.type, message.severity, message.code]
        .filter((v) => typeof v === 'string')
        .join(' ');
      writeLine(stdout, `  ${printable(label)}: ${printable(String(message.content ?? ''))}`);
    }
  }
}

/** Why a checkout was not completed, as a person can act on it (stderr). */
function notCompleted(result: CheckoutResult, confirm: boolean, token: boolean): string {
  const url = result.continueUrl === undefined ? '' : ` or hand the buyer ${result.continueUrl}`;
  if (result.totalChanged)
    return `not completed, nothing paid: the total is now ${result.totals['total']} ${result.currency}, not the --expected-total the buyer confirmed; show the buyer the new total and ask again`;
  if (result.status === 'requires_escalation')
    return `not completed: the merchant needs the buyer on its own page: hand the buyer ${result.continueUrl ?? '(no continue_url given)'}`;
  if (result.status !== 'ready_for_complete')
    return `not completed: the session is ${result.status}; see the merchant's messages${url}`;
  if (!confirm)
    return `not completed, nothing paid: run again with --confirm and a payment token (--payment-token or $${PAYMENT_TOKEN_ENV}) once the buyer confirmed${url}`;
  if (!token)
    return `not completed, nothing paid: no payment token (--payment-token or $${PAYMENT_TOKEN_ENV})${url}`;
  return `not completed: the session is ${result.status}${url}`;
}

/** Runs `agentweb checkout` (its flags and help are in checkout.ts, loaded without this). */
export async function runCheckout(ctx: CommandContext): Promise<number> {
  const [merchant] = requirePositionals(ctx.positionals, ['merchant-domain'], 'checkout');
  if (merchant!.trim() === '') throw new CliUsageError('<merchant-domain> is empty', 'checkout');
  if (ctx.clientOptions().ucp === undefined)
    throw new CliUsageError(
      'checkout is a UCP operation: pass --ucp-profile <url> (the platform profile you host)',
      'checkout',
    );
  const confirm = booleanFlag(ctx.values, 'confirm');
  const token = tokenFrom(ctx);
  const expected = expectedMinor(ctx);
  const email = stringFlag(ctx.values, 'buyer-email');
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email))
    throw new CliUsageError(`--buyer-email "${email}": expected an email address`, 'checkout');
  // The buyer confirms a total, not whatever the cart holds by the time the call is made.
  if (confirm && token !== undefined && expected === undefined)
    throw new CliUsageError(
      '--confirm with a payment token needs --expected-total <minor-units>: the total the buyer confirmed (run without --confirm to see it)',
      'checkout',
    );
  // The buyer confirms a total, not whatever the cart holds by the time the call is made.
  if (confirm && token !== undefined && expected === undefined)
    throw new CliUsageError(
      '--confirm with a payment token needs --expected-total <minor-units>: the total the buyer confirmed (run without --confirm to see it)',
      'checkout',
    );
  const handlerFlag = stringFlag(ctx.values, 'payment-handler');
  try {
    const aw = ctx.client();
    const call = { signal: ctx.signal };
    const found = await aw.addMerchant(merchant!, call);
    let payment: UcpPaymentInstrument | undefined;
    let expectedTotal: string | undefined;
    // Only a call that may pay needs the instrument and the expected total in the merchant's currency.
    if (confirm && token !== undefined && found.protocol === 'ucp') {
      const handlers = found.ucp?.paymentHandlers ?? [];
      const handler = handlerFlag ?? (handlers.length === 1 ? handlers[0] : undefined);
      if (handler === undefined || !handlers.includes(handler))
        throw new CliUsageError(
          handlerFlag === undefined
            ? `--payment-handler is needed: ${merchant} accepts ${handlers.length === 0 ? 'no payment handler' : handlers.join(', ')}`
            : `--payment-handler "${handlerFlag}": ${merchant} accepts ${handlers.join(', ') || 'none'}`,
          'checkout',
        );
      payment = {
        id: 'agentweb-cli',
        handler_id: handler,
        type: 'card',
        credential: { type: 'token', token },
      };
      if (expected !== undefined) {
        // The cart's currency says how many minor digits the total has; a checkout in another currency then
        // cannot match, and nothing is paid.
        const cart = await aw.cart(merchant!, { action: 'view' }, call);
        expectedTotal = minorToDecimal(expected, cart.output.totals.currency);
      }
    }
    // The CLI's client is always an AgentWeb, which has checkout.
    const result = await aw.checkout!(merchant!, {
      ...call,
      confirm,
      ...(payment === undefined ? {} : { payment }),
      ...(expectedTotal === undefined ? {} : { expectedTotal }),
      ...(email === undefined ? {} : { buyer: { email } }),
    });
    ctx.signal.throwIfAborted();
    const totalMinor = minorOf(result.totals['total']);
    if (ctx.json)
      writeJson(ctx.io.stdout, { ...result, ...(totalMinor === undefined ? {} : { totalMinor }) });
    else print(ctx, found.domain, result);
    if (result.completed) return EXIT.ok;
    writeLine(ctx.io.stderr, printable(notCompleted(result, confirm, token !== undefined)));
    return result.totalChanged ? EXIT.totalChanged : EXIT.needsConfirmation;
  } catch (error) {
    if (token !== undefined) scrub(error, token);
    throw error;
  }
}
