import { Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconMovie, IconMusic, IconPhoto, IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPLY_QUOTE_MAX_LENGTH, type ChatFileKind, type MessageQuote } from '@motema/shared/chat';
import { MemberText } from '../../../ui/member-text.tsx';
import { MessageFiles } from '../attachments/message-files.tsx';
import { DeliveryTicks } from './delivery-ticks.tsx';
import { retryCanFix } from '../composer/outbox-refusals.ts';
import { ReactionSummary } from './reactions.tsx';
import { ShieldBanner } from './shield-banner.tsx';
import { StoryReplied } from './story-replied.tsx';
import { SwipeReplyHint } from './swipe-reply-hint.tsx';
import classes from '../thread/thread.module.css';
import type { PendingFile, ThreadItem } from '../thread/thread-types.ts';
import type { MessageGestures } from './use-message-gestures.ts';

/** Settings > Verify (selfie verification): where a member a moderator asked to verify goes. */
const VERIFY_PATH = '/settings/verify';

const FILE_ICONS: Record<ChatFileKind, typeof IconPhoto> = {
  photo: IconPhoto,
  voice: IconMicrophone,
  video: IconMovie,
  audio: IconMusic,
};

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** "14:05" (or "2:05 PM") in the interface language. */
export function timeOf(iso: string, language: string): string {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' });
    timeFormats.set(language, format);
  }
  return format.format(new Date(iso));
}

type QuoteProps = { quote: MessageQuote; meId: string; onJump: (messageId: string) => void };

/** The message a reply answers, shortened; a tap scrolls to it. */
function Quote({ quote, meId, onJump }: QuoteProps) {
  const { t } = useTranslation('thread');
  const who =
    quote.sender._id === meId ? (
      t('bubble.you')
    ) : (
      <MemberText>{quote.sender.firstName ?? quote.sender.name}</MemberText>
    );
  const text = quote.text
    ? quote.text.length > REPLY_QUOTE_MAX_LENGTH
      ? `${quote.text.slice(0, REPLY_QUOTE_MAX_LENGTH)}…`
      : quote.text
    : null;
  return (
    <button
      type="button"
      className={classes.quote}
      title={t('bubble.showOriginal')}
      onClick={(event) => {
        event.stopPropagation();
        onJump(quote._id);
      }}
    >
      <Text size="xs" fw={700} c="inherit">
        {who}
      </Text>
      {quote.unsent ? (
        <Text size="sm" fs="italic" c="inherit" lineClamp={2}>
          {t('bubble.removed')}
        </Text>
      ) : (
        <Text size="sm" c="inherit" lineClamp={2}>
          {text ? (
            <MemberText>{text}</MemberText>
          ) : (
            quote.fileTypes.map((type) => t(`bubble.fileTypes.${type}`)).join(', ')
          )}
        </Text>
      )}
    </button>
  );
}

/** A file still on its way with its message: its kind, its name and how much went up. */
function PendingFiles({ files }: { files: PendingFile[] }) {
  const { t } = useTranslation('thread');
  return (
    <Stack gap={6} my={4}>
      {files.map((file) => {
        const Icon = FILE_ICONS[file.kind];
        return (
          <Box key={file.localId} miw={180}>
            <Group gap={6} wrap="nowrap">
              <Icon size={18} aria-hidden />
              <Text size="sm" c="inherit" truncate>
                {file.name}
              </Text>
            </Group>
            <Progress
              mt={4}
              size="sm"
              color="white"
              bg="rgba(0, 0, 0, 0.2)"
              value={file.fileId ? 100 : Math.round(file.progress * 100)}
              aria-label={t('bubble.uploading', { name: file.name })}
            />
          </Box>
        );
      })}
    </Stack>
  );
}

type Props = {
  item: ThreadItem;
  meId: string;
  /** Same sender as the row above, a short while before: tighter spacing. */
  grouped: boolean;
  highlighted: boolean;
  language: string;
  onJump: (messageId: string) => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** The "⋯" menu of the message, beside the bubble. */
  menu?: ReactNode;
  /** Long press and right click (the menu), swipe right (a reply): handlers and the drag under way. */
  gestures?: MessageGestures;
};

