import type { AgentProfile, AgentSkill } from '@agentweb/agentcard';
import type { SkillAvailability } from './merchant-types.js';

const TEXT_MODES = new Set(['text/plain', 'text/*', '*/*']);

/** The card's entry for a skill. */
export function findSkill(profile: AgentProfile, skillId: string): AgentSkill | undefined {
  return profile.skills.find((skill) => skill.id === skillId);
}

/** Whether the skill may be called without credentials (`auth:public` tag on the card). */
export function isPublicSkill(profile: AgentProfile, skill: AgentSkill): boolean {
  return skill.tags.includes('auth:public') || (profile.cap?.publicSkills.includes(skill.id) ?? false);
}

/** Whether the skill accepts a text invocation (`text/plain` in its input modes). */
export function acceptsText(skill: AgentSkill): boolean {
  return skill.inputModes.some((mode) => TEXT_MODES.has(mode.split(';')[0]!.trim().toLowerCase()));
}

/** Decides, from the card alone, whether a call may go out. */
export function skillAvailability(
  profile: AgentProfile,
  skillId: string,
  hasCredentials: boolean,
  mode: 'data' | 'text',
): SkillAvailability {
  const skill = findSkill(profile, skillId);
  if (!skill) return { ok: false, reason: 'not-declared' };
  if (!hasCredentials && !isPublicSkill(profile, skill)) return { ok: false, reason: 'credentials-required' };
  if (mode === 'text' && !acceptsText(skill)) return { ok: false, reason: 'text-not-accepted' };
  return { ok: true };
}
