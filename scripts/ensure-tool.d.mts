/** Makes sure `command` exists, installing Debian's `debianPackage` as root; otherwise stops with a message. */
export function ensureTool(command: string, debianPackage: string, purpose: string): void;
