import { randomUUID } from 'node:crypto';
import { type AgentProfile, type ParsedAgentCard, parseAgentCard } from '@agentweb/agentcard';
import { checkOptions, InvalidOptionError, loadPeer } from '@agentweb/core';
import { createHttpClient, type HttpClient } from '@agentweb/http';
import { type A2AAuth, createAuthApplier } from './auth.js';
import type { A2ABinding } from './binding.js';
import { type CardCache, createCardCache } from './card-cache.js';
import { cardLocation } from './card-location.js';
import { readAgentCard } from './card-repair.js';
import { type CardKeyResolver, verifyCardSignatures } from './card-signature.js';
import { A2A_CLIENT_OPTION_RULES } from './client-option-rules.js';
import { closableTransport } from './closable-transport.js';
import type { A2ADialect } from './dialect.js';
import { isA2ARpcError, isInvalidAgentResponseError } from './errors.js';
import type { GrpcOptions } from './grpc/grpc-options.js';
import { createJsonRpcTransport } from './jsonrpc-binding.js';
import { loadCard } from './load-card.js';
import type {
  JsonObject,
  Message,
  MessageSendConfiguration,
  Part,
  Role,
  SendMessageResult,
  StreamEvent,
  Task,
  TaskPushNotificationConfig,
} from './model.js';
import { createRestTransport } from './rest/rest-binding.js';
import { isStreamEnd, type ResumeOptions, resumableStream } from './resume-stream.js';
import { type SelectedEndpoint, selectEndpoint } from './select-endpoint.js';
import { copyUnknown } from './shape.js';
import { DEFAULT_MAX_SSE_EVENT_BYTES, DEFAULT_SSE_IDLE_TIMEOUT_MS } from './sse-parser.js';
import type { A2ATransport, OutgoingSend, TransportSettings } from './transport.js';
import { pollTask, type WaitForTaskOptions } from './wait-for-task.js';
import { WarningLog } from './warning-log.js';
import type { A2AWarning } from './warnings.js';

/** Card signature checking. */
export interface VerifySignatureOptions {
  /** Finds the public key for a signature's protected header (`kid`, `jku`). */
  resolveKey: CardKeyResolver;
  /** Refuse a card without signatures (default false: unsigned cards pass, bad signatures never do). */
  required?: boolean;
}

/** Options of {@link createA2AClient}. Give one of `profile`, `card`, `cardUrl` or `baseUrl`. */
export interface CreateA2AClientOptions {
  /** A profile from `parseAgentCard` (no card fetch, no signature check). */
  profile?: AgentProfile;
  /** The agent card JSON (validated with `parseAgentCard`). */
  card?: unknown;
  /**
   * URL of the agent card, used as given. When it is the well-known `/.well-known/agent-card.json` and answers
   * 404 or 410, the legacy `/.well-known/agent.json` (A2A 0.2, CAP draft-01) of the same origin is tried.
   */
  cardUrl?: string | URL;
  /**
   * The agent's origin or bare domain (`https://agent.example`, `agent.example`): the card is read from
   * `/.well-known/agent-card.json`, falling back to `/.well-known/agent.json` on 404/410.
   */
  baseUrl?: string | URL;
  /**
   * Cache of fetched, validated cards (see `createCardCache`). Share one between clients to fetch an agent's
   * card once per lifetime. Default: one cache per HTTP client; `false` fetches every time.
   */
  cardCache?: CardCache | false;
  /** HTTP client for every call (default: `createHttpClient()`, https and public addresses only). */
  http?: HttpClient;
  /** Credentials for this agent. */
  auth?: A2AAuth;
  /** Force a dialect instead of the card's first supported endpoint. */
  dialect?: A2ADialect;
  /**
   * Bindings to use, in order of preference: `['JSONRPC', 'HTTP+JSON', 'GRPC']` or any subset or order of them.
   * Default: the card's own preference order among the bindings this client implements.
   */
  bindings?: readonly A2ABinding[];
  /** gRPC settings (TLS credentials, channel options, plaintext on trusted networks). */
  grpc?: GrpcOptions;
  /** Force the endpoint URL (keeps the chosen binding and dialect). */
  endpointUrl?: string;
  /** Force the 1.0 tenant. */
  tenant?: string;
  /** Extension URIs to declare on every call (`A2A-Extensions` / `X-A2A-Extensions`). */
  extensions?: string[];
  /** Check the card's JWS signatures. */
  verifySignature?: VerifySignatureOptions;
  /** Deadline of each unary call in ms (default: the HTTP client's, 10 000). */
  timeoutMs?: number;
  /**
   * Body cap of each unary answer in bytes, and of a JSON (not event-stream) answer to a stream request, on every
   * binding (default: the HTTP client's, 1 MiB).
   */
  maxBodyBytes?: number;
  /** Deadline of a whole stream, ms (default 30 minutes). */
  streamTimeoutMs?: number;
  /** Cap on a whole stream's bytes (default 256 MiB). */
  maxStreamBytes?: number;
  /** Cap on one SSE event (default 4 MiB, as the official SDK). */
  maxEventBytes?: number;
  /**
   * Longest silence on a stream before it counts as dropped, ms (default 60 000): between events or gRPC messages,
   * and between the chunks of a JSON answer to a stream request.
   */
  idleTimeoutMs?: number;
  /** How dropped streams are resumed; `false` turns resuming off. */
  resume?: ResumeOptions | false;
  /** Aborts the card fetch. */
  signal?: AbortSignal;
  /**
   * Refuse every departure from the A2A specification with a typed error, as before lenient reading (default
   * false). When false, what a sloppy but honest server sends is read and each departure becomes an
   * {@link A2AWarning}: a card without `skills`, an answer without `kind`, SSE framing noise, a JSON-RPC error with
   * an HTTP error status, a snapshot-only stream. Bodies over the caps, non-JSON where JSON is required, and what
   * the SSRF and signature rules refuse are refused in both modes.
   */
  strict?: boolean;
  /**
   * Called with each warning as it is found (lenient mode only). An exception thrown here fails the read that
   * found it, so a caller can refuse some departures and accept others.
   */
  onWarning?: (warning: A2AWarning) => void;
}

