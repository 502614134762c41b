// The tests' validating wrapper: a fetch between the client and the sandbox that checks, on the client's side of
// the wire, every UCP request the client sends and every answer it gets against the vendored JSON Schemas (ajv).
import { createMerchantValidation, createUcpSchemaValidator } from '@agentweb/sandbox';

const fixtures = (version: string) =>
  createUcpSchemaValidator({
    dir: new URL(`../../../fixtures/ucp/${version}`, import.meta.url).pathname,
    version,
  });
let validation: ReturnType<typeof createMerchantValidation> | undefined;

type Json = Record<string, unknown>;

function restOperation(method: string, path: string): string | undefined {
  const parts = path.split('/').filter(Boolean);
  const [a, b, c] = parts;
  if (a === 'catalog')
    return { search: 'search_catalog', lookup: 'lookup_catalog', product: 'get_product' }[b ?? ''];
  const kind = { carts: 'cart', 'checkout-sessions': 'checkout', orders: 'order' }[a ?? ''];
  if (!kind) return undefined;
  if (parts.length === 1) return `create_${kind}`;
  if (parts.length === 2) return method === 'PUT' ? `update_${kind}` : `get_${kind}`;
  return c === 'complete' ? 'complete_checkout' : `cancel_${kind}`;
}

/** What the wrapper saw: one line per problem, and how many exchanges it checked. */
export interface WireReport {
  problems: string[];
  checked: number;
}

/** Wraps `inner` (the sandbox's fetch); every UCP exchange through it is validated into `report`. */
export function validatingFetch(inner: typeof fetch, report: WireReport): typeof fetch {
  validation ??= createMerchantValidation(fixtures('2026-04-08'), fixtures('2026-01-11'));
  const v = validation;
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const text = method === 'GET' ? '' : await request.clone().text();
    const headers = request.headers;
    let operation: string | undefined;
    let body: unknown;
    let mcp = false;
    if (url.pathname.endsWith('/ucp/mcp')) {
      const message = JSON.parse(text) as Json;
      if (message['method'] === 'tools/call') {
        mcp = true;
        const params = message['params'] as Json;
        operation = String(params['name']);
        const args = params['arguments'] as Json;
        const meta = (args['meta'] ?? {}) as Json;
        if (typeof (meta['ucp-agent'] as Json | undefined)?.['profile'] !== 'string')
          report.problems.push(`${operation}: no meta["ucp-agent"].profile`);
        if (typeof meta['request-id'] !== 'string')
          report.problems.push(`${operation}: no meta["request-id"]`);
        body = args['checkout'] ?? args['cart'] ?? args['catalog'];
      }
    } else if (url.pathname.includes('/ucp/v1/')) {
      operation = restOperation(
        method,
        url.pathname.slice(url.pathname.indexOf('/ucp/v1/') + '/ucp/v1'.length),
      );
      body = text ? JSON.parse(text) : undefined;
      if (!/^profile="https:\/\/[^"]+"$/.test(headers.get('ucp-agent') ?? ''))
        report.problems.push(`${operation}: UCP-Agent`);
      if (!headers.get('request-id')) report.problems.push(`${operation}: no Request-Id`);
    }
    if (operation && body !== undefined) {
      const problems = v.request(operation, body).problems;
      for (const p of problems) report.problems.push(`request ${operation} ${p.path} ${p.message}`);
    }
    const response = await inner(request);
    if (!operation) return response;
    report.checked += 1;
    const answer = await response.clone().text();
    let document: unknown;
    if (mcp) {
      const envelope = (
        answer.trimStart().startsWith('{')
          ? JSON.parse(answer)
          : JSON.parse(
              answer
                .split(/\r?\n/)
                .find((l) => l.startsWith('data:'))
                ?.slice(5) ?? '{}',
            )
      ) as Json;
      document = (envelope['result'] as Json | undefined)?.['structuredContent'];
    } else if (response.status < 400) {
      document = JSON.parse(answer);
    }
    if (document !== undefined)
      for (const p of v.response(operation, document))
        report.problems.push(`response ${operation} ${p.path} ${p.message}`);
    return response;
  };
}
