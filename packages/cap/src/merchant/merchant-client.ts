import {
  type A2AClient,
  createA2AClient,
  isFinalState,
  type Part,
  type SendMessageResult,
} from '@agentweb/a2a';
import { checkOptions, is, raceAbort, required } from '@agentweb/core';
import { createHttpClient, HTTP_CLIENT_RULE, type HttpClient } from '@agentweb/http';
import { createMerchantBackoff, type MerchantBackoff } from '../backoff/merchant-backoff.js';
import { CapError, MISSING_CAP_ERROR_CODE } from '../cap-error.js';
import { contextLockOf } from '../context/context-lock.js';
import {
  type ContextLease,
  type ContextRecord,
  type ContextStore,
  conditionalWrites,
} from '../context/context-store.js';
import { createMemoryContextStore } from '../context/memory-context-store.js';
import { assertNoPii } from '../filter/index.js';
import { CapInputError, CapResponseError } from '../schemas/errors.js';
import {
  parseCartManageOutput,
  parseOrderStatusOutput,
  parseProductGetOutput,
  parseProductSearchOutput,
  parseUserPreferencesSetOutput,
} from '../schemas/parse-output.js';
import { CAP_SKILLS, type CapSkillId } from '../schemas/skill-ids.js';
import { skillDataPart } from '../schemas/skill-invocation.js';
import { validateSkillInput } from '../schemas/validate-input.js';
import type { CapWarning, LenientResult } from '../schemas/warnings.js';
import { classifyCall, rateLimitOf } from './classify.js';
import {
  CapCredentialsRequiredError,
  CapSkillNotSupportedError,
  CapTaskStateError,
  MerchantClientClosedError,
} from './errors.js';
import type {
  CapCallOptions,
  CapCallResult,
  CapTextResult,
  MerchantClient,
  MerchantClientOptions,
} from './merchant-types.js';
import { skillAvailability } from './skill-access.js';
import { errorPayloadOf, skillOutputOf, statusText } from './task-result.js';

interface Answer {
  result: SendMessageResult;
  sentContextId: string | undefined;
  /** The contextId the merchant issued (stored, for a personalised call not fenced by a revocation). */
  contextId: string | undefined;
}

const SKILL = is.shape({ id: required(is.string), tags: required(is.array), inputModes: required(is.array) });

/** What `createMerchantClient` checks when called; anything else would fail later, inside a call. */
const OPTION_RULES = {
  profile: required(
    is.shape(
      { id: required(is.string), skills: required(is.arrayOf(SKILL)) },
      'an agent profile (from parseAgentCard)',
    ),
  ),
  a2a: { ...is.methods('sendMessage', 'waitForTask'), expected: 'an A2A client (from createA2AClient)' },
  closeA2A: is.boolean,
  contextStore: is.methods('get', 'set', 'delete'),
  userId: required(is.nonEmptyString),
  credentials: {
    ...is.anyOf(is.oneOf(true), is.object, is.array),
    expected: 'true or A2A credentials (an object or an array of them)',
  },
  backoff: { ...is.methods('run'), expected: 'a merchant backoff (from createMerchantBackoff)' },
  http: HTTP_CLIENT_RULE,
  merchantId: is.nonEmptyString,
  agentCardUrl: is.string,
  allowPii: is.boolean,
  rateLimitRetries: is.nonNegativeInteger,
  maxRetryWaitMs: is.delayMs,
};

/**
 * A CAP client for one merchant and one user: validates inputs before sending, refuses calls the card does not
 * allow (undeclared skill, missing credentials, text to a data-only skill), keeps the user's contextId with this
 * merchant only, and sends everything through the merchant's shared backoff. Options are checked when it is
 * called (`InvalidOptionError` names the option); without `contextStore` the user's contextIds live in a private
 * in-memory store (`createMemoryContextStore()`).
 */
