// The types of the client's public signatures are named from `agentweb` alone: a user under pnpm cannot import
// `@agentweb/cap` (not a dependency of theirs). Checked by `pnpm typecheck` and at run time by vitest's type tests.

import type {
  AgentWeb,
  CapCallResult,
  CartManageOutput,
  FanOutChunk,
  FanOutProduct,
  FanOutResult,
  IntentMatch,
  MatchCandidate,
  MerchantOutcome,
  MerchantOutcomeStatus,
  OrderStatusOutput,
  ProductProvenance,
  ProductSummary,
} from 'agentweb';
import { describe, expectTypeOf, it } from 'vitest';

describe('types a user can name from agentweb', () => {
  it('search results, their products, outcomes and provenance', () => {
    expectTypeOf<Awaited<ReturnType<AgentWeb['search']>>>().toEqualTypeOf<FanOutResult>();
    expectTypeOf<FanOutResult['products'][number]>().toEqualTypeOf<FanOutProduct>();
    expectTypeOf<FanOutResult['outcomes'][number]>().toEqualTypeOf<MerchantOutcome>();
    expectTypeOf<MerchantOutcome['status']>().toEqualTypeOf<MerchantOutcomeStatus>();
    expectTypeOf<FanOutProduct['alsoFrom'][number]>().toEqualTypeOf<ProductProvenance>();
    expectTypeOf<FanOutProduct['product']>().toEqualTypeOf<ProductSummary>();
    expectTypeOf<ReturnType<AgentWeb['searchStream']>>().toExtend<AsyncIterable<FanOutChunk>>();
  });

  it('cart, order status and intent matches', () => {
    expectTypeOf<Awaited<ReturnType<AgentWeb['cart']>>>().toEqualTypeOf<CapCallResult<CartManageOutput>>();
    expectTypeOf<Awaited<ReturnType<AgentWeb['orderStatus']>>>().toEqualTypeOf<
      CapCallResult<OrderStatusOutput>
    >();
    expectTypeOf<Awaited<ReturnType<AgentWeb['intent']>>>().toEqualTypeOf<IntentMatch>();
    expectTypeOf<IntentMatch['candidates'][number]>().toMatchTypeOf<MatchCandidate>();
  });
});
