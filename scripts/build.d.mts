/** Builds the web app and the server bundle into $HEIRLOOM_DIST (default ./dist). */
export function build(root?: string): void;
/** True when any source file is newer than the last build (or there is no build). */
export function isStale(root?: string): boolean;
