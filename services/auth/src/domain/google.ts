import { timingSafeEqual } from 'node:crypto';
import { HttpError, type Logger, type Outbox, serviceUnavailable } from '@seqgen/kit';
import type { User } from '@seqgen/proto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import type { GoogleSettings } from '../config.ts';
import {
  findUserByEmail,
  findUserByGoogleSubject,
  insertUserIfNew,
  normalizeEmail,
  toUser,
  type UserRow,
  updateUser,
} from '../data/repository.ts';
import { type IssuedSession, type SessionDeps, startSession } from './sessions.ts';

export const GOOGLE_NOT_CONFIGURED_MESSAGE =
  'Google sign-in is not configured on this server. Please sign in with your email and password.';
const GOOGLE_UNAVAILABLE_MESSAGE =
  'Google sign-in is temporarily unavailable. Please try again in a moment, or sign in with your email and password.';

export const googleNotConfigured = () => new HttpError(503, 'google_not_configured', GOOGLE_NOT_CONFIGURED_MESSAGE);
const signInFailed = (reason: string) =>
  new HttpError(400, 'google_sign_in_failed', `Google sign-in failed: ${reason} Please try again.`);

/** What the browser carries between leaving for Google and coming back: ties the answer to this browser. */
export interface GoogleTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
}

const TRANSACTION_AUDIENCE = 'seqgen-google-sign-in';
export const TRANSACTION_TTL_SECONDS = 10 * 60;

/**
 * OpenID Connect authorization code flow with PKCE (S256), state and nonce, through
 * openid-client. ID token signatures are verified against the provider's JWKS as well
 * (enableNonRepudiationChecks): openid-client otherwise relies on TLS alone, and a test provider
 * on http has none. Discovery happens on first use and is retried after a failure, so a
 * provider outage never stops the service from starting.
 */
export class GoogleSignIn {
  readonly #settings: GoogleSettings;
  readonly #logger: Logger;
  #configuration: Promise<oidc.Configuration> | undefined;

  constructor(settings: GoogleSettings, logger: Logger) {
    this.#settings = settings;
    this.#logger = logger;
  }

