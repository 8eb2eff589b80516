import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ACTIONS_WITH_DAYS,
  MODERATION_ACTIONS,
  MODERATION_DAYS_MAX,
  MODERATION_NOTE_MAX_LENGTH,
  MODERATION_RULES,
  ModerationActionInputSchema,
  type CaseDetail,
  type ModerationAction,
  type ModerationActionInput,
  type ModerationRule,
} from '@motema/shared/moderation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiErrorOnForm, zodFormValidator } from '../../lib/form-errors.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { OptionalNativeSelect } from '../../ui/optional-native-select.tsx';
import { useActionMutation } from './moderation.api.ts';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';

/** A choice left unmade is '' at first and null once unmade again (OptionalNativeSelect). */
type Values = {
  action: ModerationAction | '' | null;
  rule: ModerationRule | '' | null;
  /** Typed as text (no number widget: it would bring a formatting library into the app). */
  days: string;
  note: string;
  message: string;
  reporter: string | null;
};

/** The form's values as the contract takes them: days and reporter only where the action uses them. */
function inputOf(values: Values): Partial<ModerationActionInput> {
  const action = values.action || undefined;
  return {
    action,
    rule: values.rule || undefined,
    note: values.note,
    message: values.message,
    days:
      action && ACTIONS_WITH_DAYS.includes(action) && values.days.trim() !== ''
        ? Number(values.days)
        : undefined,
    reporter: action === 'mute_reporter' ? values.reporter || undefined : undefined,
  } as Partial<ModerationActionInput>;
}

/** The case's reporters, once each, for `mute_reporter`. */
const reportersOf = (detail: CaseDetail) =>
  [...new Map(detail.reports.map(({ reporter }) => [reporter._id, reporter.username])).entries()].map(
    ([value, label]) => ({ value, label: `@${label}` }),
  );

/**
 * An action's name in the list: removing a live ends it, and the list says so (in English and
 * French, as every console text: decision 0047).
 */
const actionKey = (action: string, detail: CaseDetail) =>
  action === 'remove_content' && detail.subject.kind === 'live' ? 'actions.end_live' : `actions.${action}`;

/**
 * What the moderator does to the case: the action, the rule it cites, the days where the action
 * lasts, a note for the staff and a message for the member, the reporter to mute. A ban asks first.
 * The same validation as the server's (ModerationActionInputSchema); its refusals show translated.
 */
export function ActionForm({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['moderation', 'validation', 'errors']);
  const act = useActionMutation(detail._id);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<Values>({
    initialValues: { action: '', rule: '', days: '', note: '', message: '', reporter: '' },
    validate: zodFormValidator(ModerationActionInputSchema, t, inputOf),
  });
  const { action } = form.getValues();

  const send = () => {
    setFailure(null);
    act.mutate(ModerationActionInputSchema.parse(inputOf(form.getValues())), {
      onSuccess: () => {
        setConfirming(false);
        form.reset();
      },
      onError: (error) => {
        setConfirming(false);
        setFailure(showApiErrorOnForm(form, error, t));
      },
    });
  };
  const submit = form.onSubmit(
    (values) => (values.action === 'ban' ? setConfirming(true) : send()),
    focusFirstErrorOf,
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('action.title')}>
      <Stack gap="sm">
        <OptionalNativeSelect
          notSaid={t('action.choose')}
          label={t('action.action')}
          required
          data={MODERATION_ACTIONS.map((value) => ({ value, label: t(actionKey(value, detail)) }))}
          {...form.getInputProps('action')}
        />
        <OptionalNativeSelect
          notSaid={t('action.choose')}
          label={t('action.rule')}
          required
          data={MODERATION_RULES.map((value) => ({ value, label: t(`rules.${value}`) }))}
          {...form.getInputProps('rule')}
        />
        {action && ACTIONS_WITH_DAYS.includes(action) && (
          <TextInput
            label={t('action.days')}
            required
            inputMode="numeric"
            maxLength={String(MODERATION_DAYS_MAX).length}
            {...form.getInputProps('days')}
          />
        )}
        {action === 'mute_reporter' && (
          <OptionalNativeSelect
            notSaid={t('action.choose')}
            label={t('action.reporter')}
            required
            data={reportersOf(detail)}
            {...form.getInputProps('reporter')}
          />
        )}
        <Textarea
          label={t('action.note')}
          description={t('action.noteHint')}
          autosize
          minRows={2}
          maxLength={MODERATION_NOTE_MAX_LENGTH}
          {...form.getInputProps('note')}
        />
        <Textarea
          label={t('action.message')}
          description={t('action.messageHint')}
          autosize
          minRows={2}
          maxLength={MODERATION_NOTE_MAX_LENGTH}
          {...form.getInputProps('message')}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Button
          type="submit"
          loading={act.isPending && !confirming}
          color={action === 'ban' ? 'red.9' : undefined}
        >
          {t('action.submit')}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('action.banTitle')}
        cancelLabel={t('common:actions.cancel')}
        confirmLabel={t('action.banConfirm')}
        onConfirm={send}
        danger
        loading={act.isPending}
      >
        {t('action.banText', { name: detail.member?.username ?? '' })}
      </ConfirmDialog>
    </form>
  );
}
