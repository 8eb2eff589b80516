import { Button, Group, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ABOUT_MAX_LENGTH, NAME_MAX_LENGTH } from '@motema/shared/limits';
import {
  ProfileUpdateSchema,
  type Me,
  type Orientation,
  type ProfileUpdate,
  type Relationship,
  type Sex,
} from '@motema/shared/users';
import { zodFormValidator } from '../../../lib/form-errors.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { latestDateOfBirth, orientationOptions, relationshipOptions, sexOptions } from '../profile-fields.ts';
import { useUpdateProfileMutation } from '../settings.api.ts';
import { OptionalNativeSelect } from '../../../ui/optional-native-select.tsx';
import { focusFirstErrorOf } from '../../../lib/focus-first-error.ts';
import { tabDraft } from '../../../lib/form-draft.ts';
import { useDraftPutBack } from '../../../lib/use-draft-put-back.ts';
import { DraftBackNotice } from '../../../ui/draft-back-notice.tsx';

/** What the form keeps for the tab until it is saved (lib/form-draft.ts). */
const DRAFT_FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'sex',
  'relationship',
  'orientation',
  'about',
] as const;

type ProfileValues = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  sex: Sex | '';
  relationship: Relationship | null;
  orientation: Orientation | null;
  about: string;
};

const valuesOf = (me: Me): ProfileValues => ({
  firstName: me.firstName ?? '',
  lastName: me.lastName ?? '',
  dateOfBirth: me.dateOfBirth,
  sex: me.sex ?? '',
  relationship: me.relationship,
  orientation: me.orientation,
  about: me.about,
});

/**
 * The member's profile: names, birth date, sex, relationship, orientation and a few words, each
 * saying who sees it (the last name nobody else: others are named by their first name).
 */
export function ProfileForm({
  me,
  submitLabel,
  onSaved,
}: {
  me: Me;
  submitLabel: string;
  onSaved: (me: Me) => void;
}) {
  const { t } = useTranslation(['settings', 'validation', 'errors']);
  const update = useUpdateProfileMutation();
  // What is typed outlives a reload until it is saved: onboarding's first step, and an edit sent
  // while offline (the page may reload before the phone is back online).
  const draft = useMemo(
    () => tabDraft<ProfileValues>(`motema.profileDraft.${me._id}`, DRAFT_FIELDS),
    [me._id],
  );
  const form = useForm<ProfileValues>({
    initialValues: valuesOf(me),
    onValuesChange: draft.keep,
    validate: zodFormValidator(ProfileUpdateSchema, t),
    validateInputOnBlur: true,
    // A text pasted over the limit is kept whole and refused at once, never cut without a word.
    validateInputOnChange: ['about'],
  });
  const aboutTooLong = form.values.about.length > ABOUT_MAX_LENGTH;
  const { sex } = form.values;
  // Once the page drawn first (as the server would) is the app's; a draft put back says it is not saved yet.
  const { restored, saved } = useDraftPutBack(draft, form.setValues, (kept) => {
    const current = valuesOf(me);
    return DRAFT_FIELDS.some((field) => field in kept && kept[field] !== current[field]) ? kept : null;
  });

  const submit = form.onSubmit((values) => {
    const profile: ProfileUpdate = ProfileUpdateSchema.parse(values);
    update.mutate(profile, {
      onSuccess: (member) => {
        saved();
        form.resetDirty(valuesOf(member));
        onSaved(member);
      },
      onError: (error) => applyServerErrors(form, error, t),
    });
  }, focusFirstErrorOf);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {/* At the top, where the page opens: the fields below are not saved yet. */}
        {restored && <DraftBackNotice>{t('profile.draftBack')}</DraftBackNotice>}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('profile.firstName')}
            description={t('profile.seenBy.everyone')}
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            required
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('profile.lastName')}
            description={t('profile.seenBy.onlyYou')}
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          type="date"
          label={t('profile.dateOfBirth')}
          description={t('profile.dateOfBirthHint')}
          autoComplete="bday"
          max={latestDateOfBirth()}
          required
          {...form.getInputProps('dateOfBirth')}
        />
        <Radio.Group
          label={t('profile.sex')}
          description={t('profile.seenBy.everyone')}
          size="md"
          required
          {...form.getInputProps('sex')}
        >
          <Group gap="lg" mt={6}>
            {sexOptions(t).map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} size="md" />
            ))}
          </Group>
        </Radio.Group>
        <OptionalNativeSelect
          label={t('profile.relationship')}
          description={t('profile.seenBy.members')}
          notSaid={t('profile.notSaid')}
          data={relationshipOptions(t, sex)}
          {...form.getInputProps('relationship')}
        />
        <OptionalNativeSelect
          label={t('profile.orientation')}
          description={t('profile.seenBy.members')}
          notSaid={t('profile.notSaid')}
          data={orientationOptions(t, sex)}
          {...form.getInputProps('orientation')}
        />
        <Textarea
          label={t('profile.about')}
          placeholder={t('profile.aboutPlaceholder')}
          description={
            <>
              <span>{t('profile.seenBy.everyone')}</span>{' '}
              <Text span inherit c={aboutTooLong ? 'red' : undefined}>
                {t('profile.aboutCount', { length: form.values.about.length, max: ABOUT_MAX_LENGTH })}
              </Text>
            </>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autosize
          minRows={3}
          maxRows={8}
          size="md"
          {...form.getInputProps('about')}
        />
        <Button type="submit" loading={update.isPending} fullWidth mt="xs">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
