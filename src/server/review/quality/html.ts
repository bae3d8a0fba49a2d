import { createRequire } from 'node:module'
import type { HtmlValidate, Message } from 'html-validate'
import { HTML_MAX_BYTES, type PageDocuments } from '#server/review/quality/documents.ts'
import type { HtmlAudit, HtmlDocumentReport, HtmlFinding } from '#shared/review.ts'

/**
 * html-validate (preset `html-validate:standard`) on the HTML a review's capture kept: the document the
 * server sent and, for a page its scripts build, the rendered DOM. Messages are grouped by rule.
 */

export const HTML_VALIDATE_VERSION: string = createRequire(import.meta.url)(
  'html-validate/package.json',
).version

let validator: Promise<HtmlValidate> | undefined

/**
 * Made with the first validation (the server bundle holds this file; a web-only process validates
 * nothing). The configuration is given here, never read from files next to a document (there are none).
 */
function htmlValidator(): Promise<HtmlValidate> {
  validator ??= import('html-validate').then(
    ({ HtmlValidate, StaticConfigLoader }) =>
      new HtmlValidate(new StaticConfigLoader({ extends: ['html-validate:standard'] })),
  )
  return validator
}

/** A message quotes the page (element and attribute names, ids): its length is the page's to choose. */
const MAX_MESSAGE = 300

const clip = (text: string) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text)

/** Errors first, then the rule with the most messages, then by id. */
function compareHtmlFindings(a: HtmlFinding, b: HtmlFinding): number {
  const rank = (finding: HtmlFinding) => (finding.severity === 'error' ? 0 : 1)
  return rank(a) - rank(b) || b.count - a.count || a.ruleId.localeCompare(b.ruleId)
}

/** html-validate's messages grouped by rule, each with its count and its first message. */
export function htmlFindings(messages: readonly Message[]): HtmlFinding[] {
  const byRule = new Map<string, HtmlFinding>()
  for (const message of messages) {
    const severity = message.severity >= 2 ? 'error' : 'warning'
    const key = `${message.ruleId}\u0000${severity}`
    const found = byRule.get(key)
    if (found) {
      found.count += 1
      continue
    }
    byRule.set(key, {
      ruleId: message.ruleId,
      severity,
      count: 1,
      message: clip(message.message),
      line: message.line,
      column: message.column,
      ruleUrl: message.ruleUrl ?? null,
    })
  }
  return [...byRule.values()].sort(compareHtmlFindings)
}

async function validateDocument(
  html: string,
  source: HtmlDocumentReport['source'],
): Promise<HtmlDocumentReport> {
  const report = await (await htmlValidator()).validateString(html, `${source}.html`)
  const messages = report.results.flatMap((result) => result.messages)
  return {
    source,
    errors: report.errorCount,
    warnings: report.warningCount,
    findings: htmlFindings(messages),
  }
}

/** Validates what the capture kept; a document it could not keep or validate makes the part unavailable. */
export async function validateHtml(documents: PageDocuments | undefined): Promise<HtmlAudit> {
  if (!documents || (documents.served === null && documents.servedBytes === 0))
    return { status: 'unavailable', reason: 'The site sent no HTML document to validate.' }
  if (documents.served === null)
    return {
      status: 'unavailable',
      reason: `The HTML document is larger than ${HTML_MAX_BYTES / 1024 / 1024} MB and was not validated.`,
    }
  try {
    const reports = [await validateDocument(documents.served, 'served')]
    if (documents.rendered !== null) reports.push(await validateDocument(documents.rendered, 'rendered'))
    return { status: 'done', documents: reports }
  } catch (error) {
    return {
      status: 'unavailable',
      reason: clip(
        `The HTML could not be validated: ${error instanceof Error ? error.message : String(error)}`,
      ),
    }
  }
}
