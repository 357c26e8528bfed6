import type { Generated } from 'kysely';

/**
 * Tables as the code sees them: camelCase names (CamelCasePlugin maps them to snake_case columns).
 * Both dialects store timestamps as ISO-8601 UTC text and booleans as integers 0/1, so one set of
 * queries reads the same values everywhere; repositories turn 0/1 into booleans.
 */
export interface DatabaseSchema {
  tenants: TenantsTable;
  candidates: CandidatesTable;
  sessions: SessionsTable;
  loginThrottle: LoginThrottleTable;
  positions: PositionsTable;
  positionLocations: PositionLocationsTable;
  positionSearchTerms: PositionSearchTermsTable;
  searchTermDeletes: SearchTermDeletesTable;
  searchIndexVersions: SearchIndexVersionsTable;
  savedPositions: CandidatePositionsTable;
  jobCartItems: CandidatePositionsTable;
  candidateProfiles: CandidateProfilesTable;
  offers: OffersTable;
  offerDocuments: OfferDocumentsTable;
  offerEvents: OfferEventsTable;
  esignTokens: EsignTokensTable;
  formDefinitions: FormDefinitionsTable;
  applications: ApplicationsTable;
  uploadedFiles: UploadedFilesTable;
  applicationFiles: ApplicationFilesTable;
  applicationStageEvents: ApplicationStageEventsTable;
  draftApplications: DraftApplicationsTable;
  formRequests: FormRequestsTable;
  apiKeys: ApiKeysTable;
  adminAuditLog: AdminAuditLogTable;
  tenantBrandingImages: TenantBrandingImagesTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  notifications: NotificationsTable;
  emailOutbox: EmailOutboxTable;
  passwordResetTokens: PasswordResetTokensTable;
  interviews: InterviewsTable;
  events: EventsTable;
  eventRegistrations: EventRegistrationsTable;
  referrals: ReferralsTable;
  savedSearches: SavedSearchesTable;
  guestAlerts: GuestAlertsTable;
  candidatePreferences: CandidatePreferencesTable;
  dataExports: DataExportsTable;
  accountDeletions: AccountDeletionsTable;
  sweepLeases: SweepLeasesTable;
  candidateResumes: CandidateResumesTable;
}

export type SqlBoolean = 0 | 1;

/** A row as repositories return it: its 0/1 columns as booleans. */
export type WithBooleans<Row> = { [Column in keyof Row]: Row[Column] extends SqlBoolean ? boolean : Row[Column] };

export interface TenantsTable {
  id: string;
  domain: string;
  isDefault: SqlBoolean;
  companyName: string;
  /** JSON text of TenantConfigInput, validated by TenantConfigSchema on read and write. */
  config: string;
  /**
   * JSON text (modules/tenants/tenant-html.ts): the config's tenant HTML sanitized when it was written,
   * raw → clean, for the server renderer. Null in rows written before migration 0005 until the start fills it.
   */
  sanitizedHtml: string | null;
  /** JSON text: the tenant's public origins, first preferred (migration 0007); null when none are configured. */
  publicOrigins: string | null;
  createdAt: string;
}

export interface CandidatesTable {
  id: string;
  tenantId: string;
  /** Lower-cased; unique per tenant. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (base64url parts). */
  passwordHash: string;
  firstName: string;
  lastName: string;
  location: string | null;
  avatarPath: string | null;
  isAdmin: SqlBoolean;
  isThemeBuilderUser: SqlBoolean;
  isOnboarded: SqlBoolean;
  isBootstrapped: SqlBoolean;
  createdAt: string;
  updatedAt: string;
  /** Issue 12: emails about notifications on (1) or off (0); default on (migration 0011). */
  emailNotifications: Generated<SqlBoolean>;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie value; the raw id is never stored. */
  idHash: string;
  /** Short opaque id shown in the session list and accepted by no other call. */
  publicId: string;
  tenantId: string;
  candidateId: string;
  csrfSecret: string;
  createdAt: string;
  lastSeenAt: string;
  /** Absolute expiry (created + 7 days); the idle limit is checked against lastSeenAt. */
  expiresAt: string;
  userAgent: string | null;
  ip: string | null;
}

export interface LoginThrottleTable {
  tenantId: string;
  email: string;
  failures: number;
  windowStartedAt: string;
  blockedUntil: string | null;
}

