import { describe, expect, it, vi } from 'vitest'
import {
  AddressPolicyError,
  isLoopbackAddress,
  isPublicAddress,
  type Lookup,
  resolvePublic,
  unresolvedName,
} from '#server/review/address-policy.ts'

/** A resolver that answers from a table, as DNS would for a hostile name. */
const lookupFrom =
  (table: Record<string, string[]>): Lookup =>
  async (hostname) => {
    const addresses = table[hostname]
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AddressPolicyError)
  return error as AddressPolicyError
}

describe('isPublicAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified /8'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback /8'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12, last'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local metadata'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT, last'],
    ['100.100.100.200', 'Alibaba Cloud metadata (CGNAT)'],
    ['192.0.0.192', 'Oracle Cloud metadata (IETF reserved)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast SSDP'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.0.1', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation TEST-NET-1'],
    ['198.51.100.1', 'documentation TEST-NET-2'],
    ['203.0.113.1', 'documentation TEST-NET-3'],
    ['198.18.0.1', 'benchmarking'],
    ['240.0.0.1', 'reserved class E'],
    ['::', 'unspecified v6'],
    ['::1', 'loopback v6'],
    ['fe80::1', 'link-local v6'],
    ['fe80::1%eth0', 'link-local v6 with zone'],
    ['fc00::1', 'ULA'],
    ['fd00:ec2::254', 'AWS metadata over IPv6'],
    ['ff02::1', 'multicast v6'],
    ['fec0::1', 'deprecated site-local'],
    ['100::1', 'discard prefix'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:0:7f00:1', 'IPv4-translated (RFC 6145)'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback in hex'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['64:ff9b::808:808', 'NAT64, refused whatever it wraps'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2001::1', 'Teredo'],
    ['2001:db8::1', 'documentation v6'],
    ['2001:2::1', 'benchmarking v6'],
    ['not-an-ip', 'a name'],
    ['', 'empty'],
  ])('refuses %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false)
  })

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '::ffff:1.1.1.1',
    '2606:4700::1111',
    '2a00:1450:4001:80b::200e',
  ])('allows the public address %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true)
  })

  it('knows the loopback forms', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true)
    expect(isLoopbackAddress('127.9.9.9')).toBe(true)
    expect(isLoopbackAddress('::1')).toBe(true)
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true)
    expect(isLoopbackAddress('10.0.0.1')).toBe(false)
    expect(isLoopbackAddress('localhost')).toBe(false)
  })
})

describe('resolvePublic', () => {
  it('returns a public literal as it is, without resolving', async () => {
    const lookup = vi.fn<Lookup>()
    expect(await resolvePublic('1.1.1.1', { lookup })).toBe('1.1.1.1')
    expect(await resolvePublic('[2606:4700::1111]', { lookup })).toBe('2606:4700::1111')
    expect(lookup).not.toHaveBeenCalled()
  })

  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['[::1]', '::1'],
    ['[::ffff:169.254.169.254]', '::ffff:a9fe:a9fe'],
    ['3232235777', '192.168.1.1'],
  ])('reads the literal %s as %s and refuses it', async (host, normalised) => {
    const error = await refusal(resolvePublic(host, { lookup: lookupFrom({}) }))
    expect(error.code).toBe('blocked_address')
    expect(error.message).toContain(normalised)
  })

  it('refuses hosts that are not names or addresses, before resolving', async () => {
    const lookup = vi.fn<Lookup>()
    for (const host of [
      'exa mple.com',
      'a/b',
      'user@example.com',
      '[1.2.3.4]',
      '256.1.1.1',
      '08',
      'x.0x7f',
      '1.2.3.4.5',
    ]) {
      expect((await refusal(resolvePublic(host, { lookup }))).code).toBe('invalid_host')
    }
    expect(lookup).not.toHaveBeenCalled()
  })

  it('refuses localhost with the real resolver, and allows it only with allowLoopback', async () => {
    const error = await refusal(resolvePublic('localhost'))
    expect(error.code).toBe('blocked_address')
    expect(error.message).toMatch(/localhost points to .*loopback/)
    expect(isLoopbackAddress(await resolvePublic('localhost', { allowLoopback: true }))).toBe(true)
  })

  it('refuses a name that resolves to a private or metadata address', async () => {
    const lookup = lookupFrom({
      'intranet.example': ['10.0.0.5'],
      'metadata.example': ['::ffff:169.254.169.254', 'fd00:ec2::254'],
    })
    const intranet = await refusal(resolvePublic('intranet.example', { lookup }))
    expect(intranet.code).toBe('blocked_address')
    expect(intranet.message).toBe(
      'The name intranet.example points to 10.0.0.5 (a private network address): reviews may only open public internet addresses.',
    )
    const metadata = await refusal(resolvePublic('metadata.example', { lookup, allowLoopback: true }))
    expect(metadata.message).toContain('link-local')
  })

  it('returns the first allowed address of several', async () => {
    const lookup = lookupFrom({ 'mixed.example': ['10.0.0.5', '::1', '93.184.216.34', '1.1.1.1'] })
    expect(await resolvePublic('mixed.example', { lookup })).toBe('93.184.216.34')
    expect(await resolvePublic('mixed.example', { lookup, allowLoopback: true })).toBe('::1')
  })

  it('keeps every other private range refused with allowLoopback', async () => {
    const lookup = lookupFrom({ 'lan.example': ['192.168.0.10', '100.64.1.1'] })
    expect((await refusal(resolvePublic('lan.example', { lookup, allowLoopback: true }))).code).toBe(
      'blocked_address',
    )
    expect((await refusal(resolvePublic('169.254.169.254', { allowLoopback: true }))).code).toBe(
      'blocked_address',
    )
    expect(await resolvePublic('0x7f.1', { allowLoopback: true })).toBe('127.0.0.1')
  })

  it('fails with dns_failed for unknown names, empty answers and a resolver that hangs', async () => {
    const lookup = lookupFrom({ 'empty.example': [] })
    const unknown = await refusal(resolvePublic('nowhere.example', { lookup }))
    expect(unknown.code).toBe('dns_failed')
    expect(unknown.message).toBe('The name nowhere.example does not exist.')
    expect((await refusal(resolvePublic('empty.example', { lookup }))).code).toBe('dns_failed')
    const hanging: Lookup = () => new Promise(() => {})
    const started = Date.now()
    const slow = await refusal(resolvePublic('slow.example', { lookup: hanging, timeoutMs: 50 }))
    expect(slow.code).toBe('dns_failed')
    expect(slow.message).toContain('did not resolve within 50 ms')
    expect(Date.now() - started).toBeLessThan(2000)
  })
})

describe('unresolvedName', () => {
  it('answers null for a name that resolves, whatever its address, and for an IP literal', async () => {
    const lookup = lookupFrom({ 'site.example': ['10.0.0.5'] })
    expect(await unresolvedName('site.example', { lookup })).toBeNull()
    expect(await unresolvedName('127.0.0.1', { lookup })).toBeNull()
  })

  it('says why a name does not resolve: unknown, no address, or no answer in time', async () => {
    const lookup = lookupFrom({ 'empty.example': [] })
    expect((await unresolvedName('nowhere.example', { lookup }))?.message).toBe(
      'The name nowhere.example does not exist.',
    )
    expect((await unresolvedName('empty.example', { lookup }))?.message).toBe(
      'The name empty.example has no address.',
    )
    const hanging: Lookup = () => new Promise(() => {})
    expect((await unresolvedName('slow.example', { lookup: hanging, timeoutMs: 50 }))?.message).toBe(
      'The name slow.example did not resolve within 50 ms.',
    )
  })
})
