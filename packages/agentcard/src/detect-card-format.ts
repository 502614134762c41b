import type { CardFormat } from './agent-profile.js';

/**
 * Tells which format a card object is in from its distinctive fields, or undefined when nothing matches.
 * The marker fields do not overlap between formats: Nooterra declares `schemaVersion`, the IETF draft uses
 * snake_case `agent_id` and a single `endpoint` object, A2A has `skills` and an endpoint in `url` or
 * `supportedInterfaces`. Anything that is not an object (a JSON array, a string, null) matches nothing.
 */
export function detectCardFormat(card: Record<string, unknown>): CardFormat | undefined {
  if (typeof card !== 'object' || card === null || Array.isArray(card)) return undefined;
  if (card['schemaVersion'] === 'AgentCard.v1' || ('agentId' in card && 'displayName' in card))
    return 'nooterra';
  if ('agent_id' in card || ('endpoint' in card && 'capabilities' in card && !('skills' in card)))
    return 'ietf';
  if (
    'supportedInterfaces' in card ||
    'skills' in card ||
    'url' in card ||
    'protocolVersion' in card ||
    'defaultInputModes' in card
  ) {
    return 'a2a';
  }
  return undefined;
}
