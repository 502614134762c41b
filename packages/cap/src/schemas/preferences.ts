import { z } from 'zod';
import { StringMapSchema } from './common.js';

/** Consent levels: `absent` (never given, the default), `none` (refused), `all` (the spec's standard policy). */
export const UserDataConsentSchema = z.enum(['absent', 'none', 'all']);
export type UserDataConsent = z.infer<typeof UserDataConsentSchema>;

/** Language and locale. */
export const LocalePreferencesSchema = z.strictObject({
  /** BCP 47 tag, e.g. `en-US`. */
  language: z.string().min(1).optional(),
  /** ISO 3166-1 alpha-2. */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'expected an ISO 3166-1 alpha-2 code')
    .optional(),
  /** ISO 4217. */
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'expected an ISO 4217 code')
    .optional(),
  /** IANA time zone. */
  timezone: z.string().min(1).optional(),
});
export type LocalePreferences = z.infer<typeof LocalePreferencesSchema>;

/** Shopping tastes. */
export const ShoppingPreferencesSchema = z.strictObject({
  categories: z.array(z.string()).optional(),
  brands: z.array(z.string()).optional(),
  /** A price band in plain numbers (not decimal strings, per the spec). */
  priceRange: z
    .strictObject({
      min: z.number().nonnegative().optional(),
      max: z.number().nonnegative().optional(),
      currency: z.string().optional(),
    })
    .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, {
      message: 'priceRange.min must not exceed priceRange.max',
    })
    .optional(),
  sizes: StringMapSchema.optional(),
  colors: z.array(z.string()).optional(),
  styles: z.array(z.string()).optional(),
  features: z.array(z.string()).optional(),
});
export type ShoppingPreferences = z.infer<typeof ShoppingPreferencesSchema>;

/** Accessibility needs. */
export const AccessibilityPreferencesSchema = z.strictObject({
  screenReader: z.boolean().optional(),
  highContrast: z.boolean().optional(),
  largeText: z.boolean().optional(),
  reducedMotion: z.boolean().optional(),
  audioDescription: z.boolean().optional(),
});
export type AccessibilityPreferences = z.infer<typeof AccessibilityPreferencesSchema>;

/** Contact preferences. */
export const CommunicationPreferencesSchema = z.strictObject({
  language: z.string().optional(),
  email: z
    .strictObject({
      marketing: z.boolean().optional(),
      orderUpdates: z.boolean().optional(),
      recommendations: z.boolean().optional(),
      newsletters: z.boolean().optional(),
    })
    .optional(),
  sms: z
    .strictObject({
      orderUpdates: z.boolean().optional(),
      deliveryNotifications: z.boolean().optional(),
      promotions: z.boolean().optional(),
    })
    .optional(),
  preferredMethod: z.enum(['email', 'sms', 'phone', 'none']).optional(),
});
export type CommunicationPreferences = z.infer<typeof CommunicationPreferencesSchema>;

/** All preferences; every call states the consent level. */
export const UserPreferencesSchema = z.strictObject({
  /** Consent level governing every other field. */
  userDataConsent: UserDataConsentSchema,
  locale: LocalePreferencesSchema.optional(),
  shopping: ShoppingPreferencesSchema.optional(),
  accessibility: AccessibilityPreferencesSchema.optional(),
  communication: CommunicationPreferencesSchema.optional(),
  /** Merchant-specific key/values. */
  custom: z.record(z.string(), z.unknown()).optional(),
});
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;

/** Preferences as a merchant reports them back: every key optional, unknown keys kept. */
export const CurrentPreferencesSchema = z.looseObject({
  userDataConsent: z.union([UserDataConsentSchema, z.string()]).optional(),
  locale: z.looseObject({}).optional(),
  shopping: z.looseObject({}).optional(),
  accessibility: z.looseObject({}).optional(),
  communication: z.looseObject({}).optional(),
  custom: z.record(z.string(), z.unknown()).optional(),
});
export type CurrentPreferences = z.infer<typeof CurrentPreferencesSchema>;
