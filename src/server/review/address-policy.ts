import { lookup as dnsLookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'

/**
 * Where a review's browser may connect. The pages we open are written by whoever submitted them, so
 * every address is judged as hostile: only public internet addresses pass, never this machine, the
 * private network, or a cloud metadata service.
 */

/** How long one name may take to resolve before the request fails. */
export const LOOKUP_TIMEOUT_MS = 5000

/** The resolver's shape, so tests can map names to addresses without a DNS server. */
export type Lookup = (
  hostname: string,
  options: { all: true },
) => Promise<{ address: string; family: number }[]>

export type AddressPolicyCode = 'blocked_address' | 'dns_failed' | 'invalid_host'

/** A refused or unresolvable destination; the message is a sentence for the review report. */
export class AddressPolicyError extends Error {
  override name = 'AddressPolicyError'
  constructor(
    readonly code: AddressPolicyCode,
    readonly host: string,
    message: string,
  ) {
    super(message)
  }
}

type Address = ipaddr.IPv4 | ipaddr.IPv6

const IPV4_REFUSALS: Partial<Record<string, string>> = {
  unspecified: 'an unspecified address (0.0.0.0/8)',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address, where cloud metadata services answer',
  loopback: "the reviewing machine's own loopback address",
  carrierGradeNat: "a carrier-grade NAT address, inside a provider's network",
  private: 'a private network address',
}

const IPV6_REFUSALS: Partial<Record<string, string>> = {
  unspecified: 'the unspecified IPv6 address',
  multicast: 'a multicast IPv6 address',
  linkLocal: 'a link-local IPv6 address',
  loopback: "the reviewing machine's own loopback address",
  uniqueLocal: 'a private (unique local) IPv6 address, where some cloud metadata services answer',
  // These carry an IPv4 address inside, which a gateway may deliver to a private network.
  rfc6145: 'an IPv6 address that wraps an IPv4 one',
  rfc6052: 'a NAT64 address that wraps an IPv4 one',
  '6to4': 'a 6to4 address that wraps an IPv4 one',
  teredo: 'a Teredo address that wraps an IPv4 one',
}

// All public IPv6 space is 2000::/3; the rest (including the deprecated IPv4-compatible ::a.b.c.d)
// is reserved, so it is refused even where ipaddr.js calls it plain unicast.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3')

/** Why this address is refused, in words, or null when it is a public internet address. */
function refusal(address: Address): string | null {
  if (address instanceof ipaddr.IPv4) {
    const range = address.range()
    if (range === 'unicast') return null
    return IPV4_REFUSALS[range] ?? 'a reserved or documentation address'
  }
  // A zone index only means something on a local link.
  if (address.zoneId) return 'a link-local IPv6 address'
  // ::ffff:a.b.c.d reaches the IPv4 address itself: judge that.
  if (address.isIPv4MappedAddress()) return refusal(address.toIPv4Address())
  const range = address.range()
  const described = IPV6_REFUSALS[range]
  if (described) return described
  if (range !== 'unicast' || !address.match(GLOBAL_UNICAST_V6)) return 'a reserved IPv6 address'
  return null
}

function isLoopback(address: Address): boolean {
  if (address instanceof ipaddr.IPv4) return address.range() === 'loopback'
  if (address.isIPv4MappedAddress()) return isLoopback(address.toIPv4Address())
  return address.range() === 'loopback' && !address.zoneId
}

/**
 * An IP literal as an address, or null when `host` is a name. Brackets are removed, and IPv4 forms
 * such as 2130706433, 0x7f.1 or 0177.0.0.1 are normalised the way browsers and inet_aton read them,
 * so the address judged is the address connected to.
 */
export function parseIpLiteral(host: string): Address | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  if (!ipaddr.isValid(bare)) return null
  const address = ipaddr.parse(bare)
  // Brackets belong to IPv6 only; [1.2.3.4] is not an address.
  if (bare !== host && address.kind() !== 'ipv6') return null
  return address
}

/** True only for a public internet address (IPv4 or IPv6, in any form ipaddr.js reads). */
export function isPublicAddress(ip: string): boolean {
  const address = parseIpLiteral(ip)
  return address !== null && refusal(address) === null
}

/** True for 127.0.0.0/8, ::1 and ::ffff:127.x.y.z. */
export function isLoopbackAddress(ip: string): boolean {
  const address = parseIpLiteral(ip)
  return address !== null && isLoopback(address)
}

