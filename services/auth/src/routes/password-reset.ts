import type { RoutePlugin } from '@seqgen/kit';
import { MessageResponse, RequestPasswordResetRequest, ResetPasswordRequest } from '@seqgen/proto';
import { requestPasswordReset, resetPassword } from '../domain/password-reset.ts';
import type { RouteDeps } from './accounts.ts';
import { publicBaseUrl } from './context.ts';

export const passwordResetRoutes: RoutePlugin<RouteDeps> = async (app, deps) => {
  app.post(
    '/api/request-password-reset',
    { schema: { body: RequestPasswordResetRequest, response: { 200: MessageResponse } } },
    async (request) => ({
      message: await requestPasswordReset(deps, {
        email: request.body.email,
        clientIp: request.ip,
        publicBaseUrl: publicBaseUrl(request, deps.publicUrl),
      }),
    }),
  );

  // The account's sessions end in the database; a cookie this browser may still hold is then
  // refused everywhere, so there is nothing to clear here (it may even belong to another account).
  app.post(
    '/api/reset-password',
    { schema: { body: ResetPasswordRequest, response: { 200: MessageResponse } } },
    async (request) => ({ message: await resetPassword(deps, { ...request.body, clientIp: request.ip }) }),
  );
};
