import { maxUploadBytes, publicSettingKeys } from '@pac/api';
import { type RestRoute, unvalidated } from './route';

const publicKeys = new Set<string>(publicSettingKeys);

/** Settings, the logo and hero image uploads, and the hero (its procedures keep their settings.* paths). */
export const settingRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/settings/logo-url', handle: (r) => r.caller.settings.logoUrl() },
  {
    method: 'POST',
    path: '/api/settings/logo-upload',
    upload: { field: 'logo', maxBytes: maxUploadBytes, authorize: (caller) => caller.settings.mayUpload() },
    errorField: true,
    handle: (r) => r.caller.settings.uploadLogo({ data: r.file ?? new Uint8Array() }),
  },
  {
    method: 'POST',
    path: '/api/admin/upload/hero-image',
    upload: { field: 'heroImage', maxBytes: maxUploadBytes, authorize: (caller) => caller.settings.mayUpload() },
    handle: (r) => r.caller.settings.uploadHeroImage({ data: r.file ?? new Uint8Array() }),
  },
  {
    method: 'GET',
    path: '/api/settings/:key',
    handle: (r) =>
      publicKeys.has(r.params.key ?? '')
        ? r.caller.settings.getPublic(unvalidated({ key: r.params.key }))
        : r.caller.settings.get(unvalidated({ key: r.params.key })),
  },
  {
    method: 'POST',
    path: '/api/settings/:key',
    handle: (r) => {
      const body = r.body;
      const value = typeof body === 'object' && body !== null && 'value' in body ? body.value : undefined;
      return r.caller.settings.set(unvalidated({ key: r.params.key, value }));
    },
  },
  { method: 'GET', path: '/api/hero-content', handle: (r) => r.caller.settings.heroContent() },
  {
    method: 'PATCH',
    path: '/api/hero-content',
    handle: (r) => r.caller.settings.updateHeroContent(unvalidated(r.body ?? {})),
  },
];
