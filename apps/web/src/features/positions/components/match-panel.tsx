import type { MatchDetails, MatchReason } from '@careers/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateWithBdi } from '../../../ui/bdi';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { useAddSkillToProfile } from '../api/match-details';
import { Skeleton } from '../../../ui/skeleton';

export interface MatchPanelProps {
  status: 'pending' | 'error' | 'success';
  details: MatchDetails | null | undefined;
  /** searchConfig.strongMatchThreshold (spec §3, §9). */
  strongMatchThreshold: number;
  /** Where the candidate adds skills (the profile page). */
  profileHref: string;
  headingLevel: 2 | 3;
}

/**
 * How the signed-in candidate matches the job (issue 3): the score, a strong-match badge at or above the
 * tenant's threshold, the skills they have, and the ones the job wants that their profile lacks — with a
 * way to add them.
 */
export function MatchPanel({ status, details, strongMatchThreshold, profileHref, headingLevel }: MatchPanelProps) {
  const { t } = useTranslation('positions');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (status === 'success' && !details) return null;
  const percent = details ? Math.round(details.score * 100) : 0;
  const isStrong = !!details && details.score >= strongMatchThreshold;

  return (
    <section className="job-panel match-panel" aria-labelledby="match-panel-title" aria-busy={status === 'pending' || undefined}>
      <div className="job-panel__header">
        <Heading id="match-panel-title" className="job-panel__title">
          {t('match.title')}
        </Heading>
        {isStrong ? <Badge tone="success">{t('match.strong')}</Badge> : null}
      </div>
      {status === 'pending' ? (
        <Skeleton lines={3} />
      ) : status === 'error' || !details ? (
        <p className="job-panel__muted">{t('match.unavailable')}</p>
      ) : (
        <>
          <div className="match-panel__score">
            <span className="match-panel__percent tabular-nums">{t('match.score', { percent })}</span>
            <span className="match-panel__bar" aria-hidden="true">
              <span className={`match-panel__fill${isStrong ? ' match-panel__fill--strong' : ''}`} style={{ width: `${percent}%` }} />
            </span>
          </div>
          <ul className="match-panel__reasons">
            {details.reasons.map((reason, index) => (
              <li key={`${reason.code}-${index}`} className={`match-panel__reason match-panel__reason--${reasonTone(reason)}`}>
                <MatchReasonText reason={reason} profileHref={profileHref} gains={details.skillGains} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function reasonTone(reason: MatchReason): 'good' | 'gap' {
  switch (reason.code) {
    case 'skills_missing':
    case 'profile_has_no_skills':
      return 'gap';
    case 'skills_matched':
    case 'title_matched':
    case 'location_matched':
    case 'remote_role':
      return 'good';
  }
}

function MatchReasonText({ reason, profileHref, gains }: { reason: MatchReason; profileHref: string; gains: MatchDetails['skillGains'] }) {
  const { t } = useTranslation('positions');
  switch (reason.code) {
    case 'skills_matched':
      return (
        <>
          <p>{t('match.skillsMatched', { count: reason.skills.length, total: reason.total })}</p>
          <SkillTags skills={reason.skills} tone="good" />
        </>
      );
    case 'skills_missing':
      return (
        <>
          <p>{t('match.skillsMissing', { count: reason.skills.length })}</p>
          <AddSkillButtons skills={reason.skills} gains={gains} />
          <Link className="match-panel__action" to={profileHref}>
            {t('match.addSkills')}
          </Link>
        </>
      );
    case 'profile_has_no_skills':
      return (
        <>
          <p>{t('match.noSkills')}</p>
          <Link className="match-panel__action" to={profileHref}>
            {t('match.addSkills')}
          </Link>
        </>
      );
    case 'title_matched':
      return <p>{translateWithBdi(t, 'match.titleMatched', { title: reason.title })}</p>;
    case 'location_matched':
      return <p>{translateWithBdi(t, 'match.locationMatched', { location: reason.location })}</p>;
    case 'remote_role':
      return <p>{t('match.remoteRole')}</p>;
  }
}

function SkillTags({ skills, tone }: { skills: readonly string[]; tone: 'good' | 'gap' }) {
  return (
    <ul className={`skill-tags skill-tags--${tone}`}>
      {skills.map((skill) => (
        <li key={skill} className="skill-tag">
          {skill}
        </li>
      ))}
    </ul>
  );
}

/** Each missing skill, addable to the profile in one press, saying the match it would give (issue 11). */
function AddSkillButtons({ skills, gains }: { skills: readonly string[]; gains: MatchDetails['skillGains'] }) {
  const { t } = useTranslation('positions');
  const add = useAddSkillToProfile();
  return (
    <>
      <ul className="skill-tags skill-tags--gap">
        {skills.map((skill) => {
          const gain = gains.find((item) => item.skill === skill);
          const isAdding = add.isPending && add.variables === skill;
          return (
            <li key={skill}>
              <Button
                size="sm"
                variant="secondary"
                className="match-panel__add-skill"
                disabled={add.isPending}
                aria-busy={isAdding || undefined}
                onClick={() => add.mutate(skill)}
              >
                {gain ? translateWithBdi(t, 'match.addSkillGain', { skill }, { percent: Math.round(gain.score * 100) }) : translateWithBdi(t, 'match.addSkill', { skill })}
              </Button>
            </li>
          );
        })}
      </ul>
      {add.isError ? (
        <p role="alert" className="match-panel__error">
          {t('match.addSkillFailed')}
        </p>
      ) : null}
    </>
  );
}
