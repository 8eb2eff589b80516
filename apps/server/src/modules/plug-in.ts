import type { FastifyInstance } from 'fastify';
import { registerJobs } from '../jobs/register.ts';
import { startPeriodic } from '../jobs/periodic.ts';
import { PLUGIN_PUBLIC_ROUTES } from '../plugins/public-routes.ts';
import type { NotificationContribution } from '../notification-port.ts';
import type { AccountHook } from '../account-hooks-port.ts';
import type { PaymentHook } from '../payment-hooks-port.ts';
import type { ModerationSubject } from '../moderation-subjects-port.ts';
import type { LinkPreviewSource } from '../link-previews-port.ts';
import type {
  FeatureContext,
  FeatureModule,
  FeaturePorts,
  FeatureRoutes,
  RealtimeContext,
  RouteScope,
} from './feature-module.ts';

/** How the app builds itself from its modules (app.ts calls these in this order). */

export type RouteLists = { publicRoutes: ReadonlySet<string>; crossOriginRoutes: ReadonlySet<string> };

/** The public and cross-origin routes the modules list, with the plugins' own. */
/** Every module's kinds of notification, in the modules' order. */
export function notificationsOf(modules: readonly FeatureModule[]): NotificationContribution[] {
  return modules.flatMap((module) => module.notifications ?? []);
}

/** Every module's payment hooks, in the modules' order: billing's passes first, then the others'. */
export function paymentHooksOf(modules: readonly FeatureModule[]): PaymentHook[] {
  return modules.flatMap((module) => module.paymentHooks ?? []);
}

/** Every module's account hooks, in the modules' order. */
export function accountHooksOf(modules: readonly FeatureModule[]): AccountHook[] {
  return modules.flatMap((module) => module.accountHooks ?? []);
}

/** Every module's moderation subjects; a kind given twice is a mistake the app refuses to start with. */
export function moderationSubjectsOf(modules: readonly FeatureModule[]): ModerationSubject[] {
  const subjects = modules.flatMap((module) => module.moderationSubjects ?? []);
  const kinds = subjects.map((subject) => subject.kind);
  const twice = kinds.filter((kind, i) => kinds.indexOf(kind) !== i);
  if (twice.length > 0) throw new Error(`moderation subject ${twice.join(', ')} given twice`);
  return subjects;
}

/** Every module's link previews; a page given twice is a mistake the app refuses to start with. */
export function linkPreviewsOf(modules: readonly FeatureModule[]): LinkPreviewSource[] {
  const sources = modules.flatMap((module) => module.linkPreviews ?? []);
  const paths = sources.map((source) => source.path);
  const twice = paths.filter((path, i) => paths.indexOf(path) !== i);
  if (twice.length > 0) throw new Error(`link preview of ${twice.join(', ')} given twice`);
  return sources;
}

export function routeListsOf(modules: readonly FeatureModule[]): RouteLists {
  return {
    publicRoutes: new Set([...PLUGIN_PUBLIC_ROUTES, ...modules.flatMap((m) => m.publicRoutes ?? [])]),
    crossOriginRoutes: new Set(modules.flatMap((m) => m.crossOriginRoutes ?? [])),
  };
}

/** Each port from the one module that provides it; an app missing one, or given two, does not start. */
export function portsOf(modules: readonly FeatureModule[]): FeaturePorts {
  const provided = modules.flatMap((m) =>
    Object.entries(m.provides ?? {}).map(([port, value]) => ({ port, value, by: m.name })),
  );
  const ports: Partial<Record<string, unknown>> = {};
  for (const { port, value, by } of provided) {
    if (port in ports) throw new Error(`the ${port} port is provided twice (again by ${by})`);
    ports[port] = value;
  }
  const needed: (keyof FeaturePorts)[] = [
    'reportTargets',
    'reportedZones',
    'reportedPhotos',
    'reportedMessages',
    'reportedLives',
    'reportCases',
  ];
  const missing = needed.filter((port) => !(port in ports));
  if (missing.length > 0) throw new Error(`no module provides ${missing.join(', ')}`);
  return ports as FeaturePorts;
}

/** Registers the modules' route sets of `prefix` on `scope`, in the modules' order. */
export async function registerRoutes(
  scope: RouteScope,
  modules: readonly FeatureModule[],
  context: FeatureContext,
  prefix: FeatureRoutes['prefix'],
): Promise<void> {
  for (const set of modules.flatMap((m) => m.routes ?? [])) {
    if (set.prefix === prefix) await set.register(scope, context);
  }
}

/** The modules' Socket.IO handlers, then their event subscribers. */
export function plugInRealtime(modules: readonly FeatureModule[], context: RealtimeContext): void {
  for (const m of modules) m.realtime?.(context);
  for (const m of modules) m.subscribers?.(context);
}

/**
 * The app's own queues (mail, SMS), the modules' workers, then their periodic jobs, each stopped
 * when the app closes, as the modules' `onClose` are run; a failed run is logged as "<name> failed".
 */
export async function startJobs(
  app: FastifyInstance,
  modules: readonly FeatureModule[],
  context: FeatureContext,
): Promise<void> {
  await registerJobs(context.deps);
  for (const m of modules) await m.workers?.(context);
  for (const job of modules.flatMap((m) => m.periodic ?? [])) {
    const run = startPeriodic(job, context, (err, name) => app.log.error({ err }, `${name} failed`));
    app.addHook('onClose', () => run.stop());
  }
  for (const m of modules) {
    const { onClose } = m;
    if (onClose) app.addHook('onClose', () => onClose(context));
  }
}
