import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';

/** The operations of the Cognito user-pool protocol the embedded pool speaks. */
export type TIdpOperation =
  | 'InitiateAuth'
  | 'RespondToAuthChallenge'
  | 'GetTokensFromRefreshToken'
  | 'RevokeToken'
  | 'GlobalSignOut'
  | 'GetUser';

export type TCognitoError = { __type: string; message: string };

/** Calls the embedded pool the way the Cognito JSON protocol does, through `app.inject()`. */
export function callIdp(
  app: FastifyInstance,
  operation: TIdpOperation | string,
  body: unknown,
  options: { remoteAddress?: string; url?: string; cookies?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: options.url ?? '/api/idp',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    ...(options.cookies ? { cookies: options.cookies } : {}),
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** A request as far as the authenticator cares: it reads the bearer token only. */
export function bearerRequest(idToken: string): FastifyRequest {
  return { headers: { authorization: `Bearer ${idToken}` } } as unknown as FastifyRequest;
}
