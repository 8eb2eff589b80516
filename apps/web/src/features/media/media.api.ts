import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Image, PhotoList } from '@motema/shared/media';
import type { Me } from '@motema/shared/users';
import { api, uploadForm, type UploadOptions } from '../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';

export const mediaKeys = {
  all: ['media'] as const,
  photos: () => [...mediaKeys.all, 'photos'] as const,
};

/** The member's own photos (GET /api/photos). */
export function usePhotosQuery(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: mediaKeys.photos(),
    queryFn: () => api<PhotoList>('/photos'),
    enabled: options.enabled,
  });
}

/** POST /api/photos as multipart (field `file`), with its progress (see `uploadForm`). */
export async function uploadPhoto(file: File, options: UploadOptions = {}): Promise<Image> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await uploadForm('/photos', form, options)) as Image;
}

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Uploads one photo and adds it to the member's photos. `progress` is the part sent (0 to 1) while
 * an upload runs, else null; `cancel()` stops it. Errors go through the app's one error path
 * (`meta.form`: the uploader shows them itself; 401 and offline are handled globally).
 */
export function useUploadPhotoMutation() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      controller.current = new AbortController();
      setProgress(0);
      return uploadPhoto(file, { onProgress: setProgress, signal: controller.current.signal });
    },
    meta: { form: true },
    onSuccess: (image) => {
      queryClient.setQueryData<PhotoList>(mediaKeys.photos(), (list) =>
        list && !list.photos.some((photo) => photo._id === image._id)
          ? { photos: [image, ...list.photos], count: list.count + 1 }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: mediaKeys.photos() });
    },
    onSettled: () => {
      controller.current = null;
      setProgress(null);
    },
  });
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...mutation, progress, cancel };
}

/** Deletes one of the member's photos; the avatar goes with it when it was that photo. */
export function useDeletePhotoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) =>
      api<void>(`/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE' }),
    onSuccess: (_nothing, photoId) => {
      queryClient.setQueryData<PhotoList>(mediaKeys.photos(), (list) =>
        list
          ? {
              photos: list.photos.filter((photo) => photo._id !== photoId),
              count: Math.max(0, list.count - 1),
            }
          : list,
      );
      const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
      if (me?.avatar?._id === photoId) queryClient.setQueryData<Me>(ME_QUERY_KEY, { ...me, avatar: null });
      void queryClient.invalidateQueries({ queryKey: mediaKeys.photos() });
    },
  });
}

/** Makes one of the member's photos their avatar, or removes the avatar (`null`). */
export function useSetAvatarMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string | null) =>
      api<Me>('/users/avatar', { method: 'PUT', body: { photo: photoId } }),
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
