import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The report's title (with the member's name when the profile passed it) and what reporting means. */
export function ReportIntro({ name }: { name: string | undefined }) {
  const { t } = useTranslation('safety');
  return (
    <>
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
    </>
  );
}

/** An address that names no member: nothing to report, a way home. */
export function ReportUnavailable() {
  const { t } = useTranslation('safety');
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
