import type { Readable, Writable } from 'node:stream';
import {
  JSON_RPC_ERRORS,
  type JsonRpcId,
  type JsonRpcItem,
  type JsonRpcRequest,
  parseJsonRpcLine,
} from './json-rpc.js';
import { createLineReader, type LineEvent, type LineReader } from './line-reader.js';
import { acceptsBatches, negotiateProtocolVersion } from './protocol-version.js';
import type { ServedTool, ToolCallAnswer } from './served-tool.js';

/** Longest input line (one JSON-RPC message or batch) read, in bytes: 4 MiB. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;
/** Most requests answered at once; more are refused until some finish. */
export const MAX_IN_FLIGHT = 128;

/** Options of {@link StdioMcpServer}. */
export interface StdioMcpServerOptions {
  /** `serverInfo.name` in `initialize`. */
  name: string;
  /** `serverInfo.version` in `initialize`. */
  version: string;
  /** Instructions sent in `initialize`. */
  instructions?: string;
  /** Where messages come from (newline-delimited JSON-RPC). */
  input: Readable;
  /** Where messages go: nothing else is ever written to it. */
  output: Writable;
  /** Longest input line in bytes (default {@link MAX_LINE_BYTES}). */
  maxLineBytes?: number;
  /** Called once, right after the first `tools/list` answer was written. */
  onFirstToolsList?: () => void;
  /** Where protocol problems are reported (a line each; default: nowhere). */
  log?: (line: string) => void;
}

/** Handle of a tool added with {@link StdioMcpServer.addTool}. */
export interface ServedToolHandle {
  /** Takes the tool off the list (the host is told the list changed). */
  remove(): void;
}

type Outgoing = Record<string, unknown>;

interface ProtocolError {
  code: number;
  message: string;
}

function protocolError(code: number, message: string): { error: ProtocolError } {
  return { error: { code, message } };
}

/**
 * A small MCP server over the stdio transport (newline-delimited JSON-RPC 2.0), with tools only: `initialize`,
 * `ping`, `tools/list`, `tools/call`, `notifications/initialized`, `notifications/cancelled`, and
 * `notifications/tools/list_changed` when tools are added or removed. It loads nothing but this folder, so a host
 * gets its tool list before any heavy part of AgentWeb is loaded. Input is bounded ({@link MAX_LINE_BYTES} per
 * line, {@link MAX_IN_FLIGHT} requests at once) and never makes it throw; the output carries protocol messages only.
 */
export class StdioMcpServer {
  readonly #options: StdioMcpServerOptions;
  readonly #tools = new Map<string, ServedTool>();
  readonly #inFlight = new Map<JsonRpcId, AbortController>();
  readonly #reader: LineReader;
  #protocolVersion: string | undefined;
  #initialized = false;
  #listed = false;
  #changePending = false;
  #started = false;
  #changedBeforeInit = false;
  #closed = false;
  readonly #onData = (chunk: Buffer | string) => this.#read(this.#reader.push(toBytes(chunk)));
  readonly #onEnd = () => this.#read(this.#reader.end());

  constructor(options: StdioMcpServerOptions) {
    this.#options = options;
    this.#reader = createLineReader({ maxLineBytes: options.maxLineBytes ?? MAX_LINE_BYTES });
  }

  /** The protocol version settled by `initialize`, if it came. */
  get protocolVersion(): string | undefined {
    return this.#protocolVersion;
  }

  /** Starts reading the input. */
  start(): void {
    this.#started = true;
    this.#options.input.on('data', this.#onData);
    this.#options.input.once('end', this.#onEnd);
  }

