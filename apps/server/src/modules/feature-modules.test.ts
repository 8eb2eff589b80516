import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ReportTargets } from '../features/safety/safety.service.ts';
import type { FeatureModule } from './feature-module.ts';
import { CROSS_ORIGIN_ROUTES, PUBLIC_ROUTES, featureModules } from './index.ts';
import { portsOf } from './plug-in.ts';

const FEATURES = fileURLToPath(new URL('../features/', import.meta.url));
const folders = readdirSync(FEATURES, { withFileTypes: true }).filter((entry) => entry.isDirectory());

describe('the feature modules (decision 0033)', () => {
  it('plug in every feature folder once, each from its <name>.module.ts', () => {
    expect(featureModules.map((m) => m.name).sort()).toEqual(folders.map((entry) => entry.name).sort());
    for (const { name } of folders) {
      expect(readdirSync(`${FEATURES}/${name}`), name).toContain(`${name}.module.ts`);
    }
  });

  it('list the public and cross-origin routes the app had before they declared them', () => {
    expect([...PUBLIC_ROUTES].sort()).toEqual(
      [
        'POST /api/auth/register',
        'POST /api/auth/confirm',
        'POST /api/auth/confirm/resend',
        'POST /api/auth/login',
        'PUT /api/users/logout',
        'POST /api/auth/password/send',
        'POST /api/auth/password/verify',
        'POST /api/auth/password/reset',
        'GET /api/users/:id',
        'GET /api/media/:photoId/:file',
        'GET /api/chat-files/:fileId/:file',
        'GET /api/posts/:id',
        'GET /api/posts/:id/comments',
        'GET /api/posts/:postId/media/:itemId/:file',
        'GET /api/zones/:id',
        'GET /api/zones/:id/cover/:file',
        'POST /api/payments/callback/flexpay/:token',
        'POST /api/withdrawals/callback/flexpay',
        'POST /api/devices',
        'POST /api/visitors',
        'GET /api/notifications/unsubscribe',
        'POST /api/notifications/unsubscribe',
        'GET /api/appeals/:token',
        'POST /api/appeals/:token',
        'GET /api/health',
        'GET /api/dev/outbox',
      ].sort(),
    );
    expect([...CROSS_ORIGIN_ROUTES].sort()).toEqual([
      'POST /api/notifications/unsubscribe',
      'POST /api/payments/callback/flexpay/:token',
      'POST /api/withdrawals/callback/flexpay',
    ]);
  });

  it('give each port one provider: an app missing one, or given two, does not start', () => {
    const targets: ReportTargets = { requireTarget: async () => {} };
    const content = { requireContent: async () => {} };
    const zones: FeatureModule = {
      name: 'zones',
      provides: {
        reportedZones: { requireZone: async () => {} },
        reportedPhotos: content,
        reportedMessages: content,
        reportedLives: content,
      },
    };
    const moderation: FeatureModule = {
      name: 'moderation',
      provides: { reportCases: { merge: async () => {} } },
    };
    const provider = (name: string): FeatureModule => ({ name, provides: { reportTargets: targets } });
    expect(portsOf([provider('posts'), zones, moderation]).reportTargets).toBe(targets);
    expect(() => portsOf([{ name: 'safety' }])).toThrow(
      'no module provides reportTargets, reportedZones, reportedPhotos, reportedMessages, reportedLives, reportCases',
    );
    expect(() => portsOf([provider('posts'), moderation])).toThrow(
      'no module provides reportedZones, reportedPhotos, reportedMessages, reportedLives',
    );
    expect(() => portsOf([provider('posts'), zones])).toThrow('no module provides reportCases');
    expect(() => portsOf([provider('posts'), provider('lives')])).toThrow(
      'the reportTargets port is provided twice (again by lives)',
    );
  });
});
