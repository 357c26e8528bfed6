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
  /** Protected routes go through the guard: sign-in, onboarding, profile bootstrapping. */
  access: 'public' | 'protected';
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
  { path: ROUTES.profile, pageId: 'profile', access: 'protected', Component: ProfileRoute },
  { path: ROUTES.exportResume, pageId: 'exportResume', access: 'protected', Component: ExportResumeRoute },
];
