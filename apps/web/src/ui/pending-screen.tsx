import { Container, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A screen that a coming part of Motema fills: says so plainly. */
export function PendingScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="sm" ta="center">
        <IconHeartHandshake size={48} stroke={1.5} color="var(--mantine-color-coral-6)" aria-hidden />
        <Title order={1} size="h2">
          {t(titleKey)}
        </Title>
        <Text c="dimmed">{t('pending.text')}</Text>
      </Stack>
    </Container>
  );
}
