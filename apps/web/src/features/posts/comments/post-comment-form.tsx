import { ActionIcon, CloseButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { COMMENT_TEXT_MAX_LENGTH } from '@motema/shared/posts';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';

type Props = {
  /** Sends the text; resolves once stored (the field then empties), rejects with the refusal. */
  onSend: (text: string) => Promise<unknown>;
  sending: boolean;
  /** What the text is for, above the field (answering a comment, editing one), and how to stop. */
  context?: { text: string; cancelLabel: string; onCancel: () => void } | null;
  initial?: string;
  label?: string;
  /** The field takes the focus as it appears, and again whenever this changes to another truthy value. */
  focusFor?: string | null;
};

/** Writes a comment, a reply or a comment's new text; a refusal shows under the field. */
export function CommentForm({ onSend, sending, context, initial = '', label, focusFor }: Props) {
  const { t } = useTranslation(['posts', 'errors', 'validation']);
  const [text, setText] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  // Written on from the end of what it holds (a text to edit, or a draft kept while the member chose
  // a comment to answer): a field focused as it appears has its caret at the start.
  useEffect(() => {
    const element = field.current;
    if (!focusFor || !element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, [focusFor]);

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
        {context && (
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed" truncate="end">
              {context.text}
            </Text>
            <CloseButton size="sm" onClick={context.onCancel} aria-label={context.cancelLabel} />
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
