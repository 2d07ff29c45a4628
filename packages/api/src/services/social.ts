import {
  facebookConfigured,
  type GraphConfig,
  instagramConfigured,
  postToFacebook,
  postToInstagram,
  testFacebook,
  testInstagram,
} from '@pac/notify';
import type { ApiConfig } from '../context';
import { findImage } from './uploads';

/** A PNG the server ships for Instagram posts when no logo was uploaded (Instagram takes no SVG). */
export const defaultInstagramImagePath = '/instagram-default.png';

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
  return `${config.publicBaseUrl}${logo ? `/uploads/${logo}` : defaultInstagramImagePath}`;
}

export interface SocialTest {
  facebook: boolean;
  instagram: boolean;
  errors: string[];
}

/** Tries each configured platform with a harmless read; 'Connected' means both settings and the call are good. */
export async function testConnections(config: ApiConfig): Promise<SocialTest> {
  const cfg = graphConfig(config);
  const errors: string[] = [];
  let facebook = false;
  let instagram = false;
  if (!facebookConfigured(cfg)) errors.push('Facebook is not set up: FACEBOOK_PAGE_ID and FACEBOOK_ACCESS_TOKEN are needed');
  else {
    const result = await testFacebook(cfg);
    if (result.ok) facebook = true;
    else errors.push(`Facebook: ${result.error}`);
  }
  if (!instagramConfigured(cfg)) errors.push('Instagram is not set up: INSTAGRAM_USER_ID and FACEBOOK_ACCESS_TOKEN are needed');
  else {
    const result = await testInstagram(cfg);
    if (result.ok) instagram = true;
    else errors.push(`Instagram: ${result.error}`);
  }
  return { facebook, instagram, errors };
}

// The status card polls every 60 s; one real check per minute per server is plenty.
const statusTtlMs = 60_000;
let cached: { at: number; key: string; value: Promise<SocialTest> } | null = null;

/** 'Connected' or 'Setup Required' per platform, from a recent connection test. */
export async function socialStatus(config: ApiConfig, now = Date.now()): Promise<{ facebook: boolean; instagram: boolean }> {
  const key = JSON.stringify(graphConfig(config));
  if (!cached || cached.key !== key || now - cached.at > statusTtlMs) {
    cached = { at: now, key, value: testConnections(config) };
  }
  const { facebook, instagram } = await cached.value;
  return { facebook, instagram };
}

/** Posts the same text to every connected platform; each platform's failure is reported, not thrown. */
export async function postEverywhere(
  config: ApiConfig,
  post: { facebookText: string; link?: string; instagramCaption: string },
): Promise<SocialTest> {
  const cfg = graphConfig(config);
  const errors: string[] = [];
  let facebook = false;
  let instagram = false;
  if (!facebookConfigured(cfg)) errors.push('Facebook is not set up');
  else {
    try {
      await postToFacebook(cfg, { message: post.facebookText, link: post.link });
      facebook = true;
    } catch (error) {
      errors.push(`Facebook: ${error instanceof Error ? error.message : 'post failed'}`);
    }
  }
  if (!instagramConfigured(cfg)) errors.push('Instagram is not set up');
  else {
    try {
      await postToInstagram(cfg, { imageUrl: instagramImageUrl(config), caption: post.instagramCaption });
      instagram = true;
    } catch (error) {
      errors.push(`Instagram: ${error instanceof Error ? error.message : 'post failed'}`);
    }
  }
  return { facebook, instagram, errors };
}
