// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do.
import { invalidOption } from '@agentweb/core/test';
import { afterAll, describe, expect, it } from 'vitest';
import { toAiSdkTools } from '../src/ai-sdk/index.js';
import { createHostMapLookup } from '../src/config/index.js';
import {
  AgentWeb,
  createAgentWebTools,
  createMemoryApprovalStore,
  isInvalidOptionError,
} from '../src/index.js';
import { AgentWebToolkit, toLangChainTools } from '../src/langchain/index.js';
import { createMcpServer } from '../src/mcp/index.js';
import { createToolCallHandler, toOpenAITools } from '../src/openai/index.js';
// Tests run on source, where the facade cannot require the tools module by file name; evaluating it registers it
// for `createAgentWebTools` from the facade (a user's Node or bundler loads it on the first call).
import '../src/tools/index.js';

const client = new AgentWeb();
afterAll(() => client.close());

describe('new AgentWeb', () => {
  it.each([
    [42, 'options'],
    [{ contextStore: 'memory' }, 'contextStore'],
    [{ contextStore: { get() {}, set() {} } }, 'contextStore'],
    [{ merchantBackoff: { run() {} } }, 'merchantBackoff'],
    [{ searchCache: 'redis://localhost' }, 'searchCache'],
    [{ searchCache: { get() {} } }, 'searchCache'],
    [{ httpCache: { get() {}, set() {} } }, 'httpCache'],
    [{ fetch: 'undici' }, 'fetch'],
    [{ http: {} }, 'http'],
    [{ lookup: '127.0.0.1' }, 'lookup'],
    [{ onEvent: console }, 'onEvent'],
    [{ allowHttp: 'true' }, 'allowHttp'],
    [{ strict: 'yes' }, 'strict'],
    [{ credentials: 'secret-token' }, 'credentials'],
    [{ embedder: { encode() {} } }, 'embedder'],
    [{ dns: '1.1.1.1' }, 'dns'],
    [{ extractionPool: true }, 'extractionPool'],
    [{ offThreadChars: -1 }, 'offThreadChars'],
    // Node fires a timer longer than 2^31-1 ms after 1 ms: every request would time out at once.
    [{ timeoutMs: 3e9 }, 'timeoutMs'],
    [{ state: 'redis://127.0.0.1' }, 'state'],
    [{ state: { contextStore: {} } }, 'state.contextStore'],
    [{ state: { approvals: { consume() {} } } }, 'state.approvals'],
    [{ state: { close: true } }, 'state.close'],
    [{ redis: 'redis://127.0.0.1' }, 'redis'],
    [{ redis: {} }, 'redis.url'],
    [{ redis: { url: 6379 } }, 'redis.url'],
    [{ redis: { url: 'redis://127.0.0.1:1', commandTimeoutMs: 0 } }, 'redis.commandTimeoutMs'],
    [{ redis: { url: 'redis://127.0.0.1:1', contextStore: { ttlMs: -1 } } }, 'redis.contextStore.ttlMs'],
    [{ redis: { url: 'redis://127.0.0.1:1', backoff: { probeLeaseMs: 0 } } }, 'redis.backoff.probeLeaseMs'],
    [{ state: { merchantBackoff: 'redis' } }, 'state.merchantBackoff'],
    [{ redis: { url: 'redis://127.0.0.1:1' }, merchantBackoff: () => undefined }, 'merchantBackoff'],
    [{ state: { merchantBackoff: () => undefined }, merchantBackoff: () => undefined }, 'merchantBackoff'],
    // One place for contextIds and approvals: never two that disagree.
    [{ redis: { url: 'redis://127.0.0.1:1' }, state: {} }, 'redis'],
    [
      { redis: { url: 'redis://127.0.0.1:1' }, contextStore: { get() {}, set() {}, delete() {} } },
      'contextStore',
    ],
    [
      {
        state: { contextStore: { get() {}, set() {}, delete() {} } },
        contextStore: { get() {}, set() {}, delete() {} },
      },
      'contextStore',
    ],
  ])('refuses %j', (options, option) => {
    expect(() => new AgentWeb(options)).toThrow(
      expect.objectContaining(invalidOption('new AgentWeb', option)),
    );
  });

  it('keeps AgentWebInputError for the options it already checked', () => {
    expect(() => new AgentWeb({ userId: '' })).toThrow(
      expect.objectContaining({
        name: 'AgentWebInputError',
        code: 'AGENTWEB_INVALID_INPUT',
        field: 'userId',
      }),
    );
    expect(() => new AgentWeb({ concurrency: '16' })).toThrow(
      expect.objectContaining({ code: 'AGENTWEB_INVALID_INPUT', field: 'concurrency' }),
    );
  });

  it('hands nested options to the factory that owns them, which names the option', () => {
    expect(() => new AgentWeb({ timeoutMs: -1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', option: 'timeoutMs' }),
    );
    expect(() => new AgentWeb({ discovery: { maxCardBytes: 'big' } })).toThrow(
      expect.objectContaining(invalidOption('createResolver', 'maxCardBytes')),
    );
  });
});

describe('tool factories and adapters', () => {
  it.each([
    ['createAgentWebTools', () => createAgentWebTools(), 'client'],
    ['createAgentWebTools', () => createAgentWebTools({ search() {} }), 'client'],
    ['createAgentWebTools', () => createAgentWebTools(client, 'search_products'), 'options'],
    ['createMcpServer', () => createMcpServer(undefined), 'client'],
    ['createMcpServer', () => createMcpServer(client, { name: 7 }), 'name'],
    ['createMcpServer', () => createMcpServer(client, { agis: 'no' }), 'agis'],
    ['createAgentWebTools', () => createAgentWebTools(client, { approvals: new Map() }), 'approvals'],
    ['createMemoryApprovalStore', () => createMemoryApprovalStore({ maxMatches: 0 }), 'maxMatches'],
    ['createMemoryApprovalStore', () => createMemoryApprovalStore({ ttlMs: '1h' }), 'ttlMs'],
    ['createToolCallHandler', () => createToolCallHandler(null), 'client'],
    ['toOpenAITools', () => toOpenAITools(undefined, { api: 'chat' }), 'client'],
    ['toAiSdkTools', () => toAiSdkTools({}), 'client'],
    ['toLangChainTools', () => toLangChainTools('client'), 'client'],
    ['new AgentWebToolkit', () => new AgentWebToolkit(), 'client'],
    ['createHostMapLookup', () => createHostMapLookup('shop.test=127.0.0.1'), 'entries'],
    ['createHostMapLookup', () => createHostMapLookup([], 'system'), 'fallback'],
  ])('%s refuses a missing or wrong argument', (callee, call, option) => {
    expect(call).toThrow(expect.objectContaining(invalidOption(callee, option)));
  });

  it('keeps AgentWebToolsOptionsError for the tool options it already checked', () => {
    expect(() => createAgentWebTools(client, { include: 'search_products' })).toThrow(
      expect.objectContaining({ name: 'AgentWebToolsOptionsError', option: 'include' }),
    );
    expect(() => createAgentWebTools(client, { confirm: true })).toThrow(
      expect.objectContaining({ code: 'AGENTWEB_TOOLS_OPTIONS_INVALID', option: 'confirm' }),
    );
  });

  it('the error guard works on what the facade throws', () => {
    let thrown;
    try {
      createAgentWebTools();
    } catch (error) {
      thrown = error;
    }
    expect(isInvalidOptionError(thrown)).toBe(true);
    expect(thrown.message).toMatch(/^createAgentWebTools: option "client" must be an AgentWeb client/);
  });
});
