import { LoginRequest, User } from '@seqgen/proto';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiSend } from '../../../lib/api';
import { userKey } from './get-user';

export const loginKey = '/api/login';

export function login(input: LoginRequest, options: ApiOptions = {}): Promise<User> {
  return apiSend('POST', loginKey, LoginRequest.parse(input), { ...options, schema: User });
}

/** Signs in and stores the answer as the current user, so the router switches at once. */
export function useLogin() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(loginKey, async (_key: string, { arg }: { arg: LoginRequest }) => {
    const user = await login(arg);
    await mutate(userKey, user, { revalidate: false });
    return user;
  });
}
