/**
 * Challenge URLs are `/challenge/` + the title with spaces written as hyphens (docs/product.md §2, §3). The
 * slug is stored (unique) and looked up directly, so titles that already contain hyphens still resolve.
 */
export function titleToSlug(title: string): string {
  return title.trim().replace(/\s+/g, '-')
}

/** The inverse for titles without hyphens: hyphens turned back into spaces. */
export function slugToTitle(slug: string): string {
  return slug.replace(/-/g, ' ')
}
