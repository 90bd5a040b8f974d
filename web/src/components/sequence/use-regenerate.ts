import type { CheckContext, Customization, Email, RegenerateModifier, SubmittedAnalysis } from '@seqgen/proto';
import { SEQUENCE_LENGTH } from '@seqgen/proto';
import { type Dispatch, useCallback, useEffect, useRef } from 'react';
import { errorMessage } from '../../lib/forms';
import { regenerateEmail, regenerateEmailBody } from '../../lib/sequence/regenerate-email';
import type { StudioAction } from '../../lib/sequence/studio';
import { STUDIO_COPY } from '../../lib/sequence/studio-copy';
import { toast } from '../ui/toast-store';

/** What a regeneration needs besides the emails: the same inputs as the generation. */
export interface RegenerateBase {
  companyUrl: string;
  caseStudies?: string | undefined;
  analysis?: SubmittedAnalysis | undefined;
  customization: Customization;
}

export const REGENERATE_BLOCKERS = {
  length: `Regenerating needs a ${SEQUENCE_LENGTH}-email sequence.`,
  source: "Regenerating needs the company's website or its analysis, and this sequence has neither.",
} as const;

/** Why no email of this sequence can be regenerated, or undefined when they can. */
export function regenerateBlocker(base: RegenerateBase | undefined, emailCount: number): string | undefined {
  if (emailCount !== SEQUENCE_LENGTH) return REGENERATE_BLOCKERS.length;
  if (!base || (!base.companyUrl.trim() && !base.analysis)) return REGENERATE_BLOCKERS.source;
  return undefined;
}

/**
 * Regenerates one email: sends the sequence as it stands (every edit included), shows progress on
 * that card only, and replaces only that email when the answer comes. Failures are toasts with the
 * server's message ("429: Too many regenerations…"). Requests in flight end with the view.
 */
export function useRegenerate({
  base,
  emails,
  dispatch,
  onCheckContext,
  announce,
}: {
  base: RegenerateBase | undefined;
  emails: Email[];
  dispatch: Dispatch<StudioAction>;
  onCheckContext?: (context: CheckContext) => void;
  /** Says the outcome to assistive technology (an aria-live region). */
  announce?: (message: string) => void;
}) {
  const latest = useRef({ base, emails, dispatch, onCheckContext, announce });
  latest.current = { base, emails, dispatch, onCheckContext, announce };
  const controllers = useRef(new Map<number, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  return useCallback(async (index: number, modifier?: RegenerateModifier) => {
    const { base: currentBase, emails: current } = latest.current;
    if (controllers.current.has(index) || !currentBase) return;
    const request = regenerateEmailBody({
      ...currentBase,
      sequence: current,
      index,
      ...(modifier ? { modifier } : {}),
    });
    if (!request.ok) {
      toast({ title: STUDIO_COPY.regenerateFailed, description: request.message, variant: 'destructive' });
      return;
    }
    const controller = new AbortController();
    controllers.current.set(index, controller);
    latest.current.dispatch({ type: 'regenerateStarted', index });
    try {
      const answer = await regenerateEmail(request.body, { signal: controller.signal });
      latest.current.dispatch({ type: 'regenerated', index, email: answer.email });
      if (answer.checkContext) latest.current.onCheckContext?.(answer.checkContext);
      latest.current.announce?.(STUDIO_COPY.regenerated(index + 1));
    } catch (error) {
      if (controller.signal.aborted) return;
      latest.current.dispatch({ type: 'regenerateFailed', index });
      toast({
        title: STUDIO_COPY.regenerateFailed,
        description: errorMessage(error, 'Failed to regenerate the email'),
        variant: 'destructive',
      });
    } finally {
      if (controllers.current.get(index) === controller) controllers.current.delete(index);
    }
  }, []);
}
