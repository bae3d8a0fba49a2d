import type { ReactNode } from 'react'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { GithubIcon, LockIcon } from '#web/components/ui/icons.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useSignInHref } from '#web/features/auth/sign-in.ts'
import { type SessionUser, useSession } from '#web/features/auth/use-session.ts'

/** What a visitor reads on each members-only page (docs/product.md §2 Members-only pages), word for word. */
export const MEMBER_PAGES = {
  dashboard: {
    title: 'Log in to see your dashboard',
    text: 'Your dashboard shows the challenges you are working on, the ones you have completed and your latest solutions.',
  },
  challenges: {
    title: 'Log in to see your challenges',
    text: 'This page lists the challenges you have started or completed.',
  },
  settings: {
    title: 'Log in to change your settings',
    text: 'Settings is where you edit your name, bio and links, and find your verification tag.',
  },
  notifications: {
    title: 'Log in to see your notifications',
    text: 'Notifications tell you about comments, replies and helpful marks on your solutions.',
  },
  classrooms: {
    title: 'Log in to see your classrooms',
    text: 'Classrooms are where teachers set challenges with due times and students see what is due.',
  },
  admin: {
    title: 'Log in to moderate',
    text: 'Reports and the moderation log are for the admins.',
  },
} as const

export type MemberPage = keyof typeof MEMBER_PAGES

const COMES_BACK = 'Logging in takes you to GitHub and straight back to this page.'

/**
 * A members-only page (docs/product.md §2). It waits for the session check, so a member never sees the
 * sign-in prompt and a visitor never sees the page; a visitor reads why the page needs a sign-in and gets a
 * sign-in that comes back to it.
 */
export function RequireUser({
  page,
  children,
}: {
  page: MemberPage
  children: (user: SessionUser) => ReactNode
}) {
  const session = useSession()
  if (session.status === 'signed-out') return <SignInPrompt page={page} />
  if (session.status === 'loading') return <PageLoading />
  return children(session.user)
}

function SignInPrompt({ page }: { page: MemberPage }) {
  const signInHref = useSignInHref()
  const { title, text } = MEMBER_PAGES[page]
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center sm:py-28">
      <PageTitle>{title}</PageTitle>
      <div className="flex size-16 items-center justify-center rounded-2xl bg-accent-50 text-accent-800 ring-1 ring-accent-200">
        <LockIcon className="size-8" />
      </div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-base leading-7 text-slate-600">{text}</p>
      <p className="mt-2 text-base leading-7 text-slate-600">{COMES_BACK}</p>
      <a href={signInHref} className={buttonClasses('primary', 'md', 'mt-8')}>
        <GithubIcon className="size-5" />
        Login with GitHub
      </a>
    </div>
  )
}

function PageLoading() {
  return (
    <div className="page-container flex flex-1 items-center justify-center py-24">
      <p role="status" className="flex items-center gap-3 text-slate-600">
        <Spinner />
        <span>Loading...</span>
      </p>
    </div>
  )
}
