import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Live } from '@motema/shared/lives';
import { IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';
import { useSocket } from '../../../lib/socket.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useEndLiveMutation } from '../lives.api.ts';
import { LiveChat } from '../room/live-chat.tsx';
import { LiveBadge, LiveEnded, ViewerCount } from '../room/live-parts.tsx';
import { FloatingReactions } from '../room/live-reactions.tsx';
import type { LiveRoom } from '../room/use-live-room.ts';
import classes from '../room/live.module.css';
import { stopStream, takeCamera } from './camera.ts';
import { KeepOffer } from './keep-offer.tsx';
import { startRecording } from './live-recorder.ts';
import { ViewersPanel } from './viewers-panel.tsx';

/** Chunks wait this long for their ack before the live is said lost. */
const CHUNK_ACK_TIMEOUT_MS = 10_000;

/**
 * The broadcaster's screen: their camera (the one the go-live screen opened), recorded and handed
 * chunk by chunk over the socket; the count and who watches, the chat with its held messages, End;
 * then the offer to keep it as a post. Opened again later (a reload) it has no camera: it says so
 * and offers to end the live.
 */
export function BroadcasterScreen({ room, live, meId }: { room: LiveRoom; live: Live; meId: string }) {
  const { t } = useTranslation(['lives', 'errors', 'common']);
  const socket = useSocket();
  const end = useEndLiveMutation(live._id);
  const [camera] = useState(() => takeCamera(live._id));
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preview = useRef<HTMLVideoElement>(null);
  const recorder = useRef<{ stop: () => void } | null>(null);
  const over = room.gone !== null || end.isSuccess;

  useEffect(() => {
    if (!camera) return;
    if (preview.current) preview.current.srcObject = camera.stream;
    return () => stopStream(camera.stream);
  }, [camera]);

  useEffect(() => {
    if (!camera || !socket || over) return;
    const recording = startRecording({
      stream: camera.stream,
      liveId: live._id,
      audioOnly: camera.audioOnly,
      send: (chunk) => socket.timeout(CHUNK_ACK_TIMEOUT_MS).emitWithAck('lives:chunk', chunk),
      onFailed: setFailure,
    });
    recorder.current = recording;
    return () => recording.stop();
    // The recording runs once, for the live's whole length: a new socket would restart the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [camera, socket]);

  useEffect(() => {
    if (over) {
      recorder.current?.stop();
      stopStream(camera?.stream ?? null);
    }
  }, [over, camera]);

  if (over) {
    return (
      <LiveEnded own reason={room.gone && room.gone !== 'removed' ? room.gone : 'broadcaster'}>
        {room.gone !== 'moderator' && <KeepOffer live={live} />}
      </LiveEnded>
    );
  }

  return (
    <Stack gap="sm">
      <div className={classes.stage}>
        {camera && !camera.audioOnly ? (
          <video
            ref={preview}
            className={classes.video}
            autoPlay
            muted
            playsInline
            aria-label={t('broadcast.preview')}
            style={{ transform: 'scaleX(-1)' }}
          />
        ) : (
          <Text c="white" size="sm" p="md" ta="center">
            {t(camera ? 'broadcast.audioOnly' : 'broadcast.noCamera')}
          </Text>
        )}
        <div className={classes.overlay}>
          {live.status === 'live' ? (
            <LiveBadge />
          ) : (
            <Text size="xs" c="white">
              {t('broadcast.starting')}
            </Text>
          )}
          <ViewerCount count={live.viewers} />
        </div>
        <FloatingReactions liveId={live._id} />
      </div>
      {failure && (
        <Alert color="red" role="alert" title={t('broadcast.lost')}>
          {/* The server's refusal of a chunk (errors), or the recorder's own failure (recording). */}
          {t([`errors:${failure}`, `recording.${failure}`, 'broadcast.lostHint'])}
        </Alert>
      )}
      {end.isError && (
        <Text size="sm" c="red" role="alert">
          {errorText(end.error, t)}
        </Text>
      )}
      <Group grow>
        <Button
          color="red.9"
          leftSection={<IconPlayerStop size={18} aria-hidden />}
          onClick={() => setConfirming(true)}
          loading={end.isPending}
        >
          {t('broadcast.end')}
        </Button>
      </Group>
      <LiveChat room={room} liveId={live._id} meId={meId} moderates closed={false} />
      <ViewersPanel liveId={live._id} count={live.viewers} broadcaster />
      <ConfirmDialog
        opened={confirming}
        title={t('broadcast.endTitle')}
        confirmLabel={t('broadcast.end')}
        cancelLabel={t('common:actions.cancel')}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          recorder.current?.stop();
          end.mutate();
        }}
      >
        <Text>{t('broadcast.endText')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
