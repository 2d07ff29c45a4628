import { userHeaders } from './session/storedUser';

/** Hero images and the logo may be at most this large (SPEC.md section 9). */
export const maxImageBytes = 5 * 1024 * 1024;

/** The file types the image pickers offer; the server checks the bytes themselves. */
export const acceptedImageTypes = 'image/jpeg,image/png,image/webp';

/** Messages (catalog ids): shown as `i18n._(imageFileProblem(file))`. */
export const imageMessages = {
  notImage: /*i18n*/ 'Please select an image file',
  tooLarge: /*i18n*/ 'Please select an image smaller than 5MB',
} as const;

export const uploadPaths = {
  heroImage: '/api/admin/upload/hero-image',
  logo: '/api/settings/logo-upload',
} as const;

export const volunteerExportPath = '/api/export/volunteers';
export const volunteerExportFilename = 'volunteer-data.csv';

/** One sheet's volunteer CSV: its path and the file name the server gives it. */
export function sheetVolunteerExport(sheetId: number): { path: string; filename: string } {
  return {
    path: `${volunteerExportPath}?signupSheetId=${encodeURIComponent(String(sheetId))}`,
    filename: `volunteer-data-${sheetId}.csv`,
  };
}

/** Why a chosen file cannot be uploaded (SPEC.md section 5; an `imageMessages` id), or null when it may be. */
export function imageFileProblem(file: { type: string; size: number } | null): string | null {
  if (!file || !file.type.startsWith('image/')) return imageMessages.notImage;
  if (file.size > maxImageBytes) return imageMessages.tooLarge;
  return null;
}

/**
 * The sentence for a failed REST answer: the JSON body's `message` (API.md), or else SPEC.md's
 * 'status: body text' (the status text when the body is empty).
 */
export async function responseErrorMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      const message = body.message.trim();
      if (message !== '') return message;
    }
  } catch {
    // Not JSON: the text itself is the best there is.
  }
  return `${res.status}: ${text.trim() === '' ? res.statusText : text.trim()}`;
}

type Fetch = typeof fetch;

/** Cookies and the X-User-ID header, as every API request carries them (SPEC.md sections 6, 7). */
function apiInit(init: RequestInit): RequestInit {
  return { ...init, credentials: 'include', headers: { ...userHeaders() } };
}

/**
 * Uploads one file as the multipart field `field`; resolves with the JSON answer, rejects with an
 * Error whose message is the server's sentence.
 */
export async function uploadImage(
  path: string,
  field: string,
  file: File,
  fetchImpl: Fetch = globalThis.fetch,
): Promise<Record<string, unknown>> {
  const body = new FormData();
  body.append(field, file, file.name);
  const res = await fetchImpl(path, apiInit({ method: 'POST', body }));
  if (!res.ok) throw new Error(await responseErrorMessage(res));
  const answer: unknown = await res.json().catch(() => ({}));
  return typeof answer === 'object' && answer !== null ? { ...answer } : {};
}

/** Fetches a file from the API and hands it to the browser as a download named `filename`. */
export async function downloadFile(path: string, filename: string, fetchImpl: Fetch = globalThis.fetch): Promise<void> {
  const res = await fetchImpl(path, apiInit({ method: 'GET' }));
  if (!res.ok) throw new Error(await responseErrorMessage(res));
  saveFile(await res.blob(), filename);
}

/** Hands a file (fetched, or made in the browser) to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the browser keeps its own copy.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
