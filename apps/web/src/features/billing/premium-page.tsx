import { Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCrown, IconHeart, type Icon } from '@tabler/icons-react';
import { FREE_POPULARITY_MARGIN } from '@motema/shared/billing';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const FREE = ['matches', 'replies', 'like', 'profile', 'margin'] as const;
const PREMIUM = ['reach', 'preferences', 'prepaid', 'methods'] as const;

function Points({ keys, icon: PointIcon, color }: { keys: readonly string[]; icon: Icon; color: string }) {
  const { t } = useTranslation('billing');
  return (
    <List
      spacing="xs"
      icon={
        <ThemeIcon variant="light" color={color} size={26} radius="xl">
          <PointIcon size={16} aria-hidden />
        </ThemeIcon>
      }
    >
      {keys.map((key) => (
        <List.Item key={key}>{t(`about.points.${key}`, { margin: FREE_POPULARITY_MARGIN })}</List.Item>
      ))}
    </List>
  );
}

/** `/premium/premium`: what Premium is, what stays free without it, and the way to the plans. */
export function PremiumPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('about.title'));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h3">
          {t('about.title')}
        </Title>
        <Text c="dimmed">{t('about.intro')}</Text>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('about.premiumTitle')}
          </Title>
          <Points keys={PREMIUM} icon={IconCrown} color="coral" />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('about.freeTitle')}
          </Title>
          <Points keys={FREE} icon={IconHeart} color="teal" />
        </Stack>
      </Paper>
      <Button component={Link} to="/premium" size="md" leftSection={<IconCrown size={20} aria-hidden />}>
        {t('about.seePlans')}
      </Button>
    </Stack>
  );
}
