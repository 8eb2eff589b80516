import { ActionIcon, Badge, Box } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { UserCard } from '@motema/shared/discovery';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FILL, SwapCardFace } from './swap-card-face.tsx';
import { PhotoTaps } from './swap-photo-taps.tsx';
import type { Decision } from './use-swap-deck.ts';

/** How far a card must be dragged to count as a like or a pass, and how far before it starts moving. */
const DECIDE_PX = 96;
const DRAG_START_PX = 8;
const LEAVE_MS = 280;

export type Offset = { x: number; y: number };
const tilt = ({ x, y }: Offset) => `translate(${x}px, ${y}px) rotate(${x / 16}deg)`;

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
  /** `photo`: the photo shown when the card was decided, which it leaves with. */
  onDecide: (d: Decision, from: Offset, photo: number) => void;
}) {
  const { t } = useTranslation('discovery');
  const drag = useRef<DragState | null>(null);
  const [photo, setPhoto] = useState(0);
  const photoCount = user.photos?.length ?? 0;
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
      onDecide(x > 0 ? 'like' : 'pass', { x, y }, photo);
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
        // The card's own keys: an arrow on a photo button or the profile link inside is not a decision.
        if (event.target !== event.currentTarget) return;
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          event.preventDefault();
          onDecide(event.key === 'ArrowRight' ? 'like' : 'pass', { x: 0, y: 0 }, photo);
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
      <SwapCardFace user={user} large photo={photo} />
      <PhotoTaps count={photoCount} current={photo} onChange={setPhoto} />
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
        style={{ position: 'absolute', top: 20, right: 12, zIndex: 2 }}
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
  photo,
  onDone,
}: {
  user: UserCard;
  decision: Decision;
  from: Offset;
  photo: number;
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
      <SwapCardFace user={user} large photo={photo} />
      <Hint decision={decision} strength={1} />
    </Box>
  );
}
