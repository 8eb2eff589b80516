import {
  Anchor,
  Box,
  Button,
  Container,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconCards, IconHeart, IconX } from '@tabler/icons-react';
import type { UserCard } from '@motema/shared/discovery';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LeavingCard, SwapCard, SwapCardFace, type Offset } from './swap-card.tsx';
import { useSwapDeck, type Decision } from './use-swap-deck.ts';

type Leaving = { user: UserCard; decision: Decision; from: Offset };

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
    (user: UserCard, decision: Decision, from: Offset = { x: 0, y: 0 }) => {
      decide(user, decision);
      if (!reduceMotion) setLeaving((cards) => [...cards, { user, decision, from }]);
    },
    [decide, reduceMotion],
  );

  let body: ReactNode;
  if (top) {
    body = (
      <>
        <Deck>
          {next && (
            <Box
              style={{ position: 'absolute', inset: 0, transform: 'scale(0.95) translateY(14px)' }}
              aria-hidden
            >
              <SwapCardFace user={next} large={false} />
            </Box>
          )}
          <SwapCard key={top._id} user={top} onDecide={(decision, from) => onDecide(top, decision, from)} />
          {leaving.map((card) => (
            <LeavingCard
              key={card.user._id}
              {...card}
              onDone={() => setLeaving((cards) => cards.filter((other) => other !== card))}
            />
          ))}
        </Deck>
        <Text id="swap-how" size="xs" c="dimmed" ta="center">
          {t('swap.how')}
        </Text>
        <Group justify="center" gap="xl">
          <Button
            size="lg"
            radius="xl"
            variant="default"
            leftSection={<IconX size={22} aria-hidden />}
            onClick={() => onDecide(top, 'pass')}
          >
            {t('swap.pass')}
          </Button>
          <Button
            size="lg"
            radius="xl"
            leftSection={<IconHeart size={22} aria-hidden />}
            onClick={() => onDecide(top, 'like')}
          >
            {t('swap.like')}
          </Button>
        </Group>
      </>
    );
  } else if (deck.isError) {
    body = (
      <Stack align="center" py="xl">
        <Text>{t('home.loadFailed')}</Text>
        <Button variant="light" onClick={deck.reload}>
          {t('home.retry')}
        </Button>
      </Stack>
    );
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
        <Skeleton height={14} width="70%" mx="auto" radius="sm" />
        <Group justify="center" gap="xl">
          <Skeleton height={50} width={120} radius="xl" />
          <Skeleton height={50} width={120} radius="xl" />
        </Group>
      </>
    );
  }

  return (
    <Container size={452} px="md" py="md" style={{ overflowX: 'clip' }}>
      <VisuallyHidden>
        <Title order={1}>{t('swap.title')}</Title>
      </VisuallyHidden>
      <Stack gap="md">{body}</Stack>
    </Container>
  );
}

/** The card stack's frame: a portrait card as wide as the screen allows and short enough to leave room for the buttons. */
function Deck({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <Box
      aria-busy={busy || undefined}
      style={{
        position: 'relative',
        width: '100%',
        maxWidth: 'min(420px, calc((100dvh - 240px) * 0.75))',
        marginInline: 'auto',
        aspectRatio: '3 / 4',
      }}
    >
      {children}
    </Box>
  );
}
