import { Fragment, useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import type { Inline, LegalBlock, LegalDocumentContent, RichText } from '#web/features/legal/legal-types.ts'
import { formatLongDateUtc } from '#web/lib/format.ts'
import { DocumentTitle } from '#web/lib/head.tsx'
import { usePublicConfig } from '#web/lib/public-config.ts'

const linkClass =
  'font-medium text-accent-700 underline decoration-accent-700/40 underline-offset-2 hover:text-accent-900 hover:decoration-accent-900'

/** One legal text (terms, privacy policy): title, date, contents with anchors, summary and sections. */
export function LegalDocument({ content }: { content: LegalDocumentContent }) {
  const { brandName } = usePublicConfig()
  useScrollToHashOnLoad()

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 sm:py-16 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-x-16 lg:px-8">
      <DocumentTitle title={`${content.title} | ${brandName}`} />

      <header className="max-w-[70ch] lg:col-start-2">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {content.title}
        </h1>
        <p className="mt-3 text-sm text-slate-600">
          Last updated:{' '}
          <time dateTime={content.lastUpdated}>
            {formatLongDateUtc(new Date(`${content.lastUpdated}T00:00:00Z`))}
          </time>
        </p>
      </header>

      <nav
        aria-labelledby="legal-contents"
        className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-24 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:max-h-[calc(100dvh-8rem)] lg:self-start lg:overflow-y-auto lg:border-0 lg:bg-transparent lg:p-0"
      >
        <h2 id="legal-contents" className="text-sm font-semibold text-slate-900">
          Contents
        </h2>
        <ol className="mt-3 space-y-1 text-sm">
          {content.sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="flex gap-2 rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:-mx-2 lg:py-1.5"
              >
                <span className="w-5 shrink-0 text-right text-slate-500 tabular-nums">{`${index + 1}.`}</span>
                <span>{section.heading}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 max-w-[70ch] text-base/7 text-slate-700 lg:col-start-2 lg:mt-8">
        <div className="space-y-4">
          {content.intro.map((text, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static content
            <p key={index}>
              <RichTextView text={text} />
            </p>
          ))}
        </div>

        <section
          aria-labelledby="legal-summary"
          className="mt-8 rounded-xl border border-accent-200 bg-accent-50 p-5 sm:p-6"
        >
          <h2 id="legal-summary" className="text-base font-semibold text-slate-900">
            The short version
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 marker:text-accent-700">
            {content.summary.map((text, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static content
              <li key={index}>
                <RichTextView text={text} />
              </li>
            ))}
          </ul>
        </section>

        {content.sections.map((section, index) => (
          <section key={section.id} className="mt-12">
            <h2
              id={section.id}
              className="scroll-mt-24 text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl"
            >
              <span className="text-slate-500 tabular-nums">{`${index + 1}.`}</span> {section.heading}
            </h2>
            <div className="mt-4 space-y-4">
              {section.blocks.map((block, blockIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static content
                <Block key={blockIndex} block={block} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  )
}

function Block({ block }: { block: LegalBlock }) {
  if (block.kind === 'paragraph') {
    return (
      <p>
        <RichTextView text={block.text} />
      </p>
    )
  }
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-slate-400">
      {block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static content
        <li key={index} className="pl-1">
          <RichTextView text={item} />
        </li>
      ))}
    </ul>
  )
}

function RichTextView({ text }: { text: RichText }) {
  if (typeof text === 'string') return text
  return text.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static content
    <Fragment key={index}>
      <InlineView part={part} />
    </Fragment>
  ))
}

function InlineView({ part }: { part: Inline }) {
  if (typeof part === 'string') return part
  if ('strong' in part) return <strong className="font-semibold text-slate-900">{part.strong}</strong>
  if (part.href.startsWith('/')) {
    return (
      <Link to={part.href} className={linkClass}>
        {part.text}
      </Link>
    )
  }
  return (
    <a href={part.href} className={linkClass}>
      {part.text}
    </a>
  )
}

/**
 * A deep link such as /terms#termination arrives before this lazily loaded page has rendered, so the
 * browser finds no target to scroll to; scroll to it once the sections exist.
 */
function useScrollToHashOnLoad() {
  const { hash } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on the first render, later clicks scroll natively
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1))
    if (!id) return
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView())
    return () => cancelAnimationFrame(frame)
  }, [])
}
