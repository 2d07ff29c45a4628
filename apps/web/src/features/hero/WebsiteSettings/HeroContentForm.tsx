import { ActionIcon, Button, Divider, Group, Stack, Switch, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { type HeroContent, type HeroContentInput, heroLimits, type HeroVisibility } from '@pac/validators';
import { type FormEvent, type ReactNode, useState } from 'react';
import { TrashIcon } from '../../../components/Icons';
import { notifyFailureText } from '../../../lib/notify';
import { useFocusFirstInvalid } from '../../../lib/schemaForm';
import { checkHeroForm, heroFormValues, type HeroFormValues, heroInput } from '../hero';

export interface HeroContentFormProps {
  /** The content the form starts from (and goes back to on Cancel). */
  content: HeroContent;
  onSubmit: (input: HeroContentInput) => void;
  onCancel: () => void;
  submitting?: boolean;
}

type TextField = Exclude<keyof HeroFormValues, 'bullets' | 'visibility'>;

const linkHint = 'Starts with / or http, or is # for a plain button';

/** One item of the banner with its Show switch; the fields inside are disabled while it is off. */
function Item({
  label,
  shown,
  onShownChange,
  children,
}: {
  label: string;
  shown: boolean;
  onShownChange: (shown: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Switch
          label="Show"
          aria-label={`Show ${label.toLowerCase()}`}
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
  const [values, setValues] = useState<HeroFormValues>(() => heroFormValues(content));
  // Validate on submit, then re-validate on every change (SPEC.md section 9).
  const [attempted, setAttempted] = useState(false);
  const errors = attempted ? checkHeroForm(values).errors : {};
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
      notifyFailureText('Validation Error', check.summary);
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
        <Item label="Main Title" shown={values.visibility.title} onShownChange={(s) => setShown('title', s)}>
          {text('title', 'Title', heroLimits.title, 'title')}
        </Item>
        <Divider />
        <Item
          label="Primary Button"
          shown={values.visibility.primaryCta}
          onShownChange={(s) => setShown('primaryCta', s)}
        >
          <Group grow align="flex-start">
            {text('primaryCtaText', 'Primary Button Text', heroLimits.ctaText, 'primaryCta')}
            {text('primaryCtaHref', 'Primary Button Link', 2000, 'primaryCta', linkHint)}
          </Group>
        </Item>
        <Divider />
        <Item
          label="Description"
          shown={values.visibility.description}
          onShownChange={(s) => setShown('description', s)}
        >
          <Textarea
            label="Description"
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
          label="Secondary Button"
          shown={values.visibility.secondaryCta}
          onShownChange={(s) => setShown('secondaryCta', s)}
        >
          <Group grow align="flex-start">
            {text('secondaryCtaText', 'Secondary Button Text', heroLimits.ctaText, 'secondaryCta')}
            {text('secondaryCtaHref', 'Secondary Button Link', 2000, 'secondaryCta', linkHint)}
          </Group>
        </Item>
        <Divider />
        <Item label="Feature Bullets" shown={bulletsShown} onShownChange={(s) => setShown('bullets', s)}>
          <Stack gap="xs">
            {values.bullets.map((bullet, index) => {
              const n = index + 1;
              return (
                <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={`Bullet ${n}`}
                    value={bullet.text}
                    maxLength={heroLimits.bulletText}
                    disabled={!bulletsShown || !bullet.visible || submitting}
                    error={errors[`bullets.${index}.text`] ?? errors[`bullets.${index}`]}
                    onChange={(event) => setBullet(index, { text: event.currentTarget.value })}
                  />
                  <Switch
                    mt={30}
                    label="Visible"
                    aria-label={`Show bullet ${n}`}
                    checked={bullet.visible}
                    disabled={!bulletsShown || submitting}
                    onChange={(event) => setBullet(index, { visible: event.currentTarget.checked })}
                  />
                  {values.bullets.length > heroLimits.minBulletFields && (
                    <Tooltip label="Remove bullet">
                      <ActionIcon
                        mt={28}
                        variant="subtle"
                        color="red"
                        aria-label={`Remove bullet ${n}`}
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
                Add bullet
              </Button>
            )}
          </Stack>
        </Item>
        <Divider />
        <Item
          label="Stat Number"
          shown={values.visibility.statPrimary}
          onShownChange={(s) => setShown('statPrimary', s)}
        >
          {text('statPrimary', 'Stat Number', heroLimits.statPrimary, 'statPrimary')}
        </Item>
        <Divider />
        <Item
          label="Stat Description"
          shown={values.visibility.statSecondary}
          onShownChange={(s) => setShown('statSecondary', s)}
        >
          {text('statSecondary', 'Stat Description', heroLimits.statSecondary, 'statSecondary')}
        </Item>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={cancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Saving...' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
