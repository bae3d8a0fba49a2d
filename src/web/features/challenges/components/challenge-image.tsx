import { useCallback, useState } from 'react'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { isHydrated } from '#web/lib/hydration.ts'

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
  srcSet,
  sizes,
}: {
  src: string
  /** Other widths of the same image, with the width it is shown at (`sizes`), for the browser to choose. */
  srcSet?: string
  sizes?: string
  alt: string
  className?: string
  /** Extra classes until the image has loaded, e.g. a minimum height for the skeleton. */
  loadingClassName?: string
  imgClassName?: string
  loading?: 'lazy' | 'eager'
  width?: number
  height?: number
}) {
  // Rendered on the server (or hydrating its HTML), the image shows as it loads: hiding it until
  // JavaScript runs would delay the page's largest paint. Later it fades in behind a skeleton.
  const [state, setState] = useState<{ src: string; status: 'loading' | 'shown' | 'loaded' | 'error' }>(
    () => ({ src, status: isHydrated() ? 'loading' : 'shown' }),
  )
  // A new source starts over (the same component instance can be handed another image).
  const current = state.src === src ? state.status : 'loading'
  const status = current === 'shown' ? 'loaded' : current

  // An image from the cache may be complete before React attaches onLoad (or before hydration, which
  // can come a few tasks after the page shows): loaded, or broken with no error event left to come.
  const ref = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete) setState({ src, status: img.naturalWidth > 0 ? 'loaded' : 'error' })
    },
    [src],
  )

  return (
    // The room kept while loading stays until the image is in, shown or not, so nothing below moves twice.
    <div className={`relative overflow-hidden ${className} ${current === 'loaded' ? '' : loadingClassName}`}>
      {status !== 'loaded' ? <Skeleton className="absolute inset-0 rounded-none" /> : null}
      {status === 'error' ? (
        alt ? (
          <span role="img" aria-label={alt} className="absolute inset-0" />
        ) : null
      ) : (
        <img
          ref={ref}
          src={src}
          srcSet={srcSet}
          sizes={sizes}
          alt={alt}
          loading={loading}
          // An image that is not lazy is above the fold, the page's largest paint (a challenge's design):
          // with a high priority, React also asks for it from the head, ahead of the scripts.
          fetchPriority={loading === 'eager' ? 'high' : undefined}
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
