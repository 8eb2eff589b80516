/**
 * What the platform starts with the app (main.tsx): on the web, the service worker's registration,
 * apart from ./app-worker.ts because it imports the build's virtual module, which tests do not have.
 */
export { registerServiceWorker as startAppWorker } from './web/service-worker.ts';
