import { describe, expect, it, vi, afterEach } from 'vitest';
import { appLinks } from '../app-links.ts';
import { ANDROID_INFO, IOS_INFO, fakeShellPlugins, shellRouter } from './native-fixtures.ts';
import { appPathOf } from './app-links.ts';
import { startNativeShell, stopFollowingServerMedia } from './start.ts';

// A worker's test files share one document: the media follower of a started shell stops with its test.
afterEach(stopFollowingServerMedia);

const at = (router: ReturnType<typeof shellRouter>) => {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
};

describe('links the system opens the app with', () => {
  it('go to the path after the domain while the app runs (appUrlOpen)', async () => {
    const plugins = fakeShellPlugins();
    const router = shellRouter(['/home']);
    await startNativeShell(router, plugins.asPlugins());
    plugins.app.emit('appUrlOpen', { url: 'https://motema.app/profile/u-42?tab=posts#top' });
    await vi.waitFor(() => expect(at(router)).toBe('/profile/u-42?tab=posts#top'));
    plugins.app.emit('appUrlOpen', { url: 'https://motema.app/reset-password?token=abc' });
    await vi.waitFor(() => expect(at(router)).toBe('/reset-password?token=abc'));
  });

  it('go to the path of the link that started the app (a cold start), once', async () => {
    const plugins = fakeShellPlugins({ launchUrl: 'https://motema.app/zones/z-7' });
    // Android also keeps the link's appUrlOpen until the first listener.
    plugins.app.emit('appUrlOpen', { url: 'https://motema.app/zones/z-7' });
    const router = shellRouter(['/']);
    await startNativeShell(router, plugins.asPlugins());
    await vi.waitFor(() => expect(at(router)).toBe('/zones/z-7'));
    await router.navigate(-1);
    expect(at(router)).toBe('/');
  });

  it('open nothing for what is not a link', async () => {
    const plugins = fakeShellPlugins({ launchUrl: 'not a url' });
    const router = shellRouter(['/home']);
    await startNativeShell(router, plugins.asPlugins());
    plugins.app.emit('appUrlOpen', { url: '' });
    expect(at(router)).toBe('/home');
    expect(appPathOf('https://motema.app')).toBe('/');
    expect(appPathOf('https://motema.app//evil.example/x')).toBeNull();
  });
});

describe('a tapped notification', () => {
  it('opens the path its data carries, a path of the app only', async () => {
    const plugins = fakeShellPlugins();
    await startNativeShell(shellRouter(), plugins.asPlugins());
    const open = vi.fn();
    const stop = appLinks.listen(open);
    plugins.push.emit('pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: '1', data: { url: '/conversations/c-1' } },
    });
    plugins.push.emit('pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: '2', data: { url: 'https://elsewhere.example/' } },
    });
    expect(open.mock.calls).toEqual([['/conversations/c-1']]);
    stop();
    await vi.waitFor(() => expect(plugins.push.listening('pushNotificationActionPerformed')).toBe(0));
  });
});

describe('the back button', () => {
  it('goes one page back in the app', async () => {
    const plugins = fakeShellPlugins();
    const router = shellRouter(['/home', '/settings', '/settings/notifications']);
    await startNativeShell(router, plugins.asPlugins());
    plugins.app.emit('backButton', { canGoBack: true });
    await vi.waitFor(() => expect(at(router)).toBe('/settings'));
    expect(plugins.app.exitApp).not.toHaveBeenCalled();
  });

  it('leaves the app at home, and with no page behind', async () => {
    const plugins = fakeShellPlugins();
    const router = shellRouter(['/settings', '/home']);
    await startNativeShell(router, plugins.asPlugins());
    plugins.app.emit('backButton', { canGoBack: true });
    expect(plugins.app.exitApp).toHaveBeenCalledTimes(1);
    expect(at(router)).toBe('/home');

    const alone = fakeShellPlugins();
    await startNativeShell(shellRouter(['/zones/z-7']), alone.asPlugins());
    alone.app.emit('backButton', { canGoBack: false });
    expect(alone.app.exitApp).toHaveBeenCalledTimes(1);
  });
});

describe('the status bar', () => {
  it('takes the brand’s colour, light text on it, where Android draws its background (before 15)', async () => {
    const plugins = fakeShellPlugins({ info: { ...ANDROID_INFO, osVersion: '14', androidSDKVersion: 34 } });
    await startNativeShell(shellRouter(), plugins.asPlugins());
    expect(plugins.statusBar.setBackgroundColor).toHaveBeenCalledWith({ color: '#E0474C' });
    expect(plugins.statusBar.setStyle).toHaveBeenCalledWith({ style: 'DARK' });
  });

  it('follows the system’s scheme where the page shows under it (Android 15 and later, iOS)', async () => {
    for (const info of [ANDROID_INFO, IOS_INFO]) {
      const plugins = fakeShellPlugins({ info });
      await startNativeShell(shellRouter(), plugins.asPlugins());
      expect(plugins.statusBar.setBackgroundColor).not.toHaveBeenCalled();
      expect(plugins.statusBar.setStyle).toHaveBeenCalledWith({ style: 'DEFAULT' });
    }
  });
});
