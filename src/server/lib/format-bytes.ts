// Sizes in messages the server writes ("9.8 GB of 10 GB"): 1024-based like the web's formatBytes, but short,
// for a sentence rather than a table.
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatSize(bytes: number): string {
  let unit = 0;
  let size = Math.max(0, bytes);
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  // One decimal below 100 units (9.8 GB), none above (879 KB); never "10.0".
  const shown = size < 100 ? Math.round(size * 10) / 10 : Math.round(size);
  return `${shown} ${UNITS[unit]}`;
}