/** The message to send; `messageId` and `role` get defaults. */
export interface OutgoingMessage {
  /** Content. */
  parts: Part[];
  /** Author (default `user`). */
  role?: Role;
  /** Message id (default: a random UUID). */
  messageId?: string;
  /** Conversation to continue. */
  contextId?: string;
  /** Task to continue. */
  taskId?: string;
  /** Tasks referred to. */
  referenceTaskIds?: string[];
  /** Extension URIs. */
  extensions?: string[];
  /** Free metadata. */
  metadata?: JsonObject;
}

/** Parameters of `sendMessage` and `streamMessage`. */
export interface SendMessageParams {
  /** The message. */
  message: OutgoingMessage;
  /** Send options (`blocking` defaults to the agent's default, which is blocking). */
  configuration?: MessageSendConfiguration;
  /** Request metadata. */
  metadata?: JsonObject;
}

/** Options of one call. */
export interface A2ACallOptions {
  /** Aborts the call (and, for streams, closes the socket). */
  signal?: AbortSignal;
}

/** Options of a streaming call. */
export interface A2AStreamOptions extends A2ACallOptions {
  /** Resume settings for this stream; `false` turns resuming off. */
  resume?: ResumeOptions | false;
}

/** A client for one A2A agent. */
export interface A2AClient {
  /** The dialect in use. */
  readonly dialect: A2ADialect;
  /** The binding in use (`JSONRPC`, `HTTP+JSON` or `GRPC`), chosen from the card. */
  readonly binding: A2ABinding;
  /** The endpoint in use: URL, binding, dialect, tenant and the card's entry. */
  readonly endpoint: SelectedEndpoint;
  /** The agent's profile. */
  readonly profile: AgentProfile;
  /** The card JSON, when the client was built from a card or card URL (frozen when it was fetched). */
  readonly card: unknown;
  /** The URL the card was read from (the legacy path when the fallback answered), when it was fetched. */
  readonly cardUrl: string | undefined;
  /**
   * The departures from the specification this client accepted so far (card repairs first), oldest first; the
   * 100 most recent are kept. Always empty with `strict: true`.
   */
  readonly warnings: readonly A2AWarning[];
  /** Sends a message; resolves to the task it created or continued, or to the agent's direct reply. */
  sendMessage(params: SendMessageParams, options?: A2ACallOptions): Promise<SendMessageResult>;
  /** Sends a message and yields the task's events until a terminal or interrupted state, resuming drops. */
  streamMessage(
    params: SendMessageParams,
    options?: A2AStreamOptions,
  ): AsyncGenerator<StreamEvent, void, undefined>;
  /** Reads a task. */
  getTask(params: { id: string; historyLength?: number }, options?: A2ACallOptions): Promise<Task>;
  /** Asks the agent to cancel a task; resolves to the task as the agent reports it. */
  cancelTask(params: { id: string }, options?: A2ACallOptions): Promise<Task>;
  /** Re-attaches to a running task's event stream. */
  resubscribe(
    params: { id: string },
    options?: A2AStreamOptions,
  ): AsyncGenerator<StreamEvent, void, undefined>;
  /** Polls a task with backoff until a terminal (or interrupted) state. */
  waitForTask(id: string, options?: WaitForTaskOptions): Promise<Task>;
  /** Fetches the authenticated extended card (validated with `parseAgentCard`). */
  getExtendedCard(options?: A2ACallOptions): Promise<ParsedAgentCard>;
  /** Registers a push notification config for a task. */
  setPushNotificationConfig(
    config: TaskPushNotificationConfig,
    options?: A2ACallOptions,
  ): Promise<TaskPushNotificationConfig>;
  /** Reads one push config of a task. */
  getPushNotificationConfig(
    params: { taskId: string; configId?: string },
    options?: A2ACallOptions,
  ): Promise<TaskPushNotificationConfig>;
  /** Lists a task's push configs. */
  listPushNotificationConfigs(
    params: { taskId: string },
    options?: A2ACallOptions,
  ): Promise<TaskPushNotificationConfig[]>;
  /** Deletes one push config of a task. */
  deletePushNotificationConfig(
    params: { taskId: string; configId: string },
    options?: A2ACallOptions,
  ): Promise<void>;
  /**
   * Closes what this client holds open: a gRPC client's channel, and the HTTP client's connections when the client
   * made that HTTP client itself (no `http` option; a given one stays open for its owner). Every call after it
   * fails with `A2AClientClosedError` without sending anything, on every binding. Idempotent.
   */
  close(): Promise<void>;
}

