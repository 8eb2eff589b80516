import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReportKind } from './use-report-form.ts';

/**
 * The report's title (with the member's name, or the zone's title, when the screen passed it) and
 * what reporting means.
 */
export function ReportIntro({ name, kind }: { name: string | undefined; kind: ReportKind }) {
  const { t } = useTranslation('safety');
  return (
    <>
      <Title order={1} size="h3">
        {name ? t('report.titleNamed', { name }) : t(kind === 'zone' ? 'report.zone.title' : 'report.title')}
      </Title>
      <Alert
        variant="light"
        color="teal"
        radius="md"
        role="note"
        icon={<IconShieldLock size={20} aria-hidden />}
      >
        <Stack gap={4}>
          <Text size="sm">{t(kind === 'zone' ? 'report.zone.anonymous' : 'report.anonymous')}</Text>
          <Text size="sm" fw={600}>
            {t('report.danger')}
          </Text>
        </Stack>
      </Alert>
    </>
  );
}

/** An address that names no member (or zone): nothing to report, a way home. */
export function ReportUnavailable({ kind }: { kind: ReportKind }) {
  const { t } = useTranslation('safety');
  const zone = kind === 'zone';
  return (
    <Stack gap="lg" align="flex-start">
      <Title order={1} size="h3">
        {t(zone ? 'report.zone.title' : 'report.title')}
      </Title>
      <Text>{zone ? t('errors:zone_not_found') : t('report.notAvailable')}</Text>
      <Button component={Link} to="/home" variant="light">
        {t('report.goHome')}
      </Button>
    </Stack>
  );
}
