import { connect } from 'node:net'

/**
 * HTTP/1.1 over a plain socket, for tests of the server's response layer: the request goes out byte for
 * byte as written (no client normalises a path, a header or the framing), and the answers are read by
 * a strict parser of their own, so a bad status line, a Content-Length that does not match the body,
 * broken chunking or a body after a HEAD answer is seen instead of smoothed over.
 */

export type RawAnswer = {
  status: number
  statusLine: string
  /** The header lines as sent, in order. */
  headers: [name: string, value: string][]
  /** The body without its chunking (Content-Encoding is left as sent). */
  body: Buffer
  framing: 'none' | 'length' | 'chunked' | 'close'
}

/** The values of a header, joined with ", " (undefined when absent), whatever the name's case. */
export function headerOf(answer: RawAnswer, name: string): string | undefined {
  const values = answer.headers.filter(([key]) => key.toLowerCase() === name).map(([, value]) => value)
  return values.length > 0 ? values.join(', ') : undefined
}

/** The connection ends after this answer (`Connection: close`). */
export function closes(answer: RawAnswer): boolean {
  return /(?:^|,)\s*close\s*(?:,|$)/i.test(headerOf(answer, 'connection') ?? '')
}

export type RawRequest = {
  method: string
  target: string
  headers?: [string, string][]
  body?: Buffer | string
  /** Sends the body in chunks with `Transfer-Encoding: chunked` instead of a Content-Length. */
  chunked?: boolean
}

