import { useCallback, useEffect, useRef, useState } from 'react';
import type { OnboardingAnswers, OnboardingView } from '../../../contract/onboarding/onboarding';
import { ApiError } from '../../lib/api';
import { saveDraft } from './api';

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'error'; error: unknown }
  /** Another tab or window saved since this one loaded: nothing is saved until the client chooses. */
  | { kind: 'conflict' };

const codeOf = (error: unknown) =>
  error instanceof ApiError && error.status === 409 ? error.errorBody?.code : undefined;

/**
 * The form's answers, saved as a draft AUTOSAVE_DELAY_MS after the last change: one save at a
 * time, each from the version the last one answered, so a save from a stale version (another tab)
 * comes back 409 and the form says so instead of overwriting. `flush` saves at once (before
 * submitting, or when the page is hidden); `reload` takes the server's answers (after a conflict,
 * 'Load the latest') and `keepMine` saves these answers over them ('Keep my answers').
 */
export function useAutosave(
  initial: OnboardingView,
  options: { onSubmittedElsewhere: () => void; reread: () => Promise<OnboardingView> },
) {
  const [answers, setAnswers] = useState(initial.answers);
  const [state, setState] = useState<SaveState>(
    initial.updatedAt ? { kind: 'saved' } : { kind: 'idle' },
  );
  const version = useRef(initial.version);
  const pending = useRef<OnboardingAnswers | null>(null);
  const flight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const blocked = useRef(false);
  const { onSubmittedElsewhere, reread } = options;

  const flush = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    if (flight.current) return flight.current.then(() => flush());
    const toSave = pending.current;
    if (!toSave || blocked.current) return Promise.resolve();
    pending.current = null;
    setState({ kind: 'saving' });
    const run = saveDraft({ version: version.current, answers: toSave }).then(
      (saved) => {
        version.current = saved.version;
        flight.current = null;
        if (pending.current) return flush();
        setState({ kind: 'saved' });
      },
      (error: unknown) => {
        flight.current = null;
        pending.current ??= toSave;
        const code = codeOf(error);
        if (code === 'onboarding_conflict') {
          blocked.current = true;
          setState({ kind: 'conflict' });
        } else if (code === 'onboarding_submitted') {
          blocked.current = true;
          onSubmittedElsewhere();
        } else setState({ kind: 'error', error });
      },
    );
    flight.current = run;
    return run;
  }, [onSubmittedElsewhere]);

  const change = useCallback(
    (next: OnboardingAnswers) => {
      setAnswers(next);
      pending.current = next;
      if (blocked.current) return;
      setState((s) => (s.kind === 'saving' ? s : { kind: 'unsaved' }));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  // Leaving or hiding the page saves what is typed; closing it with a save unfinished asks first.
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const leaving = (event: BeforeUnloadEvent) => {
      if (pending.current || flight.current) event.preventDefault();
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('beforeunload', leaving);
    return () => {
      clearTimeout(timer.current);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('beforeunload', leaving);
    };
  }, [flush]);

  const reload = useCallback(async () => {
    const view = await reread();
    version.current = view.version;
    pending.current = null;
    blocked.current = false;
    setAnswers(view.answers);
    setState({ kind: 'saved' });
  }, [reread]);

  const keepMine = useCallback(async () => {
    const view = await reread();
    version.current = view.version;
    blocked.current = false;
    pending.current = answers;
    await flush();
  }, [reread, answers, flush]);

  return {
    answers,
    change,
    state,
    flush,
    reload,
    keepMine,
    /** The version the next save or submit starts from. */
    version: () => version.current,
    /** A failed save or submit said another tab saved first. */
    conflicted: () => {
      blocked.current = true;
      pending.current ??= answers;
      setState({ kind: 'conflict' });
    },
  };
}
