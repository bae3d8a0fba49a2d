import { PageTitle } from '#web/components/page-title.tsx'

/** docs/product.md §2: the about page shows only the text "About". */
export function Component() {
  return (
    <div className="page-container flex min-h-[50dvh] flex-1 items-center justify-center py-24">
      <PageTitle>About</PageTitle>
      <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">About</h1>
    </div>
  )
}
