import type { AddressInfo } from 'node:net';
import { Events, type MutableResponse, type MutableToken, OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  replyTo: string;
  messageId: string;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server): nodemailer talks the protocol to it, and the
 * test reads what arrived. Plain SMTP without STARTTLS, as a local relay would be.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let rejections = 0;
  let rejected = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A mail server that is busy answers 451 ("try again later"): the sender must retry.
    onRcptTo(_address, _session, callback) {
      if (rejections === 0) return callback();
      rejections -= 1;
      rejected += 1;
      callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), session));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** How many recipients were refused so far (rejectNext). */
    get rejected() {
      return rejected;
    },
    /** The next `count` recipients are refused with a temporary error. */
    rejectNext(count: number) {
      rejections = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseMail(raw: string, session: { envelope: { mailFrom: unknown; rcptTo: { address: string }[] } }) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  let body = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') {
    body = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  const mailFrom = session.envelope.mailFrom;
  return {
    from: typeof mailFrom === 'object' && mailFrom ? String((mailFrom as { address: string }).address) : '',
    to: session.envelope.rcptTo.map((r) => r.address),
    subject: header('Subject'),
    text: body.replace(/\r\n/g, '\n'),
    replyTo: header('Reply-To'),
    messageId: header('Message-ID'),
  };
}

export const GOOGLE_CLIENT_ID = 'seqgen-test-client.apps.googleusercontent.com';
export const GOOGLE_CLIENT_SECRET = 'test-client-secret';

/**
 * An OpenID provider on 127.0.0.1 (oauth2-mock-server) standing in for Google: real discovery,
 * authorize redirect, PKCE-checking token endpoint and RS256-signed ID tokens. Tests set the
 * identity it vouches for and may tamper with one answer.
 */
export async function startOidcProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const identity: { claims: Record<string, unknown> } = { claims: {} };
  // ID tokens are the tokens addressed to the client; access tokens are left alone.
  server.service.on(Events.BeforeTokenSigning, (token: MutableToken) => {
    if (token.payload.aud === GOOGLE_CLIENT_ID) Object.assign(token.payload, identity.claims);
  });
  return {
    issuerUrl: server.issuer.url as string,
    /** The Google account the next sign-ins are made with. */
    signInAs(claims: Record<string, unknown>) {
      identity.claims = claims;
    },
    /** Changes the next ID token's claims after the provider filled them (e.g. a wrong nonce). */
    tamperNextIdToken(change: (payload: Record<string, unknown>) => void) {
      const hook = (token: MutableToken) => {
        if (token.payload.aud !== GOOGLE_CLIENT_ID) return;
        server.service.off(Events.BeforeTokenSigning, hook);
        change(token.payload);
      };
      server.service.on(Events.BeforeTokenSigning, hook);
    },
    /** Replaces the next token response body field, e.g. an id_token signed by someone else. */
    replaceNextTokenResponse(change: (body: Record<string, unknown>) => void) {
      server.service.once(Events.BeforeResponse, (response: MutableResponse) => {
        change(response.body as Record<string, unknown>);
      });
    },
    stop: () => server.stop(),
  };
}
