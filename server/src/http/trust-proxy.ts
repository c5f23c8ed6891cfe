import proxyAddr from "proxy-addr";

/** Whether the proxy at `address`, `hop` steps from this server, is believed when it names the caller (X-Forwarded-For). */
export type TrustProxy = (address: string, hop: number) => boolean;

/** Only a proxy on this machine: the setting before TRUST_PROXY existed. */
export const DEFAULT_TRUST_PROXY = "loopback";

/**
 * TRUST_PROXY, read as Express reads its "trust proxy" setting: `none`; a hop count (the first n
 * proxies in front of the server); or a comma-separated list of addresses, CIDR subnets and the
 * names loopback, linklocal and uniquelocal. The one function serves Express's req.ip and the
 * front layer's per-IP limit (http/limits.ts), so both name the same caller. Throws on a bad entry.
 */
export function compileTrustProxy(setting: string): TrustProxy {
  if (setting === "none") return () => false;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  const entries = setting
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("no proxy named");
  return proxyAddr.compile(entries);
}
