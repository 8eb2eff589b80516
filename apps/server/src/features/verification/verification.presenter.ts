import {
  posePicture,
  VERIFICATION_POSES,
  VERIFICATION_REFUSAL_REASONS,
  type VerificationItem,
  type VerificationPose,
  type VerificationRefusalReason,
  type VerificationState,
} from '@motema/shared/verification';
import { presentImage } from '../media/media.presenter.ts';
import type { QueueItem, VerificationStateView } from './verification.service.ts';

const asPose = (value: string | null): VerificationPose | null =>
  VERIFICATION_POSES.find((pose) => pose === value) ?? null;
const asReason = (value: string | null | undefined): VerificationRefusalReason | null =>
  VERIFICATION_REFUSAL_REASONS.find((reason) => reason === value) ?? null;
const poseView = (pose: VerificationPose | null) => (pose ? { id: pose, picture: posePicture(pose) } : null);

/** The member's own state: never the selfie, its key or who decided. */
export function presentVerificationState(view: VerificationStateView): VerificationState {
  const sendable = view.state !== 'pending' && view.state !== 'verified';
  return {
    state: view.state,
    kind: view.state === 'pending' ? (view.open?.kind ?? null) : null,
    reason: view.state === 'refused' ? asReason(view.lastDecided?.reason) : null,
    pose: sendable ? poseView(asPose(view.open?.pose ?? null)) : null,
  };
}

/** The console's URL of a pending request's selfie (staff only). */
export const selfieUrl = (requestId: string) => `/api/moderation/verifications/${requestId}/selfie`;

/** A queue item as the console shows it: the member, the pose and selfie, their profile photos. */
export function presentQueueItem(item: QueueItem): VerificationItem {
  const pose = asPose(item.pose);
  return {
    _id: item.id,
    kind: item.kind,
    member: { _id: item.userId, username: item.username, name: item.firstName ?? item.username },
    pose: poseView(pose),
    selfie: item.kind === 'selfie' ? selfieUrl(item.id) : null,
    photos: item.photos.map((photo) => ({ ...presentImage(photo), main: photo.id === item.avatarPhotoId })),
    createdAt: (item.createdAt ?? new Date(0)).toISOString(),
  };
}
