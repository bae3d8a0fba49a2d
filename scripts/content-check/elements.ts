// The design's elements (design/<view>.elements.json, docs/content-format.md "Design elements"): each
// view has its file, it reads as a page of elements, and it equals what a fresh render of the reference
// lists (boxes within a pixel, everything else exactly), like the PNGs' drift check.
import { readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { parsePageElements } from '#server/review/elements-schema.ts'
import type { PageElement, PageElements } from '#shared/page-elements.ts'
import { elementsFileName, VIEWS } from '../content-render.ts'
import { type Problem, shown } from './shared.ts'

/** Boxes may move by this many px between two renders of one page (a font's rounding, say). */
export const ELEMENT_BOX_TOLERANCE = 1
/** At most this many differences are told per file: past a few, the file only needs rendering again. */
const DIFFERENCES_SHOWN = 5

const rerender = (dir: string) => `re-render it (npm run content:render ${basename(dir)})`

/** How an element is named in a message: its kind and text, label or tag. */
function named(element: PageElement, index: number): string {
  const name =
    element.kind === 'text' || element.kind === 'control'
      ? element.text
      : element.kind === 'image'
        ? element.alt || element.tag
        : (element.label ?? element.tag)
  const short = name.length > 40 ? `${name.slice(0, 39)}…` : name
  return `element ${index + 1} (${element.kind} "${short}")`
}

/**
 * What differs between the committed elements and a fresh recording (`other` names it in the
 * sentences), as sentences; none when they are the same, boxes within `tolerance` px.
 */
export function compareElements(
  committed: PageElements,
  fresh: PageElements,
  { tolerance = ELEMENT_BOX_TOLERANCE, other = 'a fresh render' } = {},
): string[] {
  const differences: string[] = []
  if (committed.width !== fresh.width)
    differences.push(`it is for ${committed.width} px, ${other} is ${fresh.width} px wide`)
  if (Math.abs(committed.height - fresh.height) > tolerance)
    differences.push(`it gives the page ${committed.height} px, ${other} ${fresh.height} px`)
  if (Boolean(committed.truncated) !== Boolean(fresh.truncated))
    differences.push(
      fresh.truncated ? `${other} stops early (too many nodes)` : `it stops early, ${other} does not`,
    )
  if (committed.elements.length !== fresh.elements.length)
    differences.push(`it lists ${committed.elements.length} elements, ${other} ${fresh.elements.length}`)
  const count = Math.min(committed.elements.length, fresh.elements.length)
  for (let i = 0; i < count && differences.length < DIFFERENCES_SHOWN; i++) {
    const before = committed.elements[i] as PageElement
    const after = fresh.elements[i] as PageElement
    const fields = new Set([...Object.keys(before), ...Object.keys(after)])
    for (const field of fields) {
      const a = (before as Record<string, unknown>)[field]
      const b = (after as Record<string, unknown>)[field]
      if (field === 'box') {
        for (const side of ['x', 'y', 'width', 'height'] as const)
          if (Math.abs(before.box[side] - after.box[side]) > tolerance)
            differences.push(
              `${named(before, i)}: box.${side} is ${before.box[side]}, ${other} gives ${after.box[side]}`,
            )
      } else if (JSON.stringify(a) !== JSON.stringify(b))
        differences.push(
          `${named(before, i)}: ${field} is ${JSON.stringify(a) ?? 'absent'}, ${other} gives ${JSON.stringify(b) ?? 'absent'}`,
        )
    }
  }
  return differences.slice(0, DIFFERENCES_SHOWN)
}

/** Reads a challenge's committed elements file of a view: the page, or the problem with it. */
export async function readElementsFile(
  dir: string,
  view: string,
): Promise<{ page: PageElements } | { problem: Problem }> {
  const file = join(dir, 'design', elementsFileName(view))
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    return {
      problem: {
        path: shown(file),
        message: `is missing: the element review needs each view's elements; ${rerender(dir).replace('re-render it', 'render them')}`,
      },
    }
  }
  try {
    return { page: parsePageElements(text) }
  } catch (error) {
    return {
      problem: {
        path: shown(file),
        message: `is not a page of elements (${(error as Error).message}); ${rerender(dir)}`,
      },
    }
  }
}

/** Each view's elements file is there and reads (without a browser, for --no-render). */
export async function checkElementsFiles(dir: string): Promise<Problem[]> {
  const problems: Problem[] = []
  for (const view of VIEWS) {
    const read = await readElementsFile(dir, view.name)
    if ('problem' in read) problems.push(read.problem)
  }
  return problems
}

/**
 * The committed elements of each view against those a fresh render wrote (`fresh`, view name to file):
 * a missing or unreadable committed file, or one that differs, is a problem.
 */
export async function checkRenderedElements(
  dir: string,
  fresh: ReadonlyMap<string, string>,
): Promise<Problem[]> {
  const problems: Problem[] = []
  for (const view of VIEWS) {
    const read = await readElementsFile(dir, view.name)
    if ('problem' in read) {
      problems.push(read.problem)
      continue
    }
    const freshFile = fresh.get(view.name)
    if (!freshFile) continue
    const differences = compareElements(read.page, parsePageElements(await readFile(freshFile, 'utf8')))
    if (differences.length > 0)
      problems.push({
        path: shown(join(dir, 'design', elementsFileName(view.name))),
        field: 'elements',
        message: `differs from a fresh render: ${differences.join('; ')}; ${rerender(dir)}`,
      })
  }
  return problems
}
