import { ACME_DOMAIN, GLOBEX_DOMAIN } from './demo-tenants';

export interface DemoCandidate {
  domain: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  location: string | null;
  isAdmin: boolean;
}

/** Published demo accounts (README); seeded onboarded and bootstrapped so they land on the real pages. */
export const DEMO_CANDIDATES: readonly DemoCandidate[] = [
  { domain: ACME_DOMAIN, email: 'ada@acme.example', password: 'lovelace-demo-1', firstName: 'Ada', lastName: 'Lovelace', location: 'London, UK', isAdmin: false },
  { domain: ACME_DOMAIN, email: 'grace@acme.example', password: 'hopper-demo-1', firstName: 'Grace', lastName: 'Hopper', location: 'New York, NY', isAdmin: false },
  { domain: ACME_DOMAIN, email: 'admin@acme.example', password: 'babbage-demo-1', firstName: 'Charles', lastName: 'Babbage', location: 'London, UK', isAdmin: true },
  { domain: GLOBEX_DOMAIN, email: 'hank@globex.example', password: 'scorpio-demo-1', firstName: 'Hank', lastName: 'Scorpio', location: 'Cypress Creek, OR', isAdmin: false },
];
