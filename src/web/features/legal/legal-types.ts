/**
 * Legal texts are data, so the terms and the privacy policy share one renderer and read as plain
 * prose when edited.
 */

/** A run of text inside a paragraph: plain, emphasised, or a link (paths starting with `/` stay in the app). */
export type Inline = string | { strong: string } | { text: string; href: string }

/** A paragraph or list item: one string, or a sequence of runs. */
export type RichText = string | readonly Inline[]

export type LegalBlock = { kind: 'paragraph'; text: RichText } | { kind: 'list'; items: readonly RichText[] }

interface LegalSection {
  /** The heading's anchor, stable so that links such as /terms#termination keep working. */
  id: string
  heading: string
  blocks: readonly LegalBlock[]
}

export interface LegalDocumentContent {
  title: string
  /** ISO date (YYYY-MM-DD) of the last change. */
  lastUpdated: string
  intro: readonly RichText[]
  /** The short version, shown before the full text. */
  summary: readonly RichText[]
  sections: readonly LegalSection[]
}

/** What the texts take from configuration: they name the brand and its support address. */
export interface LegalContext {
  brandName: string
  supportEmail: string
}

export const paragraph = (text: RichText): LegalBlock => ({ kind: 'paragraph', text })
export const list = (...items: RichText[]): LegalBlock => ({ kind: 'list', items })
export const mailto = (email: string): Inline => ({ text: email, href: `mailto:${email}` })
