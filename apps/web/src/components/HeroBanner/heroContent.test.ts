import { defaultHeroContent as sharedDefault, defaultHeroImagePath } from '@pac/validators';
import { describe, expect, it } from 'vitest';
import { defaultHeroContent, defaultHeroImage } from './heroContent';

describe('the home page copy of the hero defaults', () => {
  it('is the same as the shared defaults the server answers with', () => {
    expect(defaultHeroContent).toEqual(sharedDefault);
    expect(defaultHeroImage).toBe(defaultHeroImagePath);
  });
});
