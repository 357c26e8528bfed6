/**
 * Boot data for `vite dev` (no server renders index.html there) and for tests. Never used by the
 * production bundle: main.tsx imports it only under import.meta.env.DEV.
 */
import {
  BootDataSchema,
  type BootData,
  type OnboardingBootData,
  type TenantConfigInput,
  type UserPreferences,
  type UserStore,
} from '@careers/contracts';

type PcsxConfigInput = TenantConfigInput['pcsxConfig'];
type BrandingInput = PcsxConfigInput['branding'];

export interface BootFixtureOptions {
  isSignedIn?: boolean;
  isAdmin?: boolean;
  onboarding?: Partial<OnboardingBootData>;
  branding?: Partial<BrandingInput>;
  tenant?: { domain: string; isDefault: boolean };
  config?: Omit<TenantConfigInput, 'pcsxConfig'>;
  pcsxConfig?: Omit<PcsxConfigInput, 'branding'>;
  /** Signed in: the candidate's saved settings (issue 11: time zone, language). */
  preferences?: Partial<UserPreferences>;
}

export const DEMO_BRANDING: BrandingInput = {
  companyName: 'Acme Robotics',
  logoUrl: '/brand/logo.svg',
  contactUrl: 'mailto:careers@acme.example',
  heroImageConfig: {
    default: {
      desktop: '/brand/hero-desktop.svg',
      tablet: '/brand/hero-tablet.svg',
      phone: '/brand/hero-phone.svg',
      alt: '',
      title: 'Build the robots that build the future',
      subtitle: 'Join Acme Robotics and work on machines people rely on every day.',
    },
  },
};

function signedInUserStore(domain: string, isAdmin: boolean): UserStore {
  return {
    groupId: domain,
    isLoggedIn: true,
    user: { id: 'cand_ada', email: 'ada@acme.example', is_admin: isAdmin, isThemeBuilderUser: false },
    profile: {
      encId: 'cand_ada',
      email: 'ada@acme.example',
      firstName: 'Ada',
      lastName: 'Lovelace',
      firstname: 'Ada',
      lastname: 'Lovelace',
      location: 'London',
      hasResume: false,
      avatar: null,
    },
    profileCompletionData: { percent: 75, missing: ['resume', 'languages'] },
  };
}

export function createBootData(options: BootFixtureOptions = {}): BootData {
  const tenant = options.tenant ?? { domain: 'acme.example', isDefault: true };
  const isSignedIn = options.isSignedIn ?? false;
  return BootDataSchema.parse({
    tenant: {
      ...tenant,
      config: {
        ...options.config,
        pcsxConfig: { ...options.pcsxConfig, branding: { ...DEMO_BRANDING, ...options.branding } },
      },
    },
    userStore: isSignedIn
      ? {
          ...signedInUserStore(tenant.domain, options.isAdmin ?? false),
          ...(options.preferences ? { preferences: { locale: null, timeZone: null, emailNotifications: true, inAppNotifications: true, ...options.preferences } } : {}),
        }
      : { groupId: tenant.domain, isLoggedIn: false, user: null, profile: null, profileCompletionData: null },
    onboarding: {
      isOnboarded: true,
      isBootstrapped: true,
      bootstrappingConfig: { enabled: true, allowSkip: true },
      ...options.onboarding,
    },
    notifications: {
      groupId: tenant.domain,
      isLoggedIn: isSignedIn,
      enableCandidateInappNotifications: true,
      hasActionRequiredNotificationsConfigured: true,
    },
    staticHost: '',
    environment: 'development',
  });
}
