import { z } from 'zod';

/**
 * Tenant configuration: the spec's §3 "Config". Every block has defaults so a tenant row may hold only
 * what differs; the parsed value is always complete.
 */

export const PageIdSchema = z.enum([
  'dashboard', 'profile', 'jobs', 'singlePosition', 'jtn', 'settings', 'ProfileBootstrapping', 'login', 'logout',
  'applyPage', 'exportResume', 'formView', 'documentCenter', 'savedJobs', 'applications', 'interviews',
  'onboarding', 'offers', 'offer', 'offerLetter', 'notFound', 'error',
]);
export type PageId = z.infer<typeof PageIdSchema>;

const HeroImageSchema = z.object({
  /** Image URLs per screen width class (spec §2: "Hero image chosen by page and screen width"). */
  phone: z.string().optional(),
  tablet: z.string().optional(),
  desktop: z.string(),
  alt: z.string().default(''),
  title: z.string().optional(),
  subtitle: z.string().optional(),
});
export type HeroImage = z.infer<typeof HeroImageSchema>;

const FilterOptionsMapSchema = z.object({
  displayName: z.string(),
  options: z.object({ labelMap: z.record(z.string(), z.string()).default({}) }).default({ labelMap: {} }),
});

export const SearchConfigSchema = z.object({
  smartFilters: z.array(z.string()).default([]),
  allFilters: z.array(z.string()).default([]),
  mapConfig: z
    .object({
      enabled: z.boolean().default(false),
      tileUrl: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
      attribution: z.string().default('© OpenStreetMap contributors'),
    })
    .default({ enabled: false, tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' }),
  currentLocation: z.boolean().default(true),
  /**
   * The distance filter's unit; absent, the candidate's region decides (miles in the US, the UK, Liberia and
   * Myanmar, kilometres elsewhere; issue 13 "distances (mi/km by region)").
   */
  distanceUnit: z.enum(['mile', 'kilometer']).optional(),
  strongMatchThreshold: z.number().min(0).max(1).default(0.7),
});

export const BrandingSchema = z.object({
  companyName: z.string().min(1),
  logoUrl: z.string().optional(),
  /** The tenant's favicon (set by the employer API's branding upload); linked from every page's <head>. */
  faviconUrl: z.string().optional(),
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
  contactUrl: z.string().optional(),
  customPageSections: z
    .object({
      footer: z.object({ html: z.string() }).optional(),
      customPcsBanner: z
        .object({ type: z.enum(['info', 'alert']).default('info'), html: z.string() })
        .optional(),
      customNavbarConfig: z
        .object({ loggedInHtml: z.string().optional(), loggedOutHtml: z.string().optional() })
        .optional(),
    })
    .default({}),
  heroImageConfig: z.record(z.string(), HeroImageSchema).default({}),
});

export const SeoConfigSchema = z.object({
  /** e.g. "{title} | {company}"; spec §9 "Page title: from the config template". */
  titleTemplate: z.string().optional(),
  description: z.string().optional(),
  indexable: z.boolean().default(true),
});

export const PcsxConfigSchema = z.object({
  searchConfig: SearchConfigSchema.default(SearchConfigSchema.parse({})),
  searchOptionsMap: z.record(z.string(), FilterOptionsMapSchema).default({}),
  positionDetailsConfig: z
    .object({ showInsights: z.boolean().default(true), showMatchDetails: z.boolean().default(true) })
    .default({ showInsights: true, showMatchDetails: true }),
  dashboardConfig: z.object({ tabs: z.array(z.string()).default([]) }).default({ tabs: [] }),
  branding: BrandingSchema,
  seoConfig: SeoConfigSchema.default({ indexable: true }),
  jobCartConfig: z.object({ enabled: z.boolean().default(false) }).default({ enabled: false }),
  applyFormConfig: z
    .object({
      enableLoggedOutApply: z.boolean().default(false),
      /** The tenant's form definition the apply page shows (form_definitions.form_key, issue 9). */
      formKey: z.string().min(1).max(100).default('application'),
    })
    .default({ enableLoggedOutApply: false, formKey: 'application' }),
  fileUploadConfig: z
    .object({
      maxFileSizeMB: z.number().positive().default(10),
      allowedTypes: z.array(z.string()).default(['doc', 'docx', 'pdf', 'txt', 'png', 'jpg', 'jpeg']),
    })
    .default({ maxFileSizeMB: 10, allowedTypes: ['doc', 'docx', 'pdf', 'txt', 'png', 'jpg', 'jpeg'] }),
  overrides: z.record(z.string(), z.unknown()).default({}),
  scriptConfig: z
    .object({ pageLoadHeadScripts: z.array(z.string().url()).default([]) })
    .default({ pageLoadHeadScripts: [] }),
  loggedOutNotificationConfig: z
    .object({ enabled: z.boolean().default(false), privacyText: z.string().default('') })
    .default({ enabled: false, privacyText: '' }),
});

export const TenantConfigSchema = z.object({
  pcsxConfig: PcsxConfigSchema,
  notificationsConfig: z
    .object({
      enableCandidateInappNotifications: z.boolean().default(true),
      enableSavedSearchNotifications: z.boolean().default(false),
      hasActionRequiredNotificationsConfigured: z.boolean().default(true),
    })
    .default({
      enableCandidateInappNotifications: true,
      enableSavedSearchNotifications: false,
      hasActionRequiredNotificationsConfigured: true,
    }),
  loginSignupConfig: z
    .object({ candidateLoginEnabled: z.boolean().default(true), candidateSignupEnabled: z.boolean().default(true) })
    .default({ candidateLoginEnabled: true, candidateSignupEnabled: true }),
  gates: z
    .object({ referralWithCandidateApplicationGate: z.boolean().default(false) })
    .default({ referralWithCandidateApplicationGate: false }),
  behaviourFlags: z
    .object({ redirectToDashboardV2: z.boolean().default(false) })
    .catchall(z.boolean())
    .default({ redirectToDashboardV2: false }),
  chatbotxConfig: z
    .object({ enabled: z.boolean().default(false), enabledForLoggedOut: z.boolean().default(false) })
    .default({ enabled: false, enabledForLoggedOut: false }),
  onboardingConfig: z
    .object({ bootstrappingEnabled: z.boolean().default(true) })
    .default({ bootstrappingEnabled: true }),
});

/** What a tenant row stores (defaults may be omitted). */
export type TenantConfigInput = z.input<typeof TenantConfigSchema>;
/** The parsed, complete configuration. */
export type TenantConfig = z.output<typeof TenantConfigSchema>;
export type PcsxConfig = TenantConfig['pcsxConfig'];
export type Branding = PcsxConfig['branding'];
