import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { Spinner } from '../../ui/spinner';
import { StateView } from '../../ui/state-view';

interface ActionProgressProps {
  /** Runs once per attempt (also under StrictMode's doubled effects); a rejection shows the error and Retry. */
  run: () => Promise<unknown>;
  /** What the spinner says while the action runs. */
  progressText: string;
}

/** A screen whose only job is one server action (sign-out, onboarding): a spinner, or an error with Retry. */
export function ActionProgress({ run, progressText }: ActionProgressProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const startedAttempt = useRef(-1);
  // The latest action without re-running the effect when a parent passes a new function each render.
  const runRef = useRef(run);
  useLayoutEffect(() => {
    runRef.current = run;
  });

  useEffect(() => {
    if (startedAttempt.current === attempt) return;
    startedAttempt.current = attempt;
    runRef.current().catch(setError);
  }, [attempt]);

  if (error) {
    return (
      <StateView
        status="error"
        message={errorMessage(t, error)}
        onRetry={() => {
          setError(null);
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  return (
    <div className="page-progress" role="status">
      <Spinner size="lg" decorative />
      <p>{progressText}</p>
    </div>
  );
}
