import { Alert, Button, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import {
  IconCamera,
  IconCameraOff,
  IconClockHour4,
  IconRosetteDiscountCheckFilled,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerificationState } from '@motema/shared/verification';
import { errorText } from '../../lib/error-text.ts';
import { useSendSelfieMutation, useVerificationQuery } from './verification.api.ts';
import { useFrontCamera } from './use-front-camera.ts';

/** The pose to copy, drawn by the server: its picture and what it shows in words. */
function PoseCard({ pose }: { pose: NonNullable<VerificationState['pose']> }) {
  const { t } = useTranslation('verification');
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Image src={pose.picture} alt={t(`pose.${pose.id}`)} w={96} h={96} fit="contain" />
      <Stack gap={2}>
        <Text fw={600}>{t('copyPose')}</Text>
        <Text>{t(`pose.${pose.id}`)}</Text>
      </Stack>
    </Group>
  );
}

/** Takes the selfie with the front camera (no gallery), shows it for a retake, and sends it. */
function SelfieCapture({ pose }: { pose: NonNullable<VerificationState['pose']> }) {
  const { t } = useTranslation('verification');
  const camera = useFrontCamera();
  const send = useSendSelfieMutation();
  const [still, setStill] = useState<{ blob: Blob; url: string } | null>(null);

  useEffect(() => () => (still ? URL.revokeObjectURL(still.url) : undefined), [still]);

  const take = async () => {
    const blob = await camera.capture();
    if (blob) setStill({ blob, url: URL.createObjectURL(blob) });
  };
  const retake = () => {
    setStill(null);
    send.reset();
    void camera.start();
  };

  if (still) {
    return (
      <Stack gap="sm">
        <Image src={still.url} alt={t('preview')} radius="md" mah={420} fit="contain" />
        {send.error && <Alert color="red">{errorText(send.error, t)}</Alert>}
        <Group grow>
          <Button variant="default" onClick={retake} disabled={send.isPending}>
            {t('retake')}
          </Button>
          <Button loading={send.isPending} onClick={() => send.mutate({ pose: pose.id, selfie: still.blob })}>
            {t('send')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (camera.state === 'on') {
    return (
      <Stack gap="sm">
        <video
          ref={camera.attach}
          autoPlay
          playsInline
          muted
          aria-label={t('cameraView')}
          style={{
            width: '100%',
            maxHeight: 420,
            borderRadius: 8,
            transform: 'scaleX(-1)',
            background: '#000',
          }}
        />
        <Button leftSection={<IconCamera size={18} />} onClick={() => void take()}>
          {t('take')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {camera.error && (
        <Alert color="red" icon={<IconCameraOff size={20} />} role="alert">
          {t(`cameraError.${camera.error}`)}
        </Alert>
      )}
      <Button
        leftSection={<IconCamera size={18} />}
        loading={camera.state === 'starting'}
        onClick={() => void camera.start()}
      >
        {t('openCamera')}
      </Button>
      <Text size="sm" c="dimmed">
        {t('privacy')}
      </Text>
    </Stack>
  );
}

/** Settings > Verify your profile: the member's state, and the selfie when they may send one. */
export function VerifyPage() {
  const { t } = useTranslation('verification');
  const { data: state, error } = useVerificationQuery();

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('title')}
      </Title>
      {error && <Alert color="red">{errorText(error, t)}</Alert>}
      {!state && !error && <Loader size="sm" />}
      {state?.state === 'verified' && (
        <Alert color="blue" icon={<IconRosetteDiscountCheckFilled size={20} />}>
          {t('verified')}
        </Alert>
      )}
      {state?.state === 'pending' && (
        <Alert color="gray" icon={<IconClockHour4 size={20} />}>
          {t(state.kind === 'photo_change' ? 'pendingPhoto' : 'pending')}
        </Alert>
      )}
      {state?.pose && (
        <>
          {state.state === 'required' && <Alert color="ochre">{t('required')}</Alert>}
          {state.state === 'refused' && state.reason && (
            <Alert color="red" title={t('refused')}>
              {t(`reason.${state.reason}`)}
            </Alert>
          )}
          {state.state === 'none' && <Text>{t('intro')}</Text>}
          <PoseCard pose={state.pose} />
          <SelfieCapture key={state.pose.id} pose={state.pose} />
        </>
      )}
    </Stack>
  );
}
