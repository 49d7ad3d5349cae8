import type { FaceBox } from '@shared/schemas/people';
import { cn } from '@web/lib/cn';

/**
 * A face cut out of its photo's thumbnail: the picture scaled so the face's box fills the square. The box is in
 * fractions of the picture; the detector's boxes are square in pixels, so the face keeps its shape.
 */
export function FaceCrop({ src, box, className }: { src: string | null; box: FaceBox | null; className?: string }) {
  return (
    <div className={cn('relative size-24 shrink-0 overflow-hidden rounded-full bg-muted', className)}>
      {src && box && (
        <img
          src={src}
          alt=""
          loading="lazy"
          className="absolute max-w-none"
          style={{
            width: `${100 / box.width}%`,
            height: `${100 / box.height}%`,
            left: `${(-box.x / box.width) * 100}%`,
            top: `${(-box.y / box.height) * 100}%`,
          }}
        />
      )}
    </div>
  );
}
