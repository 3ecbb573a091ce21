import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";

/**
 * Which `X-Forwarded-For` hops to believe (`CRS_TRUST_PROXY`): `off` (default: the socket address is the
 * client), a hop count `N` (the N nearest proxies are ours: the client is the N-th address from the right),
 * or a comma-separated list of proxy addresses/CIDRs (walk from the right past trusted proxies; the first
 * untrusted address is the client). The header is read only when the socket itself is a trusted hop.
 */
export type TrustProxy =
  | { kind: "off" }
  | { kind: "hops"; hops: number }
  | { kind: "cidrs"; list: BlockList; text: string };

export class TrustProxyError extends Error {
  override name = "TrustProxyError";
}

export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === "" || text === "off" || text === "false" || text === "0") return { kind: "off" };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new TrustProxyError(`CRS_TRUST_PROXY hop count must be 1..10, got ${text}`);
    return { kind: "hops", hops };
  }
  const list = new BlockList();
  for (const raw of text.split(",")) {
    const entry = raw.trim();
    const [address, bits] = entry.split("/");
    const family = isIP(address ?? "");
    if (!address || family === 0)
      throw new TrustProxyError(
        `CRS_TRUST_PROXY must be 'off', a hop count or a list of addresses/CIDRs; '${entry}' is neither`,
      );
    const type = family === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (family === 6 ? 128 : 32))
        throw new TrustProxyError(`CRS_TRUST_PROXY: bad prefix length in '${entry}'`);
      list.addSubnet(address, prefix, type);
    }
  }
  return { kind: "cidrs", list, text };
}

const unmapped = (address: string) => (address.startsWith("::ffff:") ? address.slice(7) : address);

function isTrusted(list: BlockList, address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return false;
  return list.check(plain, family === 6 ? "ipv6" : "ipv4");
}

/** The client address of a request under the trust setting (never a value the client alone chose). */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  const socket = unmapped(req.socket.remoteAddress ?? "unknown");
  if (trust.kind === "off") return socket;
  const header = req.headers["x-forwarded-for"];
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  const hops = text
    .split(",")
    .map((h) => h.trim())
    .filter((h) => h !== "");
  if (trust.kind === "hops") {
    // The socket is the nearest proxy; the N-1 further proxies appended their peers to the header.
    const chain = [...hops, socket];
    const client = chain[chain.length - 1 - trust.hops];
    return client && isIP(unmapped(client)) ? unmapped(client) : socket;
  }
  if (!isTrusted(trust.list, socket)) return socket;
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i] as string;
    if (!isIP(unmapped(hop))) return socket;
    if (!isTrusted(trust.list, hop)) return unmapped(hop);
  }
  return unmapped(hops[0] ?? socket);
}
