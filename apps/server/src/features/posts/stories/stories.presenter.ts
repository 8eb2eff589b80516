import {
  storyMediaBaseUrl,
  type Story,
  type StoryList,
  type StoryTray,
  type StoryViewers,
} from '@motema/shared/posts';
import { presentMediaItem } from '../../media/media-items.presenter.ts';
import { presentPostMember } from '../posts.presenter.ts';
import type { StoryTrayView } from './story-tray.service.ts';
import type { StoryViewerView } from './stories.service.ts';
import type { StoryView } from './story-views.service.ts';

/** A story as its viewer sees it: how many saw it only to its author. */
export function presentStory(view: StoryView): Story {
  const { story } = view;
  return {
    _id: story.id,
    author: presentPostMember(view.author),
    media: presentMediaItem(view.item, storyMediaBaseUrl(story.id, view.item.id)),
    caption: story.caption,
    visibility: story.visibility,
    allowed: view.allowed && view.allowed.map(presentPostMember),
    seen: view.seen,
    views: view.views,
    createdAt: story.createdAt.toISOString(),
    expiresAt: story.expiresAt.toISOString(),
  };
}

export function presentStoryList(views: readonly StoryView[]): StoryList {
  return { stories: views.map(presentStory) };
}

export function presentStoryTray(tray: StoryTrayView): StoryTray {
  return {
    members: tray.map((entry) => ({
      member: presentPostMember(entry.member),
      stories: entry.stories.map(presentStory),
      unseen: entry.unseen,
    })),
  };
}

export function presentStoryViewers(viewers: readonly StoryViewerView[]): StoryViewers {
  return {
    viewers: viewers.map((viewer) => ({
      member: presentPostMember(viewer.member),
      viewedAt: viewer.viewedAt.toISOString(),
    })),
  };
}
