/**
 * What the capture keeps of a page for HTML validation: the document the server sent and, for a page
 * a script builds, the DOM afterwards. No dependencies: the capture code imports it.
 */

/** Bigger documents are not validated: validation holds the event loop, and a real page is far smaller. */
export const HTML_MAX_BYTES = 1024 * 1024

/** Below this much visible text in the served HTML, a page that has scripts is taken as built by them. */
const SCRIPT_BUILT_MAX_TEXT = 200

export type PageDocuments = {
  /** The main document's response body as text; null when there was none or it was too large. */
  served: string | null
  /** Its size in bytes, also when it was too large to keep. */
  servedBytes: number
  /** The DOM after the scripts ran (page.content()), kept only for a page its scripts build. */
  rendered: string | null
}

/**
 * Whether the served HTML is an empty shell that scripts fill (a single-page app): it has a script and
 * next to no text once scripts, styles, comments and tags are taken out.
 */
export function looksScriptBuilt(html: string): boolean {
  if (!/<script\b/i.test(html)) return false
  const text = html
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, ' ')
    .replace(/<style\b[\s\S]*?<\/style\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length < SCRIPT_BUILT_MAX_TEXT
}
