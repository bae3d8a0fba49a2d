// states.json is valid, each state's image exists and is as wide as its view, and design/ holds
// nothing that no view or state renders (a view's PNG, SVG and elements, a state's PNG).
import { basename, join } from 'node:path'
import sharp from 'sharp'
import { elementsFileName, imagesOf, readStates, STATES_FILE, type State } from '../content-render.ts'
import { exists, listFiles, type Problem, shown } from './shared.ts'

/** Checks the states of the challenge folder `dir`; returns them (null when states.json is invalid). */
export async function checkStates(dir: string): Promise<{ states: State[] | null; problems: Problem[] }> {
  const problems: Problem[] = []
  const result = await readStates(dir)
  if (!result.ok) {
    for (const p of result.problems)
      problems.push({ path: shown(join(dir, STATES_FILE)), field: p.field, message: p.message })
    return { states: null, problems }
  }
  const images = imagesOf(result.states)
  for (const image of images) {
    if (!image.state) continue // the three views are checked by the loader
    const file = join(dir, 'design', `${image.name}.png`)
    if (!(await exists(file))) {
      problems.push({
        path: shown(file),
        message: `the image of state "${image.name}" is missing; run npx tsx scripts/content-render.ts ${basename(dir)}`,
      })
      continue
    }
    try {
      const info = await sharp(file).metadata()
      if (info.format !== 'png')
        problems.push({ path: shown(file), message: `must be a PNG (found ${info.format})` })
      else if (info.width !== image.view.width)
        problems.push({
          path: shown(file),
          field: 'width',
          message: `must be ${image.view.width} px wide for view "${image.view.name}" (found ${info.width} px)`,
        })
    } catch (error) {
      problems.push({ path: shown(file), message: `is not a readable image (${(error as Error).message})` })
    }
  }
  // Each view also has its editable design, design/<view>.svg (design-svg.ts checks it), and its
  // elements, design/<view>.elements.json (elements.ts checks them).
  const expected = new Set(
    images.flatMap((image) => [
      `design/${image.name}.png`,
      ...(image.state ? [] : [`design/${image.name}.svg`, `design/${elementsFileName(image.name)}`]),
    ]),
  )
  for (const file of await listFiles(join(dir, 'design'))) {
    if (!expected.has(`design/${file}`))
      problems.push({
        path: shown(join(dir, 'design', file)),
        message: `is neither a view nor a state in ${STATES_FILE}; delete it or add its state`,
      })
  }
  return { states: result.states, problems }
}
