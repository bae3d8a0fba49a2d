/**
 * Hands a file the app fetched to the browser's downloads, under `fileName`. The object URL is revoked
 * a little later rather than at once: some browsers read it after the click has returned.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