/** One message as a bubble: own ones on the right in the brand colour, with their delivery state. */
export function MessageBubble({
  item,
  meId,
  grouped,
  highlighted,
  language,
  onJump,
  onRetry,
  onDiscard,
  menu,
  gestures,
}: Props) {
  const { t } = useTranslation('thread');
  const mine = item.kind === 'pending' || item.mine;
  const message = item.kind === 'message' ? item.message : null;
  const entry = item.kind === 'pending' ? item.entry : null;
  const text = message ? message.text : entry!.text;
  const createdAt = message ? message.createdAt : entry!.createdAt;
  const unsent = message?.unsent ?? false;
  const failed = item.state === 'failed';
  // A file still going up: the member may cancel the message (its upload stops, nothing is sent).
  const waitingFile = item.state === 'sending' ? entry?.files.find((file) => !file.fileId) : undefined;
  const uploading = waitingFile && { clientId: entry!.clientId, name: waitingFile.name };
  const offset = gestures?.offset ?? 0;

  return (
    <Box
      id={message ? `message-${message._id}` : `pending-${entry!.clientId}`}
      pos="relative"
      mt={grouped ? 2 : 10}
      data-testid="thread-item"
    >
      {message?.shield && !mine && !unsent && <ShieldBanner message={message} />}
      {offset > 0 && <SwipeReplyHint offset={offset} />}
      <div
        className={classes.row}
        data-mine={mine || undefined}
        data-dragging={offset > 0 || undefined}
        style={offset > 0 ? { transform: `translateX(${offset}px)` } : undefined}
        {...gestures?.handlers}
      >
        <div
          className={classes.bubble}
          data-mine={mine || undefined}
          data-grouped={grouped || undefined}
          data-highlight={highlighted || undefined}
        >
          {unsent ? (
            <Text fs="italic" c="inherit">
              {t('bubble.removed')}
            </Text>
          ) : (
            <>
              {message?.story && <StoryReplied story={message.story} mine={mine} />}
              {message?.replyTo && <Quote quote={message.replyTo} meId={meId} onJump={onJump} />}
              {message && message.files.length > 0 && (
                <Box my={4}>
                  <MessageFiles files={message.files} mine={mine} />
                </Box>
              )}
              {entry && entry.files.length > 0 && <PendingFiles files={entry.files} />}
              {text && (
                <MemberText block className={classes.text}>
                  {text}
                </MemberText>
              )}
            </>
          )}
          <div className={classes.meta}>
            {message?.important && <IconStarFilled size={12} role="img" aria-label={t('bubble.important')} />}
            {message?.editedAt && !unsent && <span>{t('bubble.edited')}</span>}
            <time dateTime={createdAt}>{timeOf(createdAt, language)}</time>
            {mine && item.state && <DeliveryTicks state={item.state} />}
          </div>
        </div>
        {menu}
      </div>
      {message?.reactions?.length && !unsent ? (
        <ReactionSummary reactions={message.reactions} meId={meId} mine={mine} />
      ) : null}
      {uploading && (
        <Group justify="flex-end" mt={4}>
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            onClick={() => onDiscard(uploading.clientId)}
            aria-label={t('bubble.cancelUpload', { name: uploading.name })}
          >
            {t('bubble.cancel')}
          </Button>
        </Group>
      )}
      {failed && entry && (
        <Group gap="xs" justify="flex-end" mt={4}>
          <Text size="sm" c="var(--mantine-color-error)" style={{ flex: '1 1 auto', textAlign: 'end' }}>
            {entry.error
              ? t(`errors:${entry.error}`, { defaultValue: t('bubble.failed') })
              : t('bubble.failed')}
          </Text>
          {entry.error === 'verification_required' && (
            <Button size="compact-sm" variant="light" component={Link} to={VERIFY_PATH}>
              {t('bubble.verify')}
            </Button>
          )}
          {retryCanFix(entry.error) && (
            <Button size="compact-sm" variant="light" onClick={() => onRetry(entry.clientId)}>
              {t('bubble.retry')}
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => onDiscard(entry.clientId)}>
            {t('bubble.delete')}
          </Button>
        </Group>
      )}
    </Box>
  );
}
