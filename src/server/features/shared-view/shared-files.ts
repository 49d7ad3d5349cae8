// The names a share hands files out under. Without "Include places" a file keeps its type and name: pictures,
// sound and video lose only their places (lib/place-free-copies.ts); a gallery video may go as its playable
// MP4 copy instead.

/** `name.mov` → `name.mp4` when the copy changed format. */
export function withExtension(fileName: string, ext: string): string {
  const stem = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const current = /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1]?.toLowerCase();
  if (current === ext || (current === 'jpeg' && ext === 'jpg') || (current === 'tif' && ext === 'tiff')) return fileName;
  return `${stem || 'image'}.${ext}`;
}
