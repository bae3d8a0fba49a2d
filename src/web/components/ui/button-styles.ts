type Variant = 'primary' | 'accent' | 'secondary' | 'outline-ink'
type Size = 'sm' | 'md' | 'lg'

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition duration-150 ease-out select-none disabled:cursor-not-allowed disabled:opacity-60 motion-safe:active:scale-[0.98]'

const variants: Record<Variant, string> = {
  /** Ink button for light surfaces. */
  primary: 'bg-ink-900 text-white shadow-sm hover:bg-ink-700',
  /** Sky button: on ink surfaces, and the single strongest action on a page. */
  accent: 'bg-accent-400 text-ink-950 shadow-sm hover:bg-accent-300',
  /** Quiet button for light surfaces. */
  secondary:
    'border border-slate-300 bg-white text-slate-900 shadow-sm hover:border-slate-400 hover:bg-slate-50',
  /** Quiet button for ink surfaces. */
  'outline-ink': 'border border-white/20 text-white hover:border-white/40 hover:bg-white/5',
}

const sizes: Record<Size, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
}

/** Class names for anything that looks like a button: <button>, <Link> or <a>. */
export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', extra = ''): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim()
}
