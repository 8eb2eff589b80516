// Types of paths.mjs for the journeys that read the build they run against.
export declare const ROOT: string;
export declare const WEB_DIST: string;
export declare const WEB_INDEX: string;
