import { createHash } from 'node:crypto';
import type { ParsedResume } from '@careers/contracts';
import type { Database } from '../../db/database';
import { renderResumePdf } from '../../modules/pdf/resume.pdf';
import { extractResumeText } from '../../modules/resume/resume-extract';
import { createProfileRepository } from '../../modules/profile/profile.repository';
import { DEMO_PROFILES } from './seed-profiles';

/** The file names the demo candidates' seeded resumes carry (what the profile page's resume card shows). */
export const DEMO_RESUME_FILE_NAME = (firstName: string, lastName: string): string => `${firstName} ${lastName} - Resume.pdf`;

/**
 * Ada's and Grace's resumes (issue 11 "Data": "a resume each (a real PDF)"): the PDF the export makes of the
 * profile seedProfiles wrote, stored as their current resume with what it says as the parsed resume, so on a
 * fresh install the profile page, the user store's hasResume and the apply form's resume prefill all have a real
 * file to show. Fixed ids and the seed's reference date: two seeds write the same rows.
 */
export async function seedResumes(database: Database, referenceDate: Date): Promise<void> {
  const { db } = database;
  const profiles = createProfileRepository(db, database.dialect);
  const at = referenceDate.toISOString();
  for (const demo of DEMO_PROFILES) {
    const candidate = await db.selectFrom('candidates').select(['id', 'tenantId']).where('email', '=', demo.email).executeTakeFirst();
    if (!candidate) throw new Error(`Demo candidate ${demo.email} is missing`);
    const profile = await profiles.find(candidate.tenantId, candidate.id);
    if (!profile) throw new Error(`Demo profile ${demo.email} is missing`);
    const bytes = await renderResumePdf(profile, { createdAt: referenceDate });
    // Read back as an upload is: the file must be one the resume reader takes.
    const inspection = await extractResumeText(bytes);
    if (!inspection.ok) throw new Error(`Demo resume of ${demo.email} is unreadable: ${inspection.message}`);
    const parsed: ParsedResume = {
      contact: { firstName: profile.contact.firstName, lastName: profile.contact.lastName, email: profile.email, phone: profile.contact.phone, headline: profile.contact.headline },
      location: profile.location,
      links: profile.links,
      workExperience: profile.workExperience,
      education: profile.education,
      skills: profile.skills,
      languages: profile.languages,
      certifications: profile.certifications,
    };
    const fileId = `seed-resume-${candidate.id}`;
    await db
      .insertInto('uploadedFiles')
      .values({ id: fileId, tenantId: candidate.tenantId, candidateId: candidate.id, fileType: 'pdf', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), bytes, createdAt: at })
      .execute();
    await db
      .insertInto('candidateResumes')
      .values({
        tenantId: candidate.tenantId,
        candidateId: candidate.id,
        fileId,
        fileName: DEMO_RESUME_FILE_NAME(profile.contact.firstName, profile.contact.lastName),
        fileType: 'pdf',
        size: bytes.length,
        textLength: inspection.text.length,
        parsed: JSON.stringify(parsed),
        uploadedAt: at,
      })
      .execute();
  }
}
