import { fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultHeroContent, type HeroContent } from '@pac/validators';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { HeroContentForm } from './HeroContentForm';
import { HeroImageForm } from './HeroImageDialog';

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const toggle = (name: string) => screen.getByRole('switch', { name });

function renderHeroForm(content: HeroContent = defaultHeroContent) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(<HeroContentForm content={content} onSubmit={onSubmit} onCancel={onCancel} />);
  return { onSubmit, onCancel };
}

describe('HeroContentForm', () => {
  it('disables a field while its Show switch is off, and both button fields with their one switch', () => {
    renderHeroForm();
    expect(input(/^Title/).disabled).toBe(false);
    fireEvent.click(toggle('Show main title'));
    expect(input(/^Title/).disabled).toBe(true);
    fireEvent.click(toggle('Show primary button'));
    expect(input(/^Primary Button Text/).disabled).toBe(true);
    expect(input(/^Primary Button Link/).disabled).toBe(true);
    expect(input(/^Secondary Button Text/).disabled).toBe(false);
    fireEvent.click(toggle('Show main title'));
    expect(input(/^Title/).disabled).toBe(false);
  });

  it("says 'Title is required when visible' for an empty visible title, and nothing once it is hidden", async () => {
    const { onSubmit } = renderHeroForm();
    fireEvent.change(input(/^Title/), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Title is required when visible')).toBeDefined();
    // The toast comes a moment later: the toasts load with the first one (lib/toastGate.ts).
    expect(await screen.findByText('Please check visible fields for required content')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(toggle('Show main title'));
    expect(screen.queryByText('Title is required when visible')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ visibility: { title: false } });
  });

  it('after a failed save, focuses the first invalid field that can be edited', async () => {
    renderHeroForm();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    fireEvent.change(input(/^Title/), { target: { value: '' } });
    fireEvent.change(input(/^Stat Number/), { target: { value: '' } });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(input(/^Title/)));
    expect(screen.getByText('Title is required when visible')).toBeDefined();

    // With the title hidden (its field disabled), the next invalid one.
    fireEvent.click(toggle('Show main title'));
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(input(/^Stat Number/)));
  });

  it('shows at least 3 bullet fields, each with its own switch, and adds up to 5', () => {
    renderHeroForm({ ...defaultHeroContent, bullets: [{ text: 'Only one', visible: true }] });
    expect(input(/^Bullet 3/).value).toBe('');
    fireEvent.click(toggle('Show bullet 1'));
    expect(input(/^Bullet 1/).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add bullet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add bullet' }));
    expect(input(/^Bullet 5/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Add bullet' })).toBeNull();
    fireEvent.click(toggle('Show feature bullets'));
    expect(input(/^Bullet 2/).disabled).toBe(true);
  });

  it('saves the content with empty bullet fields left out', () => {
    const { onSubmit } = renderHeroForm();
    fireEvent.change(input(/^Title/), { target: { value: 'Help at the Spring Fair' } });
    fireEvent.change(input(/^Bullet 3/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledWith({
      ...defaultHeroContent,
      title: 'Help at the Spring Fair',
      primaryCtaHref: '/#opportunities',
      bullets: defaultHeroContent.bullets.slice(0, 2),
    });
  });

  it('refuses a link that is not /, http or #', () => {
    const { onSubmit } = renderHeroForm();
    fireEvent.change(input(/^Primary Button Link/), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Link must start with /, start with http, or be #')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Cancel puts the content back', () => {
    const { onCancel } = renderHeroForm();
    fireEvent.change(input(/^Title/), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(input(/^Title/).value).toBe(defaultHeroContent.title);
  });
});

describe('HeroImageForm', () => {
  const fileInput = () => {
    const found = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no file input');
    return found;
  };
  const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

  it('keeps Upload Image disabled until an image is chosen, then uploads it', () => {
    const onUpload = vi.fn();
    renderWithProviders(<HeroImageForm onUpload={onUpload} onCancel={vi.fn()} />);
    expect(screen.getByText('JPG, PNG, WebP, max 5MB')).toBeDefined();
    expect(fileInput().accept).toBe('image/jpeg,image/png,image/webp');
    const upload = screen.getByRole('button', { name: 'Upload Image' });
    expect(upload.hasAttribute('disabled')).toBe(true);
    const photo = new File([new Uint8Array(100)], 'photo.png', { type: 'image/png' });
    choose(photo);
    expect(upload.hasAttribute('disabled')).toBe(false);
    fireEvent.click(upload);
    expect(onUpload).toHaveBeenCalledWith(photo);
  });

  it('refuses a file that is not an image', () => {
    renderWithProviders(<HeroImageForm onUpload={vi.fn()} onCancel={vi.fn()} />);
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('Please select an image file')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Upload Image' }).hasAttribute('disabled')).toBe(true);
  });

  it("says 'Uploading...' while the upload is under way", () => {
    renderWithProviders(<HeroImageForm onUpload={vi.fn()} onCancel={vi.fn()} uploading />);
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDefined();
  });
});
