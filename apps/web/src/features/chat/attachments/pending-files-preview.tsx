import { Box, CloseButton, Group, RingProgress, Text } from '@mantine/core';
import { IconMicrophone, IconMovie, IconMusic } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../thread/thread-types.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { formatBytes } from './attachment-precheck.ts';
import classes from './attachments.module.css';

type DraftFile = Draft['files'][number];

const ICONS = { voice: IconMicrophone, audio: IconMusic, video: IconMovie } as const;

/** A local preview of a picked photo (an object URL, revoked when the tile goes). */
function useObjectUrl(blob: Blob, enabled: boolean) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob, enabled]);
  return url;
}

function Tile({
  file,
  progress,
  onRemove,
}: {
  file: DraftFile;
  progress: number | undefined;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('attachments');
  const url = useObjectUrl(file.blob, file.kind === 'photo');
  const Icon = file.kind === 'photo' ? null : ICONS[file.kind];
  const detail =
    file.durationMs !== null ? formatDuration(file.durationMs) : formatBytes(file.blob.size, i18n.language);
  return (
    <Box className={classes.tile} role="listitem" aria-label={t(`kinds.${file.kind}`) + ': ' + file.name}>
      {url ? (
        <img src={url} alt="" className={classes.tileImage} />
      ) : (
        <Box className={classes.tileIcon}>
          {Icon && <Icon size={22} aria-hidden />}
          <Text size="xs" lh={1.2} ta="center">
            {detail}
          </Text>
        </Box>
      )}
      {progress !== undefined && progress < 1 && (
        <Box className={classes.tileProgress}>
          <RingProgress
            size={40}
            thickness={4}
            sections={[{ value: Math.round(progress * 100), color: 'white' }]}
            aria-label={t('pending.progress', { name: file.name, percent: Math.round(progress * 100) })}
          />
        </Box>
      )}
      <CloseButton
        size="sm"
        radius="xl"
        className={classes.tileRemove}
        aria-label={t('pending.remove', { name: file.name })}
        onClick={onRemove}
      />
    </Box>
  );
}

/**
 * The files waiting in the composer, before the message goes.
 * Props:
 * - `files`: the Draft files, in order (photos show a local thumbnail, other kinds their icon and
 *   duration or size);
 * - `onRemove(index)`: the member removed the file at this index;
 * - `progress` (optional): per file, 0..1 while uploading (a ring over the tile), aligned with `files`.
 */
export function PendingFilesPreview({
  files,
  onRemove,
  progress,
}: {
  files: DraftFile[];
  onRemove: (index: number) => void;
  progress?: readonly (number | undefined)[];
}) {
  const { t } = useTranslation('attachments');
  if (files.length === 0) return null;
  return (
    <Group gap={8} wrap="nowrap" className={classes.pendingList} role="list" aria-label={t('pending.label')}>
      {files.map((file, index) => (
        <Tile
          key={`${index}-${file.name}-${file.blob.size}`}
          file={file}
          progress={progress?.[index]}
          onRemove={() => onRemove(index)}
        />
      ))}
    </Group>
  );
}
