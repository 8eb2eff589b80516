import { describe, expect, it } from 'vitest';
import { rulesFiredOn } from './test/lint-planted.ts';

const FEATURE = 'apps/server/src/features/chat';
const lines = (count: number) =>
  Array.from({ length: count }, (_, i) => `export const line${i} = ${i};`).join('\n');

// Each case plants one violation of a house rule, and shows the allowed way passing the same rule.
describe('the lint enforces the house rules', () => {
  it('a feature reaches another only through its service, presenter or policy', async () => {
    const planted = `import { findPhotosOf } from '../media/media.repository.ts';\nexport const f = findPhotosOf;\n`;
    expect(await rulesFiredOn(`${FEATURE}/planted.service.ts`, planted)).toContain(
      'error boundaries/dependencies',
    );
    const allowed = `import { listPhotos } from '../media/media.service.ts';\nexport const f = listPhotos;\n`;
    expect(await rulesFiredOn(`${FEATURE}/planted.service.ts`, allowed)).toEqual([]);
  });

  it('Drizzle runs only in repositories, policies and db/', async () => {
    const planted = `import { eq } from 'drizzle-orm';\nexport const f = eq;\n`;
    expect(await rulesFiredOn(`${FEATURE}/planted.service.ts`, planted)).toContain(
      'error house/restricted-imports',
    );
    const table = `import { users } from '../../db/schema.ts';\nexport const f = users;\n`;
    expect(await rulesFiredOn(`${FEATURE}/planted.service.ts`, table)).toContain(
      'error house/restricted-imports',
    );
    expect(await rulesFiredOn(`${FEATURE}/planted.repository.ts`, planted)).toEqual([]);
    const rowType = `import type { UserRow } from '../../db/schema.ts';\nexport type R = UserRow;\n`;
    expect(await rulesFiredOn(`${FEATURE}/planted.service.ts`, rowType)).toEqual([]);
  });

  it('lib/ is framework-free', async () => {
    const planted = `import Fastify from 'fastify';\nexport const f = Fastify;\n`;
    expect(await rulesFiredOn('apps/server/src/lib/planted.ts', planted)).toContain(
      'error house/restricted-imports',
    );
    expect(await rulesFiredOn('apps/server/src/plugins/planted.ts', planted)).toEqual([]);
  });

  it('process.env is read only in env.ts', async () => {
    const planted = 'export const port = process.env.PORT;\n';
    expect(await rulesFiredOn(`${FEATURE}/planted.service.ts`, planted)).toContain(
      'error no-restricted-properties',
    );
    expect(await rulesFiredOn('apps/server/src/env.ts', planted)).not.toContain(
      'error no-restricted-properties',
    );
  });

  it('only *-realtime.ts and *-emitters.ts reach the sockets: the rest emits on the event port', async () => {
    const planted = `import { createRealtime } from '../../realtime/server.ts';\nexport const f = createRealtime;\n`;
    expect(await rulesFiredOn(`${FEATURE}/planted.service.ts`, planted)).toContain(
      'error house/restricted-imports',
    );
    const socketIo = `import { Server } from 'socket.io';\nexport const f = Server;\n`;
    expect(await rulesFiredOn(`${FEATURE}/send/planted-batcher.ts`, socketIo)).toContain(
      'error house/restricted-imports',
    );
    expect(await rulesFiredOn(`${FEATURE}/planted-emitters.ts`, planted)).toEqual([]);
    expect(await rulesFiredOn(`${FEATURE}/planted-realtime.ts`, planted)).toEqual([]);
  });

  it('services return domain values: they never call a presenter', async () => {
    const planted = `import { presentImage } from '../media/media.presenter.ts';\nexport const f = presentImage;\n`;
    expect(await rulesFiredOn(`${FEATURE}/planted.service.ts`, planted)).toContain(
      'error house/restricted-imports',
    );
    const typeOnly = `import type { MemberView } from '../discovery/discovery.presenter.ts';\nexport type V = MemberView;\n`;
    expect(await rulesFiredOn(`${FEATURE}/planted.service.ts`, typeOnly)).toEqual([]);
    expect(await rulesFiredOn(`${FEATURE}/planted.routes.ts`, planted)).toEqual([]);
  });

  it('routes call services, never repositories', async () => {
    const planted = `import { findPhotosOf } from './planted.repository.ts';\nexport const f = findPhotosOf;\n`;
    expect(await rulesFiredOn(`${FEATURE}/planted.routes.ts`, planted)).toContain(
      'error house/restricted-imports',
    );
  });

  it('ui/ never imports features/, and the shared package imports nothing but zod', async () => {
    const fromUi = `import { ChatPage } from '../features/chat/chat-page.tsx';\nexport const f = ChatPage;\n`;
    expect(await rulesFiredOn('apps/web/src/ui/planted.tsx', fromUi)).toContain(
      'error house/restricted-imports',
    );
    const fromShared = `import { readFile } from 'node:fs';\nexport const f = readFile;\n`;
    expect(await rulesFiredOn('packages/shared/src/planted.ts', fromShared)).toContain(
      'error house/restricted-imports',
    );
    const zod = `import { z } from 'zod';\nexport const f = z;\n`;
    expect(await rulesFiredOn('packages/shared/src/planted.ts', zod)).toEqual([]);
  });

  it('files stay within 300 lines', async () => {
    expect(await rulesFiredOn(`${FEATURE}/planted.service.ts`, `${lines(301)}\n`)).toContain(
      'error max-lines',
    );
    expect(await rulesFiredOn(`${FEATURE}/planted.service.ts`, `${lines(300)}\n`)).toEqual([]);
  });

  it('test files stay within 600 lines, so that tests sharing one set-up can share a file', async () => {
    expect(await rulesFiredOn(`${FEATURE}/planted.test.ts`, `${lines(601)}\n`)).toContain('error max-lines');
    expect(await rulesFiredOn(`${FEATURE}/planted.test.ts`, `${lines(600)}\n`)).toEqual([]);
  });

  it('a component over 150 lines is flagged', async () => {
    const body = Array.from({ length: 150 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const planted = `export function Planted() {\n${body}\n  return v0;\n}\n`;
    expect(await rulesFiredOn('apps/web/src/features/chat/planted.tsx', planted)).toContain(
      'warn max-lines-per-function',
    );
  });
});
