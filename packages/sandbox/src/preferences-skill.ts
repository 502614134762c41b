import { capError, type SkillResult } from './cap-error.js';

const CONSENTS = new Set(['all', 'none', 'absent']);
const SECTIONS = ['locale', 'shopping', 'accessibility', 'communication', 'custom'];

/** Preferences stored for one context. */
export type StoredPreferences = Record<string, unknown>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Call-level facts the preferences skill needs. */
export interface PreferencesCall {
  /** Preferences stored for this context before the call, if any. */
  stored: StoredPreferences | undefined;
  /** True when this context did not exist before the call. */
  isNewContext: boolean;
}

/** Result of {@link setPreferences}: the skill result and what to store (undefined = forget). */
export interface PreferencesOutcome {
  /** Skill result. */
  result: SkillResult;
  /** Preferences to keep for the context afterwards; undefined deletes them. */
  store: StoredPreferences | undefined;
}

/**
 * `cap:user_preferences_set`. Consent `all` stores (merging unless `replaceAll`); `none` and `absent` and
 * `clearAll` revoke: stored data is dropped and only the consent level is echoed back.
 */
export function setPreferences(input: unknown, call: PreferencesCall): PreferencesOutcome {
  const fail = (code: string, text: string, details?: Record<string, unknown>): PreferencesOutcome => ({
    result: capError(code, text, details),
    store: call.stored,
  });
  if (!isRecord(input) || !isRecord(input['preferences'])) {
    return fail('CAP_INVALID_PREFERENCES_FORMAT', 'user_preferences_set needs a "preferences" object');
  }
  const prefs = input['preferences'];
  const consent = prefs['userDataConsent'];
  if (typeof consent !== 'string' || !CONSENTS.has(consent)) {
    return fail('CAP_INVALID_PREFERENCES_FORMAT', 'preferences.userDataConsent must be all, none or absent', {
      userDataConsent: consent,
    });
  }
  const timestamp = new Date().toISOString();
  // The consent level in force after this call: clearAll revokes whatever the preferences say.
  const effective = input['clearAll'] === true ? 'none' : consent;
  const context = (warnings?: string[]): Record<string, unknown> => {
    const c: Record<string, unknown> = {
      isNewContext: call.isNewContext,
      timestamp,
      retentionPolicy: {
        description:
          effective === 'all'
            ? 'Kept for the lifetime of the sandbox process'
            : 'Nothing is kept without consent',
      },
      appliedPolicies: [`cap:consent:${effective}`],
    };
    if (warnings !== undefined) c['warnings'] = warnings;
    return c;
  };
  if (effective !== 'all') {
    const revokedFrom = call.stored === undefined ? [] : Object.keys(call.stored);
    return {
      result: {
        ok: true,
        output: {
          operation: { success: true, updatedFields: ['userDataConsent'] },
          currentPreferences: { userDataConsent: effective },
          context: context(
            revokedFrom.length > 0 ? [`revoked and deleted: ${revokedFrom.join(', ')}`] : undefined,
          ),
        },
      },
      store: undefined,
    };
  }
  const failedFields: { field: string; reason: string }[] = [];
  const accepted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(prefs)) {
    if (key === 'userDataConsent') continue;
    if (!SECTIONS.includes(key)) failedFields.push({ field: key, reason: 'unknown preference section' });
    else if (!isRecord(value)) failedFields.push({ field: key, reason: 'must be an object' });
    else accepted[key] = value;
  }
  const base = input['replaceAll'] === true || call.stored === undefined ? {} : call.stored;
  const merged: StoredPreferences = { ...base };
  for (const [key, value] of Object.entries(accepted)) {
    merged[key] = isRecord(merged[key])
      ? { ...(merged[key] as Record<string, unknown>), ...(value as Record<string, unknown>) }
      : value;
  }
  merged['userDataConsent'] = 'all';
  const operation: Record<string, unknown> = {
    success: failedFields.length === 0,
    updatedFields: ['userDataConsent', ...Object.keys(accepted)],
  };
  if (failedFields.length > 0) {
    operation['failedFields'] = failedFields;
    operation['errorCode'] = 'CAP_INVALID_PREFERENCES_FORMAT';
  }
  return {
    result: {
      ok: true,
      output: {
        operation,
        currentPreferences: merged,
        context: context(),
        availableOptions: {
          languages: ['en-US', 'de-DE', 'fr-FR'],
          countries: ['US', 'DE', 'FR', 'GB'],
          currencies: ['USD', 'EUR', 'GBP'],
        },
      },
    },
    store: merged,
  };
}
