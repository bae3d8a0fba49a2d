/** The one admin of the browser tests' server (playwright.config.ts sets ADMIN_GITHUB_LOGINS to it). */
export const E2E_ADMIN_LOGIN = 'dojo-admin'
