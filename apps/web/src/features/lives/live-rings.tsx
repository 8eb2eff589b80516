import { ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberAvatar } from '../../ui/member-avatar.tsx';
import type { Live } from '@motema/shared/lives';
import { useLivesQuery } from './lives.api.ts';
import classes from './live-rings.module.css';

const AVATAR = 62;
/** Home shows the first few; the rest are on `/lives`. */
const RINGS_MAX = 10;

/**
 * Home's stories row, first: each member on air the member may watch (matches first, as the list
 * orders them) in a red LIVE ring that opens the live, then the way to all the lives and to going
 * live (`/lives`, which has no tab). One ask of the list when home shows.
 */
export function LiveRings() {
  const { t } = useTranslation('lives');
  const lives = useLivesQuery().data?.lives ?? [];
  return (
    <>
      {lives.slice(0, RINGS_MAX).map((live) => (
        <LiveRing key={live._id} live={live} />
      ))}
      <li style={{ flex: 'none' }}>
        <Link to="/lives" className={classes.item}>
          <span className={classes.inner} aria-hidden>
            <ThemeIcon size={AVATAR + 6} radius={AVATAR} variant="light" color="red">
              <IconBroadcast size={30} />
            </ThemeIcon>
          </span>
          <span className={classes.name}>{t('title')}</span>
        </Link>
      </li>
    </>
  );
}

function LiveRing({ live }: { live: Live }) {
  const { t } = useTranslation('lives');
  const name = live.broadcaster.firstName ?? live.broadcaster.name;
  return (
    <li style={{ flex: 'none' }}>
      <Link to={`/lives/${live._id}`} className={classes.item}>
        <span className={classes.ring} aria-hidden>
          <span className={classes.inner}>
            <MemberAvatar name={live.broadcaster.name} image={live.broadcaster.avatar} size={AVATAR} />
          </span>
        </span>
        <span className={classes.tag} aria-hidden>
          {t('badge')}
        </span>
        <span className={classes.name}>
          <bdi dir="auto">{name}</bdi>
          <VisuallyHidden component="span">{t('ring.hint')}</VisuallyHidden>
        </span>
      </Link>
    </li>
  );
}
