// Types of paths.mjs for the journeys that read the build they run against.
export declare const WEB_DIST: string;
