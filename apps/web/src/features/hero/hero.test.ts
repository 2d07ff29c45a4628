import { defaultHeroContent } from '@pac/validators';
import { describe, expect, it } from 'vitest';
import { checkHeroForm, heroFormValues, heroInput } from './hero';
import { descriptionPreview } from './HeroBanner/heroContent';

describe('heroFormValues', () => {
  it('shows at least 3 bullet fields and at most 5', () => {
    expect(heroFormValues({ ...defaultHeroContent, bullets: [] }).bullets).toHaveLength(3);
    const many = Array.from({ length: 7 }, (_, i) => ({ text: `B${i}`, visible: true }));
    expect(heroFormValues({ ...defaultHeroContent, bullets: many }).bullets).toHaveLength(5);
  });

  it('accepts the shipped default content as it is', () => {
    expect(checkHeroForm(heroFormValues(defaultHeroContent))).toEqual({ errors: {}, summary: null });
  });
});

describe('checkHeroForm', () => {
  it('names each empty visible field, with the form-level sentence', () => {
    const values = heroFormValues({ ...defaultHeroContent, title: '', statPrimary: ' ' });
    const check = checkHeroForm(values);
    expect(check.summary).toBe('Please check visible fields for required content');
    expect(check.errors).toEqual({
      title: 'Title is required when visible',
      statPrimary: 'Stat number is required when visible',
    });
  });

  it('lets a hidden field be empty', () => {
    const values = heroFormValues({ ...defaultHeroContent, title: '' });
    values.visibility.title = false;
    expect(checkHeroForm(values).summary).toBeNull();
  });

  it('wants a visible bullet while the bullets are shown', () => {
    const values = heroFormValues({ ...defaultHeroContent, bullets: [{ text: 'Hidden', visible: false }] });
    expect(checkHeroForm(values).errors.bullets).toBe('At least one bullet is required when visible');
  });
});

describe('heroInput', () => {
  it('leaves out empty bullet fields', () => {
    const values = heroFormValues({ ...defaultHeroContent, bullets: [{ text: 'One', visible: false }] });
    expect(heroInput(values).bullets).toEqual([{ text: 'One', visible: false }]);
  });
});

describe('descriptionPreview', () => {
  it('shows the first 100 characters', () => {
    expect(descriptionPreview('Short.')).toBe('Short.');
    const long = 'x'.repeat(150);
    expect(descriptionPreview(long)).toBe(`${'x'.repeat(100)}...`);
  });
});
