import { CheckProspectRequest, CheckProspectResponse, type ProspectSeller } from '@seqgen/proto';
import { ApiError, apiSend, errorText } from '../../../lib/api';

export const checkProspectKey = '/api/analyze-company/prospect';

/**
 * Reads the prospect's page now (issue 13, item 4): its name as found, or an ApiError saying why not.
 * With the seller's classification the answer also says whether the prospect is in its audience.
 */
export function checkProspect(prospectCompanyUrl: string, seller?: ProspectSeller): Promise<CheckProspectResponse> {
  return apiSend(
    'POST',
    checkProspectKey,
    CheckProspectRequest.parse(seller ? { prospectCompanyUrl, seller } : { prospectCompanyUrl }),
    { schema: CheckProspectResponse },
  );
}

/** What the wizard shows when the check fails: the service's sentence, without the status. */
export function prospectProblem(error: unknown): string {
  if (error instanceof ApiError) return errorText(error.body, error.message);
  return "We couldn't check the prospect's site right now.";
}
