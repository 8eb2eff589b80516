/**
 * The build's script the service worker loads (`importScripts`) that shows web pushes and opens what a
 * tap asks (apps/web/build/push-worker.ts), beside sw.js; served without caching, as sw.js.
 */
export const PUSH_WORKER = 'push-sw.js';
