import type { PageId } from '@careers/contracts';
import type { ComponentType } from 'react';
import { lazyNamed } from '../lib/lazy-named';
import { ROUTES } from '../lib/paths';
import { HomeRoute } from './routes/home-route';

/**
 * Every screen of spec §2 that exists so far. A feature lands its screen by adding a route module under
 * app/routes/ (composing the feature's components inside a PageContainer) and one line here; anything
 * else under /careers is the 404 screen. Only the home screen is in the first bundle.
 */
export interface AppRoute {
  path: string;
  pageId: PageId;
  /**
   * Protected routes go through the guard: sign-in, onboarding, profile bootstrapping. The apply screen is
   * protected only where applyFormConfig.enableLoggedOutApply is off (spec §2).
   */
  access: 'public' | 'protected' | 'protectedUnlessLoggedOutApply';
  Component: ComponentType;
}

const LoginRoute = lazyNamed(() => import('./routes/login-route'), 'LoginRoute');
const ResetPasswordRoute = lazyNamed(() => import('./routes/reset-password-route'), 'ResetPasswordRoute');
const LogoutRoute = lazyNamed(() => import('./routes/logout-route'), 'LogoutRoute');
const SettingsRoute = lazyNamed(() => import('./routes/settings-route'), 'SettingsRoute');
const JobRoute = lazyNamed(() => import('./routes/job-route'), 'JobRoute');
const SavedJobsRoute = lazyNamed(() => import('./routes/saved-jobs-route'), 'SavedJobsRoute');
const OffersRoute = lazyNamed(() => import('./routes/offers-route'), 'OffersRoute');
const OfferIndexRoute = lazyNamed(() => import('./routes/offers-route'), 'OfferIndexRoute');
const OfferDetailRoute = lazyNamed(() => import('./routes/offer-detail-route'), 'OfferDetailRoute');
const OfferLetterRoute = lazyNamed(() => import('./routes/offer-letter-route'), 'OfferLetterRoute');
const DashboardRoute = lazyNamed(() => import('./routes/dashboard-route'), 'DashboardRoute');
const ApplicationsRoute = lazyNamed(() => import('./routes/dashboard-route'), 'ApplicationsRoute');
const InterviewsRoute = lazyNamed(() => import('./routes/dashboard-route'), 'InterviewsRoute');
const DashboardV2Route = lazyNamed(() => import('./routes/dashboard-route'), 'DashboardV2Route');
const FormsCenterRoute = lazyNamed(() => import('./routes/forms-center-route'), 'FormsCenterRoute');
const FormViewRoute = lazyNamed(() => import('./routes/forms-center-route'), 'FormViewRoute');
const OnboardingRoute = lazyNamed(() => import('./routes/forms-center-route'), 'OnboardingRoute');
const ApplyRoute = lazyNamed(() => import('./routes/apply-route'), 'ApplyRoute');
const ProfileRoute = lazyNamed(() => import('./routes/profile-route'), 'ProfileRoute');
const ExportResumeRoute = lazyNamed(() => import('./routes/profile-route'), 'ExportResumeRoute');

export const APP_ROUTES: readonly AppRoute[] = [
  { path: ROUTES.search, pageId: 'jobs', access: 'public', Component: HomeRoute },
  { path: ROUTES.searchByPath, pageId: 'jobs', access: 'public', Component: HomeRoute },
  { path: ROUTES.login, pageId: 'login', access: 'public', Component: LoginRoute },
  { path: ROUTES.resetPassword, pageId: 'login', access: 'public', Component: ResetPasswordRoute },
  { path: ROUTES.logout, pageId: 'logout', access: 'public', Component: LogoutRoute },
  { path: ROUTES.settings, pageId: 'settings', access: 'protected', Component: SettingsRoute },
  { path: ROUTES.job, pageId: 'singlePosition', access: 'public', Component: JobRoute },
  { path: ROUTES.jobPrivate, pageId: 'singlePosition', access: 'public', Component: JobRoute },
  { path: ROUTES.savedJobs, pageId: 'savedJobs', access: 'protected', Component: SavedJobsRoute },
  { path: ROUTES.offers, pageId: 'offers', access: 'protected', Component: OffersRoute },
  { path: ROUTES.offerIndex, pageId: 'offer', access: 'protected', Component: OfferIndexRoute },
  { path: ROUTES.offer, pageId: 'offer', access: 'protected', Component: OfferDetailRoute },
  { path: ROUTES.offerDocument, pageId: 'offerLetter', access: 'protected', Component: OfferLetterRoute },
  { path: ROUTES.offerLetter, pageId: 'offerLetter', access: 'protected', Component: OfferLetterRoute },
  { path: ROUTES.dashboard, pageId: 'dashboard', access: 'protected', Component: DashboardRoute },
  { path: ROUTES.applications, pageId: 'applications', access: 'protected', Component: ApplicationsRoute },
  { path: ROUTES.interviews, pageId: 'interviews', access: 'protected', Component: InterviewsRoute },
  { path: ROUTES.dashboardV2, pageId: 'dashboard', access: 'protected', Component: DashboardV2Route },
  { path: ROUTES.formsCenter, pageId: 'documentCenter', access: 'protected', Component: FormsCenterRoute },
  { path: ROUTES.forms, pageId: 'formView', access: 'public', Component: FormViewRoute },
  { path: ROUTES.onboarding, pageId: 'onboarding', access: 'protected', Component: OnboardingRoute },
  { path: ROUTES.apply, pageId: 'applyPage', access: 'protectedUnlessLoggedOutApply', Component: ApplyRoute },
  { path: ROUTES.applyPrivate, pageId: 'applyPage', access: 'protectedUnlessLoggedOutApply', Component: ApplyRoute },
  { path: ROUTES.profile, pageId: 'profile', access: 'protected', Component: ProfileRoute },
  { path: ROUTES.exportResume, pageId: 'exportResume', access: 'protected', Component: ExportResumeRoute },
];
