import {
  type CalibrationChallenge,
  calibrationVariants,
  ONE_ASPECT_WRONG,
} from './score-calibration-fixtures.ts'

/**
 * The calibration set of the score (docs/decisions/023-element-score.md): five challenges of five
 * categories, each with the reference and the variants of `calibrationVariants` in the order a person
 * gives them (the ranks and the reasons are there), and on the footer the ladder of decision 012.
 */
export const CALIBRATION: CalibrationChallenge[] = [
  {
    slug: 'Saltmarsh-Coffee-Footer',
    category: 'footer',
    variants: calibrationVariants({
      accent: { css: ':root { --wheat: #7ab8eb; }' },
      heading: {
        find: '<h1 id="story-title">Small-batch coffee, roasted a stone’s throw ',
        replace: '<h1 id="story-title">Slow-roasted beans, brewed a short walk ',
      },
      other: 'Tidepool-Aquarium-Footer',
      extra: [
        {
          name: 'background colour changed',
          from: 'reference',
          css: '.footer { background: #2b3a67 !important; }',
          rank: ONE_ASPECT_WRONG,
          why: 'the footer’s own colour is another; layout, text and pictures are the design’s',
        },
      ],
    }),
  },
  {
    slug: 'Aurel-Audio-Hero',
    category: 'hero',
    variants: calibrationVariants({
      accent: { css: "[data-theme='studio'] { --accent: #5bb8e8; }" },
      heading: {
        find: '<h1 id="hero-title">Sound, shaped around your&nbsp;day.',
        replace: '<h1 id="hero-title">Music that follows your&nbsp;day.',
      },
      other: 'Fieldmark-Birding-Hero',
    }),
  },
  {
    slug: 'Kitebase-Navbar',
    category: 'navbar',
    variants: calibrationVariants({
      accent: { css: ':root { --sky: #ff8fab; }' },
      heading: {
        find: '<h1 id="intro-title">Ship every pull request ',
        replace: '<h1 id="intro-title">Deploy each new commit ',
      },
      ranks: {
        'images missing': {
          rank: 3,
          why: 'its only pictures are a 32 px logo mark and 16 px icons: a person barely misses them',
        },
      },
      other: 'Quillmere-Books-Navbar',
    }),
  },
  {
    slug: 'Sunloft-Energy-Features',
    category: 'features',
    variants: calibrationVariants({
      accent: { css: ':root { --sky: #ffb3c1; }' },
      heading: {
        find: '<h1 id="features-title">Your roof, running the house.',
        replace: '<h1 id="features-title">Solar power, simply managed.',
      },
      ranks: {
        'accent colour changed': {
          rank: 5,
          why: 'its accent is no detail: it fills the open panel behind the illustration (750 × 370 px at desktop), so a person sees more change than a page 20 px lower',
        },
      },
      other: 'Skein-Analytics-Features',
    }),
  },
  {
    slug: 'Halden-Lamp-Landing-Page',
    category: 'landing page',
    variants: calibrationVariants({
      accent: { css: ':root { --glow: #b8f0ff; }' },
      heading: {
        find: '<h1 id="hero-title">Light that knows when to ',
        replace: '<h1 id="hero-title">A lamp that learns when to ',
      },
      other: 'Larder-Box-Landing-Page',
    }),
  },
]

/** Decision 012's ladder, on the footer: each must score below the one before, old score and new. */
export const LADDER = {
  slug: 'Saltmarsh-Coffee-Footer',
  variants: [
    'reference',
    '3 px shift',
    'accent colour changed',
    '20 px shift',
    'fonts swapped',
    'background colour changed',
    'another design',
    'starter',
    'blank page',
  ],
}

/** The right page in the wrong colours: each must score above another design, at every width. */
export const WRONG_COLOURS = ['background colour changed', 'palette rotated', 'dark scheme']

/**
 * The least Kendall's tau-b between the person's order and the score's, per challenge and width: the
 * goal the score was calibrated to (docs/decisions/023-element-score.md, third addendum). The lowest
 * measured is 0.907, on the navbar at mobile; the mean is 0.935.
 */
export const TAU_MIN = 0.9
