// One signed-in call of the app's API from the bench: POST /api/<method> with a bearer token, refused loudly
// unless answered 200; and a solved captcha for the calls that ask for one.
import { solveChallenge } from 'altcha-lib/v1';

export const JSON_HEADERS = { 'content-type': 'application/json' };

/** The raw answer (a PDF, a file), once it is a 200. */
export async function post(base, method, body, token) {
  const res = await fetch(`${base}/api/${method}`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${method}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res;
}

/** The answer's `data`. */
export async function call(base, method, body, token) {
  return (await (await post(base, method, body, token)).json()).data;
}

/** A solved captcha for the bid calls that ask for one (each is accepted once). */
export async function captcha(base) {
  const c = (
    await (await fetch(`${base}/api/getCaptcha`, { method: 'POST', headers: JSON_HEADERS, body: '{}' })).json()
  ).data;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const { algorithm, challenge, salt, signature } = c;
  return Buffer.from(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature })).toString(
    'base64',
  );
}
