import { UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

const HALF: CSSProperties = {
  position: 'absolute',
  top: 0,
  bottom: 0,
  width: '50%',
  zIndex: 1,
  // The card's own drag follows the finger: a tap that becomes a drag never reaches these buttons
  // (the card captures the pointer), a tap that stays one does.
  touchAction: 'pan-y',
  WebkitTapHighlightColor: 'transparent',
};

type Props = { count: number; current: number; onChange: (photo: number) => void };

/**
 * Tap the left half of the photo for the previous one, the right half for the next (Tinder's and
 * Instagram's stories' gesture): two buttons as large as those halves, so a keyboard or a screen
 * reader has them too. At either end the tap does nothing.
 */
export function PhotoTaps({ count, current, onChange }: Props) {
  const { t } = useTranslation('discovery');
  if (count < 2) return null;
  return (
    <>
      <UnstyledButton
        aria-label={t('swap.previousPhoto')}
        disabled={current === 0}
        onClick={() => onChange(current - 1)}
        data-photo-tap="previous"
        style={{ ...HALF, insetInlineStart: 0, cursor: 'inherit' }}
      />
      <UnstyledButton
        aria-label={t('swap.nextPhoto')}
        disabled={current === count - 1}
        onClick={() => onChange(current + 1)}
        data-photo-tap="next"
        style={{ ...HALF, insetInlineEnd: 0, cursor: 'inherit' }}
      />
    </>
  );
}
