// The editable designs (docs/content-format.md "Editable designs"): each view of the reference drawn as
// an SVG in which text stays text (<text> in the challenge's font families) and boxes, borders and
// backgrounds are vector shapes, for Figma, Penpot or Inkscape. dom-to-svg walks the rendered page in the
// browser; it is bundled for the browser here and added to the page the renderer already has open.
import { readFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Page } from '@playwright/test'
import { build } from 'esbuild'

let bundle: Promise<string> | undefined

/** dom-to-svg as one classic script that sets `window.__domToSvg` (built once per process). */
export function domToSvgBundle(): Promise<string> {
  bundle ??= build({
    stdin: {
      contents: "export { documentToSVG } from 'dom-to-svg'",
      resolveDir: import.meta.dirname,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    globalName: '__domToSvg',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '')
  return bundle
}

const MIME: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
}

/**
 * The open page of `<dir>/reference/index.html` as an SVG document: dom-to-svg's drawing sized to the
 * full page (as its screenshot is), without its debugging attributes and empty groups, the page's
 * @font-face rules in its <style> pointing at `../fonts/`, and its images embedded as data URIs so that
 * design tools, which do not follow links, show them.
 */
export async function captureSvg(page: Page, dir: string): Promise<string> {
  await page.addScriptTag({ content: await domToSvgBundle() })
  const raw = await page.evaluate(() => {
    // (No helper functions in here: the bundler would wrap them in one this page does not have.)
    // dom-to-svg paints a positioned element whose z-index is auto in its parent's layer, under the
    // positioned elements before it, where a browser paints it with them in tree order; an explicit
    // z-index of 0 puts it there, and changes nothing else for one that makes a stacking context anyway.
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(element)
      if (style.position === 'static' || style.zIndex !== 'auto') continue
      const ownContext =
        style.position === 'fixed' ||
        style.position === 'sticky' ||
        style.isolation === 'isolate' ||
        Number(style.opacity) < 1 ||
        style.transform !== 'none' ||
        style.filter !== 'none'
      const zIndexed = [...element.querySelectorAll('*')].some((e) => getComputedStyle(e).zIndex !== 'auto')
      if (ownContext || !zIndexed) element.style.zIndex = '0'
    }
    // dom-to-svg draws every <img> centred and whole, whatever its object-fit and object-position; it
    // copies aria-* attributes, so each image's drawn box travels to the SVG in one.
    const images = [...document.images].filter((image) => image.naturalWidth > 0 && image.naturalHeight > 0)
    for (const [index, image] of images.entries()) {
      const style = getComputedStyle(image)
      const box = image.getBoundingClientRect()
      const width = box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      const height = box.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
      const ratio = image.naturalWidth / image.naturalHeight
      let drawnWidth = width
      let drawnHeight = height
      if (style.objectFit === 'cover' || style.objectFit === 'contain' || style.objectFit === 'scale-down') {
        const wider = width / height > ratio
        const fitWidth = style.objectFit === 'cover' ? wider : !wider
        drawnWidth = fitWidth ? width : height * ratio
        drawnHeight = fitWidth ? width / ratio : height
      }
      const [x = '50%', y = '50%'] = style.objectPosition.split(' ')
      const offsetX = x.endsWith('%') ? ((width - drawnWidth) * parseFloat(x)) / 100 : parseFloat(x)
      const offsetY = y.endsWith('%') ? ((height - drawnHeight) * parseFloat(y)) / 100 : parseFloat(y)
      image.setAttribute(
        'aria-dts-fit',
        [index, offsetX, offsetY, drawnWidth, drawnHeight, style.objectFit === 'cover' ? 1 : 0].join(' '),
      )
    }
    const api = (window as unknown as { __domToSvg: { documentToSVG(d: Document): XMLDocument } }).__domToSvg
    const doc = api.documentToSVG(document)
    const svg = doc.documentElement
    // In an element that makes a stacking context, dom-to-svg appends a child that falls in the same
    // layer as the element itself in its parent's context straight into the element's group, after
    // every layer, so it covers all its positioned siblings (a <main> over a fixed header); in the
    // browser it is an in-flow block, painted in that layer.
    const order = [
      'rootBackgroundAndBorders',
      'childStackingContextsWithNegativeStackLevels',
      'inFlowNonInlineNonPositionedDescendants',
    ]
    for (const context of svg.querySelectorAll('[data-stacking-context="true"]')) {
      const layers = [...context.children].filter((child) => child.hasAttribute('data-stacking-layer'))
      const strays = [...context.children].filter(
        (child) => child.hasAttribute('data-z-index') && !child.hasAttribute('data-stacking-layer'),
      )
      if (layers.length === 0 || strays.length === 0) continue
      let layer = layers.find((l) => l.getAttribute('data-stacking-layer') === order[2])
      if (!layer) {
        layer = doc.createElementNS('http://www.w3.org/2000/svg', 'g')
        layer.setAttribute('data-stacking-layer', order[2] as string)
        const after = layers.find((l) => !order.includes(l.getAttribute('data-stacking-layer') ?? ''))
        if (after) after.before(layer)
        else context.append(layer)
      }
      layer.append(...strays)
    }
    for (const group of svg.querySelectorAll('[aria-dts-fit]')) {
      const [index, dx, dy, w, h, clip] = (group.getAttribute('aria-dts-fit') ?? '').split(' ').map(Number)
      group.removeAttribute('aria-dts-fit')
      const drawn = [...group.children].find((child) => child.localName === 'image')
      if (!drawn) continue
      const x = Number(drawn.getAttribute('x'))
      const y = Number(drawn.getAttribute('y'))
      if (clip) {
        const clipPath = doc.createElementNS('http://www.w3.org/2000/svg', 'clipPath')
        clipPath.id = `image-box-${index}`
        const rect = doc.createElementNS('http://www.w3.org/2000/svg', 'rect')
        for (const name of ['x', 'y', 'width', 'height'])
          rect.setAttribute(name, drawn.getAttribute(name) ?? '0')
        clipPath.append(rect)
        drawn.before(clipPath)
        drawn.setAttribute('clip-path', `url(#${clipPath.id})`)
      }
      drawn.setAttribute('x', String(x + (dx ?? 0)))
      drawn.setAttribute('y', String(y + (dy ?? 0)))
      drawn.setAttribute('width', String(w))
      drawn.setAttribute('height', String(h))
      drawn.setAttribute('preserveAspectRatio', 'none')
    }
    const width = document.documentElement.scrollWidth
    const height = document.documentElement.scrollHeight
    svg.setAttribute('width', String(width))
    svg.setAttribute('height', String(height))
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`)
    // The generator's comment names the file it read, a path on this machine.
    for (const node of [...svg.childNodes]) if (node.nodeType === Node.COMMENT_NODE) node.remove()
    for (const element of [svg, ...svg.querySelectorAll('*')])
      for (const name of element.getAttributeNames())
        if (name.startsWith('data-') || name === 'user-select') element.removeAttribute(name)
    // Groups that draw nothing (the head's elements, empty stacking layers), innermost first.
    for (const group of [...svg.querySelectorAll('g')].reverse())
      if (group.childElementCount === 0 && !group.hasAttribute('role') && !group.hasAttribute('aria-label'))
        group.remove()
    const ids = new Set([...svg.querySelectorAll('[id]')].map((e) => e.id))
    for (const owner of svg.querySelectorAll('[aria-owns]')) {
      const kept = (owner.getAttribute('aria-owns') ?? '').split(/\s+/).filter((id) => ids.has(id))
      if (kept.length > 0) owner.setAttribute('aria-owns', kept.join(' '))
      else owner.removeAttribute('aria-owns')
    }
    let style = svg.querySelector(':scope > style')
    if (!style) {
      style = doc.createElementNS('http://www.w3.org/2000/svg', 'style')
      svg.prepend(style)
    }
    style.textContent = '/* @font-face */'
    // The canvas: the root's background (or the body's, which CSS moves to the root) fills the whole
    // page, also below a body shorter than the window; dom-to-svg only paints the body's box.
    const clear = /^(transparent|rgba\(0, 0, 0, 0\))$/
    const rootColour = getComputedStyle(document.documentElement).backgroundColor
    const canvasColour = clear.test(rootColour) ? getComputedStyle(document.body).backgroundColor : rootColour
    const canvas = doc.createElementNS('http://www.w3.org/2000/svg', 'rect')
    canvas.setAttribute('width', String(width))
    canvas.setAttribute('height', String(height))
    canvas.setAttribute('fill', clear.test(canvasColour) ? 'rgb(255, 255, 255)' : canvasColour)
    style.after(canvas)
    const title = doc.createElementNS('http://www.w3.org/2000/svg', 'title')
    title.textContent = document.title
    svg.prepend(title)
    return new XMLSerializer().serializeToString(doc)
  })
  return relocate(raw.replace('/* @font-face */', await fontFaces(dir)), dir)
}

/**
 * The reference stylesheet's @font-face rules (docs/content-format.md "Fonts"). They name
 * `../fonts/<file>` from reference/, which is the same path from design/.
 */
export async function fontFaces(dir: string): Promise<string> {
  const css = await readFile(join(dir, 'reference', 'style.css'), 'utf8')
  const rules = css.match(/@font-face\s*\{[^}]*\}/g) ?? []
  return rules
    .map((rule) => rule.replace(/\s+/g, ' ').replace(/&/g, '&amp;').replace(/</g, '&lt;'))
    .join('\n')
}

/** Local URLs made portable: fonts relative to design/, images inlined, links within the page kept. */
async function relocate(svg: string, dir: string): Promise<string> {
  const root = pathToFileURL(`${resolve(dir)}/`).href
  const escaped = root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  let out = svg.replace(new RegExp(`url\\((["']?)${escaped}fonts/`, 'g'), 'url($1../fonts/')
  // Links to the page itself keep only their fragment.
  out = out.replace(new RegExp(`href="${escaped}reference/index\\.html(#[^"]*)?"`, 'g'), (_, hash) =>
    hash ? `href="${hash}"` : 'href="#"',
  )
  const images = new Map<string, string>()
  for (const match of out.matchAll(new RegExp(`"${escaped}((?:images)/[^"]+)"`, 'g'))) {
    const path = decodeURIComponent(match[1] as string)
    if (images.has(path)) continue
    const data = await readFile(join(dir, path))
    const mime = MIME[extname(path).toLowerCase()] ?? 'application/octet-stream'
    images.set(path, `data:${mime};base64,${data.toString('base64')}`)
  }
  out = out.replace(
    new RegExp(`"${escaped}((?:images)/[^"]+)"`, 'g'),
    (_, path: string) => `"${images.get(decodeURIComponent(path))}"`,
  )
  if (out.includes('file://')) {
    const leftover = out.slice(out.indexOf('file://'), out.indexOf('file://') + 120)
    throw new Error(`the SVG still names a local file: ${leftover}`)
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${out}\n`
}
