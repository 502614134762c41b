import type {
  CapCallResult,
  CapWarning,
  OrderDetail,
  OrderItem,
  OrderStatusInput,
  OrderStatusOutput,
} from '@agentweb/cap';
import type { Order, UcpClient } from '@agentweb/ucp';
import { minorToDecimal } from './ucp-product.js';

/** What `cap:order_status` needs of a UCP merchant. */
export interface UcpOrderStatusDeps {
  merchantId: string;
  ucp: UcpClient;
}

/**
 * `aw.orderStatus()` at a UCP merchant: one `get_order` per id, mapped to the CAP `OrderStatusOutput` shape so the
 * tools and callers read either protocol alike. An id the merchant does not know (404, or an answer without an
 * order) is `null` in `orders` and listed in `notFound`; protocol errors other than 404 are thrown as they are.
 *
 * UCP orders carry no timestamps: `createdAt` is the order's `created_at` when a business sends one, else `''`.
 * The order status is derived from the line items (UCP has no order-level status): all removed is `cancelled`,
 * all fulfilled `shipped`, some fulfilled `processing`, none yet `confirmed`.
 */
export async function ucpOrderStatus(
  deps: UcpOrderStatusDeps,
  input: OrderStatusInput,
  signal: AbortSignal | undefined,
): Promise<CapCallResult<OrderStatusOutput>> {
  const warnings: CapWarning[] = [];
  const orders = await Promise.all(
    input.orderIds.map(async (id, i): Promise<OrderDetail | null> => {
      try {
        const got = await deps.ucp.getOrder(id, signal === undefined ? {} : { signal });
        for (const w of got.warnings) {
          warnings.push({
            code: 'field-invalid',
            path: `orders[${i}].${w.path}`,
            message: `UCP ${w.code}: ${w.message}`,
          });
        }
        return got.ok ? orderDetailOf(got.value, input.includeItems !== false) : null;
      } catch (error) {
        if ((error as { status?: unknown }).status === 404) return null;
        throw error;
      }
    }),
  );
  const notFound = input.orderIds.filter((_, i) => orders[i] === null);
  return {
    skillId: 'cap:order_status',
    merchantId: deps.merchantId,
    contextId: undefined,
    personalised: false,
    taskId: undefined,
    output: { orders, ...(notFound.length === 0 ? {} : { notFound }) },
    warnings,
  };
}

type UcpLine = Order['line_items'][number];

function orderDetailOf(order: Order, includeItems: boolean): OrderDetail {
  const currency = order.currency ?? 'USD';
  const amounts = new Map<string, string>();
  for (const total of order.totals ?? []) amounts.set(total.type, minorToDecimal(total.amount, currency));
  const lines = order.line_items;
  const createdAt = (order as { created_at?: unknown }).created_at;
  return {
    orderId: order.id,
    orderNumber: order.id,
    status: orderStatusOf(lines.map((line) => line.status)),
    createdAt: typeof createdAt === 'string' ? createdAt : '',
    totals: {
      subtotal: amounts.get('subtotal') ?? amounts.get('total') ?? '0',
      currency,
      total: amounts.get('total') ?? amounts.get('subtotal') ?? '0',
      ...optional('tax', amounts.get('tax')),
      ...optional('shipping', amounts.get('fulfillment') ?? amounts.get('shipping')),
      ...optional('discount', amounts.get('discount')),
    },
    ...(includeItems ? { items: lines.flatMap((line) => itemOf(line, currency)) } : {}),
    ...(order.permalink_url === undefined ? {} : { permalinkUrl: order.permalink_url }),
  };
}

function optional(key: string, value: string | undefined): Record<string, string> {
  return value === undefined ? {} : { [key]: value };
}

function orderStatusOf(statuses: (string | undefined)[]): string {
  const live = statuses.filter((s) => s !== 'removed');
  if (statuses.length > 0 && live.length === 0) return 'cancelled';
  if (live.length > 0 && live.every((s) => s === 'fulfilled')) return 'shipped';
  if (live.some((s) => s === 'fulfilled' || s === 'partial')) return 'processing';
  return 'confirmed';
}

const LINE_STATUS: Record<string, string> = {
  processing: 'processing',
  partial: 'processing',
  fulfilled: 'shipped',
  removed: 'cancelled',
};

/** One line item; a line without an item id (the lenient read lets it through) is left out. */
function itemOf(line: UcpLine, currency: string): OrderItem[] {
  const raw = line as {
    item?: { id?: unknown; title?: unknown; price?: unknown; image_url?: unknown };
    quantity?: { total?: unknown };
    totals?: { type?: unknown; amount?: unknown }[];
  };
  const item = raw.item;
  if (typeof item?.id !== 'string') return [];
  const quantity = typeof raw.quantity?.total === 'number' ? raw.quantity.total : 0;
  const price = typeof item.price === 'number' ? item.price : 0;
  const lineTotal = (raw.totals ?? []).find((t) => t.type === 'total' || t.type === 'subtotal')?.amount;
  const status = line.status === undefined ? undefined : (LINE_STATUS[line.status] ?? line.status);
  return [
    {
      productId: item.id,
      productName: typeof item.title === 'string' ? item.title : item.id,
      quantity,
      unitPrice: minorToDecimal(price, currency),
      lineTotal: minorToDecimal(typeof lineTotal === 'number' ? lineTotal : price * quantity, currency),
      currency,
      ...(typeof item.image_url === 'string' ? { image: item.image_url } : {}),
      ...(status === undefined ? {} : { status }),
    },
  ];
}
