import type { TenantConfigInput } from '@careers/contracts';

export const ACME_DOMAIN = 'acme.example';
export const GLOBEX_DOMAIN = 'globex.example';

const acmeHero = {
  desktop: '/brand/hero-desktop.svg',
  tablet: '/brand/hero-tablet.svg',
  phone: '/brand/hero-phone.svg',
  alt: 'Robot arms assembling parts on a bright factory floor',
  title: 'Build the robots that build the future',
  subtitle: 'Engineering, manufacturing and field roles in 60 cities — and remote.',
};

/** The default demo site: every config block filled so each shell feature has something to show. */
export const ACME_CONFIG: TenantConfigInput = {
  pcsxConfig: {
    branding: {
      companyName: 'Acme Robotics',
      logoUrl: '/brand/logo.svg',
      primaryColor: '#3346d3',
      contactUrl: 'mailto:careers@acme.example',
      customPageSections: {
        footer: {
          html: '<nav aria-label="Company"><a href="https://acme.example/about">About Acme</a> · <a href="https://acme.example/life">Life at Acme</a> · <a href="https://acme.example/privacy">Privacy</a> · <a href="mailto:careers@acme.example">Contact recruiting</a></nav><p>© Acme Robotics. Equal opportunity employer.</p>',
        },
        customPcsBanner: {
          type: 'info',
          html: '<strong>Hiring event:</strong> meet our robotics teams at the London open day on the first Saturday of next month. <a href="/careers?query=robotics&amp;location=London">See London roles</a>',
        },
      },
      heroImageConfig: { default: acmeHero, jobs: acmeHero },
    },
    searchConfig: {
      smartFilters: ['department', 'employment_type', 'remote'],
      allFilters: ['department', 'employment_type', 'seniority', 'remote', 'location'],
      mapConfig: { enabled: true },
      currentLocation: true,
      strongMatchThreshold: 0.7,
    },
    // Display names differ from the keys, so address aliases (filter_job_type=Full time) are exercised.
    searchOptionsMap: {
      department: { displayName: 'Team', options: { labelMap: {} } },
      employment_type: {
        displayName: 'Job type',
        options: {
          labelMap: {
            FULL_TIME: 'Full time',
            PART_TIME: 'Part time',
            CONTRACT: 'Contract',
            INTERNSHIP: 'Internship',
            TEMPORARY: 'Temporary',
          },
        },
      },
      seniority: {
        displayName: 'Experience level',
        options: {
          labelMap: { entry: 'Entry level', mid: 'Mid level', senior: 'Senior', lead: 'Lead', principal: 'Principal' },
        },
      },
      remote: { displayName: 'Workplace', options: { labelMap: { true: 'Remote', false: 'On site' } } },
      location: { displayName: 'City', options: { labelMap: {} } },
    },
    // GET /api/pcsx/overrides: per-position settings, merged default → department → position.
    overrides: {
      departments: { Sales: { positionDetailsConfig: { showInsights: false } } },
    },
    dashboardConfig: { tabs: ['applications', 'interviews', 'savedPositions', 'offers', 'openDraftApplications', 'closedDraftApplications', 'events', 'referrals'] },
    seoConfig: {
      titleTemplate: '{title} | {company}',
      description: 'Open roles at Acme Robotics in engineering, manufacturing, data, sales and more — on site and remote.',
      indexable: true,
    },
    jobCartConfig: { enabled: true },
    applyFormConfig: { enableLoggedOutApply: false },
    loggedOutNotificationConfig: {
      enabled: true,
      privacyText: 'We email you about new roles that match your search. Unsubscribe at any time.',
    },
  },
  notificationsConfig: {
    enableCandidateInappNotifications: true,
    enableSavedSearchNotifications: true,
    hasActionRequiredNotificationsConfigured: true,
  },
  loginSignupConfig: { candidateLoginEnabled: true, candidateSignupEnabled: true },
  onboardingConfig: { bootstrappingEnabled: true },
  // The dashboard's Referrals tab (issue 11): Ada has a referral to follow.
  gates: { referralWithCandidateApplicationGate: true },
};

/** A second, smaller site: tenancy tests prove nothing crosses between the two. */
export const GLOBEX_CONFIG: TenantConfigInput = {
  pcsxConfig: {
    branding: {
      companyName: 'Globex Corporation',
      primaryColor: '#0f766e',
      contactUrl: 'mailto:jobs@globex.example',
    },
    searchConfig: { smartFilters: ['department'], allFilters: ['department', 'employment_type'] },
    seoConfig: { titleTemplate: '{title} at {company}', indexable: false },
    // Visitors may apply without an account here (spec §2: /careers/apply is then not protected).
    applyFormConfig: { enableLoggedOutApply: true },
  },
  notificationsConfig: { enableCandidateInappNotifications: false },
};