/** A request's bytes, exactly as given (a Content-Length is added for a body unless it is chunked). */
export function requestBytes(request: RawRequest): Buffer {
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body
  const lines = [`${request.method} ${request.target} HTTP/1.1`]
  for (const [name, value] of request.headers ?? []) lines.push(`${name}: ${value}`)
  const parts: Buffer[] = []
  if (body && request.chunked) {
    lines.push('Transfer-Encoding: chunked')
    const size = Math.max(1, Math.ceil(body.length / 3))
    for (let at = 0; at < body.length; at += size) {
      const piece = body.subarray(at, at + size)
      parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`, 'latin1'), piece, Buffer.from('\r\n'))
    }
    parts.push(Buffer.from('0\r\n\r\n'))
  } else if (body) {
    lines.push(`Content-Length: ${body.length}`)
    parts.push(body)
  }
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), ...parts])
}

const STATUS_LINE = /^HTTP\/1\.1 ([1-5][0-9]{2}) [\t\x20-\x7e\x80-\xff]*$/
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*([\t\x20-\x7e\x80-\xff]*?)[ \t]*$/
const CHUNK_SIZE = /^([0-9a-fA-F]{1,8})(?:[ \t]*;[\t\x20-\x7e]*)?$/
const MAX_HEAD_BYTES = 64 * 1024

type Parsed =
  | { state: 'incomplete' }
  | { state: 'invalid'; problem: string }
  | { state: 'complete'; answer: RawAnswer; end: number }

/**
 * Reads one answer from `bytes` at `start`. `bodiless`: an answer to HEAD, which has no body whatever
 * its headers say. `ended`: the server has closed the connection, so nothing more comes.
 */
function parseAnswer(bytes: Buffer, start: number, bodiless: boolean, ended: boolean): Parsed {
  const incomplete = (what: string): Parsed =>
    ended ? { state: 'invalid', problem: `the connection ended inside ${what}` } : { state: 'incomplete' }
  const headEnd = bytes.indexOf('\r\n\r\n', start, 'latin1')
  if (headEnd === -1) {
    if (bytes.length - start > MAX_HEAD_BYTES)
      return { state: 'invalid', problem: `no end of head in ${MAX_HEAD_BYTES} bytes` }
    return incomplete('the head')
  }
  const head = bytes.subarray(start, headEnd).toString('latin1')
  const [statusLine = '', ...lines] = head.split('\r\n')
  if (!STATUS_LINE.test(statusLine))
    return { state: 'invalid', problem: `invalid status line ${JSON.stringify(statusLine.slice(0, 120))}` }
  const status = Number(statusLine.slice(9, 12))
  const headers: [string, string][] = []
  for (const line of lines) {
    const match = HEADER_LINE.exec(line)
    if (!match)
      return { state: 'invalid', problem: `invalid header line ${JSON.stringify(line.slice(0, 120))}` }
    headers.push([match[1] as string, match[2] as string])
  }
  const answer: RawAnswer = { status, statusLine, headers, body: Buffer.alloc(0), framing: 'none' }
  const lengths = headers.filter(([name]) => name.toLowerCase() === 'content-length')
  const transferEncoding = headerOf(answer, 'transfer-encoding')
  if (lengths.length > 1) return { state: 'invalid', problem: `${lengths.length} Content-Length headers` }
  const lengthValue = lengths[0]?.[1]
  if (lengthValue !== undefined && !/^[0-9]{1,15}$/.test(lengthValue))
    return { state: 'invalid', problem: `invalid Content-Length ${JSON.stringify(lengthValue)}` }
  if (lengthValue !== undefined && transferEncoding !== undefined)
    return { state: 'invalid', problem: 'both Content-Length and Transfer-Encoding' }
  if (transferEncoding !== undefined && transferEncoding.toLowerCase() !== 'chunked')
    return { state: 'invalid', problem: `Transfer-Encoding ${JSON.stringify(transferEncoding)}` }
  const bodyStart = headEnd + 4
  // An interim answer (100 Continue) and answers that have no body by definition.
  if (bodiless || status < 200 || status === 204 || status === 304) {
    if ((status < 200 || status === 204) && (lengthValue !== undefined || transferEncoding !== undefined))
      return { state: 'invalid', problem: `a ${status} with a Content-Length or Transfer-Encoding` }
    return { state: 'complete', answer, end: bodyStart }
  }
  if (lengthValue !== undefined) {
    const length = Number(lengthValue)
    if (bytes.length - bodyStart < length)
      return ended
        ? {
            state: 'invalid',
            problem: `Content-Length ${length}, but the connection ended after ${bytes.length - bodyStart} bytes`,
          }
        : { state: 'incomplete' }
    answer.body = bytes.subarray(bodyStart, bodyStart + length)
    answer.framing = 'length'
    return { state: 'complete', answer, end: bodyStart + length }
  }
  if (transferEncoding !== undefined) {
    const pieces: Buffer[] = []
    let at = bodyStart
    for (;;) {
      const lineEnd = bytes.indexOf('\r\n', at, 'latin1')
      if (lineEnd === -1) return incomplete('a chunk size')
      const sizeLine = bytes.subarray(at, lineEnd).toString('latin1')
      const match = CHUNK_SIZE.exec(sizeLine)
      if (!match)
        return { state: 'invalid', problem: `invalid chunk size ${JSON.stringify(sizeLine.slice(0, 60))}` }
      const size = Number.parseInt(match[1] as string, 16)
      at = lineEnd + 2
      if (size === 0) {
        // Trailers, then an empty line.
        const trailersEnd = bytes.indexOf('\r\n', at, 'latin1')
        if (trailersEnd === -1) return incomplete('the last chunk')
        if (trailersEnd !== at) {
          const end = bytes.indexOf('\r\n\r\n', at, 'latin1')
          if (end === -1) return incomplete('the trailers')
          at = end + 4
        } else at += 2
        answer.body = Buffer.concat(pieces)
        answer.framing = 'chunked'
        return { state: 'complete', answer, end: at }
      }
      if (bytes.length < at + size + 2) return incomplete('a chunk')
      pieces.push(bytes.subarray(at, at + size))
      if (bytes.toString('latin1', at + size, at + size + 2) !== '\r\n')
        return { state: 'invalid', problem: 'a chunk does not end with CRLF' }
      at += size + 2
    }
  }
  // Neither: the body runs to the end of the connection, which the answer must announce.
  if (!closes(answer))
    return {
      state: 'invalid',
      problem: 'a body with no Content-Length or chunking on a kept-alive connection',
    }
  if (!ended) return { state: 'incomplete' }
  answer.body = bytes.subarray(bodyStart)
  answer.framing = 'close'
  return { state: 'complete', answer, end: bytes.length }
}

export type Exchange = {
  /** The final answers, in order (interim 1xx answers are dropped). */
  answers: RawAnswer[]
  /** What was wrong on the wire; empty when every answer was well formed and nothing else came. */
  problems: string[]
  /** The server closed the connection. */
  closed: boolean
}

/**
 * Sends `bytes` (one request, or several pipelined), then reads one answer per entry of `bodiless`
 * (true for an answer to HEAD). When the last answer leaves the connection open, `probe` (a GET,
 * with `Connection: close`) goes out on it and its answer is read too: bytes that did not belong to an
 * earlier answer would corrupt it. Afterwards, nothing more may arrive before the server closes. Every
 * step together is bounded by `timeoutMs`.
 */
export function exchange(options: {
  port: number
  bytes: Buffer
  bodiless: boolean[]
  probe?: Buffer
  timeoutMs: number
  /** The server may close the connection without answering (a request it cannot read, CONNECT). */
  mayCloseUnanswered?: boolean
}): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: options.port })
    const expected = [...options.bodiless]
    const answers: RawAnswer[] = []
    const problems: string[] = []
    let buffer: Buffer = Buffer.alloc(0)
    let at = 0
    let probed = false
    let ended = false
    let settled = false
    let socketError: Error | undefined

    const finish = () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve({ answers, problems, closed: ended })
    }
    const timer = setTimeout(() => {
      problems.push(
        `no complete exchange within ${options.timeoutMs} ms (${answers.length} answer(s), ${buffer.length - at} bytes unread: ${JSON.stringify(buffer.toString('latin1', at, at + 120))})`,
      )
      finish()
    }, options.timeoutMs)

    const read = () => {
      if (settled) return
      while (expected.length > 0) {
        if (at === buffer.length && ended) {
          const unanswered = answers.length === 0 && options.mayCloseUnanswered
          const last = answers.at(-1)
          // A connection the server closed after saying so ends the exchange early: that is allowed.
          if (!unanswered && !(last && closes(last)))
            problems.push(
              `the connection ended after ${answers.length} answer(s)${socketError ? ` (${socketError.message})` : ''}`,
            )
          return finish()
        }
        const parsed = parseAnswer(buffer, at, expected[0] as boolean, ended)
        if (parsed.state === 'incomplete') return
        if (parsed.state === 'invalid') {
          problems.push(`answer ${answers.length + 1}: ${parsed.problem}`)
          return finish()
        }
        at = parsed.end
        if (parsed.answer.status < 200) continue
        answers.push(parsed.answer)
        expected.shift()
        if (closes(parsed.answer)) {
          // Nothing may follow an answer that closes the connection.
          expected.length = 0
        } else if (expected.length === 0 && options.probe && !probed) {
          probed = true
          expected.push(false)
          socket.write(options.probe)
        }
      }
      if (at < buffer.length) {
        problems.push(
          `${buffer.length - at} bytes after the last answer: ${JSON.stringify(buffer.toString('latin1', at, at + 120))}`,
        )
        return finish()
      }
      if (ended) return finish()
      // Waits for the server to close (every exchange ends with Connection: close, or a probe that says so).
      const last = answers.at(-1)
      if (!last || !closes(last)) return finish()
    }

    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk])
      read()
    })
    socket.on('end', () => {
      ended = true
      read()
    })
    socket.on('close', () => {
      ended = true
      read()
      finish()
    })
    // A server that answers early and closes may reset a connection we are still writing to: what it
    // answered is already read, and `read` decides whether the answers are complete.
    socket.on('error', (error) => {
      socketError = error
    })
    socket.write(options.bytes)
  })
}
