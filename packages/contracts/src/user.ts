import { z } from 'zod';

/** spec §3 "User store" → Profile. `firstname`/`lastname` are kept as aliases, as the spec lists both. */
export const ProfileSchema = z.object({
  encId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  location: z.string().nullable(),
  hasResume: z.boolean(),
  /** Absolute URL; a relative stored avatar path is prefixed with the static CDN host by the presenter. */
  avatar: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  isThemeBuilderUser: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const ProfileCompletionSchema = z.object({
  percent: z.number().int().min(0).max(100),
  missing: z.array(z.string()),
});
export type ProfileCompletion = z.infer<typeof ProfileCompletionSchema>;

/** Issue 11 settings as the user store carries them (the dashboard and notifications read the time zone). */
export const UserPreferencesSchema = z.object({
  locale: z.string().nullable(),
  timeZone: z.string().nullable(),
  emailNotifications: z.boolean(),
  inAppNotifications: z.boolean(),
});
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;

export const UserStoreSchema = z.object({
  groupId: z.string(),
  isLoggedIn: z.boolean(),
  user: SessionUserSchema.nullable(),
  profile: ProfileSchema.nullable(),
  profileCompletionData: ProfileCompletionSchema.nullable(),
  /** Signed in: the candidate's saved preferences (absent from answers that do not read them). */
  preferences: UserPreferencesSchema.nullable().optional(),
});
export type UserStore = z.infer<typeof UserStoreSchema>;

/** spec §3 "Onboarding boot data". */
export const OnboardingBootDataSchema = z.object({
  isOnboarded: z.boolean(),
  isBootstrapped: z.boolean(),
  bootstrappingConfig: z.object({ enabled: z.boolean(), allowSkip: z.boolean() }),
});
export type OnboardingBootData = z.infer<typeof OnboardingBootDataSchema>;

/** spec §3 "Notification boot data". */
export const NotificationBootDataSchema = z.object({
  groupId: z.string(),
  isLoggedIn: z.boolean(),
  enableCandidateInappNotifications: z.boolean(),
  hasActionRequiredNotificationsConfigured: z.boolean(),
});
export type NotificationBootData = z.infer<typeof NotificationBootDataSchema>;
