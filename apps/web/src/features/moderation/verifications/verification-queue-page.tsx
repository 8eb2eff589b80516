import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  VERIFICATION_REFUSAL_REASONS,
  type VerificationItem,
  type VerificationRefusalReason,
} from '@motema/shared/verification';
import { errorText } from '../../../lib/error-text.ts';
import {
  useDecideVerificationMutation,
  useVerificationQueueQuery,
} from '../../verification/verification.api.ts';
import { ConsoleScreen } from '../console-screen.tsx';

/** One picture of the comparison, with its caption. */
function Picture({ src, caption }: { src: string; caption: string }) {
  return (
    <Stack gap={4} align="center">
      <Image src={src} alt={caption} radius="sm" h={180} w="100%" fit="contain" bg="gray.1" />
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Stack>
  );
}

/** A request: the selfie beside the pose asked and the member's profile photos, then the decision. */
function QueueItem({ item }: { item: VerificationItem }) {
  const { t } = useTranslation('verification');
  const decide = useDecideVerificationMutation();
  const [reason, setReason] = useState<VerificationRefusalReason>('pose_not_matching');
  const main = item.photos.find((photo) => photo.main);
  const others = item.photos.filter((photo) => !photo.main);
  const source = (photo: (typeof item.photos)[number]) => photo.sources.at(-1)?.url ?? photo.thumbnail;

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={item.member.name}>
      <Group justify="space-between" mb="sm">
        <Text fw={700}>
          {item.member.name}{' '}
          <Text span c="dimmed">
            @{item.member.username}
          </Text>
        </Text>
        <Badge variant="light">{t(`console.kind.${item.kind}`)}</Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {item.selfie && <Picture src={item.selfie} caption={t('console.selfie')} />}
        {item.pose && <Picture src={item.pose.picture} caption={t('console.pose')} />}
        {main && <Picture src={source(main)} caption={t('console.mainPhoto')} />}
        {others.map((photo) => (
          <Picture key={photo._id} src={source(photo)} caption={t('console.photo')} />
        ))}
      </SimpleGrid>
      {decide.error && (
        <Alert color="red" mt="sm">
          {errorText(decide.error, t)}
        </Alert>
      )}
      <Group mt="md" align="flex-end" wrap="wrap">
        <Button
          color="teal.9"
          loading={decide.isPending && decide.variables.decision.decision === 'approve'}
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id: item._id, decision: { decision: 'approve' } })}
        >
          {t('console.approve')}
        </Button>
        <NativeSelect
          label={t('console.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value as VerificationRefusalReason)}
          data={VERIFICATION_REFUSAL_REASONS.map((value) => ({ value, label: t(`reason.${value}`) }))}
        />
        <Button
          color="red"
          variant="light"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id: item._id, decision: { decision: 'refuse', reason } })}
        >
          {t('console.refuse')}
        </Button>
      </Group>
    </Card>
  );
}

/**
 * The console's verification queue (/moderation/verifications), oldest first: a moderator compares
 * each selfie with the pose and the profile photos, and approves or refuses it with a reason.
 */
export default function VerificationQueuePage() {
  const { t } = useTranslation('verification');
  const { data, error, isPending } = useVerificationQueueQuery();
  return (
    <ConsoleScreen title={t('console.title')}>
      {isPending && <Loader size="sm" />}
      {error && <Alert color="red">{errorText(error, t)}</Alert>}
      {data && data.items.length === 0 && <Text c="dimmed">{t('console.empty')}</Text>}
      {data?.items.map((item) => (
        <QueueItem key={item._id} item={item} />
      ))}
    </ConsoleScreen>
  );
}
