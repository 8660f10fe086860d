/**
 * The unit a per-client limit counts: an IPv4 address, or an IPv6 client's /64 network. One IPv6
 * subscriber usually holds a whole /64 (often more), so counting each /128 apart would give one
 * caller 2^64 budgets. An IPv4-mapped IPv6 address (::ffff:1.2.3.4) counts as its IPv4 address.
 */
import net from 'node:net';

/** Expands an IPv6 address to its eight 16-bit groups (no embedded IPv4 left). */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.split('%')[0]!;
  const v4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const b = v4[2]!.split('.').map(Number);
    text = `${v4[1]}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<number>(Math.max(0, fill)).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

export function clientNetwork(ip: string): string {
  if (net.isIPv4(ip)) return ip;
  if (!net.isIPv6(ip)) return ip;
  const g = ipv6Groups(ip);
  if (!g) return ip;
  // ::ffff:a.b.c.d
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6]! >> 8}.${g[6]! & 0xff}.${g[7]! >> 8}.${g[7]! & 0xff}`;
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
