import { useQuery } from '@tanstack/react-query'
import type { ComponentType, SVGProps } from 'react'
import type { AssetGroup } from '#shared/challenge.ts'
import {
  CodeIcon,
  FigmaIcon,
  FileTextIcon,
  ImageIcon,
  LayersIcon,
  PackageIcon,
  PaletteIcon,
  TypeIcon,
} from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { challengeZipQuery } from '#web/features/challenges/api/challenges.ts'
import { formatFileSize } from '#web/lib/format.ts'

const ICONS: Record<AssetGroup['kind'], ComponentType<SVGProps<SVGSVGElement>>> = {
  figma: FigmaIcon,
  designs: ImageIcon,
  'editable-designs': LayersIcon,
  'style-guide': PaletteIcon,
  fonts: TypeIcon,
  images: ImageIcon,
  starter: CodeIcon,
  readme: FileTextIcon,
}

/**
 * What the challenge's download holds (docs/product.md §2 Challenge detail: Figma file, PNG designs, editable
 * SVG designs, style guide, images).
 */
export function AssetList({ challengeId, headingId }: { challengeId: number; headingId: string }) {
  const zip = useQuery(challengeZipQuery(challengeId))

  if (zip.isPending) {
    return (
      <div>
        <p role="status" className="sr-only">
          Loading the asset list...
        </p>
        <ul aria-hidden="true" className="space-y-3">
          {[0, 1, 2, 3].map((row) => (
            <li key={row} className="flex items-center gap-3">
              <Skeleton className="size-9 rounded-lg" />
              <Skeleton className="h-4 flex-1" />
            </li>
          ))}
        </ul>
      </div>
    )
  }

  if (zip.isError) {
    return (
      <div className="rounded-xl bg-rose-50 p-4 text-sm text-rose-800">
        <p>The asset list could not be loaded: {zip.error.message}</p>
        <button
          type="button"
          onClick={() => zip.refetch()}
          className="mt-2 font-semibold underline underline-offset-2 hover:no-underline"
        >
          Try again
        </button>
      </div>
    )
  }

  return (
    <div>
      <ul aria-labelledby={headingId} className="space-y-2.5">
        {zip.data.assets.map((group) => {
          const Icon = ICONS[group.kind]
          return (
            <li key={group.kind} className="flex items-center gap-3 text-sm text-slate-700">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700 ring-1 ring-accent-100">
                <Icon className="size-[18px]" />
              </span>
              {group.label}
            </li>
          )
        })}
      </ul>
      <p className="mt-5 flex items-center gap-2 border-t border-slate-200 pt-4 text-sm text-slate-600">
        <PackageIcon className="size-4 text-slate-500" />
        <span>
          ZIP archive · <span className="font-semibold text-slate-900">{formatFileSize(zip.data.size)}</span>
        </span>
      </p>
    </div>
  )
}
