import { SandboxOptionsError } from '../sandbox-errors.js';

/** Faults one AGIS service injects on its endpoints (discovery files stay healthy). */
export interface AgisServiceFaults {
  /** Endpoint calls never answer; they end on `close()`. */
  hang?: boolean;
  /** Endpoint calls get this 5xx status (default 503). */
  serverError?: { status?: number };
}

/** Ids of the sandbox AGIS services. */
export const AGIS_SERVICE_IDS = ['reservations', 'pharmacy'] as const;
/** Id of a sandbox AGIS service. */
export type AgisServiceId = (typeof AGIS_SERVICE_IDS)[number];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks the `agis` and `agisFaults` options; throws SandboxOptionsError naming the bad one. */
export function checkAgisOptions(agis: unknown, agisFaults: unknown): void {
  if (agis !== undefined && typeof agis !== 'boolean')
    throw new SandboxOptionsError('agis', `agis must be a boolean, not ${JSON.stringify(agis)}`);
  if (agisFaults === undefined) return;
  if (!isRecord(agisFaults))
    throw new SandboxOptionsError('agisFaults', 'agisFaults must be an object keyed by AGIS service id');
  for (const [id, f] of Object.entries(agisFaults)) {
    if (!(AGIS_SERVICE_IDS as readonly string[]).includes(id))
      throw new SandboxOptionsError(
        'agisFaults',
        `agisFaults has unknown service ${JSON.stringify(id)} (expected ${AGIS_SERVICE_IDS.join(' or ')})`,
      );
    if (f === undefined) continue;
    const where = `agisFaults[${JSON.stringify(id)}]`;
    if (!isRecord(f)) throw new SandboxOptionsError('agisFaults', `${where} must be an object`);
    if (f['hang'] !== undefined && typeof f['hang'] !== 'boolean')
      throw new SandboxOptionsError('agisFaults', `${where}.hang must be a boolean`);
    const se = f['serverError'];
    const status = isRecord(se) ? se['status'] : undefined;
    if (
      se !== undefined &&
      (!isRecord(se) ||
        (status !== undefined &&
          !(Number.isInteger(status) && (status as number) >= 500 && (status as number) <= 599)))
    )
      throw new SandboxOptionsError(
        'agisFaults',
        `${where}.serverError must be { status?: integer from 500 to 599 }`,
      );
  }
}
