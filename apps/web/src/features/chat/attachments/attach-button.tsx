import { ActionIcon, FileButton } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_FILE_MAX_BYTES } from '@motema/shared/chat';
import { notifyError } from '../../../lib/notices.ts';
import type { Draft } from '../thread/thread-types.ts';
import { ATTACH_PICKER_ACCEPT, filesLeft, formatBytes, precheckAttachment } from './attachment-precheck.ts';
import { readMediaDuration } from './media-duration.ts';

type DraftFile = Draft['files'][number];

/**
 * The paperclip of the composer.
 * Props:
 * - `onPick(files)`: the picked files that passed the browser's checks, as Draft files (kind from the
 *   declared type, the blob, its name, the duration of audio and video when the browser can read it);
 *   files refused by the checks are left out and each gets a translated notice.
 * - `disabled`: while the composer cannot take files (editing a message, for instance).
 * - `picked` (optional): how many files the draft already holds, so a message never carries more
 *   than MESSAGE_FILES_MAX.
 */
export function AttachButton({
  onPick,
  disabled,
  picked = 0,
}: {
  onPick: (files: DraftFile[]) => void;
  disabled?: boolean;
  picked?: number;
}) {
  const { t, i18n } = useTranslation('attachments');
  const resetRef = useRef<() => void>(null);

  const pick = async (chosen: File[]) => {
    resetRef.current?.();
    const room = filesLeft(picked);
    if (chosen.length > room) notifyError(t('precheck.tooMany', { count: room }));
    const accepted: DraftFile[] = [];
    for (const file of chosen.slice(0, room)) {
      const check = precheckAttachment(file);
      if (!check.ok) {
        if (check.error === 'chat_file_too_large') {
          const kind = precheckKind(file);
          notifyError(
            t('precheck.tooLarge', {
              name: file.name,
              max: formatBytes(CHAT_FILE_MAX_BYTES[kind], i18n.language),
              kind: t(`kinds.${kind}`),
            }),
          );
        } else if (check.error === 'chat_file_missing') {
          notifyError(t('precheck.empty', { name: file.name }));
        } else {
          notifyError(t('precheck.typeUnsupported', { name: file.name }));
        }
        continue;
      }
      const durationMs = check.kind === 'photo' ? null : await readMediaDuration(file, check.kind);
      accepted.push({ kind: check.kind, blob: file, name: file.name, durationMs });
    }
    if (accepted.length > 0) onPick(accepted);
  };

  return (
    <FileButton
      onChange={(files) => void pick(files)}
      accept={ATTACH_PICKER_ACCEPT}
      multiple
      resetRef={resetRef}
    >
      {(props) => (
        <ActionIcon
          {...props}
          variant="subtle"
          size={42}
          radius="xl"
          disabled={disabled || filesLeft(picked) === 0}
          aria-label={t('attach.label')}
        >
          <IconPaperclip size={22} aria-hidden />
        </ActionIcon>
      )}
    </FileButton>
  );
}

/** The kind whose limit a too-large file passed (it has a kind, or it would not be too large). */
function precheckKind(file: File) {
  if (file.type.startsWith('image/')) return 'photo' as const;
  if (file.type.startsWith('video/')) return 'video' as const;
  return 'audio' as const;
}