// Cards are cached per HTTP client by default, so a card fetched under one client's network policy never
// serves a client whose policy would have refused its URL.
const defaultCardCaches = new WeakMap<HttpClient, CardCache>();

/** Message fields `sendMessage` and `streamMessage` set (from the caller's message when it has them). */
const SET_BY_CLIENT: ReadonlySet<string> = new Set(['kind', 'role', 'messageId']);

function cardCacheFor(options: CreateA2AClientOptions, http: HttpClient): CardCache | undefined {
  if (options.cardCache === false) return undefined;
  if (options.cardCache) return options.cardCache;
  let cache = defaultCardCaches.get(http);
  if (!cache) {
    cache = createCardCache();
    defaultCardCaches.set(http, cache);
  }
  return cache;
}

interface ResolvedCard {
  card: unknown;
  profile: AgentProfile | undefined;
  cardUrl: string | undefined;
  warnings: readonly A2AWarning[];
}

async function resolveCard(options: CreateA2AClientOptions, http: HttpClient): Promise<ResolvedCard> {
  const strict = options.strict === true;
  if (options.card !== undefined) {
    if (options.profile !== undefined) {
      return { card: options.card, profile: options.profile, cardUrl: undefined, warnings: [] };
    }
    const read = readAgentCard(options.card, strict);
    return { card: options.card, profile: read.parsed.profile, cardUrl: undefined, warnings: read.warnings };
  }
  if (options.cardUrl === undefined && options.baseUrl === undefined) {
    return { card: undefined, profile: options.profile, cardUrl: undefined, warnings: [] };
  }
  const location = cardLocation({
    ...(options.cardUrl !== undefined ? { cardUrl: options.cardUrl } : {}),
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
  });
  const cached = await loadCard(http, location, cardCacheFor(options, http), options.signal);
  const repaired = cached.warnings ?? [];
  // The cache holds the leniently read card; a strict client validates the card as received when it was repaired.
  const parsed = strict && repaired.length > 0 ? parseAgentCard(cached.card) : cached.parsed;
  return {
    card: cached.card,
    profile: options.profile ?? parsed.profile,
    cardUrl: cached.url,
    warnings: strict ? [] : repaired,
  };
}

function noAgent(): InvalidOptionError {
  return new InvalidOptionError({
    callee: 'createA2AClient',
    option: 'profile',
    expected: 'an agent profile, unless card, cardUrl or baseUrl is given',
    received: 'none of them',
  });
}

/** The events of a stream of batches, one by one. */
async function* eventsOf(
  batches: AsyncIterable<StreamEvent[]>,
): AsyncGenerator<StreamEvent, void, undefined> {
  for await (const batch of batches) yield* batch;
}

