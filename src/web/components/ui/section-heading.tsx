import type { ReactNode } from 'react'

/** Eyebrow, heading and intro of a page section. `id` lets the section use it as aria-labelledby. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
  tone = 'light',
}: {
  id: string
  eyebrow?: string
  title: string
  children?: ReactNode
  align?: 'center' | 'left'
  tone?: 'light' | 'ink'
}) {
  const centered = align === 'center' ? 'mx-auto text-center' : ''
  return (
    <div className={`max-w-2xl ${centered}`}>
      {eyebrow ? (
        <p
          className={`text-sm font-semibold tracking-[0.12em] uppercase ${tone === 'ink' ? 'text-accent-300' : 'text-accent-700'}`}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={`mt-3 text-3xl font-bold tracking-tight sm:text-4xl ${tone === 'ink' ? 'text-white' : 'text-slate-900'}`}
      >
        {title}
      </h2>
      {children ? (
        <p
          className={`mt-4 text-base leading-7 sm:text-lg sm:leading-8 ${tone === 'ink' ? 'text-slate-300' : 'text-slate-600'}`}
        >
          {children}
        </p>
      ) : null}
    </div>
  )
}
