import { ActionIcon, Button, Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ZONE_DESCRIPTION_MAX_LENGTH,
  ZONE_QUESTION_MAX_LENGTH,
  ZONE_QUESTIONS_MAX,
  ZONE_TITLE_MAX_LENGTH,
  ZoneCreateSchema,
  type Zone,
  type ZoneAccess,
  type ZoneCreate,
} from '@motema/shared/zones';
import { USERNAME_MAX_LENGTH } from '@motema/shared/limits';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../lib/apply-server-errors.ts';
import { zodFormValidator } from '../../lib/form-errors.ts';
import { ZoneCoverField, type ChosenCover } from './zone-cover-field.tsx';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';

type Values = {
  title: string;
  name: string;
  access: ZoneAccess;
  description: string;
  questions: string[];
  /** The cover's media item, or null for none: an unchanged one is sent as it was (nothing changes). */
  cover: string | null;
};

const valuesOf = (zone?: Zone): Values => ({
  title: zone?.title ?? '',
  name: zone?.name ?? '',
  access: zone?.access ?? 'public',
  description: zone?.description ?? '',
  questions: zone?.questions ?? [],
  cover: zone?.cover ?? null,
});

/** A public zone asks nothing: its questions are not sent. */
const toInput = (values: Values) => ({
  ...values,
  questions: values.access === 'private' ? values.questions : [],
});

type Props = {
  zone?: Zone;
  submitLabel: string;
  saving: boolean;
  save: (zone: ZoneCreate, onError: (error: unknown) => void) => void;
};

/**
 * A zone's fields: a cover photo, title, name (a handle with the username rules), access, description
 * and, for a private zone, up to three questions; the server's messages go under their fields.
 */
export function ZoneForm({ zone, submitLabel, saving, save }: Props) {
  const { t } = useTranslation(['zones', 'validation', 'errors']);
  const form = useForm<Values>({
    initialValues: valuesOf(zone),
    validate: zodFormValidator(ZoneCreateSchema, t, toInput),
    validateInputOnBlur: true,
  });
  const { access, questions } = form.values;
  // The photo shown for the cover: the zone's, then the one just uploaded (its owner's preview).
  const [coverImage, setCoverImage] = useState(zone?.coverImage ?? null);
  const chooseCover = (cover: ChosenCover | null) => {
    form.setFieldValue('cover', cover?.id ?? null);
    setCoverImage(cover?.image ?? null);
  };
  const submit = form.onSubmit(
    (values) => save(ZoneCreateSchema.parse(toInput(values)), (error) => applyServerErrors(form, error, t)),
    focusFirstErrorOf,
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ZoneCoverField image={coverImage} onChange={chooseCover} />
        <TextInput
          label={t('form.title')}
          maxLength={ZONE_TITLE_MAX_LENGTH}
          required
          {...form.getInputProps('title')}
        />
        <TextInput
          label={t('form.name')}
          description={t('form.nameHint')}
          leftSection="@"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={USERNAME_MAX_LENGTH}
          required
          {...form.getInputProps('name')}
        />
        <Radio.Group label={t('form.access')} required {...form.getInputProps('access')}>
          <Stack gap="xs" mt={6}>
            <Radio value="public" label={t('access.public')} description={t('form.publicHint')} />
            <Radio value="private" label={t('access.private')} description={t('form.privateHint')} />
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('form.description')}
          autosize
          minRows={3}
          maxLength={ZONE_DESCRIPTION_MAX_LENGTH}
          {...form.getInputProps('description')}
        />
        {access === 'private' && (
          <Stack gap="xs">
            {questions.map((_question, index) => (
              <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('form.question', { number: index + 1 })}
                  maxLength={ZONE_QUESTION_MAX_LENGTH}
                  {...form.getInputProps(`questions.${index}`)}
                />
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={t('form.removeQuestion', { number: index + 1 })}
                  onClick={() => form.removeListItem('questions', index)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {questions.length < ZONE_QUESTIONS_MAX && (
              <Button
                variant="subtle"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => form.insertListItem('questions', '')}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('form.addQuestion')}
              </Button>
            )}
          </Stack>
        )}
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
