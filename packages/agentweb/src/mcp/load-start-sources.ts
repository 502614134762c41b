import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { MAX_AGIS_DOCUMENT_BYTES } from '../client/load-agis.js';
import type { AgentWebClient, LoadedAgisService } from '../client/types.js';
import type { AgisSourceArg } from './bin-args.js';
import { McpUsageError } from './mcp-usage-error.js';

/** Largest local AGIS file read: the limit the client puts on a fetched document. */
export const MAX_AGIS_FILE_BYTES = MAX_AGIS_DOCUMENT_BYTES;

/** What happened to one `--merchant` or `--agis` value. */
export interface StartSourceOutcome {
  /** `merchant` or `agis`. */
  kind: 'merchant' | 'agis';
  /** The value as given. */
  source: string;
  /** True when it was added or loaded. */
  ok: boolean;
  /** A one-line summary (what was added, or why not). */
  message: string;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A value that has no URL scheme and names an existing file is read as a file; anything else goes to the client. */
async function loadAgis(
  client: AgentWebClient,
  arg: AgisSourceArg,
  signal: AbortSignal,
): Promise<{ service: LoadedAgisService; message: string }> {
  const isFile = !/^[a-z][a-z0-9+.-]*:\/\//i.test(arg.source) && existsSync(arg.source);
  const options = { signal, ...(arg.baseUrl ? { baseUrl: arg.baseUrl } : {}) };
  if (!isFile) {
    const loaded = await client.loadAgisService(arg.source, options);
    return { service: loaded, message: `${loaded.service} (${loaded.document.endpoints.length} endpoints)` };
  }
  const size = statSync(arg.source).size;
  if (size > MAX_AGIS_FILE_BYTES) {
    throw new McpUsageError(
      `--agis ${arg.source}: the file has ${size} bytes; at most ${MAX_AGIS_FILE_BYTES}`,
    );
  }
  const loaded = await client.loadAgisService(
    await readFile(arg.source, { encoding: 'utf8', signal }),
    options,
  );
  const base = loaded.baseUrl
    ? ''
    : '; no base URL, so its endpoints answer with an error until given <file>=<url>';
  return {
    service: loaded,
    message: `${loaded.service} (${loaded.document.endpoints.length} endpoints${base})`,
  };
}

/** Called as each source settles, so a caller can log it and use what loaded while the rest still load. */
export type StartSourceListener = (outcome: StartSourceOutcome, service?: LoadedAgisService) => void;

/**
 * Adds the merchants and loads the AGIS services named on the command line, all at once. A failure is reported
 * in the outcome and never stops the others: a host may still use the rest, and discover more with the tools.
 * `onSettled` hears each outcome as it comes (with the service, for a loaded AGIS source).
 */
export async function loadStartSources(
  client: AgentWebClient,
  merchants: readonly string[],
  agis: readonly AgisSourceArg[],
  signal: AbortSignal,
  onSettled?: StartSourceListener,
): Promise<StartSourceOutcome[]> {
  const settle = (outcome: StartSourceOutcome, service?: LoadedAgisService): StartSourceOutcome => {
    onSettled?.(outcome, service);
    return outcome;
  };
  const tasks: Promise<StartSourceOutcome>[] = [
    ...merchants.map(async (source): Promise<StartSourceOutcome> => {
      try {
        const merchant = await client.addMerchant(source, { signal });
        return settle({ kind: 'merchant', source, ok: true, message: `${merchant.domain} (${merchant.id})` });
      } catch (error) {
        return settle({ kind: 'merchant', source, ok: false, message: describe(error) });
      }
    }),
    ...agis.map(async (arg): Promise<StartSourceOutcome> => {
      try {
        const loaded = await loadAgis(client, arg, signal);
        return settle(
          { kind: 'agis', source: arg.source, ok: true, message: loaded.message },
          loaded.service,
        );
      } catch (error) {
        return settle({ kind: 'agis', source: arg.source, ok: false, message: describe(error) });
      }
    }),
  ];
  return Promise.all(tasks);
}
