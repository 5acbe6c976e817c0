// One load measurement with autocannon: requests per second, latency percentiles and errors.
import autocannon from 'autocannon';

/**
 * Runs `request` ({url, method, headers, body} or a list of them, taken in turn) for `seconds` or `amount`
 * requests over `connections` connections. A response other than 2xx counts as an error, but for `notModified`
 * runs (a poll sending back its ETag), where 304 is the expected answer.
 */
export async function load({
  url,
  method = 'GET',
  headers = {},
  body,
  requests,
  connections,
  seconds,
  amount,
  notModified = false,
}) {
  const result = await autocannon({
    url,
    method,
    headers,
    body,
    requests,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    // Pipelining would flatter the bare server; one request at a time per connection, as browsers do.
    pipelining: 1,
  });
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors:
      result.errors +
      result.timeouts +
      result.non2xx -
      (notModified ? (result.statusCodeStats?.['304']?.count ?? 0) : 0),
    ...(notModified ? { notModified: result.statusCodeStats?.['304']?.count ?? 0 } : {}),
  };
}
