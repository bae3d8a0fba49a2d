import { type DeleteAccountBody, exportFileName } from '#shared/account.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { saveFile } from '#web/lib/save-file.ts'

/** The name the server gave the file (Content-Disposition), else the same name made here. */
function fileNameOf(response: Response, login: string): string {
  const header = response.headers.get('Content-Disposition') ?? ''
  const named = /filename="([^"]+)"/.exec(header)?.[1]
  return named ?? exportFileName(login, new Date())
}

/** "Export my data" (docs/product.md §2 Settings): GET /api/me/export, saved as the JSON file it names. */
export async function downloadAccountExport(login: string): Promise<void> {
  const response = await apiRequest('/api/me/export')
  saveFile(await response.blob(), fileNameOf(response, login))
}

/** "Delete my account": DELETE /api/me with the typed login; the server ends every session. */
export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  await apiRequest('/api/me', {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}
