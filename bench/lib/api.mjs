// One signed-in call of the app's API from the bench: POST /api/<method> with a bearer token, refused loudly
// unless answered 200.
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