export interface PositionsTable {
  id: Generated<number>;
  tenantId: string;
  externalRef: string;
  title: string;
  department: string;
  employmentType: string;
  seniority: string;
  description: string;
  /** JSON text array of skill names. */
  skills: string;
  city: string;
  region: string;
  country: string;
  lat: number;
  lng: number;
  isRemote: SqlBoolean;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  postedAt: string;
  validThrough: string | null;
  archivedAt: string | null;
  updatedAt: string;
}

/** A place a position can be done from; ordinal 0 is the main one (migration 0002). */
export interface PositionLocationsTable {
  positionId: number;
  tenantId: string;
  ordinal: number;
  city: string;
  region: string | null;
  country: string;
  lat: number;
  lng: number;
}

/**
 * Word postings (migration 0006, search-engine/postings.ts): per tenant, field and word, segments of
 * ascending position ids with one impact byte each.
 */
export interface PositionSearchTermsTable {
  tenantId: string;
  /** postings.ts TermField: 0 anywhere, 1 title/skills/department, 2 title, 3 the whole title. */
  field: number;
  word: string;
  /** The segment's highest id (its last). */
  lastId: number;
  /** int32 little-endian ids, ascending. */
  ids: Uint8Array;
  /** One uint8 impact per id, aligned with ids. */
  impacts: Uint8Array;
}

/** Typo-tolerance vocabulary: every deletion variant of every indexed word (search-engine/search-terms.ts). */
export interface SearchTermDeletesTable {
  tenantId: string;
  variant: string;
  term: string;
  /** Positions holding the term. */
  documents: number;
}

export interface SearchIndexVersionsTable {
  tenantId: string;
  /** Random; replaced whenever the tenant's positions change. */
  version: string;
  updatedAt: string;
}

/** saved_positions and job_cart_items share this shape. */
export interface CandidatePositionsTable {
  tenantId: string;
  candidateId: string;
  positionId: number;
  createdAt: string;
}

export interface CandidateProfilesTable {
  candidateId: string;
  tenantId: string;
  /** Migration 0012 renamed 0002's `title` to `headline` (the values carried over). */
  headline: string | null;
  /** JSON text array of skill names. */
  skills: string;
  updatedAt: string;
  /** Issue 11 (migration 0012): the rest of the profile; each list is JSON text checked by contracts' schemas. */
  phone: string | null;
  summary: string | null;
  links: Generated<string>;
  workExperience: Generated<string>;
  education: Generated<string>;
  languages: Generated<string>;
  certifications: Generated<string>;
}

/** Job offers (migration 0003). Status text is one of contracts' OFFER_STATUSES. */
export interface OffersTable {
  id: string;
  tenantId: string;
  candidateId: string;
  positionId: number | null;
  positionName: string;
  status: 'Extended' | 'Declined' | 'Accepted' | 'Canceled' | 'Expired';
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
  declineReasonCode: string | null;
  declineReasonText: string | null;
}

/** An offer's documents with their files (bytes in the database; see migration 0003). */
export interface OfferDocumentsTable {
  id: string;
  offerId: string;
  sortOrder: number;
  name: string;
  status: 'Pending' | 'Signed' | 'Unsigned';
  signed: SqlBoolean;
  signingMode: 'inline' | 'upload' | 'esign';
  originalPdf: Uint8Array | null;
  originalSha256: string | null;
  signedMethod: 'inline' | 'esign' | 'upload' | null;
  signedAt: string | null;
  signingEventId: string | null;
  signerName: string | null;
  signerEmail: string | null;
  signedPdf: Uint8Array | null;
  signedSha256: string | null;
  stampedSha256: string | null;
  stampedLength: number | null;
  uploadedPdf: Uint8Array | null;
  uploadedSha256: string | null;
  uploadedFileName: string | null;
  updatedAt: string | null;
  expiresAt: string | null;
}

/** The append-only evidence chain (modules/offers/offer-evidence.ts), one chain per offer ordered by seq. */
export interface OfferEventsTable {
  id: string;
  offerId: string;
  seq: number;
  previousHash: string;
  hash: string;
  tenantId: string;
  candidateId: string;
  documentId: string | null;
  eventType: string;
  statusBefore: string;
  statusAfter: string;
  /** UTC milliseconds. */
  occurredAt: number;
  ip: string | null;
  userAgent: string | null;
  sessionHash: string | null;
  consentVersion: string | null;
  consentSha256: string | null;
  typedSignature: string | null;
  shownDocumentSha256: string | null;
  resultDocumentSha256: string | null;
  declineReasonCode: string | null;
  declineReasonText: string | null;
}

