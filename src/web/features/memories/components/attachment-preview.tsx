import { FileAudio, FileImage, FileText } from 'lucide-react';
import type { Attachment } from '@shared/schemas/memories';
import { cn } from '@web/lib/cn';
import { isAudio, isDisplayableImage, isImage } from '../api';

/** A small picture of an attachment: the image itself, or an icon for audio and documents. */
export function AttachmentThumbnail({ attachment, className }: { attachment: Attachment; className?: string }) {
  if (isDisplayableImage(attachment)) {
    return (
      <img
        src={attachment.filePath}
        alt={attachment.fileName}
        loading="lazy"
        className={cn('size-12 shrink-0 rounded-md border object-cover', className)}
      />
    );
  }
  const Icon = isAudio(attachment) ? FileAudio : isImage(attachment) ? FileImage : FileText;
  return (
    <span className={cn('flex size-12 shrink-0 items-center justify-center rounded-md border bg-muted', className)}>
      <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
    </span>
  );
}

/** How a memory card shows an attachment: images as pictures, audio playable, other files as a link. */
export function AttachmentView({ attachment }: { attachment: Attachment }) {
  if (isDisplayableImage(attachment)) {
    return (
      <a href={attachment.filePath} target="_blank" rel="noreferrer" className="block">
        <img
          src={attachment.filePath}
          alt={attachment.fileName}
          loading="lazy"
          className="aspect-square w-full rounded-md border object-cover"
        />
      </a>
    );
  }
  if (isAudio(attachment)) {
    return (
      <figure className="grid gap-1 rounded-md border p-2">
        <figcaption className="truncate text-xs text-muted-foreground">{attachment.fileName}</figcaption>
        <AttachmentAudio attachment={attachment} />
      </figure>
    );
  }
  return (
    <a
      href={attachment.filePath}
      target="_blank"
      rel="noreferrer"
      className="flex aspect-square flex-col items-center justify-center gap-1 rounded-md border bg-muted p-2 text-center text-xs hover:bg-accent"
    >
      <AttachmentThumbnail attachment={attachment} className="border-0 bg-transparent" />
      <span className="line-clamp-2 break-all">{attachment.fileName}</span>
    </a>
  );
}

/**
 * The original first, then its M4A copy when the server made one (decision 040): a browser that cannot play
 * the original (WebM or Ogg in Safari before 18.4) skips to the copy, which every browser plays.
 */
export function AttachmentAudio({ attachment }: { attachment: Attachment }) {
  return (
    <audio controls preload="none" aria-label={attachment.fileName} className="w-full">
      <source src={attachment.filePath} type={attachment.mimeType} />
      {attachment.playableUrl && <source src={attachment.playableUrl} type="audio/mp4" />}
    </audio>
  );
}
