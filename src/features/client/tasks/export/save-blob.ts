/**
 * Saves a downloaded file under `fileName`: the browser's own download of an object URL through
 * a temporary link, which works for files fetched with the session's headers.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Browsers start the download asynchronously after the click; revoking at once can cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
