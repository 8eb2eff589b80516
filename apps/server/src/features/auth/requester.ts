import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who tries a one-time code, as far as the server can tell: the client address (Fastify's
 * request.ip, which follows X-Forwarded-For only with TRUST_PROXY). An IPv6 client counts by its /64
 * network, as a single host or home is usually given a whole /64 and could otherwise change address
 * with every guess; an IPv4 address written as IPv6 (::ffff:a.b.c.d) counts as the IPv4 one.
 */
export function requesterOf(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, expanded ("::" filled, an IPv4 tail as two groups). */
function ipv6Groups(address: string): string[] {
  const parse = (part: string) =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16).toString(16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        })
      : [];
  const [head = '', tail] = address.split('::');
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...Array<string>(8 - first.length - last.length).fill('0'), ...last];
}
