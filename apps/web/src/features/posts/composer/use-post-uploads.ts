import type { MediaItem, MediaKind } from '@motema/shared/posts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadMedia } from '../posts.api.ts';

/** One file of the composer: its preview, its upload's progress, then the server's item. */
export type PendingUpload = {
  key: string;
  file: File;
  kind: MediaKind;
  /** An object URL of the file itself, for the preview (nothing downloaded). */
  preview: string;
  progress: number;
  item: MediaItem | null;
  /** Why it was refused: the upload's error, or the item's once the media worker gave up. */
  error: unknown;
};

let nextKey = 0;

/**
 * The composer's uploads: each file starts uploading as soon as it is chosen (the member writes the
 * text meanwhile), with its progress; removing one cancels it. The previews' object URLs are given
 * back when a file leaves or the composer closes.
 */
export function usePostUploads() {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  /** The previews' object URLs by upload, given back on leaving. */
  const previews = useRef(new Map<string, string>());
  const change = useCallback(
    (key: string, patch: Partial<PendingUpload>) =>
      setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload))),
    [],
  );

  const start = useCallback(
    (upload: PendingUpload) => {
      const controller = new AbortController();
      controllers.current.set(upload.key, controller);
      uploadMedia(upload.file, 'post', {
        signal: controller.signal,
        onProgress: (progress) => change(upload.key, { progress }),
      }).then(
        (item) => change(upload.key, { item, progress: 1 }),
        (error: unknown) => {
          if (!controller.signal.aborted) change(upload.key, { error });
        },
      );
    },
    [change],
  );

  const add = useCallback(
    (files: { file: File; kind: MediaKind }[]) => {
      const added = files.map(({ file, kind }) => ({
        key: `upload-${(nextKey += 1)}`,
        file,
        kind,
        preview: URL.createObjectURL(file),
        progress: 0,
        item: null,
        error: null,
      }));
      setUploads((list) => [...list, ...added]);
      for (const upload of added) {
        previews.current.set(upload.key, upload.preview);
        start(upload);
      }
    },
    [start],
  );

  /** Sends again a file whose upload failed for the connection or the server (the file is still here). */
  const retry = useCallback(
    (key: string) => {
      const upload = uploads.find((item) => item.key === key);
      if (!upload) return;
      change(key, { error: null, progress: 0 });
      start(upload);
    },
    [uploads, change, start],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    URL.revokeObjectURL(previews.current.get(key) ?? '');
    previews.current.delete(key);
    setUploads((list) => list.filter((upload) => upload.key !== key));
  }, []);

  /** The media worker's later word on a video or a podcast (the tile follows it). */
  const settle = useCallback(
    (key: string, item: MediaItem) => change(key, { item, error: item.status === 'failed' ? item : null }),
    [change],
  );

  useEffect(() => {
    const open = controllers.current;
    const urls = previews.current;
    return () => {
      for (const controller of open.values()) controller.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  return { uploads, add, retry, remove, settle };
}
