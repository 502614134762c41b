import { isAgentWebError } from '@agentweb/core';
import type { ResolveManyOutcome } from '@agentweb/discovery';
import { z } from 'zod';
import type { AgentWebClient, AgentWebMerchant } from '../client/types.js';
import { defineTool, type ToolSettings } from './define-tool.js';
import { modelMessage } from './model-message.js';
import { definedOnly, truncateText } from './text.js';
import { okResult } from './tool-result.js';
import type { JsonValue } from './tool-types.js';

const MAX_TARGETS = 20;
const MAX_AGENT_SKILLS = 10;

/** Input of `discover_merchants`. */
export const discoverMerchantsInput = z.strictObject({
  targets: z
    .array(z.string())
    .max(MAX_TARGETS)
    .describe(
      'Domains (e.g. "shop.example") or web page URLs to look up. Pass an empty list to only list the merchants already known.',
    ),
});

function describeMerchant(merchant: AgentWebMerchant, mechanism: string | undefined): JsonValue {
  const cap = merchant.profile.cap;
  return definedOnly({
    domain: merchant.domain,
    name: merchant.profile.name,
    description: truncateText(merchant.profile.description, 200),
    skills: cap?.skills ?? [],
    publicSkills: cap?.publicSkills ?? [],
    queryModes: cap?.queryModes ?? [],
    foundBy: mechanism,
  });
}

/** A target that gave no merchant: an AgentWeb error's own code and message, else the fallback's. */
function failureEntry(
  target: string,
  error: unknown,
  fallback: { code?: string | undefined; reason: string },
): JsonValue {
  const known = isAgentWebError(error);
  return definedOnly({
    target,
    code: known ? error.code : fallback.code,
    reason: truncateText(known ? modelMessage(error) : fallback.reason, 300),
  });
}

function discoveryFailure(outcome: Extract<ResolveManyOutcome, { ok: false }>): JsonValue {
  const last = outcome.trace.at(-1);
  return failureEntry(outcome.domain, outcome.error, {
    code: last?.code,
    reason: last?.reason ?? 'no agent card was found',
  });
}

/** `discover_merchants`: finds agent cards and adds the CAP merchants among them. */
export function createDiscoverMerchantsTool(client: AgentWebClient, settings: ToolSettings) {
  return defineTool(
    {
      name: 'discover_merchants',
      title: 'Discover merchants',
      description:
        "Finds the shopping agents (CAP merchants) behind web domains or page URLs, through DNS, the page's link tag and well-known URIs, and makes them available to search_products, get_product, manage_cart and order_status. Use it when the user names a shop that is not yet in knownMerchants, or with an empty list to see which merchants are known. Sites whose agent does not sell (no CAP support) are listed under otherAgents; sites without an agent under failed.",
      inputSchema: discoverMerchantsInput,
      annotations: { readOnlyHint: true, openWorldHint: true, idempotentHint: true, destructiveHint: false },
      async run(input, { signal }) {
        const targets = [
          ...new Set(input.targets.map((target) => target.trim()).filter((t) => t.length > 0)),
        ];
        const merchants: JsonValue[] = [];
        const otherAgents: JsonValue[] = [];
        const failed: JsonValue[] = [];
        if (targets.length > 0) {
          const outcomes = await client.discoverMany(targets, signal ? { signal } : {});
          for (const outcome of outcomes) {
            if (!outcome.ok) {
              failed.push(discoveryFailure(outcome));
              continue;
            }
            const { profile, provenance } = outcome.result;
            if (!profile.cap?.supported) {
              otherAgents.push(
                definedOnly({
                  target: outcome.domain,
                  name: profile.name,
                  description: truncateText(profile.description, 200),
                  skills: profile.skills.slice(0, MAX_AGENT_SKILLS).map((skill) => skill.name),
                }),
              );
              continue;
            }
            try {
              // The card URL found by discovery: adding by it skips a second discovery run.
              const merchant = await client.addMerchant(provenance.url, signal ? { signal } : {});
              merchants.push(describeMerchant(merchant, provenance.mechanism));
            } catch (error) {
              if (signal?.aborted) throw error;
              failed.push(
                failureEntry(outcome.domain, error, {
                  reason: error instanceof Error ? error.message : String(error),
                }),
              );
            }
          }
        }
        return okResult({
          merchants,
          otherAgents,
          failed,
          knownMerchants: client.merchants().map((merchant) => merchant.domain),
        });
      },
    },
    settings,
  );
}
