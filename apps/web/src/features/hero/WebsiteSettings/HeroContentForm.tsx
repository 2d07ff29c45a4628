import { useLingui } from '@lingui/react';
import { ActionIcon, Button, Divider, Group, Stack, Switch, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { type HeroContent, type HeroContentInput, heroLimits, type HeroVisibility } from '@pac/validators';
import { type FormEvent, type ReactNode, useState } from 'react';
import { TrashIcon } from '../../../components/Icons';
import { catalogText } from '../../../lib/catalogText';
import { notifyFailureText } from '../../../lib/notify';
import { translatedErrors, useFocusFirstInvalid } from '../../../lib/schemaForm';
import { checkHeroForm, heroFormValues, type HeroFormValues, heroInput } from '../hero';

export interface HeroContentFormProps {
  /** The content the form starts from (and goes back to on Cancel). */
  content: HeroContent;
  onSubmit: (input: HeroContentInput) => void;
  onCancel: () => void;
  submitting?: boolean;
}

type TextField = Exclude<keyof HeroFormValues, 'bullets' | 'visibility'>;

/** A message, translated where shown. */
const linkHint = /*i18n*/ 'Starts with / or http, or is # for a plain button';

/**
 * One item of the banner with its Show switch (`showLabel` its name: 'Show main title'); the fields
 * inside are disabled while it is off.
 */
function Item({
  label,
  showLabel,
  shown,
  onShownChange,
  children,
}: {
  label: string;
  showLabel: string;
  shown: boolean;
  onShownChange: (shown: boolean) => void;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Switch
          label={i18n._('Show', undefined, { comment: 'A switch: show this part of the banner on the home page' })}
          aria-label={showLabel}
          checked={shown}
          onChange={(event) => onShownChange(event.currentTarget.checked)}
        />
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The 'Edit Hero Banner Content' form: a Show switch per item, each text field disabled while
 * its switch is off, validated by the shared hero schema (a visible field may not be empty).
 */
export function HeroContentForm({ content, onSubmit, onCancel, submitting = false }: HeroContentFormProps) {
  const { i18n } = useLingui();
  const [values, setValues] = useState<HeroFormValues>(() => heroFormValues(content));
  // Validate on submit, then re-validate on every change (SPEC.md section 9).
  const [attempted, setAttempted] = useState(false);
  const errors = attempted ? translatedErrors(i18n, checkHeroForm(values).errors) : {};
  const focusFirstInvalid = useFocusFirstInvalid();

  const setText = (field: TextField, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const setShown = (flag: keyof HeroVisibility, shown: boolean) =>
    setValues((v) => ({ ...v, visibility: { ...v.visibility, [flag]: shown } }));
  const setBullet = (index: number, change: Partial<HeroFormValues['bullets'][number]>) =>
    setValues((v) => ({ ...v, bullets: v.bullets.map((b, i) => (i === index ? { ...b, ...change } : b)) }));
  const addBullet = () =>
    setValues((v) =>
      v.bullets.length >= heroLimits.bullets ? v : { ...v, bullets: [...v.bullets, { text: '', visible: true }] },
    );
  const removeBullet = (index: number) =>
    setValues((v) => ({ ...v, bullets: v.bullets.filter((_, i) => i !== index) }));

  const text = (field: TextField, label: string, max: number, flag: keyof HeroVisibility, description?: string) => (
    <TextInput
      label={label}
      description={description}
      value={values[field]}
      maxLength={max}
      disabled={!values.visibility[flag] || submitting}
      error={errors[field]}
      onChange={(event) => setText(field, event.currentTarget.value)}
    />
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const check = checkHeroForm(values);
    if (check.summary !== null) {
      notifyFailureText(i18n._('Validation Error'), catalogText(i18n, check.summary));
      focusFirstInvalid(event.currentTarget);
      return;
    }
    onSubmit(heroInput(values));
  };

  const cancel = () => {
    setValues(heroFormValues(content));
    setAttempted(false);
    onCancel();
  };

  const bulletsShown = values.visibility.bullets;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Item
          label={i18n._('Main Title')}
          showLabel={i18n._('Show main title')}
          shown={values.visibility.title}
          onShownChange={(s) => setShown('title', s)}
        >
          {text(
            'title',
            i18n._('Title', undefined, { comment: "The hero banner's main heading" }),
            heroLimits.title,
            'title',
          )}
        </Item>
        <Divider />
        <Item
          label={i18n._('Primary Button')}
          showLabel={i18n._('Show primary button')}
          shown={values.visibility.primaryCta}
          onShownChange={(s) => setShown('primaryCta', s)}
        >
          <Group grow align="flex-start">
            {text('primaryCtaText', i18n._('Primary Button Text'), heroLimits.ctaText, 'primaryCta')}
            {text('primaryCtaHref', i18n._('Primary Button Link'), 2000, 'primaryCta', i18n._(linkHint))}
          </Group>
        </Item>
        <Divider />
        <Item
          label={i18n._('Description')}
          showLabel={i18n._('Show description')}
          shown={values.visibility.description}
          onShownChange={(s) => setShown('description', s)}
        >
          <Textarea
            label={i18n._('Description')}
            autosize
            minRows={3}
            maxRows={8}
            value={values.description}
            maxLength={heroLimits.description}
            disabled={!values.visibility.description || submitting}
            error={errors.description}
            onChange={(event) => setText('description', event.currentTarget.value)}
          />
        </Item>
        <Divider />
        <Item
          label={i18n._('Secondary Button')}
          showLabel={i18n._('Show secondary button')}
          shown={values.visibility.secondaryCta}
          onShownChange={(s) => setShown('secondaryCta', s)}
        >
          <Group grow align="flex-start">
            {text('secondaryCtaText', i18n._('Secondary Button Text'), heroLimits.ctaText, 'secondaryCta')}
            {text('secondaryCtaHref', i18n._('Secondary Button Link'), 2000, 'secondaryCta', i18n._(linkHint))}
          </Group>
        </Item>
        <Divider />
        <Item
          label={i18n._('Feature Bullets')}
          showLabel={i18n._('Show feature bullets')}
          shown={bulletsShown}
          onShownChange={(s) => setShown('bullets', s)}
        >
          <Stack gap="xs">
            {values.bullets.map((bullet, index) => {
              const n = index + 1;
              return (
                <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={i18n._('Bullet {n}', { n })}
                    value={bullet.text}
                    maxLength={heroLimits.bulletText}
                    disabled={!bulletsShown || !bullet.visible || submitting}
                    error={errors[`bullets.${index}.text`] ?? errors[`bullets.${index}`]}
                    onChange={(event) => setBullet(index, { text: event.currentTarget.value })}
                  />
                  <Switch
                    mt={30}
                    label={i18n._('Visible', undefined, { comment: 'A switch: show this bullet on the home page' })}
                    aria-label={i18n._('Show bullet {n}', { n })}
                    checked={bullet.visible}
                    disabled={!bulletsShown || submitting}
                    onChange={(event) => setBullet(index, { visible: event.currentTarget.checked })}
                  />
                  {values.bullets.length > heroLimits.minBulletFields && (
                    <Tooltip label={i18n._('Remove bullet')}>
                      <ActionIcon
                        mt={28}
                        variant="subtle"
                        color="red"
                        aria-label={i18n._('Remove bullet {n}', { n })}
                        disabled={submitting}
                        onClick={() => removeBullet(index)}
                      >
                        <TrashIcon />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              );
            })}
            {errors.bullets && (
              <Text size="sm" c="red">
                {errors.bullets}
              </Text>
            )}
            {values.bullets.length < heroLimits.bullets && (
              <Button
                variant="subtle"
                size="compact-sm"
                style={{ alignSelf: 'flex-start' }}
                disabled={!bulletsShown || submitting}
                onClick={addBullet}
              >
                {i18n._('Add bullet')}
              </Button>
            )}
          </Stack>
        </Item>
        <Divider />
        <Item
          label={i18n._('Stat Number')}
          showLabel={i18n._('Show stat number')}
          shown={values.visibility.statPrimary}
          onShownChange={(s) => setShown('statPrimary', s)}
        >
          {text('statPrimary', i18n._('Stat Number'), heroLimits.statPrimary, 'statPrimary')}
        </Item>
        <Divider />
        <Item
          label={i18n._('Stat Description')}
          showLabel={i18n._('Show stat description')}
          shown={values.visibility.statSecondary}
          onShownChange={(s) => setShown('statSecondary', s)}
        >
          {text('statSecondary', i18n._('Stat Description'), heroLimits.statSecondary, 'statSecondary')}
        </Item>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={cancel} disabled={submitting}>
            {i18n._('Cancel')}
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? i18n._('Saving...') : i18n._('Save Changes')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
