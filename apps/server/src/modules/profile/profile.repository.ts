import {
  CertificationSchema,
  EducationSchema,
  ProfileLanguageSchema,
  ProfileLinkSchema,
  SkillSchema,
  WorkExperienceSchema,
  type Certification,
  type Education,
  type ProfileContact,
  type ProfileLanguage,
  type ProfileLink,
  type WorkExperience,
} from '@careers/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { lockCandidate } from '../../db/candidate-lock';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { parseSkills } from '../positions/positions.repository';
import type { AnalysedPosition } from './profile-analysis';

/** What a candidate may edit of their profile (profile_edit changes exactly this). */
export interface ProfileContent {
  contact: ProfileContact;
  location: string | null;
  links: ProfileLink[];
  workExperience: WorkExperience[];
  education: Education[];
  skills: string[];
  languages: ProfileLanguage[];
  certifications: Certification[];
}

/** The profile as stored: its content, and the account facts shown beside it. */
export interface ProfileRecord extends ProfileContent {
  candidateId: string;
  email: string;
  avatarPath: string | null;
  updatedAt: string;
}

/** candidates (names, location) + candidate_profiles (the rest), always by tenant AND candidate (DESIGN "Tenancy"). */
export interface ProfileRepository {
  /** In a transaction: the candidate's profile edits run one after another (PostgreSQL row lock; SQLite is serial). */
  lockCandidate(tenantId: string, candidateId: string): Promise<void>;
  find(tenantId: string, candidateId: string): Promise<ProfileRecord | null>;
  /** Writes the whole content; false when the candidate is not the tenant's (nothing written). */
  save(tenantId: string, candidateId: string, content: ProfileContent, at: string): Promise<boolean>;
  /** The tenant's open positions' departments and skills (profile_analysis). */
  openPositionSkills(tenantId: string): Promise<AnalysedPosition[]>;
}

/**
 * A stored list read back through its contracts schema, item by item: an item that no longer passes (written by
 * an older rule) is left out rather than failing the whole profile.
 */
function parseList<Item>(schema: z.ZodType<Item>, text: string | null | undefined): Item[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown) => {
    const result = schema.safeParse(item);
    return result.success ? [result.data] : [];
  });
}

export function createProfileRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): ProfileRepository {
  return {
    lockCandidate: (tenantId, candidateId) => lockCandidate(db, dialect, tenantId, candidateId),

    async find(tenantId, candidateId) {
      const row = await db
        .selectFrom('candidates as candidate')
        .leftJoin('candidateProfiles as profile', (join) =>
          join.onRef('profile.candidateId', '=', 'candidate.id').onRef('profile.tenantId', '=', 'candidate.tenantId'),
        )
        .select([
          'candidate.id',
          'candidate.email',
          'candidate.firstName',
          'candidate.lastName',
          'candidate.location',
          'candidate.avatarPath',
          'candidate.updatedAt as candidateUpdatedAt',
          'profile.phone',
          'profile.headline',
          'profile.summary',
          'profile.links',
          'profile.workExperience',
          'profile.education',
          'profile.skills',
          'profile.languages',
          'profile.certifications',
          'profile.updatedAt as profileUpdatedAt',
        ])
        .where('candidate.tenantId', '=', tenantId)
        .where('candidate.id', '=', candidateId)
        .executeTakeFirst();
      if (!row) return null;
      const profileUpdatedAt = row.profileUpdatedAt ?? '';
      return {
        candidateId: row.id,
        email: row.email,
        avatarPath: row.avatarPath,
        contact: { firstName: row.firstName, lastName: row.lastName, phone: row.phone, headline: row.headline, summary: row.summary },
        location: row.location,
        links: parseList(ProfileLinkSchema, row.links),
        workExperience: parseList(WorkExperienceSchema, row.workExperience),
        education: parseList(EducationSchema, row.education),
        skills: parseList(SkillSchema, row.skills),
        languages: parseList(ProfileLanguageSchema, row.languages),
        certifications: parseList(CertificationSchema, row.certifications),
        updatedAt: profileUpdatedAt > row.candidateUpdatedAt ? profileUpdatedAt : row.candidateUpdatedAt,
      };
    },

    async save(tenantId, candidateId, content, at) {
      const updated = await db
        .updateTable('candidates')
        .set({ firstName: content.contact.firstName, lastName: content.contact.lastName, location: content.location, updatedAt: at })
        .where('tenantId', '=', tenantId)
        .where('id', '=', candidateId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      const columns = {
        phone: content.contact.phone,
        headline: content.contact.headline,
        summary: content.contact.summary,
        links: JSON.stringify(content.links),
        workExperience: JSON.stringify(content.workExperience),
        education: JSON.stringify(content.education),
        skills: JSON.stringify(content.skills),
        languages: JSON.stringify(content.languages),
        certifications: JSON.stringify(content.certifications),
        updatedAt: at,
      };
      await db
        .insertInto('candidateProfiles')
        .values({ candidateId, tenantId, ...columns })
        .onConflict((conflict) => conflict.column('candidateId').doUpdateSet(columns))
        .execute();
      return true;
    },

    async openPositionSkills(tenantId) {
      const rows = await db.selectFrom('positions').select(['department', 'skills']).where('tenantId', '=', tenantId).where('archivedAt', 'is', null).execute();
      return rows.map((row) => ({ department: row.department, skills: parseSkills(row.skills) }));
    },
  };
}
