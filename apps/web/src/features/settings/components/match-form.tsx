import { Button, Checkbox, Input, RangeSlider, Slider, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MATCH_DISTANCE_MAX_KM, MIN_AGE } from '@motema/shared/limits';
import { MatchPreferencesSchema, SEXES, type MatchPreferences, type Me } from '@motema/shared/users';
import { currentLanguage } from '../../../lib/i18n.ts';
import { zodFormValidator } from '../../../lib/form-errors.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useUpdateMatchMutation } from '../settings.api.ts';
import { focusFirstErrorOf } from '../../../lib/focus-first-error.ts';
import { useDraftPutBack } from '../../../lib/use-draft-put-back.ts';
import { DraftBackNotice } from '../../../ui/draft-back-notice.tsx';
import {
  DISTANCE_STEP_KM,
  MATCH_AGE_SLIDER_MAX,
  matchDraft,
  matchValuesOf,
  restoredMatch,
} from './match-draft.ts';

/** Who the member wants to meet: sexes, an age range, a distance, and whether only verified members. */
export function MatchForm({
  me,
  submitLabel,
  onSaved,
}: {
  me: Me;
  submitLabel: string;
  onSaved: (me: Me) => void;
}) {
  const { t } = useTranslation(['settings', 'validation', 'errors']);
  const update = useUpdateMatchMutation();
  // What is chosen outlives a reload until it is saved (onboarding's step, an edit sent offline).
  const draft = useMemo(() => matchDraft(me._id), [me._id]);
  const form = useForm<MatchPreferences>({
    initialValues: matchValuesOf(me),
    onValuesChange: draft.keep,
    validate: zodFormValidator(MatchPreferencesSchema, t),
  });
  const { restored, saved } = useDraftPutBack(draft, form.setValues, (kept) =>
    restoredMatch(kept, matchValuesOf(me)),
  );
  const { ageMin, ageMax, distance } = form.values;
  const km = new Intl.NumberFormat(currentLanguage(), { style: 'unit', unit: 'kilometer' });

  const submit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: (member) => {
        saved();
        form.resetDirty(matchValuesOf(member));
        onSaved(member);
      },
      onError: (error) => applyServerErrors(form, error, t),
    });
  }, focusFirstErrorOf);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xl">
        {restored && <DraftBackNotice>{t('match.draftBack')}</DraftBackNotice>}
        <Checkbox.Group
          size="md"
          label={t('match.showMe')}
          // The error says the hint again when nobody is chosen: one of them, not both.
          description={form.errors.sex ? undefined : t('match.showMeHint')}
          required
          {...form.getInputProps('sex')}
        >
          <Stack gap="sm" mt="xs">
            {SEXES.map((sex) => (
              <Checkbox key={sex} value={sex} label={t(`match.sex.${sex}`)} size="md" />
            ))}
          </Stack>
        </Checkbox.Group>

        <Input.Wrapper
          size="md"
          label={t('match.age')}
          labelElement="div"
          error={form.errors.ageMax ?? form.errors.ageMin}
        >
          <Text fw={600} size="lg" mt={4} aria-live="polite">
            {t('match.ageRange', { min: ageMin, max: ageMax })}
          </Text>
          <RangeSlider
            mt="md"
            mb="xs"
            min={MIN_AGE}
            max={MATCH_AGE_SLIDER_MAX}
            minRange={0}
            size="lg"
            label={null}
            value={[ageMin, ageMax]}
            onChange={([min, max]) => form.setValues({ ageMin: min, ageMax: max })}
            thumbFromLabel={t('match.ageMin')}
            thumbToLabel={t('match.ageMax')}
            marks={[
              { value: MIN_AGE, label: String(MIN_AGE) },
              { value: MATCH_AGE_SLIDER_MAX, label: String(MATCH_AGE_SLIDER_MAX) },
            ]}
          />
        </Input.Wrapper>

        <Input.Wrapper size="md" label={t('match.distance')} labelElement="div" error={form.errors.distance}>
          <Text fw={600} size="lg" mt={4} aria-live="polite">
            {t('match.distanceUpTo', { distance: km.format(distance) })}
          </Text>
          <Slider
            mt="md"
            mb="xs"
            min={DISTANCE_STEP_KM}
            max={MATCH_DISTANCE_MAX_KM}
            step={DISTANCE_STEP_KM}
            size="lg"
            // No bubble over the thumb: it covered the heading above, which says the value already.
            label={null}
            thumbLabel={t('match.distance')}
            marks={[{ value: DISTANCE_STEP_KM }, { value: MATCH_DISTANCE_MAX_KM }]}
            {...form.getInputProps('distance')}
          />
        </Input.Wrapper>

        <Switch
          size="md"
          label={t('match.verifiedOnly')}
          description={t('match.verifiedOnlyHint')}
          styles={{ label: { fontWeight: 600 } }}
          {...form.getInputProps('verifiedOnly', { type: 'checkbox' })}
        />

        <Button type="submit" loading={update.isPending} fullWidth mt="md">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
