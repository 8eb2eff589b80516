import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { formatMoney } from '../billing/money.ts';
import { formatDay } from './partnership-day.ts';
import { useChildAccountsQuery } from './partnership.api.ts';

/** The members who joined through the partner: who, since when, what they earned the partner; searchable. */
export function ChildAccounts({ parentId, total }: { parentId: string; total: number }) {
  const { t } = useTranslation(['partnership', 'errors']);
  const language = currentLanguage();
  const [typed, setTyped] = useState('');
  // Sent with Enter (the phone keyboard's search key): one request a search, not one a letter.
  const [search, setSearch] = useState('');
  const children = useChildAccountsQuery(parentId, search);
  const rows = children.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="child-accounts">
      <Title order={2} size="h4" id="child-accounts">
        {t('children.title', { count: total })}
      </Title>
      {total === 0 ? (
        <Text c="dimmed">{t('children.none')}</Text>
      ) : (
        <>
          <form
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              setSearch(typed.trim());
            }}
          >
            <TextInput
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              placeholder={t('children.search')}
              aria-label={t('children.search')}
              leftSection={<IconSearch size={18} aria-hidden />}
              enterKeyHint="search"
            />
          </form>
          {children.isError ? (
            <LoadFailed
              compact
              message={t('children.loadFailed')}
              reason={errorText(children.error, t)}
              onRetry={() => void children.refetch()}
              retrying={children.isFetching}
            />
          ) : !children.isPending && rows.length === 0 ? (
            <Text c="dimmed">{t('children.noMatch')}</Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {rows.map((child) => (
                <Paper key={child._id} component="li" withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {child.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('children.joined', { date: formatDay(child.joinedAt, language) })}
                      </Text>
                    </Stack>
                    <Text size="sm" fw={500} ta="right">
                      {child.revenue
                        .map((line) => formatMoney(line.amount, line.currency, language))
                        .join(' · ') || formatMoney(0, 'USD', language)}
                    </Text>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
          {children.hasNextPage && (
            <Button
              variant="subtle"
              onClick={() => void children.fetchNextPage()}
              loading={children.isFetchingNextPage}
            >
              {t('children.more')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
