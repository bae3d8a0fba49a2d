import { createContext, useContext, useEffect } from 'react'

/**
 * What a page asks of the document's <head>. The server's renderer collects it while it renders the
 * page and writes it into the head it sends; in the browser the same components set the document's
 * title and robots tag as the visitor moves between pages. (Resource hints need none of this: React's
 * own `preload` from react-dom, or an `<img fetchPriority="high">`, asks for them, and the renderer
 * moves them into the head.)
 */
export type HeadTags = {
  title: string | null
  noindex: boolean
}

export function createHeadTags(): HeadTags {
  return { title: null, noindex: false }
}

const HeadContext = createContext<HeadTags | null>(null)

/** Given by the server's renderer only. */
export const HeadCollector = HeadContext.Provider

/** The document's title. */
export function DocumentTitle({ title }: { title: string }) {
  const collected = useContext(HeadContext)
  if (collected) collected.title = title
  useEffect(() => {
    document.title = title
  }, [title])
  return null
}

/** Keeps the page out of search results (not-found pages, sign-in failures). */
export function NoIndex() {
  const collected = useContext(HeadContext)
  if (collected) collected.noindex = true
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'robots'
      meta.content = 'noindex'
      document.head.append(meta)
    }
    // The tag leaves with the page, whether the server wrote it or this effect did.
    return () => meta.remove()
  }, [])
  return null
}
