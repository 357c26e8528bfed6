import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import { NotFoundError } from '../../errors';
import type { ReferralRecord, ReferralsRepository, ReferralStatus } from './referrals.repository';

/**
 * Referrals (issue 10 "referrals"): someone (an employee, usually) refers a person to the company, for a position
 * or in general. The company records and updates them through the employer API; the referred candidate's
 * dashboard lists their own (linked by account when the email has one in the tenant at the time of the referral —
 * never by an email typed later at sign-up, which nobody has verified). The candidate sees who referred them by
 * name, never the referrer's email.
 */

export const REFERRAL_STATUSES = ['referred', 'applied', 'interviewing', 'hired', 'not_selected'] as const satisfies readonly ReferralStatus[];

export interface NewReferral {
  referredEmail: string;
  referredName: string | null;
  referrerName: string;
  referrerEmail: string;
  positionId: number | null;
  status?: ReferralStatus;
}

/** The employer's view: the stored referral without its tenant. */
export type EmployerReferral = Omit<ReferralRecord, 'tenantId'>;

/** The referred candidate's view (snake_case, like /api/pcsx). */
export interface CandidateReferral {
  id: string;
  position_id: number | null;
  position_name: string | null;
  referrer_name: string;
  status: ReferralStatus;
  created_at: string;
  updated_at: string;
}

export interface ReferralsService {
  create(tenantId: string, input: NewReferral): Promise<EmployerReferral>;
  get(tenantId: string, id: string): Promise<EmployerReferral>;
  list(tenantId: string, filters: { status?: ReferralStatus; limit: number; after?: { createdAt: string; id: string } }): Promise<EmployerReferral[]>;
  updateStatus(tenantId: string, id: string, status: ReferralStatus): Promise<EmployerReferral>;
  listForCandidate(tenantId: string, candidateId: string): Promise<CandidateReferral[]>;
}

export const REFERRAL_NOT_FOUND = 'Referral not found';

export const presentEmployerReferral = (record: ReferralRecord): EmployerReferral => ({
  id: record.id,
  candidateId: record.candidateId,
  referredEmail: record.referredEmail,
  referredName: record.referredName,
  referrerName: record.referrerName,
  referrerEmail: record.referrerEmail,
  positionId: record.positionId,
  positionName: record.positionName,
  status: record.status,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

const presentCandidateReferral = (record: ReferralRecord): CandidateReferral => ({
  id: record.id,
  position_id: record.positionId,
  position_name: record.positionName,
  referrer_name: record.referrerName,
  status: record.status,
  created_at: record.createdAt,
  updated_at: record.updatedAt,
});

export function createReferralsService(deps: { repository: ReferralsRepository; clock: Clock }): ReferralsService {
  const { repository, clock } = deps;

  async function find(tenantId: string, id: string): Promise<ReferralRecord> {
    const record = await repository.find(tenantId, id);
    if (!record) throw new NotFoundError(REFERRAL_NOT_FOUND);
    return record;
  }

  return {
    async create(tenantId, input) {
      const email = input.referredEmail.trim().toLowerCase();
      const candidate = await repository.findCandidate(tenantId, { email });
      let positionName: string | null = null;
      if (input.positionId !== null) {
        const position = await repository.findPosition(tenantId, input.positionId);
        if (!position) throw new NotFoundError('Position not found');
        positionName = position.title;
      }
      const at = clock.now().toISOString();
      const record: ReferralRecord = {
        id: randomUUID(),
        tenantId,
        candidateId: candidate?.id ?? null,
        referredEmail: email,
        referredName: input.referredName,
        referrerName: input.referrerName,
        referrerEmail: input.referrerEmail.trim().toLowerCase(),
        positionId: input.positionId,
        positionName,
        status: input.status ?? 'referred',
        createdAt: at,
        updatedAt: at,
      };
      await repository.insert(record);
      return presentEmployerReferral(record);
    },

    async get(tenantId, id) {
      return presentEmployerReferral(await find(tenantId, id));
    },

    async list(tenantId, filters) {
      return (await repository.list(tenantId, filters)).map(presentEmployerReferral);
    },

    async updateStatus(tenantId, id, status) {
      const updatedAt = clock.now().toISOString();
      if ((await repository.update(tenantId, id, { status, updatedAt })) === 0) throw new NotFoundError(REFERRAL_NOT_FOUND);
      return presentEmployerReferral(await find(tenantId, id));
    },

    async listForCandidate(tenantId, candidateId) {
      return (await repository.listForCandidate(tenantId, candidateId)).map(presentCandidateReferral);
    },
  };
}
