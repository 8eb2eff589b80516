import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PartnerBalance } from '@motema/shared/partnership';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { formatMoney } from '../billing/money.ts';
import { balanceCards } from './withdrawal-minimum.ts';

const FIGURES = ['available', 'pending', 'inFlight', 'revenue'] as const;

/**
 * What the member is owed, one card a currency they hold or moved money in (with nothing yet, the
 * first the server lists): available first, the figure they act on.
 */
export function PartnerBalances({ balances }: { balances: PartnerBalance[] }) {
  const { t } = useTranslation('partnership');
  const language = currentLanguage();
  return (
    <Stack gap="sm" component="section" aria-labelledby="partner-balances">
      <Title order={2} size="h4" id="partner-balances">
        {t('balances.title')}
      </Title>
      {balanceCards(balances).map((balance) => (
        <Paper key={balance.currency} withBorder radius="md" p="md" aria-label={balance.currency}>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
            {FIGURES.map((figure) => (
              <Stack key={figure} gap={0}>
                <Text size="xs" c="dimmed">
                  {t(`balances.${figure}`)}
                </Text>
                <Text fw={figure === 'available' ? 700 : 500} size={figure === 'available' ? 'lg' : 'md'}>
                  {formatMoney(balance[figure], balance.currency, language)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
