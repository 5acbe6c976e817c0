// Where a webhook may point (docs/decisions.md "Webhooks"): in production only public addresses over https, checked
// when the URL is registered and again for the address each delivery actually connects to (after its own DNS
// resolution, so a name that later resolves to a private address — DNS rebinding — is refused too).
// `WEBHOOK_ALLOW_LOCAL` (on outside production) lifts both rules, for test receivers on 127.0.0.1.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@spirit/domain/webhooks/webhooks.constants';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 (maps onto IPv4)
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** Why a URL may not receive webhooks (a message for the Admin), or null. Resolves the host name. */
export async function urlRefusal(raw: string, allowLocal: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MESSAGES.invalidUrl;
  }
  if (url.username || url.password) return WEBHOOK_MESSAGES.credentials;
  if (allowLocal) return url.protocol === 'https:' || url.protocol === 'http:' ? null : WEBHOOK_MESSAGES.httpsOnly;
  if (url.protocol !== 'https:') return WEBHOOK_MESSAGES.httpsOnly;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? WEBHOOK_MESSAGES.privateAddress : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return WEBHOOK_MESSAGES.privateAddress;
  try {
    const addresses = await lookup(host, { all: true });
    if (addresses.length === 0) return WEBHOOK_MESSAGES.unresolvable;
    return addresses.some((a) => isPrivateAddress(a.address)) ? WEBHOOK_MESSAGES.privateAddress : null;
  } catch {
    return WEBHOOK_MESSAGES.unresolvable;
  }
}
