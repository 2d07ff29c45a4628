export { HeroBanner, type HeroBannerProps } from './HeroBanner';
export { defaultHeroContent, defaultHeroImage, type HeroContent } from './heroContent';
