import { createHash } from 'node:crypto';
import { type AgisEndpoint, type MatchCandidate, type McpTool, toMcpTools } from '@agentweb/agis';
import type { ApprovalStore } from '@agentweb/core';
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AgentWebClient, LoadedAgisService } from '../client/types.js';
import { createMemoryApprovalStore } from '../state/memory-approval-store.js';
import { actionKey } from '../tools/action-key.js';
import { DEFAULT_SCOPE } from '../tools/create-agent-web-tools.js';
import { DEFAULT_MAX_RESULT_CHARS, fitResult } from '../tools/fit-result.js';
import { toJsonValue } from '../tools/json-value.js';
import { AgentWebToolsOptionsError } from '../tools/tool-errors.js';
import { AGIS_TOOL_DATA_SCHEMA, toolResultSchema } from '../tools/tool-output-schemas.js';
import { errorResult, errorToResult, okResult, TOOL_ERROR_CODES } from '../tools/tool-result.js';
import type { ConfirmCallback } from '../tools/tool-types.js';
import { agisConfirmationReason } from './agis-confirmation.js';
import { toCallToolResult } from './call-tool-result.js';

/** The argument an AGIS tool that needs confirmation takes besides the endpoint's own input. */
export const CONFIRMED_ARGUMENT = 'confirmed';

/** Most actions a tool keeps waiting for the user's answer; the oldest is forgotten first. */
const MAX_PENDING_CONFIRMATIONS = 16;

/** Options of {@link registerAgisService}. */
export interface RegisterAgisServiceOptions {
  /**
   * Host-side confirmation for irreversible endpoints. When given, it alone decides and the model's `confirmed`
   * argument is ignored; without it, such endpoints run only with `confirmed: true`.
   */
  confirm?: ConfirmCallback;
  /**
   * Largest result in characters of JSON (default 16 000, as for the neutral tools): longer endpoint responses lose
   * list items, then long texts, and are marked `truncated: true`, so one answer cannot flood the model's context.
   */
  maxResultChars?: number;
  /**
   * Where the actions shown in `CONFIRMATION_REQUIRED` answers wait for the user's yes. Default: the client's
   * (`state.approvals`, shared by every instance, so an action shown by one instance can be confirmed on another,
   * once), else a memory store per tool.
   */
  approvals?: ApprovalStore;
}

const MAX_NAME = 64;
const AGIS_RESULT_SCHEMA = toolResultSchema(AGIS_TOOL_DATA_SCHEMA);

/** One AGIS endpoint as a tool, before a server wraps it in its own registration. */
export interface AgisToolDefinition {
  /** Unique name on the server. */
  name: string;
  /** `<service>: <METHOD> <path>`. */
  title: string;
  /** Description for the model (with the confirmation rule when one applies). */
  description: string;
  /** The endpoint's own input JSON Schema (plus the confirmation argument), as the service declares it. */
  inputSchema: { [key: string]: unknown };
  /** MCP annotations. */
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint?: boolean;
    openWorldHint: boolean;
  };
  /** Runs the endpoint; never rejects. */
  call(args: Record<string, unknown>, signal: AbortSignal | undefined): Promise<CallToolResult>;
}

/** A server AGIS tools are put on: the SDK's `McpServer`, or the bin's stdio server. */
export interface AgisToolHost<H extends { remove(): void }> {
  /** The server itself: what it has registered is remembered per key. */
  key: object;
  /** Registers one tool; the handle takes it off again. */
  add(tool: AgisToolDefinition): H;
}

/** One registered service: the loaded object its tools were made from, and those tools. */
interface RegisteredService {
  service: LoadedAgisService;
  tools: { name: string; tool: { remove(): void } }[];
}

/** What each server has registered, so services added later neither collide nor register twice. */
interface ServerState {
  /** Every tool name taken on the server. */
  names: Set<string>;
  /** Registered services by name and namespace (the client's identity of a service: loading again replaces). */
  services: Map<string, RegisteredService>;
}
const stateByServer = new WeakMap<object, ServerState>();

/** The names and services registered on `server` by this module (created empty on first use). */
export function serverState(server: object): ServerState {
  let state = stateByServer.get(server);
  if (state === undefined) {
    state = { names: new Set(), services: new Map() };
    stateByServer.set(server, state);
  }
  return state;
}

function serviceKey(service: LoadedAgisService): string {
  return JSON.stringify([service.service, service.document.vocabulary.namespace ?? null]);
}

/** The client still holds this very document under the service's name (loading again replaces it). */
function isStillLoaded(client: AgentWebClient, service: LoadedAgisService, key: string): boolean {
  const current = client.agisServices().find((loaded) => serviceKey(loaded) === key);
  return current?.document === service.document;
}