// Letters, digits, hyphens and underscores in dot-separated labels (Chromium sends names in
// punycode); anything else, such as userinfo or a path, is not a host.
const HOSTNAME =
  /^(?=.{1,253}\.?$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i
// A name whose last label is a number is an IPv4 address in URL syntax; one ipaddr.js cannot read
// (256.1.1.1, 08) would be read differently by different resolvers, so it is not guessed at.
const NUMERIC_LAST_LABEL = /(?:^|\.)(?:0x[0-9a-f]*|\d+)\.?$/i

export type ResolveOptions = {
  /** Tests only: lets loopback addresses through. Every other private range stays refused. */
  allowLoopback?: boolean
  lookup?: Lookup
  timeoutMs?: number
}

/**
 * The address to connect to for `host`: the literal itself, or the first allowed address the name
 * resolves to. The name is resolved once; the caller connects to the returned address and never
 * resolves again, so a name that changes its answer (DNS rebinding) cannot slip past the check.
 */
export async function resolvePublic(host: string, options: ResolveOptions = {}): Promise<string> {
  const judge = (address: Address) => {
    if (options.allowLoopback && isLoopback(address)) return null
    return refusal(address)
  }
  const literal = parseIpLiteral(host)
  if (literal) {
    const reason = judge(literal)
    if (reason)
      throw new AddressPolicyError(
        'blocked_address',
        host,
        `${literal} is ${reason}: reviews may only open public internet addresses.`,
      )
    return literal.toString()
  }
  if (!HOSTNAME.test(host) || NUMERIC_LAST_LABEL.test(host))
    throw new AddressPolicyError('invalid_host', host, `"${printable(host)}" is not a valid host name.`)

  const answers = await lookupWithTimeout(host, options)
  const refused: string[] = []
  for (const answer of answers) {
    const address = parseIpLiteral(answer.address)
    if (!address) continue
    const reason = judge(address)
    if (!reason) return address.toString()
    refused.push(`${address} (${reason})`)
  }
  if (refused.length === 0)
    throw new AddressPolicyError('dns_failed', host, `The name ${host} has no address.`)
  throw new AddressPolicyError(
    'blocked_address',
    host,
    `The name ${host} points to ${refused.join(', ')}: reviews may only open public internet addresses.`,
  )
}

/**
 * Whether the name of an address resolves, before "Review again" spends one of the day's reviews on it
 * (docs/product.md §10): null when it resolves (or is an IP literal), else why not, as a sentence. It
 * judges no address: the review does that, on its own resolution.
 */
export async function unresolvedName(
  host: string,
  options: Pick<ResolveOptions, 'lookup' | 'timeoutMs'> = {},
): Promise<AddressPolicyError | null> {
  if (parseIpLiteral(host)) return null
  try {
    const answers = await lookupWithTimeout(host, options)
    return answers.length > 0
      ? null
      : new AddressPolicyError('dns_failed', host, `The name ${host} has no address.`)
  } catch (error) {
    if (error instanceof AddressPolicyError) return error
    throw error
  }
}

async function lookupWithTimeout(host: string, options: ResolveOptions) {
  const lookup: Lookup = options.lookup ?? ((name) => dnsLookup(name, { all: true }))
  const timeoutMs = options.timeoutMs ?? LOOKUP_TIMEOUT_MS
  let timer: NodeJS.Timeout | undefined
  // dns.lookup runs in the libuv thread pool and cannot be cancelled: the late answer is dropped.
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AddressPolicyError(
            'dns_failed',
            host,
            `The name ${host} did not resolve within ${timeoutMs} ms.`,
          ),
        ),
      timeoutMs,
    )
  })
  try {
    return await Promise.race([lookup(host, { all: true }), expired])
  } catch (error) {
    if (error instanceof AddressPolicyError) throw error
    const code = (error as NodeJS.ErrnoException).code
    throw new AddressPolicyError(
      'dns_failed',
      host,
      code === 'ENOTFOUND' ? `The name ${host} does not exist.` : `The name ${host} could not be resolved.`,
    )
  } finally {
    clearTimeout(timer)
  }
}

/** Untrusted text made safe to put in a report or a status line. */
export function printable(text: string, max = 200): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, max)
}