export function createMerchantClient(options: MerchantClientOptions): MerchantClient {
  checkOptions('createMerchantClient', options, OPTION_RULES, { optionsRequired: true });
  const { profile, userId } = options;
  const contextStore: ContextStore = options.contextStore ?? createMemoryContextStore();
  const merchantId = options.merchantId ?? profile.id;
  const backoff: MerchantBackoff = options.backoff ?? createMerchantBackoff();
  const hasCredentials = options.credentials !== undefined;
  const rateLimitRetries = options.rateLimitRetries ?? 1;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 10_000;
  const key = { userId, merchantId };
  // An answer to a call sent before a consent revocation must not store its contextId after it, or the revoked
  // context would come back and be sent again. This client counts its own revocations; a store with conditional
  // writes also catches those made by other clients and other instances sharing it (a new generation per delete).
  let revocations = 0;
  const conditional = conditionalWrites(contextStore);
  const lock = contextLockOf(contextStore);

  let a2aPromise: Promise<A2AClient> | undefined = options.a2a ? Promise.resolve(options.a2a) : undefined;
  // What this client made itself, and so closes: an HTTP client when none was given, the A2A client (a gRPC
  // channel) when none was given or it was handed over with closeA2A.
  let ownedHttp: HttpClient | undefined;
  let closed = false;
  const a2a = (): Promise<A2AClient> => {
    if (closed) return Promise.reject(new MerchantClientClosedError(merchantId));
    if (!a2aPromise) {
      const auth = options.credentials === true ? undefined : options.credentials;
      if (options.http === undefined) ownedHttp ??= createHttpClient();
      a2aPromise = createA2AClient({
        profile,
        http: options.http ?? (ownedHttp as HttpClient),
        ...(auth ? { auth } : {}),
      });
      // A failed build (no usable endpoint) must be retried next call, not cached forever.
      a2aPromise.catch(() => {
        a2aPromise = undefined;
      });
    }
    return a2aPromise;
  };

  function ensureCallable(skillId: CapSkillId, mode: 'data' | 'text'): void {
    const availability = skillAvailability(profile, skillId, hasCredentials, mode);
    if (availability.ok) return;
    if (availability.reason === 'credentials-required')
      throw new CapCredentialsRequiredError({ skillId, merchantId });
    throw new CapSkillNotSupportedError({ skillId, merchantId, reason: availability.reason });
  }

  async function sendOnce(
    client: A2AClient,
    parts: Part[],
    contextId: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<SendMessageResult> {
    const call = async () => {
      const sent = await client.sendMessage(
        { message: { role: 'user', parts, ...(contextId ? { contextId } : {}) } },
        signal ? { signal } : {},
      );
      // A blocking send normally returns a terminal task; an agent that answers early is polled to the end.
      if ('task' in sent && sent.task && !isFinalState(sent.task.status.state)) {
        const task = await client.waitForTask(sent.task.id, signal ? { signal } : {});
        return { task } as SendMessageResult;
      }
      return sent;
    };
    return backoff.run(() => raceAbort(call(), signal), {
      ...(signal ? { signal } : {}),
      classify: classifyCall,
    });
  }

  /** Sends the parts, sent again after a rate limit while the retry budget and the backoff's wait allow. */
  async function sendWithRetries(
    client: A2AClient,
    parts: Part[],
    contextId: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<SendMessageResult> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await sendOnce(client, parts, contextId, signal);
      } catch (error) {
        const limited = rateLimitOf(error);
        if (!limited || attempt >= rateLimitRetries || signal?.aborted || backoff.waitMs > maxRetryWaitMs) {
          throw error;
        }
      }
    }
  }

  /** The stored contextId, with its generation when the store has conditional writes. */
  async function readStored(): Promise<
    ContextRecord | { contextId: string | undefined; generation: undefined }
  > {
    if (conditional) return conditional.read(key);
    return { contextId: await contextStore.get(key), generation: undefined };
  }

  /**
   * One call and the contextId it leaves stored. A personalised call for a user with no context yet at this merchant
   * holds the key's creation lock from before it reads the store again until the merchant's new contextId is stored:
   * concurrent first calls (parallel tool calls, a double submit, another instance) then wait and send the context
   * the first one created, instead of each starting a context and the last stored one hiding what the others did.
   */
  async function send(parts: Part[], call: CapCallOptions): Promise<Answer> {
    const client = await a2a();
    const personalise = call.personalise ?? true;
    if (!personalise) {
      const result = await sendWithRetries(client, parts, undefined, call.signal);
      return { result, sentContextId: undefined, contextId: issuedBy(result) };
    }
    const epoch = revocations;
    let stored = await readStored();
    let lease: ContextLease | undefined;
    if (stored.contextId === undefined) {
      lease = await lock(key, call.signal ? { signal: call.signal } : {});
      try {
        stored = await readStored();
      } catch (error) {
        await lease.release();
        throw error;
      }
      // Another call created the context while this one waited: it is used, and nobody needs the lock any more.
      if (stored.contextId !== undefined) {
        await lease.release();
        lease = undefined;
      }
    }
    try {
      const result = await sendWithRetries(client, parts, stored.contextId, call.signal);
      const contextId = await remember(result, stored.contextId, epoch, stored.generation);
      return { result, sentContextId: stored.contextId, contextId };
    } finally {
      await lease?.release();
    }
  }

  function issuedBy(result: SendMessageResult): string | undefined {
    return 'task' in result && result.task ? result.task.contextId : result.message?.contextId;
  }

  /** Stores the merchant's newest contextId (spec: MUST switch) unless a revocation came after the call was sent. */
  async function remember(
    result: SendMessageResult,
    sentContextId: string | undefined,
    epoch: number,
    generation: string | undefined,
  ): Promise<string | undefined> {
    const issued = issuedBy(result);
    if (!issued || issued === sentContextId || epoch !== revocations) return issued;
    if (conditional && generation !== undefined) await conditional.setIfGeneration(key, issued, generation);
    else await contextStore.set(key, issued);
    return issued;
  }

  function failureOf(skillId: CapSkillId, result: SendMessageResult): Error | undefined {
    if (!('task' in result) || !result.task) return undefined;
    const task = result.task;
    const state = task.status.state;
    if (state === 'completed') return undefined;
    if (state === 'failed' || state === 'rejected' || state === 'canceled') {
      const payload = errorPayloadOf(task);
      return new CapError({
        capErrorCode: payload?.capErrorCode ?? MISSING_CAP_ERROR_CODE,
        description:
          payload?.description ?? (statusText(task) || `task ${state} without a CAP error payload`),
        ...(payload?.details ? { details: payload.details } : {}),
        skillId,
        merchantId,
        taskId: task.id,
        state,
      });
    }
    return new CapTaskStateError({ skillId, merchantId, state, taskId: task.id });
  }

  async function invoke<K extends CapSkillId, T>(
    skillId: K,
    input: unknown,
    call: CapCallOptions,
    parse: (data: unknown) => LenientResult<T>,
  ): Promise<CapCallResult<T>> {
    const validated = validateSkillInput(skillId, input);
    if (skillId === CAP_SKILLS.productSearch) {
      const search = validated as { query: string; filter?: string };
      const allowPii = call.allowPii ?? options.allowPii ?? false;
      assertNoPii(search.query, { field: 'query', allowPii });
      assertNoPii(search.filter, { field: 'filter', allowPii });
    }
    ensureCallable(skillId, 'data');
    const data = call.extra ? { ...call.extra, ...(validated as Record<string, unknown>) } : validated;
    // A failed task still carries the merchant's contextId; send() kept it so the conversation continues.
    const answer = await send([skillDataPart(skillId, data)], call);
    const failure = failureOf(skillId, answer.result);
    if (failure) throw failure;
    const { contextId } = answer;
    const warnings: CapWarning[] = [];
    const source = 'task' in answer.result && answer.result.task ? answer.result.task : answer.result.message;
    if (!source)
      throw new CapResponseError({ skillId, merchantId, issues: [{ path: '', message: 'empty answer' }] });
    const output = skillOutputOf(source, skillId, warnings);
    if (!output.found) {
      throw new CapResponseError({
        skillId,
        merchantId,
        issues: [
          {
            path: 'artifacts',
            message: `no DataPart in the answer${output.text ? `; text: ${output.text.slice(0, 200)}` : ''}`,
          },
        ],
      });
    }
    let parsed: LenientResult<T>;
    try {
      parsed = parse(output.data);
    } catch (error) {
      if (error instanceof CapResponseError)
        throw new CapResponseError({ skillId, merchantId, issues: error.issues });
      throw error;
    }
    return {
      output: parsed.value,
      warnings: [...warnings, ...parsed.warnings],
      skillId,
      merchantId,
      contextId,
      personalised: answer.sentContextId !== undefined,
      taskId: 'task' in answer.result && answer.result.task ? answer.result.task.id : undefined,
    };
  }

  const client: MerchantClient = {
    merchantId,
    get agentCardUrl() {
      return options.agentCardUrl ?? options.a2a?.cardUrl;
    },
    profile,
    userId,
    // Authenticated answers may be tailored to the identity, so only the same user may reuse them.
    cachePartition: hasCredentials ? `user:${userId}` : 'anonymous',
    backoff,
    contextStore,
    productSearch: (input, call = {}) =>
      invoke(CAP_SKILLS.productSearch, input, call, (data) =>
        parseProductSearchOutput(data, input.offset === undefined ? {} : { offset: input.offset }),
      ),
    productGet: (input, call = {}) =>
      invoke(CAP_SKILLS.productGet, input, call, (data) => parseProductGetOutput(data, input.productIds)),
    cartManage: (input, call = {}) => invoke(CAP_SKILLS.cartManage, input, call, parseCartManageOutput),
    orderStatus: (input, call = {}) =>
      invoke(CAP_SKILLS.orderStatus, input, call, (data) => parseOrderStatusOutput(data, input.orderIds)),
    async setUserPreferences(input, call = {}) {
      const result = await invoke(CAP_SKILLS.userPreferencesSet, input, call, parseUserPreferencesSetOutput);
      const consent = input.preferences?.userDataConsent;
      const revoking = input.clearAll === true || consent === 'none' || consent === 'absent';
      // After a revocation the merchant may no longer link this user to the old context; forgetting the id means
      // it is never sent again (a later call starts a fresh, unlinked context).
      if (revoking && result.output.operation.success) {
        revocations += 1;
        await contextStore.delete(key);
      }
      return result;
    },
    revokeConsent(call = {}) {
      const { consent = 'none', ...rest } = call;
      // `clearAll` still needs `preferences`, because `userDataConsent` is required (ambiguity 9).
      return client.setUserPreferences({ preferences: { userDataConsent: consent }, clearAll: true }, rest);
    },
    async invokeText(params, call = {}) {
      if (typeof params.text !== 'string' || params.text.trim() === '') {
        throw new CapInputError({
          skillId: params.skillId,
          issues: [{ path: 'text', message: 'text must not be empty' }],
        });
      }
      if (params.skillId === CAP_SKILLS.productSearch) {
        assertNoPii(params.text, { field: 'query', allowPii: call.allowPii ?? options.allowPii ?? false });
      }
      ensureCallable(params.skillId, 'text');
      const parts: Part[] = [{ kind: 'text', text: params.text, metadata: { skillId: params.skillId } }];
      if (params.hint) parts.push(skillDataPart(params.skillId, params.hint));
      const answer = await send(parts, call);
      const { contextId } = answer;
      const failure = failureOf(params.skillId, answer.result);
      if (failure) throw failure;
      const warnings: CapWarning[] = [];
      const source =
        'task' in answer.result && answer.result.task ? answer.result.task : answer.result.message;
      const output = source
        ? skillOutputOf(source, params.skillId, warnings)
        : { data: undefined, text: '', found: false };
      return {
        data: output.data,
        text: output.text,
        merchantId,
        contextId,
        personalised: answer.sentContextId !== undefined,
        taskId: 'task' in answer.result && answer.result.task ? answer.result.task.id : undefined,
        warnings,
      } satisfies CapTextResult;
    },
    canCall: (skillId, mode = 'data') => skillAvailability(profile, skillId, hasCredentials, mode),
    currentContextId: () => contextStore.get(key),
    async close() {
      if (closed) return;
      closed = true;
      const made = options.a2a === undefined || options.closeA2A === true ? a2aPromise : undefined;
      a2aPromise = undefined;
      const madeClient = await made?.catch(() => undefined);
      await madeClient?.close?.();
      await ownedHttp?.close();
    },
  };
  return client;
}
