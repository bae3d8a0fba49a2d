/**
 * Loaded with `node --import` into a server a test starts (loopback-only-dns.ts): every host name but
 * localhost answers "no such name" (ENOTFOUND), as on a machine without DNS, whether or not this one
 * has it. A review or link check of a github.io address then fails the same way everywhere, and no
 * test's server reaches a site outside this machine by name. IP literals and localhost resolve as usual.
 *
 * `LOOPBACK_TEST_DOMAINS` (comma-separated, e.g. `github.io,netlify.app`) names domains whose every host
 * answers 127.0.0.1 instead: a test serves "someone's GitHub Pages site" or "a Netlify site" from loopback
 * under its real kind of name, so the submit form and the review judge the name as they would live.
 */
import dns from 'node:dns'
import dnsPromises from 'node:dns/promises'
import { syncBuiltinESMExports } from 'node:module'
import net, { isIP } from 'node:net'

const isLocal = (hostname) =>
  isIP(String(hostname)) !== 0 || /^(?:[^.]+\.)*localhost\.?$/i.test(String(hostname))

const testDomains = (process.env.LOOPBACK_TEST_DOMAINS ?? '')
  .split(',')
  .map((domain) => domain.trim().toLowerCase())
  .filter(Boolean)
const isTestSite = (hostname) => {
  const name = String(hostname).toLowerCase().replace(/\.$/, '')
  return testDomains.some((domain) => name.endsWith(`.${domain}`))
}
const LOOPBACK = { address: '127.0.0.1', family: 4 }
/** What dns.lookup answers for a name under a test domain, in the shape its options ask for. */
const loopbackAnswer = (options) =>
  options && typeof options === 'object' && options.all ? [LOOPBACK] : LOOPBACK

const notFound = (hostname) =>
  Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: 'ENOTFOUND',
    syscall: 'getaddrinfo',
    hostname,
  })

const lookupPromise = dnsPromises.lookup
dnsPromises.lookup = function lookup(hostname, ...rest) {
  if (isLocal(hostname)) return lookupPromise.call(this, hostname, ...rest)
  if (isTestSite(hostname)) return Promise.resolve(loopbackAnswer(rest[0]))
  return Promise.reject(notFound(hostname))
}

const lookupCallback = dns.lookup
dns.lookup = function lookup(hostname, ...rest) {
  if (isLocal(hostname)) return lookupCallback.call(this, hostname, ...rest)
  const callback = rest.at(-1)
  if (typeof callback !== 'function') throw new TypeError('dns.lookup needs a callback')
  if (isTestSite(hostname)) {
    const answer = loopbackAnswer(rest.length > 1 ? rest[0] : undefined)
    if (Array.isArray(answer)) process.nextTick(callback, null, answer)
    else process.nextTick(callback, null, answer.address, answer.family)
    return {}
  }
  process.nextTick(callback, notFound(hostname))
  return {}
}

// `import { lookup } from 'node:dns/promises'` and friends see the replacements too.
syncBuiltinESMExports()

const testPort = Number(process.env.LOOPBACK_TEST_PORT ?? 0)
if (testPort > 0) {
  // The review's egress proxy connects to the address it resolved; other clients to the name.
  const isLoopbackHost = (host) => host === '127.0.0.1' || host === '::ffff:127.0.0.1' || isTestSite(host)
  /** Port 80 on loopback becomes the fixture's port; `options` is net's connect options object. */
  const redirected = (options) =>
    options && Number(options.port) === 80 && isLoopbackHost(options.host)
      ? { ...options, port: testPort }
      : options
  const connect = net.Socket.prototype.connect
  net.Socket.prototype.connect = function connectToFixture(...args) {
    const [first] = args
    // net.connect passes its normalised [options, callback] array on; it is changed in place, as net
    // recognises it by a symbol on the array itself.
    if (Array.isArray(first)) first[0] = redirected(first[0])
    else if (first && typeof first === 'object') args[0] = redirected(first)
    else if (Number(first) === 80 && isLoopbackHost(args[1])) args[0] = testPort
    return connect.apply(this, args)
  }
}
