// Copy and download helpers of the tools pages: CSV with a BOM (so Excel opens Chinese correctly), plain text.

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =,+,-,@ is defused for Excel. */
export function csvField(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n');
}

/** Saves `text` as a file named `name` through a temporary object URL. */
export function downloadText(name: string, text: string, type = 'text/plain'): void {
  const bom = type === 'text/csv' ? '\ufeff' : '';
  const url = URL.createObjectURL(new Blob([bom + text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Copies to the clipboard; false when the browser refuses (insecure origin, no permission). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
