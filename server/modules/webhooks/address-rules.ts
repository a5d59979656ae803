import dns from 'node:dns/promises'
import net from 'node:net'

/**
 * Ranges a webhook must not reach unless WEBHOOK_ALLOW_PRIVATE is on: this machine, private and
 * carrier-grade NAT networks, link-local addresses (169.254.169.254 is the clouds' metadata
 * service), documentation, benchmarking, multicast and reserved ranges, and their IPv6
 * equivalents. Node's BlockList also matches IPv4-mapped IPv6 addresses (::ffff:10.0.0.1)
 * against the IPv4 rules.
 */
const NON_PUBLIC = new net.BlockList()
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(prefix, bits, 'ipv4')
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(prefix, bits, 'ipv6')
}

/** NAT64 (64:ff9b::/96) embeds an IPv4 address in its last 32 bits: that one is judged. */
function embeddedIpv4(address: string): string | null {
  const match = /^64:ff9b::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address)
  if (match) {
    const high = Number.parseInt(match[1] as string, 16)
    const low = Number.parseInt(match[2] as string, 16)
    return [high >> 8, high & 255, low >> 8, low & 255].join('.')
  }
  const dotted = /^64:ff9b::(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return dotted ? (dotted[1] as string) : null
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 0) return false
  if (family === 4) return !NON_PUBLIC.check(address, 'ipv4')
  const embedded = embeddedIpv4(address)
  if (embedded) return isPublicAddress(embedded)
  return !NON_PUBLIC.check(address, 'ipv6')
}

export type ResolvedAddress = { address: string; family: 4 | 6 }
/** Every address a host name resolves to; injected by tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export const systemResolver: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }))

/** Why a URL may not be called; said in the delivery log. */
export class RefusedTarget extends Error {}

/** The URL's host without the brackets of an IPv6 literal. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1')

/**
 * The rules that can be told without DNS, for registration: https, no credentials in the URL,
 * and no literal non-public address. With `allowPrivate` only the credentials rule stays.
 */
export function urlProblem(
  url: URL,
  allowPrivate: boolean,
): 'scheme' | 'credentials' | 'address' | null {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'scheme'
  if (url.username || url.password) return 'credentials'
  const host = bareHost(url)
  if (!allowPrivate && net.isIP(host) !== 0 && !isPublicAddress(host)) return 'address'
  return null
}

/**
 * The address to connect to for a delivery, checked at send time after DNS resolution: a name
 * with any non-public address is refused (a name answering both is how rebinding attacks
 * start), and the connection then goes to the checked address, not to a second lookup.
 */
export async function resolveTarget(
  url: URL,
  allowPrivate: boolean,
  resolve: Resolver,
): Promise<ResolvedAddress> {
  const problem = urlProblem(url, allowPrivate)
  if (problem === 'scheme') throw new RefusedTarget('Only https:// URLs are called.')
  if (problem === 'credentials') throw new RefusedTarget('URLs with credentials are not called.')
  if (problem === 'address') throw new RefusedTarget(`${bareHost(url)} is not a public address.`)
  const host = bareHost(url)
  const family = net.isIP(host)
  const addresses: ResolvedAddress[] =
    family === 0 ? await resolve(host) : [{ address: host, family: family === 6 ? 6 : 4 }]
  const [first] = addresses
  if (!first) throw new RefusedTarget(`${host} does not resolve to an address.`)
  if (!allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address))
    if (refused) {
      throw new RefusedTarget(
        `${host} resolves to ${refused.address}, which is not a public address.`,
      )
    }
  }
  return first
}
