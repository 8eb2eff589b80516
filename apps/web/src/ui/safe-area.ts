/**
 * The screen's safe areas: what a phone's status bar (or notch) and home indicator cover when the page
 * is drawn under them (index.html's viewport-fit=cover: the mobile app on iOS and on Android 15 and
 * later, an installed web app on an iPhone). 0 everywhere else, so layouts add them unconditionally.
 */
export const SAFE_TOP = 'env(safe-area-inset-top, 0px)';
export const SAFE_BOTTOM = 'env(safe-area-inset-bottom, 0px)';
