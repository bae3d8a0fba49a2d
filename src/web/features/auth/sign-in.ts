import { SIGN_IN_START } from '#shared/return-path.ts'

/** Where the server starts the GitHub sign-in flow: a full page navigation, not a client route. */
export const SIGN_IN_PATH = SIGN_IN_START
