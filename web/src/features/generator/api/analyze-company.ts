import { type Analysis, AnalyzeCompanyRequest, AnalyzeCompanyResponse } from '@seqgen/proto';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiSend } from '../../../lib/api';

export const analyzeCompanyKey = '/api/analyze-company';

export async function analyzeCompany(input: AnalyzeCompanyRequest, options: ApiOptions = {}): Promise<Analysis> {
  const body = AnalyzeCompanyRequest.parse(input);
  const { analysis } = await apiSend('POST', analyzeCompanyKey, body, { ...options, schema: AnalyzeCompanyResponse });
  return analysis;
}

export function useAnalyzeCompany() {
  return useSWRMutation(analyzeCompanyKey, (_key: string, { arg }: { arg: AnalyzeCompanyRequest }) =>
    analyzeCompany(arg),
  );
}
