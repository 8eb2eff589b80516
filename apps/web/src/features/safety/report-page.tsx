import { Alert, Button, Checkbox, Radio, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { z } from 'zod';
import { REPORT_REASON_KEYS, ZONE_REPORT_REASONS } from '@motema/shared/safety';
import { RadioChoice, ReportTextField } from './report-fields.tsx';
import type { ForgetReported } from './safety.api.ts';
import { ReportIntro, ReportUnavailable } from './report-notices.tsx';
import { subReasonsOf, useReportForm, type ReportKind } from './use-report-form.ts';

const isUuid = (id: string) => z.uuid().safeParse(id).success;
/** The name the profile's menu (or the zone's title its page) passed along, if any (never fetched: the page works for any id). */
const nameFrom = (state: unknown) => {
  const name = (state as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
};

/** What `/settings/report/:kind/:id` reports: a member's profile, or a zone. */
const KINDS: Record<string, ReportKind> = { profile: 'member', zone: 'zone' };

/**
 * Reports a member (or a zone) for moderation: a reason, then its sub-reason, and optional details.
 * Anonymous. `forgetReported` takes the member out of the cached lists once the report is sent (the
 * route passes discovery's): the page the app returns to no longer shows them.
 */
export function ReportPage({ forgetReported }: { forgetReported?: ForgetReported }) {
  const { t } = useTranslation(['safety', 'validation', 'errors']);
  const params = useParams();
  const id = params.id ?? '';
  const kind = KINDS[params.kind ?? ''];
  const location = useLocation();
  const name = nameFrom(location.state);
  const { form, failure, subReasonsRef, chooseReason, chooseSubReason, submit, sending } = useReportForm(
    id,
    forgetReported,
    kind,
  );

  if (!kind || !isUuid(id)) return <ReportUnavailable kind={kind ?? 'member'} />;

  const { reason, subReason, text } = form.getValues();
  const subReasons = subReasonsOf(reason);
  // A zone's own words where a person's would not fit ("Members may be under 18"), else the same.
  const zoneText = (key: string) =>
    kind === 'zone' ? t(`report.zone.${key}`, { defaultValue: t(`report.${key}`) }) : t(`report.${key}`);

  return (
    <Stack gap="lg">
      <ReportIntro name={name} kind={kind} />

      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Radio.Group
            label={t(kind === 'zone' ? 'report.zone.reason' : 'report.reason')}
            required
            {...form.getInputProps('reason')}
            onChange={chooseReason}
          >
            <Stack gap="xs" mt="xs">
              {(kind === 'zone' ? ZONE_REPORT_REASONS : REPORT_REASON_KEYS).map((key) => (
                <RadioChoice
                  key={key}
                  value={key}
                  label={zoneText(`reasons.${key}`)}
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
                onChange={chooseSubReason}
              >
                <Stack gap="xs" mt="xs">
                  {subReasons.map((key) => (
                    <RadioChoice
                      key={key}
                      value={key}
                      label={zoneText(`subReasons.${reason}.${key}`)}
                      checked={subReason === key}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            </div>
          )}

          <ReportTextField input={form.getInputProps('text')} length={text.trim().length} />

          {kind === 'member' && (
            <Checkbox
              size="md"
              label={t('report.alsoBlock')}
              description={t('report.alsoBlockHint')}
              {...form.getInputProps('alsoBlock', { type: 'checkbox' })}
            />
          )}

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

          <Button type="submit" size="md" color="red.8" loading={sending} fullWidth>
            {t('report.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
