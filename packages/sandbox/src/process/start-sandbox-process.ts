import { checkOptions } from '@agentweb/core';
import { type AgisServiceFaults, type AgisServiceId, checkAgisOptions } from '../agis/agis-faults.js';
import type { SandboxAgisServiceInfo } from '../agis/agis-services.js';
import type { MerchantFaults } from '../faults.js';
import type { MerchantBinding, MerchantDialect, MerchantInfo } from '../merchant-runtime.js';
import type { MinimalSdkMerchants } from '../minimal-sdk-merchants.js';
import { createSandboxFetch } from '../sandbox-fetch.js';
import { createSandboxLookup, type SandboxLookup } from '../sandbox-lookup.js';
import {
  checkChildOptions,
  checkCommonOptions,
  checkFaultsOption,
  checkMerchantFaults,
  checkMinimalSdkOptions,
} from '../validate-options.js';
import { type ChildProcessOptions, startChild } from './spawn-child.js';

/**
 * Options of {@link startSandboxProcess}: those of `startSandbox` that survive JSON. Faults are data, keyed by
 * merchant index or id, with `defaultFaults` for every merchant not listed.
 */
export interface SandboxProcessOptions extends ChildProcessOptions {
  /** Number of merchants (default 3). */
  merchants?: number;
  /** Seed for catalogs and latencies (default `'agentweb'`). */
  seed?: string | number;
  /** Dialects assigned round-robin to merchants (default `['0.3', '1.0', 'dual']`). */
  dialects?: readonly MerchantDialect[];
  /** A2A bindings assigned round-robin to merchants (default `['JSONRPC']`; see `startSandbox`). */
  bindings?: readonly MerchantBinding[];
  /** Faults by merchant index or id (`{ 42: { hang: true } }`). */
  faults?: Readonly<Record<string | number, MerchantFaults>>;
  /** Faults of every merchant not in `faults` (e.g. a latency for all). */
  defaultFaults?: MerchantFaults;
  /** Domain suffix of merchant hosts (default `sandbox.test`). */
  domainSuffix?: string;
  /** Serve the AGIS services `reservations.<suffix>` and `pharmacy.<suffix>` (default true). */
  agis?: boolean;
  /** Faults per AGIS service id (`{ pharmacy: { serverError: {} } }`). */
  agisFaults?: Readonly<Partial<Record<AgisServiceId, AgisServiceFaults>>>;
}

/** A sandbox served by a child process. Like `Sandbox`, minus the live `stats` (they live in the child). */
export interface SandboxProcess {
  /** The merchants, in index order. */
  merchants: MerchantInfo[];
  /** The AGIS services, without `stats` (they live in the child); empty with `agis: false`. */
  agis: SandboxAgisServiceInfo[];
  /** The child's HTTP server address. */
  http: { host: string; port: number };
  /** The child's DNS server (UDP and TCP). */
  dns: { host: string; port: number };
  /** RFC 8484 DoH endpoint URL. */
  doh: string;
  /** node:dns-style lookup mapping every merchant and AGIS domain to 127.0.0.1. */
  lookup: SandboxLookup;
  /** fetch that reaches the merchant and AGIS domains. */
  fetch: typeof fetch;
  /** The child's process id. */
  pid: number;
  /** Kills the child (its servers and every connection go with it) and resolves once it has exited. */
  close(): Promise<void>;
}

/**
 * Starts the sandbox in a child `node` process, so the merchants' CPU work (SDK, express, catalogs) does not share
 * the caller's event loop, as with a real agent web. Use it for benchmarks; tests that read `stats` need
 * `startSandbox`.
 */
export async function startSandboxProcess(options: SandboxProcessOptions = {}): Promise<SandboxProcess> {
  // Checked here so bad options fail as SandboxOptionsError before a child is forked.
  checkOptions('startSandboxProcess', options, {});
  checkCommonOptions(options);
  checkFaultsOption(options.faults, false);
  checkMerchantFaults('defaultFaults', options.defaultFaults);
  checkChildOptions(options);
  checkAgisOptions(options.agis, options.agisFaults);
  const faults: Record<string, MerchantFaults> = {};
  for (const [key, value] of Object.entries(options.faults ?? {})) faults[key] = value;
  const started = await startChild(
    {
      type: 'start',
      kind: 'sandbox',
      ...(options.merchants !== undefined ? { merchants: options.merchants } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.dialects ? { dialects: [...options.dialects] } : {}),
      ...(options.bindings ? { bindings: [...options.bindings] } : {}),
      ...(options.defaultFaults ? { defaultFaults: options.defaultFaults } : {}),
      ...(options.domainSuffix ? { domainSuffix: options.domainSuffix } : {}),
      ...(options.agis !== undefined ? { agis: options.agis } : {}),
      ...(options.agisFaults ? { agisFaults: options.agisFaults } : {}),
      faults,
    },
    options,
  );
  const { merchants, agis, http, dns, doh } = started.reply;
  const lookup = createSandboxLookup(
    new Set([...merchants.map((m) => m.domain), ...agis.map((s) => s.domain)]),
    http.host,
  );
  return {
    merchants,
    agis,
    http,
    dns,
    doh,
    lookup,
    fetch: createSandboxFetch(lookup),
    pid: started.pid,
    close: started.stop,
  };
}

/** Options of {@link startMinimalSdkMerchantsProcess}. */
export interface MinimalSdkMerchantsProcessOptions extends ChildProcessOptions {
  /** How many merchants (each under `/m/<i>/` on one 127.0.0.1 port). */
  merchants: number;
  /** Per-request delay in ms, drawn uniformly from [minMs, maxMs] (default none). */
  latency?: { minMs: number; maxMs: number };
}

/** Minimal official-SDK merchants ("not ours") served by a child process. */
export interface MinimalSdkMerchantsProcess extends MinimalSdkMerchants {
  /** The child's process id. */
  pid: number;
}

/** Starts `startMinimalSdkMerchants` in a child `node` process; `close()` kills it and waits for its exit. */
export async function startMinimalSdkMerchantsProcess(
  options: MinimalSdkMerchantsProcessOptions,
): Promise<MinimalSdkMerchantsProcess> {
  checkOptions('startMinimalSdkMerchantsProcess', options, {}, { optionsRequired: true });
  checkMinimalSdkOptions(options);
  checkChildOptions(options);
  const started = await startChild(
    {
      type: 'start',
      kind: 'minimal-sdk',
      merchants: options.merchants,
      ...(options.latency ? { latency: options.latency } : {}),
    },
    options,
  );
  return { cardUrls: started.reply.cardUrls, pid: started.pid, close: started.stop };
}
