export { HeroContentDialog, type HeroContentDialogProps } from './HeroContentDialog';
export { HeroContentForm, type HeroContentFormProps } from './HeroContentForm';
export { HeroImageDialog, type HeroImageDialogProps, HeroImageForm, type HeroImageFormProps } from './HeroImageDialog';
export { WebsiteSettings } from './WebsiteSettings';
