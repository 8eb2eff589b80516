import { IconAlertCircle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../thread/thread.module.css';
import type { DeliveryState } from '../thread/thread-types.ts';

/**
 * Clock, one tick, two ticks, or the failure sign, each with its name. Read is not a tint of
 * delivered (pale cyan on coral could not be told from white outdoors): the two ticks sit on a
 * white disc in the bubble's colour, a different shape and the bubble's colours inverted.
 */
export function DeliveryTicks({ state }: { state: DeliveryState }) {
  const { t } = useTranslation('thread');
  const label = t(`bubble.${state}`);
  const props = { size: 16, stroke: 2, role: 'img', 'aria-label': label, 'data-state': state } as const;
  if (state === 'sending') return <IconClock {...props} size={14} />;
  if (state === 'sent') return <IconCheck {...props} />;
  if (state === 'delivered') return <IconChecks {...props} className={classes.deliveredTicks} />;
  if (state === 'read')
    return (
      <span role="img" aria-label={label} data-state={state} className={classes.readTicks}>
        <IconChecks size={13} stroke={2.5} aria-hidden />
      </span>
    );
  return <IconAlertCircle {...props} />;
}
