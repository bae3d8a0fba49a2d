/**
 * Loaded with `node --import` into a server a test starts (loopback-only-dns.ts): every host name but
 * localhost answers "no such name" (ENOTFOUND), as on a machine without DNS, whether or not this one
 * has it. A review or link check of a github.io address then fails the same way everywhere, and no
 * test's server reaches a site outside this machine by name. IP literals and localhost resolve as usual.
 */
import dns from 'node:dns'
import dnsPromises from 'node:dns/promises'
import { syncBuiltinESMExports } from 'node:module'
import { isIP } from 'node:net'

const isLocal = (hostname) =>
  isIP(String(hostname)) !== 0 || /^(?:[^.]+\.)*localhost\.?$/i.test(String(hostname))

const notFound = (hostname) =>
  Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: 'ENOTFOUND',
    syscall: 'getaddrinfo',
    hostname,
  })

const lookupPromise = dnsPromises.lookup
dnsPromises.lookup = function lookup(hostname, ...rest) {
  if (isLocal(hostname)) return lookupPromise.call(this, hostname, ...rest)
  return Promise.reject(notFound(hostname))
}

const lookupCallback = dns.lookup
dns.lookup = function lookup(hostname, ...rest) {
  if (isLocal(hostname)) return lookupCallback.call(this, hostname, ...rest)
  const callback = rest.at(-1)
  if (typeof callback !== 'function') throw new TypeError('dns.lookup needs a callback')
  process.nextTick(callback, notFound(hostname))
  return {}
}

// `import { lookup } from 'node:dns/promises'` and friends see the replacements too.
syncBuiltinESMExports()