  async begin(redirectUri: string): Promise<{ url: URL; transaction: GoogleTransaction }> {
    const config = await this.#config();
    const transaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
      prompt: 'select_account',
    });
    return { url, transaction };
  }

  /** Checks the answer against the transaction, redeems the code and returns the verified identity. */
  async complete(callbackUrl: URL, transaction: GoogleTransaction): Promise<GoogleIdentity> {
    const params = callbackUrl.searchParams;
    const error = params.get('error');
    if (error) {
      throw signInFailed(
        error === 'access_denied' ? 'access was not granted.' : `Google answered "${error.slice(0, 100)}".`,
      );
    }
    // Checked before the code is redeemed: an answer meant for another browser is never used.
    if (!sameText(params.get('state') ?? '', transaction.state)) {
      throw signInFailed('the answer from Google does not belong to this sign-in (state mismatch).');
    }
    const config = await this.#config();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (caught) {
      this.#logger.warn({ err: caught }, 'google sign-in: the provider answer was refused');
      if (isProviderUnreachable(caught)) throw serviceUnavailable(GOOGLE_UNAVAILABLE_MESSAGE);
      throw signInFailed('the answer from Google could not be verified.');
    }
    if (!claims) throw signInFailed('Google sent no identity.');
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (!email || claims.email_verified !== true) {
      throw signInFailed('your Google account has no verified email address.');
    }
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 500) : null);
    return {
      subject: claims.sub,
      email,
      givenName: text(claims.given_name),
      familyName: text(claims.family_name),
      picture: text(claims.picture),
    };
  }

  #config(): Promise<oidc.Configuration> {
    if (!this.#configuration) {
      const issuer = new URL(this.#settings.issuerUrl);
      const execute = [oidc.enableNonRepudiationChecks];
      // Only ever for a test provider on loopback: the config refuses http anywhere else.
      if (issuer.protocol === 'http:') execute.push(oidc.allowInsecureRequests);
      this.#configuration = oidc
        .discovery(issuer, this.#settings.clientId, this.#settings.clientSecret, undefined, { execute, timeout: 10 })
        .catch((caught: unknown) => {
          this.#configuration = undefined;
          this.#logger.warn({ err: caught }, 'google sign-in: provider discovery failed');
          throw serviceUnavailable(GOOGLE_UNAVAILABLE_MESSAGE);
        });
    }
    return this.#configuration;
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function isProviderUnreachable(error: unknown): boolean {
  const name = (error as { name?: string; cause?: { name?: string } })?.name;
  return name === 'TypeError' || name === 'AbortError' || name === 'TimeoutError';
}

/** The transaction travels in an httpOnly cookie, signed so the browser cannot alter it. */
export function sealTransaction(secret: Uint8Array, transaction: GoogleTransaction): Promise<string> {
  return new SignJWT({ ...transaction })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(TRANSACTION_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TRANSACTION_TTL_SECONDS}s`)
    .sign(secret);
}

export async function openTransaction(secret: Uint8Array, sealed: string | undefined): Promise<GoogleTransaction> {
  const expired = signInFailed('this sign-in attempt expired or was started in another browser.');
  if (!sealed) throw expired;
  try {
    const { payload } = await jwtVerify(sealed, secret, {
      algorithms: ['HS256'],
      audience: TRANSACTION_AUDIENCE,
      requiredClaims: ['exp'],
    });
    const { state, nonce, codeVerifier } = payload;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string') throw expired;
    return { state, nonce, codeVerifier };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw expired;
    throw error;
  }
}

/** What signing in with Google runs on: a part of AuthDeps, named here because deps.ts imports this module. */
export interface GoogleAccountDeps extends SessionDeps {
  logger: Logger;
  outbox: Outbox;
}

/**
 * Finds the account for a verified Google identity: already linked by subject; else the account
 * with that (verified) e-mail, which gets linked; else a new account without a password.
 */
export async function signInWithGoogle(
  deps: GoogleAccountDeps,
  identity: GoogleIdentity,
): Promise<{ user: User; session: IssuedSession; created: boolean }> {
  let user: UserRow | undefined = await findUserByGoogleSubject(deps.db, identity.subject);
  let created = false;
  if (!user) {
    const existing = await findUserByEmail(deps.db, identity.email);
    if (existing) {
      if (existing.googleSubject && existing.googleSubject !== identity.subject) {
        throw new HttpError(
          409,
          'google_account_mismatch',
          'This email is already linked to a different Google account. Please sign in with that account or your password.',
        );
      }
      user = await updateUser(deps.db, existing.id, {
        googleSubject: identity.subject,
        firstName: existing.firstName ?? identity.givenName,
        lastName: existing.lastName ?? identity.familyName,
        profileImageUrl: existing.profileImageUrl ?? identity.picture,
      });
      deps.logger.info({ userId: user.id }, 'google account linked');
    } else {
      user = await deps.db.transaction(async (tx) => {
        const inserted = await insertUserIfNew(tx, {
          email: identity.email,
          passwordHash: null,
          firstName: identity.givenName,
          lastName: identity.familyName,
          profileImageUrl: identity.picture,
          googleSubject: identity.subject,
        });
        if (!inserted) return undefined;
        await deps.outbox.enqueue(tx, 'user.registered', { userId: inserted.id, email: inserted.email });
        return inserted;
      });
      if (!user)
        throw signInFailed(`an account for ${normalizeEmail(identity.email)} was being created at the same time.`);
      created = true;
      deps.outbox.poke();
      deps.logger.info({ userId: user.id }, 'account created with google');
    }
  }
  const session = await startSession(deps, user, 'google');
  return { user: toUser(user), session, created };
}
