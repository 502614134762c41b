import type { CartManageOutput, OrderDetail, OrderStatusOutput } from '@agentweb/cap';
import { definedOnly, truncateText } from './text.js';
import type { JsonObject } from './tool-types.js';

const MAX_CART_LINES = 50;
const MAX_ORDER_ITEMS = 20;
const MAX_TRACKING = 5;
const MAX_HISTORY = 10;

function compactTotals(totals: CartManageOutput['totals']): JsonObject {
  return definedOnly({
    subtotal: totals.subtotal,
    discount: totals.discount,
    tax: totals.tax,
    shipping: totals.shipping,
    total: totals.total,
    currency: totals.currency,
    estimatedTax: totals.estimatedTax,
  });
}

/** A cart answer, as the model needs it to talk about the cart and to refer to its lines later. */
export function compactCart(output: CartManageOutput): JsonObject {
  const { operation } = output;
  return definedOnly({
    operation: definedOnly({
      success: operation.success,
      error: operation.error,
      failedItems: operation.failedItems?.map((failure) =>
        definedOnly({ item: failure.item, reason: failure.reason }),
      ),
    }),
    cartId: output.cart.cartId,
    itemCount: output.cart.itemCount,
    readyForCheckout: output.cart.readyForCheckout,
    warnings: output.cart.warnings,
    items: output.items.slice(0, MAX_CART_LINES).map((line) =>
      definedOnly({
        cartItemId: line.cartItemId,
        productId: line.productId,
        name: line.productName,
        variantId: line.variantId,
        variant: line.variantDescription,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        lineTotal: line.lineTotal,
        currency: line.priceCurrency,
        availability: line.availability,
        warnings: line.warnings,
      }),
    ),
    totals: compactTotals(output.totals),
  });
}

function compactOrder(order: OrderDetail): JsonObject {
  return definedOnly({
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    totals: compactTotals(order.totals),
    estimatedDelivery: order.shipping?.estimatedDelivery,
    deliveredAt: order.shipping?.actualDelivery,
    shippingMethod: order.shipping?.method,
    payment: order.payment === undefined ? undefined : definedOnly({ status: order.payment.status }),
    items: order.items?.slice(0, MAX_ORDER_ITEMS).map((item) =>
      definedOnly({
        productId: item.productId,
        name: item.productName,
        variant: item.variantDescription,
        quantity: item.quantity,
        lineTotal: item.lineTotal,
        currency: item.currency,
        status: item.status,
      }),
    ),
    tracking: order.tracking?.slice(0, MAX_TRACKING).map((tracking) =>
      definedOnly({
        carrier: tracking.carrier,
        trackingNumber: tracking.trackingNumber,
        trackingUrl: tracking.trackingUrl,
        status: tracking.status,
        currentLocation: tracking.currentLocation,
        estimatedDelivery: tracking.estimatedDelivery,
      }),
    ),
    history: order.history?.slice(-MAX_HISTORY).map((event) =>
      definedOnly({
        at: event.timestamp,
        type: event.type,
        description: truncateText(event.description, 200),
      }),
    ),
    error: order.error,
  });
}

/** An order-status answer: one entry per id asked, `null` entries kept out and named in `notFound`. */
export function compactOrders(orderIds: readonly string[], output: OrderStatusOutput): JsonObject {
  const orders: JsonObject[] = [];
  const notFound = new Set(output.notFound ?? []);
  output.orders.forEach((order, index) => {
    if (order === null) {
      const id = orderIds[index];
      if (id !== undefined) notFound.add(id);
    } else {
      orders.push(compactOrder(order));
    }
  });
  return definedOnly({ orders, notFound: notFound.size > 0 ? [...notFound] : undefined });
}
