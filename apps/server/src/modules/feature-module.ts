import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.ts';
import type {
  ReportCases,
  ReportedContent,
  ReportedZones,
  ReportTargets,
} from '../features/safety/safety.service.ts';
import type { ChildAccounts } from '../child-accounts-port.ts';
import type { NotificationContribution } from '../notification-port.ts';
import type { AccountHook } from '../account-hooks-port.ts';
import type { PaymentHook } from '../payment-hooks-port.ts';
import type { ModerationSubject } from '../moderation-subjects-port.ts';
import type { LinkPreviewSource } from '../link-previews-port.ts';
import type { PeriodicJob } from '../jobs/periodic.ts';
import type { RateLimiter } from '../lib/rate-limiter.ts';
import type { Realtime } from '../realtime/server.ts';

/**
 * What one feature gives another without importing it (decision 0015 keeps the graph one-way): a
 * feature `provides` an implementation, another reads it from its context. Each port has exactly one
 * provider among the modules (checked when the app is built).
 */
export type FeaturePorts = {
  /** A report's post, comment or story, checked by the feature owning them (posts) for safety's routes. */
  reportTargets: ReportTargets;
  /** A report's zone, checked by the zones feature for safety's routes. */
  reportedZones: ReportedZones;
  /** A report's photo, checked by the media feature for safety's routes. */
  reportedPhotos: ReportedContent;
  /** A report's message, checked by the chat feature for safety's routes. */
  reportedMessages: ReportedContent;
  /** A report's live, checked by the lives feature for safety's routes. */
  reportedLives: ReportedContent;
  /** A partner's child accounts, from the partnership feature for discovery's GET /api/users?parent-id=. */
  childAccounts: ChildAccounts;
  /** The case a stored report merges into, from the moderation feature, in the report's transaction. */
  reportCases: ReportCases;
};

/** What a module's routes, handlers, subscribers, workers and periodic jobs are built with. */
export type FeatureContext = {
  deps: AppDeps;
  /** The members' action limits (the chat's socket, story replies, the apps' logs): one count. */
  limiter: RateLimiter;
  ports: FeaturePorts;
  log: FastifyBaseLogger;
};

export type RealtimeContext = FeatureContext & { realtime: Realtime };

/** Fastify as the app's route plugins see it: zod schemas. */
export type RouteScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The /api context: its routes answer 401 without a session unless a module lists them public. */
export const API_PREFIX = '/api';

export type FeatureRoutes = {
  /** `/api` (the authenticated context), or `''` for a route set outside it (the dev tools). */
  prefix: typeof API_PREFIX | '';
  register: (scope: RouteScope, context: FeatureContext) => Promise<unknown>;
};

/**
 * One feature as the app plugs it in (decision 0033). The app, its public-route list and its job
 * workers are built from the ordered array of modules in modules/index.ts: a new feature is a
 * folder with its `<name>.module.ts` and one line there.
 */
export type FeatureModule = {
  /** The feature's folder under features/. */
  name: string;
  /** Left out of a production app (the dev mailbox and payments). */
  onlyOutsideProduction?: boolean;
  routes?: readonly FeatureRoutes[];
  /** Its routes a visitor may call without a session, as `METHOD /api/path/:param` (decision 0018). */
  publicRoutes?: readonly string[];
  /** Its state-changing routes other sites' machines call, exempt from the origin rule (decision 0032). */
  crossOriginRoutes?: readonly string[];
  /** Socket.IO: the client events it handles and its connection listeners. */
  realtime?: (context: RealtimeContext) => void;
  /** Its subscribers of the event port: its reactions to what others did, its realtime emitters. */
  subscribers?: (context: RealtimeContext) => void;
  /** Defines its queues and starts their workers. */
  workers?: (context: FeatureContext) => Promise<void>;
  /** What this node repeats while the app runs (jobs/periodic.ts), stopped when the app closes. */
  periodic?: readonly PeriodicJob<FeatureContext>[];
  /** What it lets go of when the app closes (this node's children and their files), awaited. */
  onClose?: (context: FeatureContext) => Promise<void>;
  provides?: Partial<FeaturePorts>;
  /** The kinds of notification it owns, for the notifications feature's list and pushes (decision 0037). */
  notifications?: readonly NotificationContribution[];
  /** What it does when a payment settles or is refunded, in billing's transaction (payment-hooks-port.ts). */
  paymentHooks?: readonly PaymentHook[];
  /** What it does when an account is created or deleted, in auth's transaction (account-hooks-port.ts). */
  accountHooks?: readonly AccountHook[];
  /** The kinds of moderation subject it owns: their snapshot and removal (moderation-subjects-port.ts). */
  moderationSubjects?: readonly ModerationSubject[];
  /** The pages a shared link opens that it owns: their preview card's subject (link-previews-port.ts). */
  linkPreviews?: readonly LinkPreviewSource[];
};

/** A route plugin taking the app's deps, or the options `options` builds from the context. */
export function routes(plugin: FastifyPluginAsyncZod<AppDeps>): FeatureRoutes;
export function routes<Options extends object>(
  plugin: FastifyPluginAsyncZod<Options>,
  options: (context: FeatureContext) => Options,
  prefix?: FeatureRoutes['prefix'],
): FeatureRoutes;
export function routes<Options extends object>(
  plugin: FastifyPluginAsyncZod<Options>,
  // Only the first signature leaves it out, where Options is AppDeps.
  options: (context: FeatureContext) => Options = ({ deps }) => deps as unknown as Options,
  prefix: FeatureRoutes['prefix'] = API_PREFIX,
): FeatureRoutes {
  return {
    prefix,
    register: async (scope, context) => {
      await scope.register(plugin, options(context));
    },
  };
}
