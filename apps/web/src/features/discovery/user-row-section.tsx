import { Box, Paper, Title } from '@mantine/core';
import type { UserListFilter } from '@motema/shared/discovery';
import { mergeRefs } from '@mantine/hooks';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../../lib/when-idle.ts';
import { listFreshMs, useUserListQuery } from './discovery.api.ts';
import { ListLoadFailed } from './list-load-failed.tsx';
import { MemberCard, MemberCardSkeleton, ROW_CARD_WIDTH } from './member-card.tsx';
import { useCameNear, useOnScreen } from '../../lib/use-on-screen.ts';

const SKELETON_CARDS = 4;
/**
 * Cards drawn with a row's first frame: a phone shows two or three, a wide screen about eight. The
 * rest (up to 100 for "online now") follow once the page is idle, so home's first frame does not
 * render every card of every row at once on a slow phone (bar B4).
 */
export const FIRST_CARDS = 8;
const ITEM_STYLE = { scrollSnapAlign: 'start' } as const;
/** A row of cards: the square photo and three lines of text. */
const ROW_HEIGHT = ROW_CARD_WIDTH + 60;

type Props = {
  filter: Exclude<UserListFilter, 'users'>;
  /** Shown instead of the row when the list is empty; without it an empty section hides itself. */
  empty?: ReactNode;
  /** Shown under the title, e.g. the near list's "Share my position". */
  action?: ReactNode;
  /** False: the list is not asked for (e.g. near before a position is shared); `empty` shows. */
  enabled?: boolean;
};

/**
 * One keyed list of home as a titled horizontal row of compact cards, with a skeleton of the same
 * shape while it loads. While on screen it refreshes (`listFreshMs`: every minute for "online now").
 */
export function UserRowSection({ filter, empty, action, enabled = true }: Props) {
  const { t } = useTranslation('discovery');
  const titleId = useId();
  const [ref, onScreen] = useOnScreen<HTMLElement>();
  // Asked for once the row comes near the screen: rows below the first screen do not compete with it.
  const [nearRef, cameNear] = useCameNear<HTMLElement>();
  const list = useUserListQuery(
    filter,
    {},
    { enabled: enabled && cameNear, refetchInterval: onScreen ? listFreshMs(filter) : false },
  );
  const users = list.data?.users ?? [];
  const allShown = useAllShownOnceIdle(users.length);
  const isEmpty = !enabled || (list.isSuccess && users.length === 0);
  if ((isEmpty && !empty) || (list.isError && !list.data && !empty)) return null;

  return (
    <Box component="section" ref={mergeRefs(ref, nearRef)} aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb={6}>
        {t(`home.sections.${filter}`)}
      </Title>
      {action}
      {list.isPending && enabled ? (
        <Row busy>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index} style={ITEM_STYLE}>
              <MemberCardSkeleton variant="row" />
            </li>
          ))}
        </Row>
      ) : list.isError && !list.data ? (
        <ListLoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : isEmpty ? (
        // As tall as a row of cards: a list that turns out empty does not move the page under the reader.
        <Paper
          withBorder
          radius="md"
          p="md"
          mih={ROW_HEIGHT}
          display="flex"
          style={{ flexDirection: 'column', justifyContent: 'center', gap: 8, borderStyle: 'dashed' }}
        >
          {empty}
        </Paper>
      ) : (
        <Row label={t(`home.sections.${filter}`)}>
          {(allShown ? users : users.slice(0, FIRST_CARDS)).map((user) => (
            <li key={user._id} style={ITEM_STYLE}>
              <MemberCard user={user} variant="row" />
            </li>
          ))}
        </Row>
      )}
    </Box>
  );
}

/** Whether a row of `count` cards shows them all: at once up to FIRST_CARDS, else once idle. */
function useAllShownOnceIdle(count: number): boolean {
  const [idle, setIdle] = useState(false);
  const needed = count > FIRST_CARDS && !idle;
  useEffect(() => (needed ? whenIdle(() => setIdle(true)) : undefined), [needed]);
  return !needed;
}

/** A horizontally scrolling list that snaps to its cards. */
function Row({ children, busy, label }: { children: ReactNode; busy?: boolean; label?: string }) {
  return (
    <Box
      component="ul"
      aria-busy={busy || undefined}
      aria-label={label}
      my={0}
      py={0}
      pb={6}
      style={{
        // Bleeds to the screen's edges, so a card cut at the edge says "there is more".
        marginInline: 'calc(var(--mantine-spacing-md) * -1)',
        paddingInline: 'var(--mantine-spacing-md)',
        scrollPaddingInline: 'var(--mantine-spacing-md)',
        display: 'grid',
        gridAutoFlow: 'column',
        gridAutoColumns: ROW_CARD_WIDTH,
        gap: 12,
        listStyle: 'none',
        overflowX: 'auto',
        overscrollBehaviorX: 'contain',
        scrollSnapType: 'x proximity',
        scrollbarWidth: 'thin',
      }}
    >
      {children}
    </Box>
  );
}
