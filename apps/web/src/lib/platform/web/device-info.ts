import { APP_BUILD, APP_VERSION, type DeviceInput } from '@motema/shared/devices';

/** What a browser says of itself: its user agent, and its client hints where it gives them (Chromium). */
export type BrowserFacts = {
  userAgent: string;
  userAgentData?: { platform?: string; mobile?: boolean; brands?: { brand: string; version: string }[] };
};

const OPERATING_SYSTEMS: [RegExp, string][] = [
  [/Android/i, 'android'],
  [/iPhone|iPad|iPod/i, 'ios'],
  [/Windows/i, 'windows'],
  [/Mac OS X|Macintosh/i, 'macos'],
  [/CrOS/i, 'chromeos'],
  [/Linux/i, 'linux'],
];
const BROWSERS: [RegExp, string][] = [
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Edg(?:A|iOS)?\/(\d+)/, 'Edge'],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, 'Firefox'],
  [/Chrome\/(\d+)|CriOS\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/, 'Safari'],
];

const first = (text: string, patterns: [RegExp, string][]) => {
  for (const [pattern, name] of patterns) {
    const found = pattern.exec(text);
    if (found) return { name, version: found.slice(1).find(Boolean) ?? '' };
  }
  return undefined;
};

/** The OS version the user agent gives (Android 14, iOS 17_4 as 17.4, Windows NT 10.0), or ''. */
function osVersionOf(userAgent: string): string {
  const found =
    /Android ([\d.]+)/.exec(userAgent) ??
    /OS (\d+(?:_\d+)*) like Mac OS X/.exec(userAgent) ??
    /Mac OS X (\d+(?:[._]\d+)*)/.exec(userAgent) ??
    /Windows NT ([\d.]+)/.exec(userAgent);
  return found?.[1]?.replaceAll('_', '.') ?? '';
}

/** Android's model (`Pixel 7` in `Android 14; Pixel 7)`), or the Apple device's kind; '' when unsaid. */
function modelOf(userAgent: string): string {
  const android = /Android [\d.]+; ([^;)]+)(?:\)| Build)/.exec(userAgent)?.[1]?.trim();
  if (android && android !== 'K') return android;
  return /iPhone|iPad|iPod/.exec(userAgent)?.[0] ?? '';
}

const APPLE = /iPhone|iPad|iPod|Macintosh/;

/**
 * The SPEC's device info of this install of the web app (POST /api/devices), from what the browser
 * tells every site anyway: no fingerprinting beyond it. A browser hiding its model (Chromium's reduced
 * user agent says `K`) leaves it empty. `isVirtual`: a browser cannot tell; false.
 */
export function deviceInfoOf(facts: BrowserFacts): Omit<DeviceInput, '_id'> {
  const { userAgent } = facts;
  const os = first(userAgent, OPERATING_SYSTEMS)?.name ?? facts.userAgentData?.platform?.toLowerCase() ?? '';
  const browser = first(userAgent, BROWSERS);
  return {
    platform: 'web',
    operatingSystem: os.slice(0, 40),
    manufacturer: APPLE.test(userAgent) ? 'Apple' : '',
    model: modelOf(userAgent).slice(0, 80),
    osVersion: osVersionOf(userAgent).slice(0, 40),
    isVirtual: false,
    webViewVersion: (browser ? `${browser.name} ${browser.version}`.trim() : '').slice(0, 80),
    app: { build: APP_BUILD, version: APP_VERSION },
  };
}
