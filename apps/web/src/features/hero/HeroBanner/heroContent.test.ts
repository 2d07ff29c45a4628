import { defaultHeroContent as sharedDefault, defaultHeroImagePath } from '@pac/validators';
import { describe, expect, it } from 'vitest';
import { defaultHeroContent, defaultHeroImage } from './heroContent';

describe("the home page's hero defaults", () => {
  it('are the shared defaults the server answers with', () => {
    expect(defaultHeroContent).toEqual(sharedDefault);
    expect(defaultHeroImage).toBe(defaultHeroImagePath);
  });
});
