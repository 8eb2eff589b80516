import { ActionIcon, Box, Group, Textarea } from '@mantine/core';
import { IconCheck, IconSend2 } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TEXT_MAX_LENGTH, type Message } from '@motema/shared/chat';
import { memberTextProblem } from '@motema/shared/member-text';
import { AttachButton } from '../attachments/attach-button.tsx';
import { PendingFilesPreview } from '../attachments/pending-files-preview.tsx';
import { VoiceRecordButton } from '../attachments/voice-record-button.tsx';
import { ComposerBanner } from './composer-banner.tsx';
import { ComposerLength, isTooLong, LENGTH_COUNTER_FROM } from './composer-length.tsx';
import classes from '../thread/thread.module.css';
import type { Draft } from '../thread/thread-types.ts';
import type { TypingControls } from '../thread/use-typing.ts';
import { useMediaMatch } from '../../../lib/use-media-match.ts';
import { keepDraft, keptDraft } from './composer-draft.ts';

type DraftFile = Draft['files'][number];

type Props = {
  meId: string;
  /** The conversation written in: its draft is kept until sent (composer-draft.ts). */
  conversationId: string;
  replyTo: Message | null;
  onCancelReply: () => void;
  editing: Message | null;
  onCancelEdit: () => void;
  /** Hands the message over to the outbox; never waits for the network. */
  onSend: (draft: Draft) => void;
  onEdit: (message: Message, text: string) => void;
  typing: Pick<TypingControls, 'typed' | 'stopped'>;
  /** A message taken back to be edited ("review before you send"): its text goes back in the field. */
  restored?: { key: string; text: string } | null;
};

/**
 * Writes a message: an autosizing field (Enter sends where there is a keyboard, Shift+Enter makes a
 * new line), files, a voice note while the field is empty, and the reply or edit being made.
 */
export function Composer({
  meId,
  conversationId,
  replyTo,
  onCancelReply,
  editing,
  onCancelEdit,
  onSend,
  onEdit,
  typing,
  restored = null,
}: Props) {
  const { t, i18n } = useTranslation(['thread', 'validation']);
  const maxLength = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en').format(MESSAGE_TEXT_MAX_LENGTH);
  const [text, setDraft] = useState(() => keptDraft(meId, conversationId));
  const setText = (next: string) => {
    setDraft(next);
    // An edit's text is the message's own, not a draft.
    if (!editing) keepDraft(meId, conversationId, next);
  };
  const [files, setFiles] = useState<DraftFile[]>([]);
  const field = useRef<HTMLTextAreaElement>(null);
  const lengthId = useId();
  // On phones Enter makes a new line (the send button sends); with a keyboard it sends.
  const touch = useMediaMatch('(pointer: coarse)');

  // Starting an edit puts its text in the field; a reply or an edit puts the cursor there.
  const editingId = editing?._id ?? null;
  useEffect(() => {
    if (editingId) setText(editing?.text ?? '');
    // Only when another message starts being edited.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editingId]);
  useEffect(() => {
    if (!restored) return;
    setText(restored.text);
    field.current?.focus();
    // Only when another message comes back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restored?.key]);
  useEffect(() => {
    if (editingId || replyTo) field.current?.focus();
  }, [editingId, replyTo]);

  const body = text.trim();
  // The server's rule for message text (QUALITY T1), said before sending rather than after.
  const problem = body ? memberTextProblem(body, 'prose') : null;
  // Never cut: over the limit the field keeps every character and says so, and nothing is sent.
  const tooLong = isTooLong(body);
  const canSend = !problem && !tooLong && (editing ? body.length > 0 : body.length > 0 || files.length > 0);

  const submit = () => {
    if (!canSend) return;
    if (editing) {
      if (body !== editing.text) onEdit(editing, body);
      onCancelEdit();
    } else {
      onSend({ text: body, files, replyTo: replyTo?._id ?? null });
      setFiles([]);
      onCancelReply();
    }
    setText('');
    typing.stopped();
    field.current?.focus();
  };

  const cancelEdit = () => {
    onCancelEdit();
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && (editing || replyTo)) {
      event.preventDefault();
      if (editing) cancelEdit();
      else onCancelReply();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || touch) return;
    event.preventDefault();
    submit();
  };

  return (
    <Box
      component="form"
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ComposerBanner
        meId={meId}
        editing={editing}
        replyTo={replyTo}
        onCancelEdit={cancelEdit}
        onCancelReply={onCancelReply}
      />
      {files.length > 0 && !editing && (
        <Box mb={6}>
          <PendingFilesPreview
            files={files}
            onRemove={(index: number) => setFiles((current) => current.filter((_, at) => at !== index))}
          />
        </Box>
      )}
      <ComposerLength length={body.length} id={lengthId} />
      <Group gap={6} wrap="nowrap" align="flex-end">
        {!editing && (
          <AttachButton
            picked={files.length}
            onPick={(picked: DraftFile[]) => setFiles((current) => [...current, ...picked])}
          />
        )}
        <Textarea
          ref={field}
          label={t('composer.label')}
          classNames={{ label: classes.visuallyHidden }}
          placeholder={t('composer.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (!editing) typing.typed(event.currentTarget.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={typing.stopped}
          autosize
          minRows={1}
          maxRows={6}
          radius="xl"
          size="md"
          enterKeyHint={touch ? 'enter' : 'send'}
          error={
            problem
              ? t(`validation:${problem}`)
              : tooLong
                ? t('composer.tooLong', { max: maxLength })
                : undefined
          }
          aria-describedby={body.length >= LENGTH_COUNTER_FROM ? lengthId : undefined}
          style={{ flex: 1 }}
        />
        {canSend || editing || body.length > 0 ? (
          <ActionIcon
            type="submit"
            size={42}
            radius="xl"
            disabled={!canSend}
            aria-label={editing ? t('composer.save') : t('composer.send')}
          >
            {editing ? <IconCheck size={22} aria-hidden /> : <IconSend2 size={22} aria-hidden />}
          </ActionIcon>
        ) : (
          <VoiceRecordButton
            onRecorded={(file: DraftFile) => {
              onSend({ text: '', files: [file], replyTo: replyTo?._id ?? null });
              onCancelReply();
            }}
          />
        )}
      </Group>
    </Box>
  );
}
