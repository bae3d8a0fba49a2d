/**
 * The five challenge categories (docs/product.md §1, §2). `value` is what the database stores, `path` the URL
 * segment under /challenges, `heading` the category name with words capitalised.
 */
export const CATEGORIES = [
  { value: 'navbar', path: 'navbar', heading: 'Navbar' },
  { value: 'footer', path: 'footer', heading: 'Footer' },
  { value: 'landing-page', path: 'landingpage', heading: 'Landing Page' },
  { value: 'hero', path: 'hero', heading: 'Hero' },
  { value: 'features', path: 'features', heading: 'Features' },
] as const

export type Category = (typeof CATEGORIES)[number]['value']
export type CategoryInfo = (typeof CATEGORIES)[number]

export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [Category, ...Category[]]

export function categoryByValue(value: string): CategoryInfo | undefined {
  return CATEGORIES.find((c) => c.value === value)
}

export function categoryByPath(path: string): CategoryInfo | undefined {
  return CATEGORIES.find((c) => c.path === path)
}

/** "landing-page" -> "Landing Page": the category name with its words capitalised. */
export function categoryHeading(value: string): string {
  return value
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join(' ')
}
