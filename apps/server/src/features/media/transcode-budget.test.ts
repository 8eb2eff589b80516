// @slow-tier transcodes with ffmpeg under a budget.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { phoneClip } from '../../test/transcode-fixtures.ts';
import {
  endedTranscode,
  processedJobs,
  processingUpload,
  settledItem,
  transcodeJobs,
} from '../../test/transcode-items.ts';
import type { EncodeBudget } from './encode-budget.ts';
import { MEDIA_TRANSCODE_QUEUE } from './transcode-jobs.ts';

/**
 * An encode past the budget its input implies is stopped and never retried (issue 25): the item ends
 * `failed` with `media_processing_too_long`, which its owner sees. The budget here is one CPU second
 * whatever the video; a 1080p clip of 10 s needs several.
 */
const ONE_CPU_SECOND: EncodeBudget = {
  baseCpuSeconds: 1,
  videoPixelsPerCpuSecond: 1e15,
  audioSecondsPerCpuSecond: 1e9,
  wallPerCpuSecond: 600,
};

describe('an encode over its budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ transcodeBudget: ONE_CPU_SECOND });
  });
  afterAll(() => t.close());

  it('is stopped by its CPU limit, ends the item failed, and is not retried', async () => {
    const clip = await phoneClip({ width: 1920, height: 1080, seconds: 10 });
    const { item, job } = await processingUpload(t, clip, { kind: 'video', sourceType: 'video/quicktime' });
    await t.jobs.send(MEDIA_TRANSCODE_QUEUE, job);
    await endedTranscode(t, item.id, 120_000);
    const row = await settledItem(t, item.id);
    expect(row).toMatchObject({ status: 'failed', error: 'media_processing_too_long', variants: [] });
    expect(await transcodeJobs(t, item.id)).toEqual([
      expect.objectContaining({
        state: 'completed',
        retryCount: 0,
        output: expect.objectContaining({ status: 'failed', error: 'media_processing_too_long' }),
      }),
    ]);
    expect(await processedJobs(t, item.id)).toEqual([
      { itemId: item.id, ownerId: item.ownerId, status: 'failed' },
    ]);
    expect(await readdir(path.join(t.mediaDir, item.folder)).catch(() => [])).toEqual([]);
  }, 180_000);
});
