import { Stack, Text } from '@mantine/core';
import type { Notice } from '@motema/shared/moderation';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/** A day as notices say it ("3 December 2026"). */
export const day = (iso: string) => formatDate(Date.parse(iso), currentLanguage(), { dateStyle: 'long' });

/** What a notice tells the member: what was decided, the rule in words, until when, and the moderator's message. */
export function NoticeFacts({ notice }: { notice: Notice }) {
  const { t } = useTranslation('appeals');
  return (
    <Stack gap={4}>
      <Text fw={700}>{t(`actions.${notice.action}`)}</Text>
      <Text size="sm">{t('notice.rule', { rule: t(`rules.${notice.rule}`) })}</Text>
      {notice.until && <Text size="sm">{t('notice.until', { date: day(notice.until) })}</Text>}
      {notice.message && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {t('notice.message', { message: notice.message })}
        </Text>
      )}
    </Stack>
  );
}
