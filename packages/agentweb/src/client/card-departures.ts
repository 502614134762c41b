import { type A2AWarning, repairA2ACard } from '@agentweb/a2a';
import { parseAgentCard } from '@agentweb/agentcard';

/**
 * What a found A2A card leaves out that the A2A client would fill in (Mastra's card has no `skills`), as the A2A
 * client's own card reader reports it: discovery reads cards on its own, so without this `aw.agent(cardUrl)` would
 * neither warn of nor, under `strict`, refuse what `createA2AClient({ cardUrl })` does.
 *
 * @throws CardValidationError under `strict` when the card as received does not validate.
 */
export function cardDepartures(card: unknown, strict: boolean): readonly A2AWarning[] {
  if (card === undefined) return [];
  const { warnings } = repairA2ACard(card);
  if (warnings.length === 0) return [];
  if (strict) {
    // Validated as received, as the A2A client does under strict: a repair the parser also accepts is no error.
    parseAgentCard(card);
    return [];
  }
  return warnings;
}
