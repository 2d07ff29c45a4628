import type { GraphConfig } from '@pac/notify';
import type { ApiConfig } from '../config';
import { findImage, uploadsPath } from './uploads';

/** A PNG the server ships for Instagram posts when no logo was uploaded (Instagram takes no SVG). */
export const defaultInstagramImagePath = '/instagram-default.png';

/** Facebook and Instagram through the Graph API, from the server's settings. */
export function graphConfig(config: ApiConfig): GraphConfig {
  return {
    baseUrl: config.social.graphBaseUrl,
    pageId: config.social.facebookPageId,
    accessToken: config.social.facebookAccessToken,
    instagramUserId: config.social.instagramUserId,
  };
}

/** The public URL of the image Instagram posts carry: the uploaded logo, else the default image. */
export function instagramImageUrl(config: ApiConfig): string {
  const logo = findImage(config.uploadDir, 'logo');
  return `${config.publicBaseUrl}${logo ? `${uploadsPath}${logo}` : defaultInstagramImagePath}`;
}
