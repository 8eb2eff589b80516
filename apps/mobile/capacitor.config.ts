import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The Android and iOS shell around the web app's build (docs/mobile-app.md, decision 0048). Read by
 * `npx cap sync` (npm run mobile:sync), which copies `webDir` into both platforms.
 *
 * From configuration (the environment of `cap sync` and of the builds):
 * - MOTEMA_HOST: the server's host name, whose https links open the app. Not a setting of this file:
 *   the platforms' builds read it (Android's intent filter through Gradle's manifest placeholder,
 *   iOS's associated domains through the build setting of the same name; default motema.app), and
 *   the server publishes the matching /.well-known files.
 * - MOTEMA_SERVER_URL: when set, the shell opens the app from that server instead of from its own
 *   copy (Capacitor's `server.url`): development against a server on the local network.
 */
const serverUrl = process.env.MOTEMA_SERVER_URL;

const config: CapacitorConfig = {
  appId: 'app.motema',
  appName: 'Motema',
  webDir: '../web/dist',
  // The brand's calm neutral behind the web view while it starts (DESIGN.md, the manifest's background).
  backgroundColor: '#FFF8F5',
  server: {
    // Capacitor's default, pinned: the copy is served at https://localhost (a secure context for the
    // camera and geolocation), and another origin would lose what the web view keeps (localStorage).
    androidScheme: 'https',
    ...(serverUrl ? { url: serverUrl, cleartext: serverUrl.startsWith('http:') } : {}),
  },
  plugins: {
    // Nothing shown by iOS while the app is in front, as the web push shows nothing then: the open app
    // already shows what happened.
    PushNotifications: { presentationOptions: [] },
  },
};

export default config;
