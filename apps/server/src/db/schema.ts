// The tables of every feature, for Drizzle's typed client and drizzle-kit.
export * from './schema/users.ts';
export * from './schema/sessions.ts';
export * from './schema/one-time-codes.ts';
export * from './schema/outbox.ts';
export * from './schema/notifications.ts';
export * from './schema/media.ts';
export * from './schema/discovery.ts';
export * from './schema/safety.ts';
export * from './schema/chat.ts';
export * from './schema/chat-shield.ts';
export * from './schema/billing-payments.ts';
export * from './schema/billing-passes.ts';
export * from './schema/billing-ledger.ts';
export * from './schema/posts.ts';
export * from './schema/devices.ts';
export * from './schema/zones.ts';
export * from './schema/partnership.ts';
