import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageCircleOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A conversation that does not exist, is not the member's, or is with someone blocked. */
export function ThreadUnavailable() {
  const { t } = useTranslation('thread');
  return (
    <Stack align="center" gap="sm" ta="center" py={48} px="md">
      <ThemeIcon size={72} radius="xl" variant="light" color="coral" aria-hidden>
        <IconMessageCircleOff size={40} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {t('unavailable.title')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('unavailable.text')}
      </Text>
      <Button component={Link} to="/conversations" mt="sm">
        {t('unavailable.back')}
      </Button>
    </Stack>
  );
}