/**
 * The argument that carries the user's confirmation: `confirmed`, unless the endpoint's own input declares a field
 * of that name. Then the endpoint's field keeps its meaning (and is passed on), and the confirmation gets a name of
 * its own, so a model filling in the endpoint's `confirmed` field is never taken as the user's yes.
 */
function gateArgument(properties: Record<string, unknown>): string {
  if (properties[CONFIRMED_ARGUMENT] === undefined) return CONFIRMED_ARGUMENT;
  let name = `user_${CONFIRMED_ARGUMENT}`;
  while (properties[name] !== undefined) name = `user_${name}`;
  return name;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Appendix C names are unique within one document only; several services on one server can collide. */
function uniqueName(name: string, service: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  const qualified = `${name}_${slug(service)}`.slice(0, MAX_NAME).replace(/_+$/, '');
  if (!taken.has(qualified)) return qualified;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${qualified.slice(0, MAX_NAME - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The advertised input schema. Arguments are accepted as any object here and checked by the AGIS invoker against
 * the endpoint's own JSON Schema (one validator, the one that guards the call); it goes into `tools/list`
 * unchanged, since a JSON Schema to zod round trip would tighten formats such as date-time beyond what the
 * service declares.
 */
function inputSchemaFor(tool: McpTool, gate: string | undefined): { [key: string]: unknown } {
  const { $schema: _schema, $id: _id, id: _legacyId, ...schema } = tool.inputSchema;
  const properties = { ...(schema['properties'] as Record<string, unknown> | undefined) };
  if (gate !== undefined) {
    properties[gate] = {
      type: 'boolean',
      description:
        'Set to true only after the user explicitly agreed to this irreversible action; without it nothing is sent.',
    };
  }
  return { ...schema, type: 'object', properties };
}

function describeTool(
  tool: McpTool,
  service: LoadedAgisService,
  reason: string | undefined,
  gate: string,
): string {
  const lines = [`${service.service}: ${tool.description}`];
  if (reason) {
    lines.push(
      `Needs confirmation (${reason}): describe the action to the user, and call with ${gate}: true only after they agree.`,
    );
  }
  return lines.join('\n');
}

function candidateFor(
  service: LoadedAgisService,
  endpoint: AgisEndpoint,
  reason: string | undefined,
): MatchCandidate {
  return {
    service: service.service,
    namespace: service.document.vocabulary.namespace,
    method: endpoint.method,
    path: endpoint.path,
    score: 1,
    confidence: 1,
    params: {},
    needsConfirmation: reason !== undefined,
    reasons: reason ? [reason] : ['called directly by name through MCP'],
  };
}

/**
 * Registers every endpoint of one loaded AGIS service as an MCP tool (names, descriptions and annotations per the
 * draft's Appendix C; a name another tool on the server has gets the service's name appended, then a number).
 * Registering the same service again registers nothing and returns an empty list; registering a service that was
 * loaded again (same name and namespace, a new `LoadedAgisService`) replaces the tools of the old one, which
 * answer `SERVICE_CHANGED` from the moment the client replaced it until then. A call goes through
 * `client.invokeIntent`, so it uses the client's HTTP policy, base URL and events; endpoints that need
 * confirmation answer with a `CONFIRMATION_REQUIRED` error result until confirmed. On a connected server the SDK
 * sends `tools/list_changed`, so services loaded later can be added too.
 *
 * @throws AgentWebToolsOptionsError when `maxResultChars` is not a positive integer.
 */
export function registerAgisService(
  server: McpServer,
  client: AgentWebClient,
  service: LoadedAgisService,
  options: RegisterAgisServiceOptions = {},
): RegisteredTool[] {
  const host: AgisToolHost<RegisteredTool> = {
    key: server,
    add: (tool) =>
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          // zod metadata carries the JSON Schema into the SDK's tools/list as it is.
          inputSchema: z.looseObject({}).meta(tool.inputSchema),
          outputSchema: AGIS_RESULT_SCHEMA,
          annotations: tool.annotations,
        },
        (args, extra) => tool.call(args as Record<string, unknown>, extra.signal),
      ),
  };
  return addAgisServiceTools(host, client, service, options);
}

/**
 * {@link registerAgisService} on any {@link AgisToolHost}: the same names, rules and calls whichever server lists
 * the tools.
 *
 * @throws AgentWebToolsOptionsError when `maxResultChars` is not a positive integer.
 */
export function addAgisServiceTools<H extends { remove(): void }>(
  host: AgisToolHost<H>,
  client: AgentWebClient,
  service: LoadedAgisService,
  options: RegisterAgisServiceOptions = {},
  /** Names the host already lists besides what this module registered. */
  listed: Iterable<string> = [],
): H[] {
  const maxResultChars = options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
  if (!Number.isInteger(maxResultChars) || maxResultChars < 1) {
    throw new AgentWebToolsOptionsError(
      'maxResultChars',
      `expected a positive integer, got ${String(maxResultChars)}`,
    );
  }
  const state = serverState(host.key);
  for (const name of listed) state.names.add(name);
  const key = serviceKey(service);
  const previous = state.services.get(key);
  if (previous?.service === service) return [];
  if (previous !== undefined) {
    // The client replaced this service: its old tools would run the new document's endpoints under the old rules.
    for (const { name, tool } of previous.tools) {
      tool.remove();
      state.names.delete(name);
    }
  }
  const registered: RegisteredService = { service, tools: [] };
  state.services.set(key, registered);
  const taken = state.names;
  const tools = toMcpTools(service.document);
  return service.document.endpoints.map((endpoint, index) => {
    // toMcpTools maps endpoints in order, one tool each.
    const tool = tools[index] as McpTool;
    const name = uniqueName(tool.name, service.service, taken);
    taken.add(name);
    const reason = agisConfirmationReason(endpoint);
    const gate = gateArgument((tool.inputSchema['properties'] as Record<string, unknown> | undefined) ?? {});
    const label = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
    // Inputs shown in a CONFIRMATION_REQUIRED answer: a confirmed call approves one of these exactly, once, so a
    // model can neither confirm before the user saw the action nor confirm one input and send another.
    const shown =
      options.approvals ??
      client.approvals ??
      createMemoryApprovalStore({ maxPending: MAX_PENDING_CONFIRMATIONS });
    const scope = client.userId ?? DEFAULT_SCOPE;
    // One subject per tool and input: several inputs of one tool may wait for the user at once.
    const subjectOf = (action: string) =>
      `mcp:${JSON.stringify([key, endpoint.method, endpoint.path])}:${createHash('sha256').update(action).digest('base64url')}`;
    const registeredTool = host.add({
      name,
      title: `${service.service}: ${label}`,
      description: describeTool(tool, service, reason, gate),
      inputSchema: inputSchemaFor(tool, reason === undefined ? undefined : gate),
      annotations: {
        readOnlyHint: reason === undefined && (tool.annotations?.readOnlyHint ?? false),
        // Whatever the declared tier says, an endpoint that needs confirmation is one a host should treat as such.
        destructiveHint: reason !== undefined || (tool.annotations?.destructiveHint ?? false),
        ...(tool.annotations?.idempotentHint === undefined
          ? {}
          : { idempotentHint: tool.annotations.idempotentHint }),
        openWorldHint: true,
      },
      call: async (args, signal) => {
        const { [gate]: confirmed, ...input } = args;
        if (!isStillLoaded(client, service, key)) {
          return toCallToolResult(
            errorResult(
              TOOL_ERROR_CODES.serviceChanged,
              `${service.service} was loaded again (or is no longer loaded) since this tool was listed; nothing was sent. Its tools have to be registered again before ${label} can be called.`,
            ),
          );
        }
        const action = actionKey(input);
        if (action === undefined) {
          return toCallToolResult(
            errorResult(
              TOOL_ERROR_CODES.invalidInput,
              `the arguments of ${label} cannot be sent as JSON (a non-finite number or nesting too deep); nothing was sent`,
            ),
          );
        }
        let approved = reason === undefined || options.confirm !== undefined;
        if (!approved) {
          try {
            approved = confirmed === true && (await shown.consume(scope, subjectOf(action), action));
            if (!approved) await shown.propose(scope, subjectOf(action), action);
          } catch (error) {
            // The approvals cannot be read (StateStoreError): nothing is sent without a yes that could be checked.
            return toCallToolResult(errorToResult(error, signal));
          }
        }
        if (reason !== undefined && !approved) {
          return toCallToolResult(
            errorResult(
              TOOL_ERROR_CODES.confirmationRequired,
              `${label} of ${service.service} needs the user's confirmation (${reason}); nothing was sent. Tell the user exactly what will be done with this input and, only if they agree, call again with the same arguments and ${gate}: true.`,
              {
                service: service.service,
                method: endpoint.method,
                path: endpoint.path,
                reason,
                input: toJsonValue(input),
              },
            ),
          );
        }
        const confirm: ConfirmCallback = options.confirm ?? (() => confirmed === true);
        try {
          const result = await client.invokeIntent(
            { instruction: label, candidates: [candidateFor(service, endpoint, reason)], abstain: false },
            { input, confirm, signal },
          );
          const answer = okResult({
            service: service.service,
            method: endpoint.method,
            path: endpoint.path,
            status: result.status,
            data: toJsonValue(result.data),
          });
          return toCallToolResult(fitResult(answer, maxResultChars));
        } catch (error) {
          return toCallToolResult(errorToResult(error, signal));
        }
      },
    });
    registered.tools.push({ name, tool: registeredTool });
    return registeredTool;
  });
}
