/**
 * Webhook targets must be public: a URL that resolves to loopback, private, link-local or other
 * special-purpose addresses would let any API key make the server call into its own network. The
 * check runs at submission (a clear refusal before anything is charged) and again on every delivery
 * through the connection's own DNS lookup, so a name re-pointed later (DNS rebinding) is refused too.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { promisify } from 'node:util';
import { invalidRequest } from '../../errors.ts';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for loopback, private, link-local, unspecified, CGNAT, multicast and reserved addresses (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const lookupAll = promisify(dnsLookup) as unknown as (host: string, options: { all: true }) => Promise<LookupAddress[]>;

/**
 * The URL as Kiln will call it, or INVALID_REQUEST saying what to change: http(s) only, no
 * credentials, and (unless allowPrivate) every address of the host public.
 */
export async function checkWebhookUrl(value: string, allowPrivate: boolean, field = 'webhook_url'): Promise<string> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidRequest(
      field,
      `${field} must be an absolute http(s) URL such as https://example.com/kiln-hook; got "${value}".`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalidRequest(field, `${field} must use https:// or http://; got "${url.protocol}". Nothing was charged.`);
  }
  if (url.username || url.password)
    throw invalidRequest(
      field,
      `${field} must not contain credentials; Kiln signs each request instead (Kiln-Signature).`,
    );
  if (allowPrivate) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookupAll(host, { all: true })).map((entry) => entry.address);
  } catch {
    throw invalidRequest(field, `${field} host "${host}" does not resolve; check the URL. Nothing was charged.`);
  }
  const refused = addresses.find(isPrivateAddress);
  if (refused !== undefined) {
    throw invalidRequest(
      field,
      `${field} ${url.origin} resolves to ${refused}, a loopback, private or link-local address; Kiln delivers webhooks only to public addresses (the server's operator can allow private targets with KILN_WEBHOOK_ALLOW_PRIVATE=true). Nothing was charged.`,
    );
  }
  return url.toString();
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses private addresses at connection time. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((entry) => isPrivateAddress(entry.address));
      if (bad)
        return callback(
          Object.assign(new Error(`webhook target ${hostname} resolves to the private address ${bad.address}`), {
            code: 'EPRIVATE',
          }),
          '',
        );
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
