import { bad, isRecord, show } from '../validate-options.js';

const TRANSPORTS = new Set(['rest', 'mcp', 'both']);

/** Checks `startSandbox({ ucp })`; a bad value is a `SandboxOptionsError` naming it. */
export function checkUcpOptions(value: unknown): void {
  if (value === undefined) return;
  if (!isRecord(value)) bad('ucp', `ucp must be an object, not ${show(value)}`);
  const { count, transports, withoutCatalog, latencyMs, mcpSseAlternate, schemaDir, tokens } = value;
  if (
    count !== undefined &&
    !(Number.isInteger(count) && (count as number) >= 0 && (count as number) <= 1000)
  )
    bad('ucp.count', `ucp.count must be an integer from 0 to 1000, not ${show(count)}`);
  if (
    transports !== undefined &&
    !(Array.isArray(transports) && transports.length > 0 && transports.every((t) => TRANSPORTS.has(t)))
  )
    bad(
      'ucp.transports',
      `ucp.transports must be a non-empty list of 'rest', 'mcp' or 'both', not ${show(transports)}`,
    );
  if (
    withoutCatalog !== undefined &&
    !(Array.isArray(withoutCatalog) && withoutCatalog.every((i) => Number.isInteger(i)))
  )
    bad(
      'ucp.withoutCatalog',
      `ucp.withoutCatalog must be a list of merchant indexes, not ${show(withoutCatalog)}`,
    );
  const ms = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 60_000;
  if (
    latencyMs !== undefined &&
    !(
      ms(latencyMs) ||
      (Array.isArray(latencyMs) &&
        latencyMs.length === 2 &&
        latencyMs.every(ms) &&
        latencyMs[0] <= latencyMs[1])
    )
  )
    bad(
      'ucp.latencyMs',
      `ucp.latencyMs must be ms (0 to 60000) or a [min, max] pair, not ${show(latencyMs)}`,
    );
  if (mcpSseAlternate !== undefined && typeof mcpSseAlternate !== 'boolean')
    bad('ucp.mcpSseAlternate', `ucp.mcpSseAlternate must be a boolean, not ${show(mcpSseAlternate)}`);
  if (schemaDir !== undefined && schemaDir !== false && typeof schemaDir !== 'string')
    bad('ucp.schemaDir', `ucp.schemaDir must be a folder path or false, not ${show(schemaDir)}`);
  if (
    tokens !== undefined &&
    !(
      isRecord(tokens) &&
      Object.entries(tokens).every(([k, t]) => /^\d+$/.test(k) && typeof t === 'string' && t.length > 0)
    )
  )
    bad('ucp.tokens', 'ucp.tokens must map merchant indexes to non-empty token strings');
}
