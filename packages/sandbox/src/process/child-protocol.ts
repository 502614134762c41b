import type { AgisServiceFaults, AgisServiceId } from '../agis/agis-faults.js';
import type { SandboxAgisServiceInfo } from '../agis/agis-services.js';
import type { MerchantFaults } from '../faults.js';
import type { MerchantBinding, MerchantDialect, MerchantInfo } from '../merchant-runtime.js';

/** What the parent asks the child to serve; plain JSON, so faults are data keyed by merchant index or id. */
export type ChildStartRequest =
  | {
      type: 'start';
      kind: 'sandbox';
      merchants?: number;
      seed?: string | number;
      dialects?: MerchantDialect[];
      bindings?: MerchantBinding[];
      faults?: Record<string, MerchantFaults>;
      defaultFaults?: MerchantFaults;
      domainSuffix?: string;
      agis?: boolean;
      agisFaults?: Readonly<Partial<Record<AgisServiceId, AgisServiceFaults>>>;
    }
  | {
      type: 'start';
      kind: 'minimal-sdk';
      merchants: number;
      latency?: { minMs: number; maxMs: number };
    };

/** What the child answers once its servers listen, or when starting failed. */
export type ChildReply =
  | {
      type: 'ready';
      kind: 'sandbox';
      merchants: MerchantInfo[];
      agis: SandboxAgisServiceInfo[];
      http: { host: string; port: number };
      dns: { host: string; port: number };
      doh: string;
    }
  | { type: 'ready'; kind: 'minimal-sdk'; cardUrls: string[] }
  | { type: 'error'; message: string };