/** Single-use, short-lived links to the hosted signing page. */
export interface EsignTokensTable {
  tokenHash: string;
  tenantId: string;
  candidateId: string;
  offerId: string;
  documentId: string;
  sessionHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** Form definitions per tenant (migration 0010); position_id set: one job's extra questions. */
export interface FormDefinitionsTable {
  id: string;
  tenantId: string;
  formKey: string;
  positionId: number | null;
  kind: 'application' | 'preboarding' | 'document';
  title: string;
  /** JSON text of the definition (sections with items). */
  definition: string;
  updatedAt: string;
}

export type ApplicationStage = 'submitted' | 'screening' | 'interview' | 'offer' | 'hired' | 'rejected' | 'withdrawn';

/** Applications (migration 0010); candidate_id null for a logged-out application (then email is the applicant). */
export interface ApplicationsTable {
  id: string;
  tenantId: string;
  candidateId: string | null;
  email: string;
  positionId: number;
  positionName: string;
  stage: ApplicationStage;
  /** JSON text of the answers, files as references to application_files. */
  answers: string;
  formDefinitionId: string | null;
  submittedAt: string;
  updatedAt: string;
  withdrawnAt: string | null;
}

/** A file's bytes, stored once and linked to each application it went with (application_files). */
export interface UploadedFilesTable {
  id: string;
  tenantId: string;
  candidateId: string | null;
  fileType: string;
  size: number;
  sha256: string;
  bytes: Uint8Array;
  createdAt: string;
}

export interface ApplicationFilesTable {
  applicationId: string;
  fileId: string;
  tenantId: string;
  fieldName: string;
  fileName: string;
}

export interface ApplicationStageEventsTable {
  id: string;
  applicationId: string;
  tenantId: string;
  fromStage: ApplicationStage | null;
  toStage: ApplicationStage;
  reason: string | null;
  actor: string;
  occurredAt: string;
}

/** One autosaved draft per candidate and position. */
export interface DraftApplicationsTable {
  tenantId: string;
  candidateId: string;
  positionId: number;
  valuesJson: string;
  updatedAt: string;
}

export interface FormRequestsTable {
  id: string;
  tenantId: string;
  candidateId: string;
  formDefinitionId: string;
  title: string;
  status: 'open' | 'in_progress' | 'completed';
  valuesJson: string;
  dueAt: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

/** Employer-API keys (migration 0008): the secret only as its SHA-256. */
export interface ApiKeysTable {
  /** The key's public id, the `<keyId>` of `cpk_<keyId>_<secret>`. */
  id: string;
  tenantId: string;
  name: string;
  secretHash: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** One row per employer-API call, failed ones included; never a key or a secret. */
export interface AdminAuditLogTable {
  id: string;
  tenantId: string | null;
  keyId: string | null;
  action: string;
  target: string | null;
  statusCode: number;
  requestId: string;
  at: string;
}

/** A tenant's logo, favicon and hero image (migration 0008). */
export interface TenantBrandingImagesTable {
  tenantId: string;
  kind: 'logo' | 'favicon' | 'hero';
  contentType: string;
  bytes: Uint8Array;
  sha256: string;
  updatedAt: string;
}

/** A tenant's webhook endpoints (migration 0009; modules/webhooks). */
export interface WebhookEndpointsTable {
  id: string;
  tenantId: string;
  url: string;
  secret: string;
  /** JSON text array of event types. */
  eventTypes: string;
  enabled: SqlBoolean;
  createdAt: string;
  deletedAt: string | null;
}

/** The webhook outbox: one row per event and endpoint (migration 0009). */
export interface WebhookDeliveriesTable {
  id: string;
  tenantId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string;
  claimedUntil: string | null;
  claimToken: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** Issue 12 (migration 0011): a candidate's in-app notification. */
export interface NotificationsTable {
  id: string;
  tenantId: string;
  candidateId: string;
  notificationType: 'read_only' | 'action_required';
  categoryTitle: string;
  message: string;
  messageKey: string;
  /** JSON object text. */
  messageParams: string;
  redirectUrl: string;
  isViewed: SqlBoolean;
  isClicked: SqlBoolean;
  createdAt: string;
}

/** Issue 12 (migration 0011): emails waiting for, or done with, the sender. */
export interface EmailOutboxTable {
  id: string;
  tenantId: string;
  candidateId: string | null;
  toAddress: string;
  template: string;
  /** JSON object text: the template's params. */
  params: string;
  language: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: string;
  claimedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** Issue 12 (migration 0011): single-use password-reset tokens, by SHA-256 hash. */
export interface PasswordResetTokensTable {
  tokenHash: string;
  tenantId: string;
  candidateId: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** Issue 10 (migration 0014): an interview with a candidate; starts_at in UTC, shown in time_zone (IANA). */
export interface InterviewsTable {
  id: string;
  tenantId: string;
  candidateId: string;
  applicationId: string | null;
  positionId: number | null;
  positionName: string | null;
  startsAt: string;
  durationMinutes: number;
  timeZone: string;
  kind: 'video' | 'phone' | 'onsite';
  location: string | null;
  meetingUrl: string | null;
  /** JSON text array of names. */
  interviewers: string;
  status: 'scheduled' | 'rescheduled' | 'canceled';
  notes: string | null;
  /** RFC 5545 SEQUENCE: bumped by each reschedule and by the cancel. */
  sequence: number;
  createdAt: string;
  updatedAt: string;
  canceledAt: string | null;
}

/** Issue 10 (migration 0014): a recruiting event candidates register for. */
export interface EventsTable {
  id: string;
  tenantId: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  location: string | null;
  url: string | null;
  capacity: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface EventRegistrationsTable {
  eventId: string;
  tenantId: string;
  candidateId: string;
  status: 'registered' | 'attended' | 'canceled';
  createdAt: string;
  updatedAt: string;
}

/** Issue 10 (migration 0014): someone referred to the company (a position or in general). */
export interface ReferralsTable {
  id: string;
  tenantId: string;
  candidateId: string | null;
  referredEmail: string;
  referredName: string | null;
  referrerName: string;
  referrerEmail: string;
  positionId: number | null;
  positionName: string | null;
  status: 'referred' | 'applied' | 'interviewing' | 'hired' | 'not_selected';
  createdAt: string;
  updatedAt: string;
}

/** Issue 12 (migration 0015): a candidate's saved searches and their job-alert state. */
export interface SavedSearchesTable {
  id: string;
  tenantId: string;
  candidateId: string;
  name: string;
  /** Canonical search parameters (URL-encoded), unique per candidate. */
  search: string;
  alertsEnabled: SqlBoolean;
  createdAt: string;
  updatedAt: string;
  /** The alert sweep's watermark: positions written after it are not matched yet. */
  checkedThrough: string;
  /** UTC day (YYYY-MM-DD) of the last alert: the daily claim. */
  lastAlertOn: string | null;
}

/** Issue 11/13 (migration 0016): a candidate's interface language, time zone and in-app notifications. */
export interface CandidatePreferencesTable {
  candidateId: string;
  tenantId: string;
  locale: string | null;
  timeZone: string | null;
  inAppNotifications: SqlBoolean;
  updatedAt: string;
}

/** Issue 11 (migration 0016): "Download all my data" jobs; the zip is kept 24 h once ready. */
export interface DataExportsTable {
  id: string;
  tenantId: string;
  candidateId: string;
  status: 'pending' | 'running' | 'ready' | 'failed';
  progress: number;
  archive: Uint8Array | null;
  archiveSize: number | null;
  archiveSha256: string | null;
  createdAt: string;
  updatedAt: string;
  readyAt: string | null;
  expiresAt: string | null;
}

/** Issue 11 (migration 0016): one row per deleted account, with counts of what was removed and kept. */
export interface AccountDeletionsTable {
  candidateId: string;
  tenantId: string;
  deletedAt: string;
  /** JSON text: { [section]: { removed, kept } }. */
  report: string;
}

/** Issue 11: the candidate's current resume (0013); the bytes are the uploaded_files row `fileId`. */
export interface CandidateResumesTable {
  tenantId: string;
  candidateId: string;
  fileId: string;
  fileName: string;
  fileType: string;
  size: number;
  textLength: number;
  /** JSON of the ParsedResume found in it. */
  parsed: string;
  uploadedAt: string;
}

/** Issue 12 (migration 0018): which process owns a background sweep, and until when (db/sweep-lease.ts). */
export interface SweepLeasesTable {
  name: string;
  owner: string;
  expiresAt: string;
  acquiredAt: string;
}

/** Issue 12: a signed-out visitor's job alert (double opt-in; migration 0017). */
export interface GuestAlertsTable {
  id: string;
  tenantId: string;
  /** Normalized (trimmed, lower-cased). */
  email: string;
  /** Canonical search parameters, as saved_searches.search. */
  search: string;
  locale: string;
  /** SHA-256 (hex) of the confirmation token. */
  tokenHash: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  checkedThrough: string;
  lastAlertOn: string | null;
}
