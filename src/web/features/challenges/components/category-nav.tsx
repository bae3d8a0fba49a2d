import { NavLink } from 'react-router'
import { CATEGORIES } from '#shared/categories.ts'
import { paths } from '#shared/paths.ts'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex shrink-0 items-center rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap transition-colors lg:rounded-lg lg:px-3 ${
    isActive
      ? 'bg-ink-900 text-white lg:bg-accent-50 lg:text-accent-800 lg:ring-1 lg:ring-accent-200'
      : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-slate-900 lg:bg-transparent lg:ring-0 lg:hover:bg-slate-100'
  }`

/**
 * Links to all challenges and the five category pages (docs/product.md §2, the Challenges list's sidebar): a
 * column on large screens, a row of chips that scrolls sideways on small ones.
 */
export function CategoryNav() {
  return (
    <nav aria-labelledby="category-nav-heading">
      <h2
        id="category-nav-heading"
        className="text-xs font-semibold tracking-[0.12em] text-slate-500 uppercase"
      >
        Categories
      </h2>
      <ul className="-mx-4 mt-3 flex gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:-mx-6 sm:px-6 lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0 lg:pb-0">
        <li>
          <NavLink to={paths.challenges} end className={linkClass}>
            All challenges
          </NavLink>
        </li>
        {CATEGORIES.map((category) => (
          <li key={category.value}>
            <NavLink to={paths.category(category)} className={linkClass}>
              {category.heading}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
