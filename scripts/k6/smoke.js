// k6 smoke test against a running gateway: health, joining the waitlist (twice: the second join
// is not an error), and listing it (401 without a session; 200 with one when EMAIL and PASSWORD
// of an existing account are given).
//
//   k6 run scripts/k6/smoke.js
//   k6 run -e BASE_URL=https://seqgen.example.com scripts/k6/smoke.js
//   k6 run -e BASE_URL=... -e EMAIL=you@example.com -e PASSWORD=... scripts/k6/smoke.js
//
// Waitlist entries it creates use k6-smoke+…@example.com addresses, so they are easy to spot.
import { check, group } from 'k6';
import http from 'k6/http';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
// Browsers send Origin on writes and the gateway refuses cross-site ones: send the app's own.
const ORIGIN = BASE_URL.match(/^https?:\/\/[^/]+/)[0];
const JSON_HEADERS = { 'Content-Type': 'application/json', Origin: ORIGIN };

export const options = {
  vus: 1,
  iterations: 3,
  thresholds: {
    // A smoke test passes only when every check does.
    checks: ['rate==1'],
    http_req_failed: ['rate==0'],
    http_req_duration: ['p(95)<1000'],
  },
};

const isErrorBody = (r) => {
  try {
    const body = r.json();
    return typeof body.error === 'string' && typeof body.message === 'string';
  } catch {
    return false;
  }
};

export function setup() {
  const res = http.get(`${BASE_URL}/healthz`);
  if (res.status !== 200) throw new Error(`gateway at ${BASE_URL} is not healthy: ${res.status} ${res.body}`);
}

export default function () {
  group('health', () => {
    const res = http.get(`${BASE_URL}/healthz`, { tags: { name: 'GET /healthz' } });
    check(res, {
      'healthz is 200': (r) => r.status === 200,
      'healthz says ok': (r) => r.json('status') === 'ok',
    });
    const ready = http.get(`${BASE_URL}/readyz`, { tags: { name: 'GET /readyz' } });
    check(ready, { 'readyz is 200': (r) => r.status === 200 });
  });

  group('waitlist', () => {
    const email = `k6-smoke+${Date.now()}-${__VU}-${__ITER}@example.com`;
    const body = JSON.stringify({ email });
    const params = { headers: JSON_HEADERS, tags: { name: 'POST /api/waitlist' } };

    const joined = http.post(`${BASE_URL}/api/waitlist`, body, params);
    check(joined, {
      'join is 201': (r) => r.status === 201,
      'join returns the entry': (r) => r.json('entry.email') === email && r.json('alreadyJoined') === false,
    });

    const again = http.post(`${BASE_URL}/api/waitlist`, body, params);
    check(again, {
      'joining twice is 200': (r) => r.status === 200,
      'joining twice says alreadyJoined': (r) => r.json('alreadyJoined') === true,
    });

    const invalid = http.post(`${BASE_URL}/api/waitlist`, JSON.stringify({ email: 'not-an-address' }), {
      headers: JSON_HEADERS,
      tags: { name: 'POST /api/waitlist (invalid)' },
      responseCallback: http.expectedStatuses(400),
    });
    check(invalid, {
      'bad address is 400': (r) => r.status === 400,
      'bad address gets an error body': isErrorBody,
    });

    const anonymous = http.get(`${BASE_URL}/api/waitlist`, {
      tags: { name: 'GET /api/waitlist (signed out)' },
      responseCallback: http.expectedStatuses(401),
      // Each VU has its own cookie jar; this request must go without the session cookie.
      jar: new http.CookieJar(),
    });
    check(anonymous, {
      'listing signed out is 401': (r) => r.status === 401,
      'listing signed out gets an error body': isErrorBody,
    });

    if (__ENV.EMAIL && __ENV.PASSWORD) {
      const login = http.post(
        `${BASE_URL}/api/login`,
        JSON.stringify({ email: __ENV.EMAIL, password: __ENV.PASSWORD }),
        { headers: JSON_HEADERS, tags: { name: 'POST /api/login' } },
      );
      check(login, { 'login is 200': (r) => r.status === 200 });
      const list = http.get(`${BASE_URL}/api/waitlist`, { tags: { name: 'GET /api/waitlist' } });
      check(list, {
        'listing signed in is 200': (r) => r.status === 200,
        'listing includes the new entry': (r) => r.json().some((entry) => entry.email === email),
      });
    }
  });
}
