// From the zod-free subpath, not the '@pac/validators' barrel: the barrel would bring zod into the
// home page's first load.
export {
  defaultHeroContent,
  defaultHeroImagePath as defaultHeroImage,
  type HeroContent,
} from '@pac/validators/hero-defaults';
