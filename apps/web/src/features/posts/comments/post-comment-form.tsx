import { ActionIcon, CloseButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { COMMENT_TEXT_MAX_LENGTH } from '@motema/shared/posts';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../ui/member-text.tsx';
import { errorText } from '../../../lib/error-text.ts';

type Props = {
  /** Sends the text; resolves once stored (the field then empties), rejects with the refusal. */
  onSend: (text: string) => Promise<unknown>;
  sending: boolean;
  /** Answering a comment: its author's name, and how to stop answering. */
  replyTo?: { name: string; onCancel: () => void } | null;
  initial?: string;
  label?: string;
  autoFocus?: boolean;
};

/** Writes a comment, a reply or a comment's new text; a refusal shows under the field. */
export function CommentForm({ onSend, sending, replyTo, initial = '', label, autoFocus }: Props) {
  const { t } = useTranslation(['posts', 'errors', 'validation']);
  const [text, setText] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  // A text to edit is written on from its end: a field focused as it appears has its caret at the start.
  useEffect(() => {
    const length = field.current?.value.length ?? 0;
    if (autoFocus && length > 0) field.current?.setSelectionRange(length, length);
    // Only as the field appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setFailure(t('validation:comment_empty'));
    setFailure(null);
    onSend(trimmed).then(
      () => setText(''),
      (error: unknown) => setFailure(errorText(error, t)),
    );
  };

  return (
    // method="dialog": on a post painted by the server, sent before any script ran, the comment stays as
    // typed instead of reloading the page empty (as the sign-in form's: login-page.tsx).
    <form method="dialog" onSubmit={submit} noValidate>
      <Stack gap={4}>
        {replyTo && (
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed" truncate="end">
              {t('comments.replyingTo', { name: isolate(replyTo.name) })}
            </Text>
            <CloseButton size="sm" onClick={replyTo.onCancel} aria-label={t('comments.cancelReply')} />
          </Group>
        )}
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Textarea
            ref={field}
            style={{ flex: 1 }}
            aria-label={label ?? t('comments.write')}
            placeholder={label ?? t('comments.write')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter sends on a keyboard; Shift+Enter makes a new line.
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={COMMENT_TEXT_MAX_LENGTH}
            autoFocus={autoFocus}
            error={failure}
          />
          <ActionIcon type="submit" size={42} radius="xl" loading={sending} aria-label={t('comments.send')}>
            <IconSend size={20} aria-hidden />
          </ActionIcon>
        </Group>
      </Stack>
    </form>
  );
}
