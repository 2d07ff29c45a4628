import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeStoredUser } from './session/storedUser';
import { imageFileProblem, maxImageBytes, responseErrorMessage, uploadImage } from './uploads';

afterEach(() => {
  localStorage.clear();
});

describe('imageFileProblem', () => {
  it('accepts an image of at most 5 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'image/webp', size: maxImageBytes })).toBeNull();
  });

  it("refuses a file that is not an image with 'Please select an image file'", () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 1000 })).toBe('Please select an image file');
    expect(imageFileProblem({ type: '', size: 1000 })).toBe('Please select an image file');
    expect(imageFileProblem(null)).toBe('Please select an image file');
  });

  it("refuses an image over 5 MB with 'Please select an image smaller than 5MB'", () => {
    expect(imageFileProblem({ type: 'image/jpeg', size: maxImageBytes + 1 })).toBe(
      'Please select an image smaller than 5MB',
    );
  });
});

describe('responseErrorMessage', () => {
  it("uses the API's message", async () => {
    const res = new Response(
      JSON.stringify({ message: 'File too large', code: 'PAYLOAD_TOO_LARGE', error: 'File too large' }),
      {
        status: 413,
      },
    );
    expect(await responseErrorMessage(res)).toBe('File too large');
  });

  it("falls back to 'status: body text', or the status text for an empty body", async () => {
    expect(await responseErrorMessage(new Response('Bad gateway', { status: 502 }))).toBe('502: Bad gateway');
    expect(await responseErrorMessage(new Response('', { status: 500, statusText: 'Internal Server Error' }))).toBe(
      '500: Internal Server Error',
    );
  });
});

describe('uploadImage', () => {
  it('posts the file as the named multipart field, with cookies and the X-User-ID header', async () => {
    writeStoredUser({ id: 7, name: 'Ada', isAdmin: true });
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ message: 'Logo uploaded successfully' }), { status: 200 })),
    );
    const file = new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' });
    const answer = await uploadImage('/api/settings/logo-upload', 'logo', file, fetchMock);
    expect(answer).toEqual({ message: 'Logo uploaded successfully' });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/settings/logo-upload');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({ 'X-User-ID': '7' });
    const body = init?.body;
    expect(body instanceof FormData && body.get('logo') instanceof File).toBe(true);
  });

  it("rejects with the server's sentence", async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ message: 'Invalid file type', error: 'Invalid file type' }), { status: 415 }),
      ),
    );
    const file = new File(['<html>'], 'logo.png', { type: 'image/png' });
    await expect(uploadImage('/api/settings/logo-upload', 'logo', file, fetchMock)).rejects.toThrow(
      'Invalid file type',
    );
  });
});
