import { useState } from 'react'

/**
 * A round user picture. Without one (or when it fails to load) the initials stand in. Decorative by
 * default: the name is always written next to it or given to the control around it.
 */
export function Avatar({
  src,
  name,
  className = 'size-9',
  alt = '',
}: {
  src: string | null
  name: string
  className?: string
  alt?: string
}) {
  const [failed, setFailed] = useState(false)
  if (src && !failed) {
    return (
      <img
        src={src}
        alt={alt}
        width={96}
        height={96}
        onError={() => setFailed(true)}
        className={`shrink-0 rounded-full bg-slate-200 object-cover ${className}`}
      />
    )
  }
  const letters = initials(name)
  const classes = `inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-accent-600 to-indigo-700 font-semibold text-white ${className}`
  if (alt === '') {
    return (
      <span aria-hidden="true" className={classes}>
        {letters}
      </span>
    )
  }
  return (
    <span role="img" aria-label={alt} className={classes}>
      {letters}
    </span>
  )
}

function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean)
  return (words.length > 1 ? `${words[0]?.[0]}${words[1]?.[0]}` : name.slice(0, 2)).toUpperCase()
}