  /** Stops reading and aborts every call in progress (their answers are not sent). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#options.input.off('data', this.#onData);
    this.#options.input.off('end', this.#onEnd);
    for (const controller of this.#inFlight.values()) controller.abort(new Error('the server closed'));
    this.#inFlight.clear();
  }

  /** The names of the listed tools. */
  toolNames(): string[] {
    return [...this.#tools.keys()];
  }

  /** Lists a tool (replacing one of the same name) and tells an initialized host the list changed. */
  addTool(tool: ServedTool): ServedToolHandle {
    this.#tools.delete(tool.name);
    this.#tools.set(tool.name, tool);
    this.#toolsChanged();
    return {
      remove: () => {
        if (this.#tools.get(tool.name) !== tool) return;
        this.#tools.delete(tool.name);
        this.#toolsChanged();
      },
    };
  }

  #toolsChanged(): void {
    // One notification for a burst (a service adds all its tools at once); none before the host is initialized,
    // since it lists the tools after that anyway.
    if (!this.#initialized) {
      if (this.#started) this.#changedBeforeInit = true;
      return;
    }
    if (this.#changePending) return;
    this.#changePending = true;
    queueMicrotask(() => {
      this.#changePending = false;
      this.#send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    });
  }

  #send(message: Outgoing | Outgoing[]): void {
    if (this.#closed) return;
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      // Only a tool result could hold something JSON cannot carry, and toCallToolResult already guards that.
      this.#options.log?.(`an answer could not be serialised: ${String(error)}`);
      return;
    }
    this.#options.output.write(`${text}\n`);
  }

  #read(events: LineEvent[]): void {
    for (const event of events) {
      if (this.#closed) return;
      if (event.kind === 'oversize') {
        this.#options.log?.(`dropped an input line of more than ${event.bytes} bytes`);
        this.#send({
          jsonrpc: '2.0',
          id: null,
          ...protocolError(
            JSON_RPC_ERRORS.invalidRequest,
            `Invalid Request: a message of more than ${this.#options.maxLineBytes ?? MAX_LINE_BYTES} bytes`,
          ),
        });
        continue;
      }
      this.#line(event.text);
    }
  }

  #line(text: string): void {
    const line = parseJsonRpcLine(text);
    if (line.kind === 'parse-error') {
      this.#send({
        jsonrpc: '2.0',
        id: null,
        ...protocolError(JSON_RPC_ERRORS.parseError, `Parse error: ${line.reason}`),
      });
      return;
    }
    if (line.kind === 'single') {
      void this.#item(line.item).then((answer) => {
        if (answer !== undefined) this.#send(answer);
      });
      return;
    }
    if (!acceptsBatches(this.#protocolVersion)) {
      this.#send({
        jsonrpc: '2.0',
        id: null,
        ...protocolError(
          JSON_RPC_ERRORS.invalidRequest,
          `Invalid Request: JSON-RPC batches are not part of protocol version ${this.#protocolVersion ?? '(none negotiated yet)'}`,
        ),
      });
      return;
    }
    void Promise.all(line.items.map((item) => this.#item(item))).then((answers) => {
      const sent = answers.filter((answer): answer is Outgoing => answer !== undefined);
      if (sent.length > 0) this.#send(sent);
    });
  }

  /** The answer to one message, or undefined when none is due (notifications, responses, cancelled requests). */
  async #item(item: JsonRpcItem): Promise<Outgoing | undefined> {
    switch (item.kind) {
      case 'response':
        return undefined;
      case 'invalid':
        return {
          jsonrpc: '2.0',
          id: item.id,
          ...protocolError(JSON_RPC_ERRORS.invalidRequest, `Invalid Request: ${item.reason}`),
        };
      case 'notification':
        this.#notification(item.method, item.params);
        return undefined;
      case 'request':
        return this.#request(item);
    }
  }

  #notification(method: string, params: Record<string, unknown>): void {
    if (method === 'notifications/initialized') {
      this.#initialized = true;
      // Tools that changed between `initialize` and now (an AGIS service that loaded meanwhile) may be missing
      // from a list the host fetched before; tell it, as for any later change.
      if (this.#changedBeforeInit) this.#toolsChanged();
    } else if (method === 'notifications/cancelled') {
      const id = params['requestId'];
      if (typeof id !== 'string' && typeof id !== 'number') return;
      const reason = typeof params['reason'] === 'string' ? params['reason'] : 'cancelled by the client';
      this.#inFlight.get(id)?.abort(new Error(reason));
    }
    // Other notifications (progress, roots changed, ...) need nothing from a tools-only server.
  }

  async #request(request: JsonRpcRequest): Promise<Outgoing | undefined> {
    const { id } = request;
    if (this.#inFlight.has(id)) {
      return {
        jsonrpc: '2.0',
        id,
        ...protocolError(
          JSON_RPC_ERRORS.invalidRequest,
          `Invalid Request: request ${id} is still in progress`,
        ),
      };
    }
    if (this.#inFlight.size >= MAX_IN_FLIGHT) {
      return {
        jsonrpc: '2.0',
        id,
        ...protocolError(
          JSON_RPC_ERRORS.internalError,
          `${MAX_IN_FLIGHT} requests are in progress; send this one again when some have been answered`,
        ),
      };
    }
    const controller = new AbortController();
    this.#inFlight.set(id, controller);
    try {
      const outcome = await this.#dispatch(request, controller.signal);
      // A cancelled request gets no answer (the client has stopped waiting for it).
      if (controller.signal.aborted) return undefined;
      // Results as the MCP SDK writes them (result first), so hosts and logs see the same lines as before.
      return 'result' in outcome
        ? { result: outcome.result, jsonrpc: '2.0', id }
        : { jsonrpc: '2.0', id, ...outcome };
    } catch (error) {
      if (controller.signal.aborted) return undefined;
      return {
        jsonrpc: '2.0',
        id,
        ...protocolError(
          JSON_RPC_ERRORS.internalError,
          error instanceof Error ? error.message : String(error),
        ),
      };
    } finally {
      if (this.#inFlight.get(id) === controller) this.#inFlight.delete(id);
    }
  }

  async #dispatch(
    request: JsonRpcRequest,
    signal: AbortSignal,
  ): Promise<{ result: unknown } | { error: ProtocolError }> {
    const { method, params } = request;
    switch (method) {
      case 'initialize':
        return { result: this.#initialize(params) };
      case 'ping':
        return { result: {} };
      case 'tools/list': {
        const result = { tools: [...this.#tools.values()].map(listing) };
        if (!this.#listed) {
          this.#listed = true;
          // After this answer is written (the caller sends it in this same turn of the event loop).
          const hook = this.#options.onFirstToolsList;
          if (hook) setImmediate(hook);
        }
        return { result };
      }
      case 'tools/call':
        return this.#call(params, signal);
      default:
        return protocolError(JSON_RPC_ERRORS.methodNotFound, `Method not found: ${method}`);
    }
  }

  #initialize(params: Record<string, unknown>): Record<string, unknown> {
    this.#protocolVersion = negotiateProtocolVersion(params['protocolVersion']);
    return {
      protocolVersion: this.#protocolVersion,
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: this.#options.name, version: this.#options.version },
      ...(this.#options.instructions === undefined ? {} : { instructions: this.#options.instructions }),
    };
  }

  async #call(
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<{ result: ToolCallAnswer } | { error: ProtocolError }> {
    const name = params['name'];
    const args = params['arguments'];
    if (typeof name !== 'string') {
      return protocolError(JSON_RPC_ERRORS.invalidParams, 'Invalid params: tools/call needs a string name');
    }
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
      return protocolError(JSON_RPC_ERRORS.invalidParams, 'Invalid params: arguments must be an object');
    }
    const tool = this.#tools.get(name);
    // As the MCP SDK's McpServer answers: a tool error result the model can read, not a protocol error.
    if (tool === undefined) return { result: toolError(`MCP error -32602: Tool ${name} not found`) };
    try {
      return { result: await tool.call((args ?? {}) as Record<string, unknown>, { signal }) };
    } catch (error) {
      return { result: toolError(error instanceof Error ? error.message : String(error)) };
    }
  }
}

function listing(tool: ServedTool): Record<string, unknown> {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    ...(tool.execution === undefined ? {} : { execution: tool.execution }),
  };
}

function toolError(message: string): ToolCallAnswer {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function toBytes(chunk: Buffer | string): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}
