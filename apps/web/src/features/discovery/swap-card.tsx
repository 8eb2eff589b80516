import { ActionIcon, Badge, Box, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { UserCard } from '@motema/shared/discovery';
import { useEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDataSaver } from '../../lib/data-saver.ts';
import { isolate } from '../../ui/member-text.tsx';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';
import { ActivityLabel, useDistanceLabel } from './member-facts.tsx';
import type { Decision } from './use-swap-deck.ts';

/** How far a card must be dragged to count as a like or a pass, and how far before it starts moving. */
const DECIDE_PX = 96;
const DRAG_START_PX = 8;
const LEAVE_MS = 280;

export type Offset = { x: number; y: number };

const FILL: CSSProperties = { position: 'absolute', inset: 0 };
const tilt = ({ x, y }: Offset) => `translate(${x}px, ${y}px) rotate(${x / 16}deg)`;

/**
 * The picture side of a card: the large photo for the top card (at most 480 px wide with data saver:
 * the deck is about photos, so the top one loads without a tap), the thumbnail for those waiting.
 * The large photo is the card's `photo` (the deck asks with `unrated`); `avatar` has the thumbnail.
 */
export function SwapCardFace({ user, large }: { user: UserCard; large: boolean }) {
  const { t } = useTranslation('discovery');
  const distance = useDistanceLabel(user.distance);
  const saving = useDataSaver();
  const photoStyle: CSSProperties = { ...FILL, width: '100%', height: '100%', objectFit: 'cover' };
  return (
    <Box
      style={{
        ...FILL,
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-lg)',
        background: 'linear-gradient(160deg, var(--mantine-color-coral-3), var(--mantine-color-ochre-4))',
        boxShadow: 'var(--mantine-shadow-md)',
      }}
    >
      {user.avatar &&
        // The deck's answer carries the whole photo (`photo`); its other cards only the thumbnail.
        (large && user.photo ? (
          <ResponsiveImage
            image={user.photo}
            alt=""
            sizes="(min-width: 30em) 420px, 100vw"
            loading="eager"
            fetchPriority="high"
            style={photoStyle}
          />
        ) : (
          <img
            // Data saver loads nothing ahead: the card waiting underneath shows its placeholder only.
            src={saving ? user.avatar.placeholder : user.avatar.thumbnail}
            alt=""
            style={{
              ...photoStyle,
              backgroundImage: `url("${user.avatar.placeholder}")`,
              backgroundSize: 'cover',
            }}
          />
        ))}
      {!user.avatar && (
        <Text
          aria-hidden
          fw={800}
          c="white"
          style={{ ...FILL, display: 'grid', placeItems: 'center', fontSize: '6rem', opacity: 0.85 }}
        >
          {(user.firstName ?? user.name).slice(0, 1).toUpperCase()}
        </Text>
      )}
      <Stack
        gap={2}
        p="md"
        pt={64}
        style={{
          position: 'absolute',
          insetInline: 0,
          bottom: 0,
          background: 'linear-gradient(transparent, rgba(0, 0, 0, 0.72))',
          color: 'white',
        }}
      >
        <Title order={2} size="h2" c="white" style={{ overflowWrap: 'anywhere' }}>
          {t('card.nameAge', { name: isolate(user.firstName ?? user.name), age: user.age })}
        </Title>
        <Box style={{ '--mantine-color-dimmed': 'rgba(255, 255, 255, 0.85)' } as CSSProperties}>
          <ActivityLabel activity={user.activity} size="sm" />
          {distance && (
            <Text size="sm" c="rgba(255, 255, 255, 0.85)">
              {distance}
            </Text>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

/** "Like" or "Pass" stamped on the card as it is dragged, stronger the further it goes. */
function Hint({ decision, strength }: { decision: Decision; strength: number }) {
  const { t } = useTranslation('discovery');
  return (
    <Badge
      aria-hidden
      size="xl"
      variant="outline"
      color={decision === 'like' ? 'green' : 'red'}
      bg="var(--mantine-color-body)"
      style={{
        position: 'absolute',
        top: 24,
        [decision === 'like' ? 'left' : 'right']: 20,
        rotate: decision === 'like' ? '-14deg' : '14deg',
        opacity: Math.min(1, strength),
        borderWidth: 3,
        pointerEvents: 'none',
      }}
    >
      {t(decision === 'like' ? 'swap.like' : 'swap.pass')}
    </Badge>
  );
}

type DragState = { pointer: number; start: Offset; offset: Offset; dragging: boolean };

/**
 * The top card: dragged with any pointer (mouse, finger, pen), tilting as it goes; let go past the
 * threshold to like (right) or pass (left), else it springs back. Arrow keys do the same.
 */
export function SwapCard({
  user,
  onDecide,
}: {
  user: UserCard;
  onDecide: (d: Decision, from: Offset) => void;
}) {
  const { t } = useTranslation('discovery');
  const drag = useRef<DragState | null>(null);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const [dragging, setDragging] = useState(false);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || drag.current) return;
    drag.current = {
      pointer: event.pointerId,
      start: { x: event.clientX, y: event.clientY },
      offset,
      dragging: false,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.pointer !== event.pointerId) return;
    const x = event.clientX - state.start.x;
    const y = (event.clientY - state.start.y) / 3;
    if (!state.dragging) {
      if (Math.abs(x) < DRAG_START_PX) return;
      // Captured only once it is a drag, so a tap still reaches the profile link.
      state.dragging = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDragging(true);
    }
    setOffset({ x, y });
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.pointer !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    const x = event.clientX - state.start.x;
    const y = (event.clientY - state.start.y) / 3;
    if (state.dragging && event.type === 'pointerup' && Math.abs(x) >= DECIDE_PX) {
      onDecide(x > 0 ? 'like' : 'pass', { x, y });
    } else setOffset({ x: 0, y: 0 });
  };

  return (
    <Box
      role="group"
      aria-roledescription={t('swap.cardRole')}
      aria-label={t('card.nameAge', { name: user.firstName ?? user.name, age: user.age })}
      aria-describedby="swap-how"
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onDragStart={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          event.preventDefault();
          onDecide(event.key === 'ArrowRight' ? 'like' : 'pass', { x: 0, y: 0 });
        }
      }}
      style={{
        ...FILL,
        zIndex: 2,
        touchAction: 'pan-y',
        userSelect: 'none',
        cursor: dragging ? 'grabbing' : 'grab',
        transform: tilt(offset),
        transition: dragging ? 'none' : 'transform 200ms ease-out',
        borderRadius: 'var(--mantine-radius-lg)',
      }}
    >
      <SwapCardFace user={user} large />
      {offset.x > 0 && <Hint decision="like" strength={offset.x / DECIDE_PX} />}
      {offset.x < 0 && <Hint decision="pass" strength={-offset.x / DECIDE_PX} />}
      <ActionIcon
        component={Link}
        to={`/profile/${user._id}`}
        onPointerDown={(event) => event.stopPropagation()}
        aria-label={t('swap.openProfile', { name: user.firstName ?? user.name })}
        variant="white"
        color="dark"
        radius="xl"
        size="lg"
        style={{ position: 'absolute', top: 12, right: 12 }}
      >
        <IconInfoCircle size={22} />
      </ActionIcon>
    </Box>
  );
}

/** A decided card flying off the side it was sent to, then gone. */
export function LeavingCard({
  user,
  decision,
  from,
  onDone,
}: {
  user: UserCard;
  decision: Decision;
  from: Offset;
  onDone: () => void;
}) {
  const [gone, setGone] = useState(false);
  const done = useRef(onDone);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setGone(true));
    const timer = setTimeout(() => done.current(), LEAVE_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const direction = decision === 'like' ? 1 : -1;
  const to = { x: direction * Math.max(window.innerWidth, 600), y: from.y + 40 };
  return (
    <Box
      aria-hidden
      style={{
        ...FILL,
        zIndex: 3,
        pointerEvents: 'none',
        transform: tilt(gone ? to : from),
        opacity: gone ? 0.4 : 1,
        transition: `transform ${LEAVE_MS}ms ease-in, opacity ${LEAVE_MS}ms ease-in`,
      }}
    >
      <SwapCardFace user={user} large />
      <Hint decision={decision} strength={1} />
    </Box>
  );
}
