// The ceiling for `npm run bench`: a bare node:http server that answers each path with the exact bytes
// and headers the app sent for it, with no routing, middleware or database. Started by bench/http.ts.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [responsesFile, port] = process.argv.slice(2)
const responses = new Map(
  Object.entries(JSON.parse(readFileSync(responsesFile, 'utf8'))).map(([path, r]) => [
    path,
    { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') },
  ]),
)
createServer((request, response) => {
  const found = responses.get(request.url)
  if (!found) {
    response.writeHead(404).end()
    return
  }
  response.writeHead(found.status, { ...found.headers, 'content-length': found.body.length })
  response.end(found.body)
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'))
