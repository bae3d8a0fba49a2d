/** 3000 as "3,000", without a locale's formatter (docs/decisions/003: the public pages load none). */
export const withCommas = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** "1 like", "12 likes". */
export const likesText = (count: number) => `${withCommas(count)} ${count === 1 ? 'like' : 'likes'}`

/** "1 comment", "3 comments". */
export const commentsText = (count: number) => `${withCommas(count)} ${count === 1 ? 'comment' : 'comments'}`
