import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PlanList } from './plan-list.tsx';

/** `/premium` (premium-list): the plans on sale, what each gives and its price, each with Subscribe. */
export function PremiumListPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const profile = params.get('profile');
  useDocumentTitle(t('list.title'));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h3">
          {t('list.title')}
        </Title>
        <Text c="dimmed">{t('list.intro')}</Text>
      </Stack>
      <PlanList profile={profile} />
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t('list.prepaid')}
        </Text>
        <Anchor component={Link} to="/premium/premium" size="sm">
          {t('list.whatIsPremium')}
        </Anchor>
        <Anchor component={Link} to="/premium/subscriptions" size="sm">
          {t('list.mySubscriptions')}
        </Anchor>
      </Stack>
    </Stack>
  );
}
