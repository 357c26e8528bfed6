import {
  APPLICATION_STAGE_INFO,
  type ApplicationStage,
  type ApplicationSummary,
  type CandidateEvent,
  type CandidateInterview,
  type CandidateReferral,
  type DraftApplication,
  type Nudge,
} from '@careers/contracts';

/** Test data in the wire shapes of packages/contracts/src/applications.ts and dashboard.ts. */
const HOUR_MS = 3_600_000;
const at = (hours: number): string => new Date(Date.now() + hours * HOUR_MS).toISOString();

export function makeApplication(id: string, stage: ApplicationStage, name: string, overrides: Partial<ApplicationSummary> = {}): ApplicationSummary {
  const info = APPLICATION_STAGE_INFO[stage];
  return {
    id,
    position_id: Number(id.replace(/\D/g, '')) || 1,
    position: { id: Number(id.replace(/\D/g, '')) || 1, name, archived_at: null },
    stage,
    stage_label: info.label,
    stage_meaning: info.meaning,
    next_step: info.next,
    submitted_at: '2025-02-01T10:00:00.000Z',
    updated_at: at(-48),
    withdrawn_at: null,
    can_withdraw: !['hired', 'rejected', 'withdrawn'].includes(stage),
    timeline: [
      { from: null, to: 'submitted', reason: null, at: '2025-02-01T10:00:00.000Z' },
      ...(stage === 'submitted' ? [] : [{ from: 'submitted' as const, to: stage, reason: stage === 'withdrawn' ? 'Took another job' : null, at: '2025-02-10T10:00:00.000Z' }]),
    ],
    ...overrides,
  };
}

export const APPLICATIONS = {
  applications: [makeApplication('app-11', 'interview', 'Robotics Engineer'), makeApplication('app-12', 'submitted', 'Data Analyst')],
  inactiveApplications: [makeApplication('app-13', 'withdrawn', 'Field Technician')],
};

export const DRAFTS: DraftApplication[] = [
  { position_id: 21, position: { id: 21, name: 'Controls Engineer', archived_at: -1 }, updated_at: at(-24) },
  { position_id: 22, position: { id: 22, name: 'Welder', archived_at: 1_738_000_000_000 }, updated_at: at(-300) },
];

export function makeInterview(id: string, hoursFromNow: number, overrides: Partial<CandidateInterview> = {}): CandidateInterview {
  return {
    id,
    application_id: 'app-11',
    position_id: 11,
    position_name: 'Robotics Engineer',
    starts_at: at(hoursFromNow),
    ends_at: at(hoursFromNow + 0.75),
    duration_minutes: 45,
    time_zone: 'UTC',
    kind: 'video',
    location: null,
    meeting_url: 'https://meet.example/robotics',
    interviewers: ['Charles Babbage', 'Mary Somerville'],
    status: 'scheduled',
    notes: 'Bring a design you are proud of.',
    updated_at: at(-2),
    ...overrides,
  };
}

export const INTERVIEWS = {
  upcoming: [makeInterview('interview-video', 48), makeInterview('interview-canceled', 96, { status: 'canceled', kind: 'phone', meeting_url: null })],
  past: [makeInterview('interview-onsite', -200, { kind: 'onsite', location: 'Boston HQ', meeting_url: null })],
};

export function makeEvent(id: string, title: string, registration: CandidateEvent['registration_status']): CandidateEvent {
  return {
    id,
    title,
    description: 'Meet the robotics teams.',
    starts_at: at(100),
    ends_at: at(103),
    time_zone: 'UTC',
    location: registration ? 'London' : null,
    url: 'https://events.example/open-day',
    capacity: 50,
    seats_left: 12,
    registration_status: registration,
  };
}

export const EVENTS = { registered: [makeEvent('event-1', 'London open day', 'registered')], open: [makeEvent('event-2', 'Robotics webinar', null)] };

export const REFERRALS: CandidateReferral[] = [
  { id: 'ref-1', position_id: 31, position_name: 'Motion Planning Engineer', referrer_name: 'Charles Babbage', status: 'referred', created_at: '2025-02-20T00:00:00.000Z', updated_at: '2025-02-20T00:00:00.000Z' },
];

export const NUDGES: Nudge[] = [
  { id: 'offer:offer-1', kind: 'offer_action', link: '/careers/offer/offer-1', positionName: 'Senior Robotics Engineer', expiresAt: '2025-03-20T00:00:00.000Z' },
  { id: 'draft:21', kind: 'draft_open', link: '/careers/apply?pid=21', positionName: 'Controls Engineer', updatedAt: at(-24) },
  { id: 'complete_profile', kind: 'complete_profile', link: '/careers/profile', percent: 60, missing: ['location', 'skills'] },
  { id: 'upload_resume', kind: 'upload_resume', link: '/careers/profile' },
  { id: 'strong_matches', kind: 'strong_matches', link: '/careers/job/41', positions: [{ id: 41, name: 'Automation Engineer', score: 0.86, link: '/careers/job/41' }] },
];
