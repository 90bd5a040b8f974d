import { RegisterRequest, User } from '@seqgen/proto';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiSend } from '../../../lib/api';
import { userKey } from './get-user';

export const registerKey = '/api/register';

export function register(input: RegisterRequest, options: ApiOptions = {}): Promise<User> {
  return apiSend('POST', registerKey, RegisterRequest.parse(input), { ...options, schema: User });
}

/** Creates the account (the server signs it in) and stores it as the current user. */
export function useRegister() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(registerKey, async (_key: string, { arg }: { arg: RegisterRequest }) => {
    const user = await register(arg);
    await mutate(userKey, user, { revalidate: false });
    return user;
  });
}
