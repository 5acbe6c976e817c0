// One webhook POST (docs/api.md "Webhooks"): signed, bounded in time (10 s for the whole exchange) and in what is
// read of the answer (64 KB, then the connection is dropped), redirects not followed, and — unless local targets are
// allowed — connected only to the public address the check approved (webhooks.address.ts).
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { DELIVERY_BODY_CAP, DELIVERY_TIMEOUT_MS, WEBHOOK_MESSAGES } from '@spirit/domain/webhooks/webhooks.constants';
import { isPrivateAddress } from './webhooks.address.js';

/** `v1=` and the hex HMAC-SHA256 of `<timestamp>.<body>` under the subscription's secret. */
export function signature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export type SendResult = { ok: boolean; statusCode: number | null; error: string | null; bytesRead: number };

export type SendOptions = { allowLocal: boolean; timeoutMs?: number; bodyCap?: number; now: Date };

/** A DNS lookup that refuses private addresses: the address checked is the address connected to. */
function publicLookup(
  hostname: string,
  options: { all?: boolean },
  callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
) {
  dnsLookup(hostname, { all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address)))
      return callback(new Error(WEBHOOK_MESSAGES.privateAddress), '');
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
}

export function sendWebhook(
  target: { url: string; secret: string },
  payload: { deliveryId: number; eventType: string; body: string },
  opts: SendOptions,
): Promise<SendResult> {
  const timestamp = Math.floor(opts.now.getTime() / 1000);
  const cap = opts.bodyCap ?? DELIVERY_BODY_CAP;
  return new Promise((resolve) => {
    let settled = false;
    let bytesRead = 0;
    const done = (r: Omit<SendResult, 'bytesRead'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, bytesRead });
    };
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      return done({ ok: false, statusCode: null, error: WEBHOOK_MESSAGES.invalidUrl });
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowLocal) {
      if (url.protocol !== 'https:') return done({ ok: false, statusCode: null, error: WEBHOOK_MESSAGES.httpsOnly });
      if (isIP(host) && isPrivateAddress(host))
        return done({ ok: false, statusCode: null, error: WEBHOOK_MESSAGES.privateAddress });
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload.body),
        'user-agent': 'SpiritExchange-Webhooks/1',
        'x-spirit-delivery': String(payload.deliveryId),
        'x-spirit-event': payload.eventType,
        'x-spirit-timestamp': String(timestamp),
        'x-spirit-signature': signature(target.secret, timestamp, payload.body),
      },
      ...(opts.allowLocal ? {} : { lookup: publicLookup as never }),
    });
    const timer = setTimeout(() => {
      req.destroy();
      done({
        ok: false,
        statusCode: null,
        error: `No complete answer within ${(opts.timeoutMs ?? DELIVERY_TIMEOUT_MS) / 1000} s`,
      });
    }, opts.timeoutMs ?? DELIVERY_TIMEOUT_MS);
    req.on('error', (err) =>
      done({ ok: false, statusCode: null, error: err.message.slice(0, 300) || 'Connection failed' }),
    );
    req.on('response', (res) => {
      const statusCode = res.statusCode ?? 0;
      const ok = statusCode >= 200 && statusCode < 300;
      const finish = () => done({ ok, statusCode, error: ok ? null : `HTTP ${statusCode}` });
      res.on('data', (chunk: Buffer) => {
        bytesRead += chunk.length;
        // Enough read: the rest is dropped with the connection.
        if (bytesRead >= cap) {
          finish();
          res.destroy();
        }
      });
      res.on('end', finish);
      res.on('error', finish);
      res.on('close', finish);
    });
    req.end(payload.body);
  });
}
