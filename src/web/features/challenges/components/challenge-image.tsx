import { useCallback, useState } from 'react'
import { Skeleton } from '#web/components/ui/skeleton.tsx'

/**
 * An image that shows a skeleton until it has loaded, and keeps the skeleton if it fails, so a card
 * never shows a broken-image icon. Give the wrapper its size (aspect ratio or height) with `className`.
 */
export function ChallengeImage({
  src,
  alt,
  className = '',
  loadingClassName = '',
  imgClassName = 'size-full object-cover object-top',
  loading = 'lazy',
  width,
  height,
}: {
  src: string
  alt: string
  className?: string
  /** Extra classes until the image has loaded, e.g. a minimum height for the skeleton. */
  loadingClassName?: string
  imgClassName?: string
  loading?: 'lazy' | 'eager'
  width?: number
  height?: number
}) {
  const [state, setState] = useState<{ src: string; status: 'loading' | 'loaded' | 'error' }>({
    src,
    status: 'loading',
  })
  // A new source starts over (the same component instance can be handed another image).
  const status = state.src === src ? state.status : 'loading'

  // An image from the cache may be complete before React attaches onLoad.
  const ref = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth > 0) setState({ src, status: 'loaded' })
    },
    [src],
  )

  return (
    <div className={`relative overflow-hidden ${className} ${status === 'loaded' ? '' : loadingClassName}`}>
      {status !== 'loaded' ? <Skeleton className="absolute inset-0 rounded-none" /> : null}
      {status === 'error' ? (
        alt ? (
          <span role="img" aria-label={alt} className="absolute inset-0" />
        ) : null
      ) : (
        <img
          ref={ref}
          src={src}
          alt={alt}
          loading={loading}
          decoding="async"
          width={width}
          height={height}
          onLoad={() => setState({ src, status: 'loaded' })}
          onError={() => setState({ src, status: 'error' })}
          className={`transition-opacity duration-300 ${status === 'loaded' ? 'opacity-100' : 'opacity-0'} ${imgClassName}`}
        />
      )}
    </div>
  )
}
