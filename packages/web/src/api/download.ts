/** The file name a download answer gives in Content-Disposition (plain or RFC 5987), else `fallback`. */
export function filenameOf(response: Response, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Saves a blob through the browser's download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
