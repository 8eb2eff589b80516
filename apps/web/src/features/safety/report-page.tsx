import { Alert, Button, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  REPORT_REASON_KEYS,
  REPORT_REASONS,
  REPORT_TEXT_MAX_LENGTH,
  ReportSchema,
  type ReportReason,
} from '@motema/shared/safety';
import { isApiError } from '../../lib/api-client.ts';
import { zodFormValidator } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notices.ts';
import { applyServerErrors } from '../../lib/apply-server-errors.ts';
import { failureReason, isSessionEnd } from './failure-reason.ts';
import { useReportMutation } from './safety.api.ts';

type Values = { reason: ReportReason | ''; subReason: string; text: string };

const isUuid = (id: string) => z.uuid().safeParse(id).success;
const subReasonsOf = (reason: ReportReason | '') =>
  reason ? (REPORT_REASONS[reason] as readonly string[]) : [];
/** The name the profile's menu passed along, if any (never fetched: the page works for any id). */
const nameFrom = (state: unknown) => {
  const name = (state as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
};

/** A choice as a card the width of the screen: easy to hit with a thumb, outlined once chosen. */
function RadioChoice({ value, label, checked }: { value: string; label: string; checked: boolean }) {
  return (
    <Radio.Card
      value={value}
      radius="md"
      p="sm"
      style={
        checked
          ? {
              borderColor: 'var(--mantine-primary-color-filled)',
              background: 'var(--mantine-primary-color-light)',
            }
          : undefined
      }
    >
      <Group wrap="nowrap" gap="sm">
        <Radio.Indicator />
        <Text>{label}</Text>
      </Group>
    </Radio.Card>
  );
}

/** Reports a member for moderation: a reason, then its sub-reason, and optional details. Anonymous. */
export function ReportPage() {
  const { t } = useTranslation(['safety', 'validation', 'errors']);
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const name = nameFrom(location.state);
  const report = useReportMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const subReasonsRef = useRef<HTMLDivElement>(null);
  const form = useForm<Values>({
    initialValues: { reason: '', subReason: '', text: '' },
    validate: zodFormValidator(ReportSchema, t, (values: Values) => ({
      user: id,
      reason: values.reason || undefined,
      subReason: values.subReason || undefined,
      text: values.text,
    })),
  });

  if (!isUuid(id)) {
    return (
      <Stack gap="lg" align="flex-start">
        <Title order={1} size="h3">
          {t('report.title')}
        </Title>
        <Text>{t('report.notAvailable')}</Text>
        <Button component={Link} to="/home" variant="light">
          {t('report.goHome')}
        </Button>
      </Stack>
    );
  }

  const { reason, subReason, text } = form.getValues();
  const subReasons = subReasonsOf(reason);
  const textLength = text.trim().length;

  const chooseReason = (value: string) => {
    const next = value as ReportReason;
    const only = subReasonsOf(next);
    form.setValues({ reason: next, subReason: only.length === 1 ? only[0]! : '' });
    form.clearFieldError('reason');
    form.clearFieldError('subReason');
    setFailure(null);
    // On a phone the sub-reasons open below the fold: bring them up once they are drawn.
    if (only.length > 1) {
      requestAnimationFrame(() =>
        subReasonsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' }),
      );
    }
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    report.mutate(
      {
        user: id,
        reason: values.reason as ReportReason,
        subReason: values.subReason,
        text: values.text.trim(),
      },
      {
        onSuccess: () => {
          notify('positive', t('report.sent'), 6000);
          // The initial entry of the history has the key "default": nowhere to go back to.
          if (location.key !== 'default') void navigate(-1);
          else void navigate('/home', { replace: true });
        },
        onError: (error) => {
          if (isSessionEnd(error)) return;
          if (isApiError(error) && error.issues.length > 0) applyServerErrors(form, error, t);
          else setFailure(failureReason(error, t));
        },
      },
    );
  });

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {name ? t('report.titleNamed', { name }) : t('report.title')}
      </Title>
      <Alert
        variant="light"
        color="teal"
        radius="md"
        role="note"
        icon={<IconShieldLock size={20} aria-hidden />}
      >
        <Stack gap={4}>
          <Text size="sm">{t('report.anonymous')}</Text>
          <Text size="sm" fw={600}>
            {t('report.danger')}
          </Text>
        </Stack>
      </Alert>

      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Radio.Group
            label={t('report.reason')}
            required
            {...form.getInputProps('reason')}
            onChange={chooseReason}
          >
            <Stack gap="xs" mt="xs">
              {REPORT_REASON_KEYS.map((key) => (
                <RadioChoice
                  key={key}
                  value={key}
                  label={t(`report.reasons.${key}`)}
                  checked={reason === key}
                />
              ))}
            </Stack>
          </Radio.Group>

          {reason && subReasons.length > 1 && (
            <div ref={subReasonsRef}>
              <Radio.Group
                label={t('report.subReason')}
                required
                {...form.getInputProps('subReason')}
                onChange={(value) => {
                  form.setFieldValue('subReason', value);
                  setFailure(null);
                }}
              >
                <Stack gap="xs" mt="xs">
                  {subReasons.map((key) => (
                    <RadioChoice
                      key={key}
                      value={key}
                      label={t(`report.subReasons.${reason}.${key}`)}
                      checked={subReason === key}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            </div>
          )}

          <Stack gap={4}>
            <Textarea
              label={t('report.text')}
              description={t('report.textHint')}
              autosize
              minRows={3}
              maxRows={8}
              {...form.getInputProps('text')}
            />
            <Text
              size="xs"
              c={textLength > REPORT_TEXT_MAX_LENGTH ? 'red.7' : 'dimmed'}
              ta="right"
              aria-live="polite"
            >
              {t('report.textCount', { length: textLength, max: REPORT_TEXT_MAX_LENGTH })}
            </Text>
          </Stack>

          {failure && (
            <Alert
              variant="light"
              color="red"
              radius="md"
              icon={<IconAlertCircle size={20} aria-hidden />}
              role="alert"
            >
              {failure}
            </Alert>
          )}

          <Button type="submit" size="md" color="red.8" loading={report.isPending} fullWidth>
            {t('report.submit')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('report.blockToo')}
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