/** True when the agent itself answered with an A2A error (not a malformed answer the client caught). */
function isAgentRefusal(error: unknown): boolean {
  if (!isA2ARpcError(error)) return false;
  return !(isInvalidAgentResponseError(error) && error.detectedBy === 'client');
}

async function createTransport(
  binding: A2ABinding,
  settings: TransportSettings,
  grpc: GrpcOptions | undefined,
) {
  if (binding === 'JSONRPC') return createJsonRpcTransport(settings);
  if (binding === 'HTTP+JSON') return createRestTransport(settings);
  // Loaded on first use: clients that never meet a gRPC agent never load @grpc/grpc-js or the proto code, and
  // projects that never meet one need not install them (optional peer dependencies).
  const feature = 'An A2A agent whose chosen binding is gRPC';
  const { createGrpcTransport } = await loadPeer({
    packageName: '@grpc/grpc-js',
    feature,
    load: () =>
      loadPeer({ packageName: '@bufbuild/protobuf', feature, load: () => import('./grpc/grpc-binding.js') }),
  });
  return createGrpcTransport(settings, grpc ?? {});
}

/**
 * Builds a client for one agent: reads (or fetches and validates) its card, picks the endpoint by the card's
 * preference among the bindings it implements (JSON-RPC, HTTP+JSON, gRPC) and dialects it speaks (0.3, 1.0),
 * and speaks that binding and dialect.
 */
