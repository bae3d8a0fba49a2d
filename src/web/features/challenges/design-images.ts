import type { Challenge, DesignImage } from '#shared/challenge.ts'
import { DEVICE_WIDTHS, type DeviceView } from '#shared/constants.ts'

/** A design image to show: a breakpoint's full page (`name` is the view) or one of its states. */
export type DesignTarget = { view: DesignImage['view']; name: string }

export const DESIGN_VIEWS = ['desktop', 'tablet', 'mobile'] as const

export const VIEW_LABEL: Record<DesignImage['view'], DeviceView> = {
  desktop: 'Desktop',
  tablet: 'Tablet',
  mobile: 'Mobile',
}

/** A state's name without its view, in words: `mobile-menu-open` is `Menu open`. */
export function stateLabel(image: Pick<DesignImage, 'name' | 'view'>): string {
  const prefix = `${image.view}-`
  const name = image.name.startsWith(prefix) ? image.name.slice(prefix.length) : image.name
  const words = name.replaceAll('-', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The image's text alternative (docs/product.md §2): what it shows and at which width. */
export function designAlt(challenge: Pick<Challenge, 'title'>, image: DesignImage): string {
  const width = `${VIEW_LABEL[image.view]} width (${DEVICE_WIDTHS[VIEW_LABEL[image.view]]} px)`
  return image.name === image.view
    ? `${challenge.title} design at ${width}`
    : `${challenge.title} design, ${stateLabel(image)} state, at ${width}`
}

/** The three views' full pages and their states, by view. */
export function designsByView(challenge: Pick<Challenge, 'designs'>) {
  return DESIGN_VIEWS.map((view) => ({
    view,
    page: challenge.designs.views.find((image) => image.view === view),
    states: challenge.designs.states.filter((image) => image.view === view),
  }))
}
