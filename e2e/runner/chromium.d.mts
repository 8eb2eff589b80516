// Types of chromium.mjs for the journeys that start a browser of their own (a persistent profile).
export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
export declare function ensureChromium(): string | null;
