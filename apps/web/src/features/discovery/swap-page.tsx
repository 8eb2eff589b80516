import {
  Anchor,
  Box,
  Button,
  Container,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconCards } from '@tabler/icons-react';
import type { UserCard } from '@motema/shared/discovery';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LeavingCard, SwapCard, type Offset } from './swap-card.tsx';
import { SwapCardFace } from './swap-card-face.tsx';
import { DECISION_SIZE, DecisionButtons } from './swap-decision-buttons.tsx';
import { useSwapDeck, type Decision } from './use-swap-deck.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';

type Leaving = { user: UserCard; decision: Decision; from: Offset; photo: number };

/** Swap: one large card at a time, swiped or decided with the buttons below. */
export function SwapPage() {
  const { t } = useTranslation('discovery');
  useDocumentTitle(t('swap.documentTitle'));
  const deck = useSwapDeck();
  const reduceMotion = useReducedMotion();
  const [leaving, setLeaving] = useState<Leaving[]>([]);
  const [top, next] = deck.cards;
  const { decide } = deck;

  const onDecide = useCallback(
    (user: UserCard, decision: Decision, from: Offset = { x: 0, y: 0 }, photo = 0) => {
      decide(user, decision);
      if (!reduceMotion) setLeaving((cards) => [...cards, { user, decision, from, photo }]);
    },
    [decide, reduceMotion],
  );

  let body: ReactNode;
  if (top) {
    body = (
      <>
        {/* The card's description for assistive technology, read before the card; the gestures need no
            words on screen. */}
        <VisuallyHidden id="swap-how">{t('swap.how')}</VisuallyHidden>
        <Deck>
          {next && (
            <Box
              style={{ position: 'absolute', inset: 0, transform: 'scale(0.95) translateY(14px)' }}
              aria-hidden
            >
              <SwapCardFace user={next} large={false} />
            </Box>
          )}
          <SwapCard
            key={top._id}
            user={top}
            onDecide={(decision, from, photo) => onDecide(top, decision, from, photo)}
          />
          {leaving.map((card) => (
            <LeavingCard
              key={card.user._id}
              {...card}
              onDone={() => setLeaving((cards) => cards.filter((other) => other !== card))}
            />
          ))}
        </Deck>
        <DecisionButtons onDecide={(decision) => onDecide(top, decision)} />
      </>
    );
  } else if (deck.isError) {
    body = <LoadFailed message={t('home.loadFailed')} onRetry={deck.reload} />;
  } else if (deck.isEmpty) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconCards size={30} />}
        withIndicatorBackground
        title={t('swap.empty.title')}
        description={t('swap.empty.text')}
      >
        <EmptyState.Actions>
          <Stack align="center" gap="sm">
            <Button component={Link} to="/settings/match" variant="light">
              {t('swap.empty.adjust')}
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={deck.reload}>
              {t('swap.empty.reload')}
            </Anchor>
          </Stack>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Deck busy>
          <Skeleton style={{ position: 'absolute', inset: 0 }} radius="lg" />
        </Deck>
        <Group justify="center" gap={40} h={DECISION_SIZE}>
          <Skeleton circle height={DECISION_SIZE} />
          <Skeleton circle height={DECISION_SIZE} />
        </Group>
      </>
    );
  }

  return (
    <Container size={452} px="md" py="sm" style={{ overflowX: 'clip' }}>
      <VisuallyHidden>
        <Title order={1}>{t('swap.title')}</Title>
      </VisuallyHidden>
      <Stack gap="sm">{body}</Stack>
    </Container>
  );
}

/**
 * The card stack's frame: as wide as the screen and as tall as it allows once the buttons have their
 * row, so the buttons sit at the thumb with no empty band under them. What is not the card: the phone
 * header over the page (its offset, 52 px; 0 without one), the page's padding and gap (12 + 12 + 12
 * px), the buttons' row and the tab bar with its margin (the main area's bottom padding, 72 px, is the
 * footer's offset, 64 px, times 1.125; 0 without a tab bar).
 */
function Deck({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <Box
      aria-busy={busy || undefined}
      style={{
        position: 'relative',
        width: '100%',
        height: `min(640px, calc(100dvh - var(--app-shell-header-offset, 0px) - var(--app-shell-footer-offset, 0px) * 1.125 - ${36 + DECISION_SIZE}px))`,
        minHeight: 320,
        marginInline: 'auto',
      }}
    >
      {children}
    </Box>
  );
}
