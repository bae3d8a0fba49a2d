import { describe, expect, it } from 'vitest'
import { statesSchema } from '../content-render.ts'
import { checkStates } from './states.ts'
import { png, tempFolderPerTest } from './test-fixtures.ts'

const folder = tempFolderPerTest()

describe('states', () => {
  it('requires names that start with their view and steps it knows', () => {
    const result = statesSchema.safeParse([
      { name: 'desktop-open', view: 'desktop', steps: [{ click: '#menu' }] },
      { name: 'hover', view: 'mobile', steps: [{ hover: 'a' }] },
      { name: 'desktop-Tap', view: 'desktop', steps: [{ tap: 'a' }] },
    ])
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      '1.name',
      '2.name',
      '2.steps.0',
    ])
  })

  it('requires unique names', () => {
    const state = { name: 'mobile-menu-open', view: 'mobile', steps: [{ click: '.menu' }] }
    const result = statesSchema.safeParse([state, state])
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      '1.name: "mobile-menu-open" is used twice',
    ])
  })

  it('reports a missing state image, a wrong width and a stray design file', async () => {
    await folder.write({
      'states.json': JSON.stringify([
        { name: 'mobile-menu-open', view: 'mobile', steps: [{ click: '.menu' }] },
        { name: 'desktop-hover', view: 'desktop', steps: [{ hover: '.cta' }] },
      ]),
      'design/desktop-hover.png': png(375, 10),
      'design/desktop-old.png': png(1440, 10),
      // A view's editable design belongs; a state has none.
      'design/desktop.svg': '<svg/>',
      'design/desktop-hover.svg': '<svg/>',
    })
    const { states, problems } = await checkStates(folder.dir)
    expect(states).toHaveLength(2)
    expect(problems.map((p) => `${p.path.split('/').pop()}: ${p.message}`)).toEqual([
      expect.stringMatching(/^mobile-menu-open.png: the image of state "mobile-menu-open" is missing/),
      'desktop-hover.png: must be 1440 px wide for view "desktop" (found 375 px)',
      expect.stringMatching(/^desktop-hover.svg: is neither a view nor a state/),
      expect.stringMatching(/^desktop-old.png: is neither a view nor a state/),
    ])
  })
})
