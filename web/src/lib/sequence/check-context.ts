import { checkSequence, detectLanguage } from '@seqgen/checks';
import type { CheckContext, Customization, Email, SequenceChecks, WritingLanguage } from '@seqgen/proto';
import { useEffect, useRef, useState } from 'react';
import { audienceOf } from './audience';

/**
 * A check context for a sequence the server did not send one with (a saved sequence, the generated
 * history): the language the emails are written in, and as sources the emails as they were opened
 * plus the user's context, so a fact already there passes and a number or name typed in later does
 * not. Personalisation is checked against the stored persona, industry and prospect.
 */
export function openedCheckContext({
  emails,
  customization,
  language,
}: {
  emails: readonly Email[];
  customization: Partial<Customization> | null | undefined;
  language?: WritingLanguage | null | undefined;
}): CheckContext {
  const text = emails.map((email) => `${email.subject}\n${email.body}`).join('\n\n');
  const { persona, industry, prospect } = audienceOf(customization);
  return {
    language: language ?? detectLanguage(text) ?? 'en',
    sources: [text, customization?.additionalContext ?? ''].filter(Boolean),
    ...(persona ? { persona } : {}),
    ...(industry ? { industry } : {}),
    ...(prospect ? { prospect } : {}),
    caseStudyCustomers: [],
  };
}

/** How long typing must pause before the checks run again. */
export const CHECK_DEBOUNCE_MS = 250;

/**
 * The checks of the emails as they stand, recomputed in the browser with the server's own package
 * once typing pauses. `initial` (the server's checks) is shown until the first edit.
 */
export function useLiveChecks(
  emails: Email[],
  context: CheckContext,
  initial?: SequenceChecks | null,
): { checks: SequenceChecks; stale: boolean } {
  const [state, setState] = useState(() => ({
    emails,
    context,
    checks: initial ?? checkSequence(emails, context),
  }));
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    if (latest.current.emails === emails && latest.current.context === context) return;
    const timer = setTimeout(
      () => setState({ emails, context, checks: checkSequence(emails, context) }),
      CHECK_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [emails, context]);
  return { checks: state.checks, stale: state.emails !== emails || state.context !== context };
}
