// The files of the consumer project that depend on what was packed: the package.json, one import of every subpath
// of every package's `exports` (ESM and CommonJS), the type-check file and its three tsconfigs, and the README's
// code example adapted to the sandbox.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The package.json of the consumer project: every tarball as a dependency (so each `@agentweb/*` dependency
 * resolves to its local tarball, not the registry), @types/node, and every peer dependency the packages declare
 * (optional ones included, so the `langchain`, `ai-sdk`, `openai` and `mcp` subpaths and their types load), at
 * the catalog's version where it pins one.
 */
export function consumerManifest(packed, catalog) {
  const dependencies = {};
  for (const pkg of packed) dependencies[pkg.name] = `file:${pkg.tarball}`;
  const peers = {};
  for (const pkg of packed) {
    for (const [name, range] of Object.entries(pkg.manifest.peerDependencies ?? {})) {
      if (dependencies[name] === undefined) peers[name] = catalog[name] ?? range;
    }
  }
  return {
    name: 'agentweb-consumer-test',
    private: true,
    type: 'module',
    dependencies: { ...dependencies, ...peers, '@types/node': catalog['@types/node'] ?? '^20.19.0' },
  };
}

/** Every import specifier of a package's `exports`: `{ specifier, json }`; `*` patterns expand to the files. */
export function exportSpecifiers(pkg, installedDir) {
  const exports = pkg.manifest.exports ?? { '.': pkg.manifest.main };
  const out = [];
  for (const [key, target] of Object.entries(exports)) {
    const base = key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`;
    if (key.includes('*')) {
      const to = typeof target === 'string' ? target : (target.default ?? target.import);
      const dir = to.slice(2, to.indexOf('*'));
      const files = readdirSync(join(installedDir, dir)).filter((f) => !f.startsWith('.'));
      if (files.length === 0) throw new Error(`${pkg.name} exports ${key} but ${dir} is empty`);
      for (const file of files)
        out.push({ specifier: base.replace('*', file), json: file.endsWith('.json') });
      continue;
    }
    out.push({ specifier: base, json: key.endsWith('.json') });
  }
  return out;
}

/** An ES module importing every specifier; prints `{ loaded, failed: [{ specifier, error }] }`. */
export function esmImportsModule(specifiers) {
  return [
    'const failed = [];',
    'let loaded = 0;',
    ...specifiers.map(
      ({ specifier, json }) =>
        `try { await import(${JSON.stringify(specifier)}${json ? ", { with: { type: 'json' } }" : ''}); loaded += 1; } ` +
        `catch (e) { failed.push({ specifier: ${JSON.stringify(specifier)}, error: String(e?.code ?? '') + ' ' + String(e?.message ?? e).split('\\n')[0] }); }`,
    ),
    'console.log(JSON.stringify({ loaded, failed }));',
    '',
  ].join('\n');
}

/** The same in CommonJS (`require` of ES modules, Node 20.19+); fails on modules with top-level await. */
export function cjsRequiresModule(specifiers) {
  return [
    "'use strict';",
    'const failed = [];',
    'let loaded = 0;',
    ...specifiers.map(
      ({ specifier }) =>
        `try { require(${JSON.stringify(specifier)}); loaded += 1; } ` +
        `catch (e) { failed.push({ specifier: ${JSON.stringify(specifier)}, error: String(e?.code ?? '') + ' ' + String(e?.message ?? e).split('\\n')[0] }); }`,
    ),
    'console.log(JSON.stringify({ loaded, failed }));',
    '',
  ].join('\n');
}

/**
 * Types a user names from `agentweb` alone: search results and outcomes, products, cart, orders, intent matches,
 * options, events, errors. The file also uses them against the client's methods, so a name that resolves to
 * another type than the method returns fails too. A generic type is listed with its arguments (for the tuple that
 * names every type); the import drops them.
 */
const NAMED_TYPES = [
  'AgentWebOptions',
  'AgentWebEvent',
  'AgentWebMerchant',
  'AgentWebErrorJson',
  'FanOutResult',
  'FanOutProduct',
  'FanOutChunk',
  'MerchantOutcome',
  'MerchantOutcomeStatus',
  'ProductGetOutput',
  'ProductDetail',
  'ProductSummary',
  'ProductOffer',
  'CartManageInput',
  'CartManageOutput',
  'CapCallResult<unknown>',
  'CartState',
  'OrderStatusOutput',
  'MatchCandidate',
  'IntentMatch',
  'ProductLookupResult',
  'AgisInvocationResult',
  'AgentProfile',
  'ResolveResult',
  'A2AAuth',
  'LookupFunction',
];

/**
 * Subpaths whose public types are a third-party SDK's own, with why they are checked with the DOM lib: the
 * MCP SDK's declarations name the DOM's `HeadersInit` (a project that imports the SDK itself meets the same), and
 * `createMcpServer` returns the SDK's `McpServer` so users can add their own tools and transports.
 */
export const DOM_TYPED_SUBPATHS = {
  'agentweb/mcp': "@modelcontextprotocol/sdk's own .d.ts names DOM types (HeadersInit)",
};

/** A consumer file importing the {@link DOM_TYPED_SUBPATHS} (checked with `lib: ["es2023", "dom"]`). */
export function domTypesModule() {
  return [
    ...Object.keys(DOM_TYPED_SUBPATHS).map(
      (specifier, i) => `import * as d${i} from ${JSON.stringify(specifier)};`,
    ),
    `export const modules = [${Object.keys(DOM_TYPED_SUBPATHS)
      .map((_, i) => `d${i}`)
      .join(', ')}];`,
    '',
  ].join('\n');
}

/** A tsconfig for {@link domTypesModule}: as {@link tsconfig}, with the DOM lib. */
export function domTsconfig() {
  const config = tsconfig('nodenext');
  return {
    ...config,
    compilerOptions: { ...config.compilerOptions, lib: ['es2023', 'dom'] },
    files: ['types-dom.ts'],
  };
}

/**
 * The type-check file: every (non-JSON) subpath of every package but the {@link DOM_TYPED_SUBPATHS}, and the
 * public types of `agentweb` used.
 */
export function typesModule(specifiers) {
  const code = specifiers.filter((s) => !s.json && !(s.specifier in DOM_TYPED_SUBPATHS));
  return [
    ...code.map(({ specifier }, i) => `import * as m${i} from ${JSON.stringify(specifier)};`),
    `import { AgentWeb, AgentWebError, isAgentWebError } from 'agentweb';`,
    `import type { ${NAMED_TYPES.map((t) => t.replace(/<.*/, '')).join(', ')} } from 'agentweb';`,
    '',
    `export const modules = [${code.map((_, i) => `m${i}`).join(', ')}];`,
    '',
    'export async function shop(options: AgentWebOptions, merchant: string): Promise<MerchantOutcomeStatus[]> {',
    '  const aw = new AgentWeb(options);',
    '  const added: AgentWebMerchant = await aw.addMerchant(merchant);',
    "  const result: FanOutResult = await aw.search('jacket', { merchants: [added.domain] });",
    '  const first: FanOutProduct | undefined = result.products[0];',
    '  const outcomes: readonly MerchantOutcome[] = result.outcomes;',
    '  if (first !== undefined) {',
    '    const got: ProductLookupResult = await aw.product(first.product.id, { merchant: added.domain });',
    '    const detail: ProductDetail = got.product;',
    "    const input: CartManageInput = { action: 'add', addItems: [{ productId: detail.id, quantity: 1 }] };",
    '    const cart: CapCallResult<CartManageOutput> = await aw.cart(added.domain, input);',
    '    const state: CartManageOutput = cart.output;',
    '    void state;',
    '  }',
    "  const match: IntentMatch = await aw.intent('a table for two');",
    '  const top: MatchCandidate | undefined = match.candidates[0];',
    '  void top;',
    '  await aw.close();',
    '  return outcomes.map((o) => o.status);',
    '}',
    '',
    'export function describeError(error: unknown): AgentWebErrorJson | undefined {',
    '  return isAgentWebError(error) ? error.toJSON() : error instanceof AgentWebError ? error.toJSON() : undefined;',
    '}',
    '',
    `export type Named = [${NAMED_TYPES.join(', ')}];`,
    '',
  ].join('\n');
}

/** The three settings a consumer type-checks under: name -> compilerOptions. */
export const TSC_SETTINGS = {
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
  node16: { module: 'node16', moduleResolution: 'node16' },
};

/** A tsconfig for one setting: strict, no DOM, library types checked (`skipLibCheck: false`). */
export function tsconfig(setting) {
  return {
    compilerOptions: {
      ...TSC_SETTINGS[setting],
      target: 'es2023',
      lib: ['es2023'],
      types: ['node'],
      strict: true,
      skipLibCheck: false,
      noEmit: true,
    },
    files: ['types.ts'],
  };
}

/**
 * The README's code example (the ```ts block that imports `agentweb`) pointed at the sandbox: the client gets the
 * sandbox options, `shop.example` and `reservations.example` become the sandbox's merchant and AGIS service, and
 * `askTheUser` comes from sandbox-options.mjs. Each change must apply once, so an edited example fails here
 * instead of running something else.
 */
export function readmeExampleModule(readme) {
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
  const example = blocks.find((b) => b.includes("from 'agentweb'"));
  if (example === undefined) throw new Error("README.md has no ```ts block importing 'agentweb'");
  let code = example;
  const replace = (from, to) => {
    const count = code.split(from).length - 1;
    if (count === 0) throw new Error(`the README example no longer contains ${from}`);
    code = code.split(from).join(to);
  };
  replace("new AgentWeb({ userId: 'alice' })", "new AgentWeb({ userId: 'alice', ...sandboxOptions })");
  replace("'shop.example'", 'shop');
  replace("'reservations.example'", 'reservations');
  return [
    "import { askTheUser, dns, reservations, sandboxOptions, shop } from './sandbox-options.mjs';",
    code,
    'await dns.close();',
    "if (products.length === 0) throw new Error('the README search found no product');",
    "if (outcomes.some((o) => o.status !== 'ok')) throw new Error('outcomes: ' + JSON.stringify(outcomes));",
    "if (match.abstain) throw new Error('the README intent abstained');",
    "console.log(products.length + ' products; intent ' + match.candidates[0]?.method + ' ' + match.candidates[0]?.path);",
    '',
  ].join('\n');
}
