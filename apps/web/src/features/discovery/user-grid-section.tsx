import { Anchor, Box, EmptyState, SimpleGrid, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { mergeRefs } from '@mantine/hooks';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDataSaver } from '../../lib/data-saver.ts';
import { listFreshMs, useInfiniteUserListQuery } from './discovery.api.ts';
import { ListLoadFailed } from './list-load-failed.tsx';
import { MemberCard, MemberCardSkeleton } from './member-card.tsx';
import { useCameNear, useOnScreen } from '../../lib/use-on-screen.ts';

const COLUMNS = { base: 2, xs: 3, sm: 4, lg: 6 };
const SKELETON_CARDS = 6;
/** The next page is asked for this far before the end of the grid comes into view. */
const PREFETCH_MARGIN = '800px';

/** The default list as a grid that loads its next page (`skip` paging) as the member scrolls. */
export function UserGridSection() {
  const { t } = useTranslation('discovery');
  const titleId = useId();
  const [gridRef, gridOnScreen] = useOnScreen<HTMLElement>();
  // Data saver asks for the next page only once the end of the grid is in view.
  const [endRef, endNear] = useOnScreen<HTMLDivElement>(useDataSaver() ? '0px' : PREFETCH_MARGIN);
  // The grid is below the first screen: asked for once it comes near.
  const [nearRef, cameNear] = useCameNear<HTMLElement>();
  const list = useInfiniteUserListQuery(
    {},
    { enabled: cameNear, refetchInterval: gridOnScreen ? listFreshMs('users') : false },
  );
  const { hasNextPage, isFetchingNextPage, isFetching, fetchNextPage } = list;

  useEffect(() => {
    if (endNear && hasNextPage && !isFetchingNextPage && !isFetching) void fetchNextPage();
  }, [endNear, hasNextPage, isFetchingNextPage, isFetching, fetchNextPage]);

  // Skip paging over a list that moves (activity order) can repeat a member across pages: show once.
  const users = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages ?? [])
      .flatMap((page) => page.users)
      .filter((user) => !seen.has(user._id) && Boolean(seen.add(user._id)));
  }, [list.data]);
  const skeletons = (count: number) =>
    Array.from({ length: count }, (_, index) => <MemberCardSkeleton key={`s${index}`} variant="grid" />);

  return (
    <Box component="section" ref={mergeRefs(gridRef, nearRef)} aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="xs">
        {t('home.sections.users')}
      </Title>
      {list.isError && !list.data ? (
        <ListLoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isSuccess && users.length === 0 ? (
        <EmptyState
          py="lg"
          icon={<IconUsers size={28} />}
          withIndicatorBackground
          title={t('home.empty.users.title')}
          description={t('home.empty.users.text')}
        >
          <EmptyState.Actions>
            <Anchor component={Link} to="/settings/match" fw={600}>
              {t('home.adjustPreferences')}
            </Anchor>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <SimpleGrid
          cols={COLUMNS}
          spacing="sm"
          verticalSpacing="md"
          aria-busy={list.isPending || isFetchingNextPage || undefined}
        >
          {list.isPending
            ? skeletons(SKELETON_CARDS)
            : users.map((user) => <MemberCard key={user._id} user={user} variant="grid" />)}
          {isFetchingNextPage && skeletons(COLUMNS.base * 2)}
        </SimpleGrid>
      )}
      <div ref={endRef} aria-hidden style={{ height: 1 }} />
    </Box>
  );
}
