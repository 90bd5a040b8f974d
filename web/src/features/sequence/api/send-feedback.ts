import { FeedbackRequest, FeedbackResponse } from '@seqgen/proto';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiSend } from '../../../lib/api';

export const feedbackKey = '/api/email-feedback';

export function sendFeedback(input: FeedbackRequest, options: ApiOptions = {}): Promise<FeedbackResponse> {
  return apiSend('POST', feedbackKey, FeedbackRequest.parse(input), { ...options, schema: FeedbackResponse });
}

export function useSendFeedback() {
  return useSWRMutation(feedbackKey, (_key: string, { arg }: { arg: FeedbackRequest }) => sendFeedback(arg));
}
