import { Alert, Button, Radio, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { LIVE_TITLE_MAX_LENGTH, type LiveAudience } from '@motema/shared/lives';
import { IconBroadcast, IconMicrophone } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/error-text.ts';
import { useLivesQuery, useStartLiveMutation } from '../lives.api.ts';
import { GoLiveLater, goLiveLater } from './go-live-later.tsx';
import { LiveScreen } from '../room/live-parts.tsx';
import classes from '../room/live.module.css';
import { cameraFailure, handCamera, openCamera, stopStream } from './camera.ts';

/**
 * `/lives/new`: the camera's preview, who may watch, audio only (for a weak network), an optional
 * title, and Go live. Once the server said yes, the open camera goes to the live's own screen, which
 * records it.
 */
export function GoLivePage() {
  const { t } = useTranslation('lives');
  const lives = useLivesQuery();
  // A new account is told when it may go live before the camera is asked for; if the list cannot be
  // had, the form shows and the server's refusal says it.
  if (lives.isPending)
    return (
      <LiveScreen title={t('go.title')}>
        <Skeleton height={240} radius="md" />
      </LiveScreen>
    );
  const later = goLiveLater(lives.data?.goLiveFrom);
  if (later)
    return (
      <LiveScreen title={t('go.title')}>
        <GoLiveLater from={later} />
      </LiveScreen>
    );
  return <GoLiveForm />;
}

function GoLiveForm() {
  const { t } = useTranslation(['lives', 'errors', 'validation']);
  const navigate = useNavigate();
  const start = useStartLiveMutation();
  const [audience, setAudience] = useState<LiveAudience>('everyone');
  const [audioOnly, setAudioOnly] = useState(false);
  const [title, setTitle] = useState('');
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const kept = useRef(false);
  const preview = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let active = true;
    setCameraError(null);
    openCamera(audioOnly).then(
      (opened) => {
        if (!active) return stopStream(opened);
        stream = opened;
        setCamera(opened);
      },
      (error: unknown) => active && setCameraError(cameraFailure(error)),
    );
    return () => {
      active = false;
      setCamera(null);
      // Handed to the live's screen: that screen stops it when the live ends.
      if (!kept.current) stopStream(stream);
    };
  }, [audioOnly]);

  useEffect(() => {
    if (preview.current && camera) preview.current.srcObject = camera;
  }, [camera]);

  const goLive = (event: React.FormEvent) => {
    event.preventDefault();
    if (!camera) return;
    start.mutate(
      { audience, audioOnly, title: title.trim() },
      {
        onSuccess: (live) => {
          kept.current = true;
          handCamera(live._id, camera, audioOnly);
          void navigate(`/lives/${live._id}`, { replace: true });
        },
      },
    );
  };

  return (
    <LiveScreen title={t('go.title')}>
      <div className={classes.stage}>
        {audioOnly ? (
          <Stack align="center" gap="xs" c="white">
            <IconMicrophone size={48} aria-hidden />
            <Text size="sm">{t('go.audioOnlyPreview')}</Text>
          </Stack>
        ) : (
          <video
            ref={preview}
            className={classes.video}
            autoPlay
            muted
            playsInline
            aria-label={t('go.preview')}
            style={{ transform: 'scaleX(-1)' }}
          />
        )}
      </div>
      {cameraError && (
        <Alert color="red" role="alert">
          {t(audioOnly ? cameraError.replace('camera.', 'microphone.') : cameraError)}
        </Alert>
      )}
      <form onSubmit={goLive} noValidate>
        <Stack gap="md">
          <Radio.Group
            label={t('go.audience')}
            value={audience}
            onChange={(value) => setAudience(value as LiveAudience)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="everyone" label={t('go.everyone')} description={t('go.everyoneHint')} />
              <Radio value="matches" label={t('go.matches')} description={t('go.matchesHint')} />
            </Stack>
          </Radio.Group>
          <Switch
            checked={audioOnly}
            onChange={(event) => setAudioOnly(event.currentTarget.checked)}
            label={t('go.audioOnly')}
            description={t('go.audioOnlyHint')}
          />
          <TextInput
            label={t('go.liveTitle')}
            description={t('go.liveTitleHint')}
            maxLength={LIVE_TITLE_MAX_LENGTH}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          {start.isError && (
            <Alert color="red" role="alert" title={t('go.failed')}>
              {errorText(start.error, t)}
            </Alert>
          )}
          <Button
            type="submit"
            color="red.9"
            size="md"
            leftSection={<IconBroadcast size={20} aria-hidden />}
            loading={start.isPending}
            disabled={!camera}
          >
            {t('go.start')}
          </Button>
        </Stack>
      </form>
    </LiveScreen>
  );
}
