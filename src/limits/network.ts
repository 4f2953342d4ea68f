/**
 * The network a client address belongs to, for the failed-credential budget:
 * IPv4 /24, IPv6 /64, and an IPv4-mapped IPv6 address counted as the IPv4 it carries.
 */
import { isIPv4, isIPv6 } from "node:net";

function expandIPv6(addr: string): string[] | null {
  const zoneless = addr.split("%")[0];
  const halves = zoneless.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array(Math.max(fill, 0)).fill("0"), ...tail];
  return groups.length === 8 ? groups.map((g) => parseInt(g, 16).toString(16)) : null;
}

/** Recent answers: clients come back from the same few addresses. Bounded. */
const recent = new Map<string, string>();
const RECENT_MAX = 4_096;

export function networkOf(address: string): string {
  let network = recent.get(address);
  if (network === undefined) {
    if (recent.size >= RECENT_MAX) recent.clear();
    network = computeNetwork(address);
    recent.set(address, network);
  }
  return network;
}

function computeNetwork(address: string): string {
  const addr = address.trim().replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(addr);
  const v4 = mapped ? mapped[1] : addr;
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIPv6(addr)) {
    const groups = expandIPv6(addr.toLowerCase());
    if (groups) {
      // An IPv4-mapped address written in hex (::ffff:c000:0201) is still IPv4.
      if (groups.slice(0, 5).every((g) => g === "0") && groups[5] === "ffff") {
        const hi = parseInt(groups[6], 16);
        const lo = parseInt(groups[7], 16);
        return `${hi >> 8}.${hi & 255}.${lo >> 8}.0/24`;
      }
      return `${groups.slice(0, 4).join(":")}::/64`;
    }
  }
  return `other:${addr}`;
}
