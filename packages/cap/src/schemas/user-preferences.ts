import { z } from 'zod';
import { CurrentPreferencesSchema, UserPreferencesSchema } from './preferences.js';

/** `cap:user_preferences_set` input. */
export const UserPreferencesSetInputSchema = z.strictObject({
  /** Preferences to set; `userDataConsent` is always required. */
  preferences: UserPreferencesSchema,
  /** Replace instead of merge. */
  replaceAll: z.boolean().optional(),
  /** Delete everything and revoke consent; other fields are ignored by the merchant. */
  clearAll: z.boolean().optional(),
});
export type UserPreferencesSetInput = z.infer<typeof UserPreferencesSetInputSchema>;

/** Outcome of a preferences update. */
export const PreferencesUpdateResultSchema = z.looseObject({
  success: z.boolean(),
  error: z.string().optional(),
  errorCode: z.string().optional(),
  updatedFields: z.array(z.string()).optional(),
  failedFields: z.array(z.looseObject({ field: z.string(), reason: z.string() })).optional(),
});
export type PreferencesUpdateResult = z.infer<typeof PreferencesUpdateResultSchema>;

/** Context and retention information. */
export const PreferencesContextSchema = z.looseObject({
  isNewContext: z.boolean(),
  timestamp: z.string(),
  retentionPolicy: z.looseObject({ description: z.string(), expiresAt: z.string().optional() }).optional(),
  appliedPolicies: z.array(z.string()).optional(),
  warnings: z.array(z.string()).optional(),
});
export type PreferencesContext = z.infer<typeof PreferencesContextSchema>;

/** `cap:user_preferences_set` output. */
export const UserPreferencesSetOutputSchema = z.looseObject({
  operation: PreferencesUpdateResultSchema,
  currentPreferences: CurrentPreferencesSchema.optional(),
  context: PreferencesContextSchema,
  availableOptions: z
    .looseObject({
      languages: z.array(z.string()).optional(),
      countries: z.array(z.string()).optional(),
      currencies: z.array(z.string()).optional(),
      categories: z.array(z.string()).optional(),
      customFields: z
        .array(
          z.looseObject({
            key: z.string(),
            type: z.string(),
            description: z.string(),
            required: z.boolean().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});
export type UserPreferencesSetOutput = z.infer<typeof UserPreferencesSetOutputSchema>;
