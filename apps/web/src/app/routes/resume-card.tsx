import type { ResumeUploadCandidate } from '@careers/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { fetchAuthState } from '../../features/auth/api/me';
import { ResumeImport } from '../../features/resume/components/resume-import';
import type { SearchController } from '../../features/search/hooks/use-search-controller';
import { useBootData } from '../../lib/boot-data';
import { useSession } from '../../lib/session';

/**
 * The resume card on the job search page, for signed-in candidates (issue 11): "Upload your resume to see how
 * you match". After the kept parts are saved, spec §4 "Resume upload": the profile (and the user store) is
 * updated, the search takes the candidate's location when it has none, the search is refreshed and the open
 * job reloaded with its match; the resume list was refreshed by the upload itself.
 */
export function ResumeCard({ controller }: { controller: SearchController }) {
  const { tenant } = useBootData();
  const session = useSession();
  const queryClient = useQueryClient();
  const { committed, submitSearch } = controller;

  const afterSave = async (candidate: ResumeUploadCandidate) => {
    await Promise.all([
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('profile') }),
      queryClient.invalidateQueries({ queryKey: ['search'] }),
      queryClient.invalidateQueries({ queryKey: ['match-details'] }),
      queryClient.invalidateQueries({ queryKey: ['position-details'] }),
      fetchAuthState().then(session.applyAuthState, () => undefined),
    ]);
    if (committed.location === '' && candidate.location) submitSearch({ query: committed.query, location: candidate.location });
  };

  return (
    <ResumeImport
      variant="compact"
      isHiddenWithResume
      maxFileSizeMB={tenant.config.pcsxConfig.fileUploadConfig.maxFileSizeMB}
      companyName={tenant.config.pcsxConfig.branding.companyName}
      onSaved={({ candidate }) => void afterSave(candidate)}
    />
  );
}