export async function createA2AClient(options: CreateA2AClientOptions): Promise<A2AClient> {
  checkOptions('createA2AClient', options, A2A_CLIENT_OPTION_RULES, { optionsRequired: true });
  const agent = [options.profile, options.card, options.cardUrl, options.baseUrl];
  if (agent.every((given) => given === undefined)) throw noAgent();
  const http = options.http ?? createHttpClient();
  const { card, profile, cardUrl, warnings: cardWarnings } = await resolveCard(options, http);
  const warnings = new WarningLog(options.strict === true ? undefined : options.onWarning);
  for (const found of cardWarnings) warnings.add(found);
  const sink = options.strict === true ? undefined : warnings.sink;
  if (card !== undefined && options.verifySignature) {
    await verifyCardSignatures(card, {
      resolveKey: options.verifySignature.resolveKey,
      required: options.verifySignature.required ?? false,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }
  if (profile === undefined) throw noAgent();
  const selected = selectEndpoint(profile, {
    ...(options.dialect !== undefined ? { dialect: options.dialect } : {}),
    ...(options.bindings !== undefined ? { bindings: options.bindings } : {}),
  });
  const endpoint: SelectedEndpoint = { ...selected };
  if (options.endpointUrl !== undefined) endpoint.url = options.endpointUrl;
  if (options.tenant !== undefined) endpoint.tenant = options.tenant;
  const { dialect, binding, url } = endpoint;
  let closed = false;
  let closing: Promise<void> | undefined;
  const opened: A2ATransport = await createTransport(
    binding,
    {
      http,
      url,
      dialect,
      tenant: endpoint.tenant,
      applyAuth: createAuthApplier(options.auth, profile),
      hasCredentials: options.auth !== undefined && (!Array.isArray(options.auth) || options.auth.length > 0),
      profile,
      extensions: options.extensions ?? [],
      timeoutMs: options.timeoutMs,
      maxBodyBytes: options.maxBodyBytes,
      streamTimeoutMs: options.streamTimeoutMs ?? 30 * 60_000,
      maxStreamBytes: options.maxStreamBytes ?? 256 * 1024 * 1024,
      maxEventBytes: options.maxEventBytes ?? DEFAULT_MAX_SSE_EVENT_BYTES,
      idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_SSE_IDLE_TIMEOUT_MS,
      warn: sink,
    },
    options.grpc,
  );
  const transport = closableTransport(opened, () => closed);

  const outgoing = (params: SendMessageParams): OutgoingSend => {
    const m = params.message;
    // Key by key: in V8 an object spread followed by more keys costs microseconds, a tenth of a loopback gRPC call.
    const message: JsonObject = {
      kind: 'message',
      role: m.role ?? 'user',
      messageId: m.messageId ?? randomUUID(),
    };
    copyUnknown(m as unknown as JsonObject, SET_BY_CLIENT, message);
    const out: OutgoingSend = { message: message as unknown as Message };
    if (params.configuration) out.configuration = params.configuration;
    if (params.metadata) out.metadata = params.metadata;
    return out;
  };

  // Reads the task once more after a resubscription that did not reach the end; the task counts only when it
  // is at a stream end (terminal or interrupted), since a running task's snapshot adds nothing to the stream.
  const finalTask = async (id: string, signal?: AbortSignal): Promise<Task | undefined> => {
    const task = await transport.getTask({ id }, signal ? { signal } : {});
    return isStreamEnd(task) ? task : undefined;
  };

  // A task that finished while we were disconnected cannot be subscribed to any more. Agents say so in
  // different ways: 1.0 refuses with UnsupportedOperation (as the spec asks), 0.3 agents with whatever error
  // they chose (InvalidParams, InvalidRequest, ...), with one terminal task event, or with an empty stream.
  // In each case the final state is read with GetTask, so a resumed stream still ends with the outcome.
  const resubscribeOrSnapshot = async function* (
    id: string,
    signal?: AbortSignal,
  ): AsyncGenerator<StreamEvent[], void, undefined> {
    let reachedEnd = false;
    try {
      for await (const batch of transport.subscribe({ id }, signal)) {
        reachedEnd ||= batch.some(isStreamEnd);
        yield batch;
      }
    } catch (refusal) {
      if (!isAgentRefusal(refusal)) throw refusal;
      // When the task cannot be read either, or is still running, the refusal is the better explanation.
      const task = await finalTask(id, signal).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        return undefined;
      });
      if (task === undefined) throw refusal;
      yield [task];
      return;
    }
    if (reachedEnd) return;
    const task = await finalTask(id, signal);
    if (task !== undefined) yield [task];
  };

  const resilient = (
    first: () => AsyncIterable<StreamEvent[]>,
    call: A2AStreamOptions | undefined,
  ): AsyncGenerator<StreamEvent, void, undefined> => {
    const resume = call?.resume ?? options.resume ?? {};
    const signal = call?.signal;
    if (resume === false) return eventsOf(first());
    return resumableStream(first, (id) => resubscribeOrSnapshot(id, signal), {
      ...resume,
      ...(signal ? { signal } : {}),
      snapshotEnd: sink,
    });
  };

  const client: A2AClient = {
    dialect,
    binding,
    endpoint,
    profile,
    card,
    cardUrl,
    get warnings() {
      return warnings.list;
    },
    async sendMessage(params, call) {
      if (sink === undefined) return transport.send(outgoing(params), call);
      // This answer's own warnings go on the result as well as to the client's log.
      const found: A2AWarning[] = [];
      const result = await transport.send(outgoing(params), {
        ...call,
        warn: (w) => {
          found.push(w);
          sink(w);
        },
      });
      if (found.length > 0) result.warnings = found;
      return result;
    },
    streamMessage(params, call) {
      const body = outgoing(params);
      return resilient(() => transport.stream(body, call?.signal), call);
    },
    getTask: (params, call) =>
      transport.getTask(
        params.historyLength !== undefined
          ? { id: params.id, historyLength: params.historyLength }
          : { id: params.id },
        call,
      ),
    cancelTask: (params, call) => transport.cancelTask({ id: params.id }, call),
    resubscribe(params, call) {
      return resilient(() => transport.subscribe({ id: params.id }, call?.signal), call);
    },
    waitForTask(id, wait) {
      return pollTask(
        (signal) =>
          client.getTask(
            wait?.historyLength !== undefined ? { id, historyLength: wait.historyLength } : { id },
            signal ? { signal } : {},
          ),
        `${url} task ${id}`,
        wait,
      );
    },
    async getExtendedCard(call) {
      const read = readAgentCard(await transport.getExtendedCard(call), options.strict === true);
      for (const found of read.warnings) warnings.add({ ...found, path: `extendedCard.${found.path}` });
      return read.parsed;
    },
    setPushNotificationConfig: (config, call) => transport.setPushConfig(config, call),
    getPushNotificationConfig: (params, call) => transport.getPushConfig(params, call),
    listPushNotificationConfigs: (params, call) => transport.listPushConfigs(params, call),
    deletePushNotificationConfig: (params, call) => transport.deletePushConfig(params, call),
    close() {
      closed = true;
      closing ??= (async () => {
        await transport.close();
        // An HTTP client made here has no other owner to close its keep-alive connections.
        if (options.http === undefined) await http.close();
      })();
      return closing;
    },
  };
  return client;
}
