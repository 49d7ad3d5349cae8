import { ScanFace, Users } from 'lucide-react';
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Face, FaceBox } from '@shared/schemas/people';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useAddFace, useFaceLabel, usePhotoFaces } from '../faces-api';
import { toastWords } from '../toast-messages';
import { ChoosePerson } from './choose-person';

/** A box smaller than this (a fraction of the picture's side) is a slip of the pointer, not a face. */
const MIN_SIDE = 0.02;

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;
const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The photo viewer's picture with the faces in it (issue 29): each face's box and name, shown while the pointer
 * is over the picture or, on a phone, with the "People" button; "Add a face" draws a box (mouse or finger)
 * around someone the detector missed, then asks who it is.
 */
export function FacesOnPicture({ photoId, image, personHref }: { photoId: number; image: ReactNode; personHref: (id: number) => string }) {
  const intl = useIntl();
  const faces = usePhotoFaces(photoId);
  const add = useAddFace(photoId);
  const [isShown, setIsShown] = useState(false);
  const [isDrawing, setIsDrawing] = useState(false);
  const [drawn, setDrawn] = useState<Face | null>(null);

  const onDrawn = (box: FaceBox) =>
    add.mutate(
      { box },
      {
        onSuccess: (face) => {
          setIsDrawing(false);
          setIsShown(true);
          setDrawn(face);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage(toastWords.error),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'people.picture.addFailed', defaultMessage: 'Failed to add the face' }),
            ),
          }),
      },
    );

  return (
    <div className="group/faces relative inline-flex max-h-full max-w-full">
      {image}
      <div
        className="absolute inset-0"
        aria-label={intl.formatMessage({ id: 'people.picture.faces', defaultMessage: 'Faces in this photo' })}
        role="group"
      >
        {(faces.data ?? []).map((face) => (
          <FaceOnPicture key={face.id} face={face} isShown={isShown} personHref={personHref} />
        ))}
        {isDrawing && <DrawBox onDrawn={onDrawn} />}
      </div>
      <div className="absolute start-2 bottom-2 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" className="opacity-90" aria-pressed={isShown} onClick={() => setIsShown(!isShown)}>
          <Users aria-hidden="true" />
          {intl.formatMessage({ id: 'people.picture.people', defaultMessage: 'People' })}
        </Button>
        <Button size="sm" variant="secondary" className="opacity-90" aria-pressed={isDrawing} onClick={() => setIsDrawing(!isDrawing)}>
          <ScanFace aria-hidden="true" />
          {isDrawing
            ? intl.formatMessage({ id: 'people.picture.cancelDrawing', defaultMessage: 'Cancel drawing' })
            : intl.formatMessage({ id: 'people.picture.addFace', defaultMessage: 'Add a face' })}
        </Button>
      </div>
      {isDrawing && (
        <p className="absolute inset-x-2 top-2 rounded-md bg-background/90 p-2 text-center text-sm shadow">
          {intl.formatMessage({ id: 'people.picture.drawHint', defaultMessage: 'Draw a box around the face with the mouse or a finger.' })}
        </p>
      )}
      {drawn && (
        <div className="absolute inset-x-2 bottom-14 rounded-md bg-background p-3 shadow-lg">
          <ChoosePerson face={drawn} onDone={() => setDrawn(null)} />
        </div>
      )}
    </div>
  );
}

function FaceOnPicture({ face, isShown, personHref }: { face: Face; isShown: boolean; personHref: (id: number) => string }) {
  const label = useFaceLabel(face);
  return (
    <div
      className={cn(
        'absolute rounded-sm border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.6)]',
        !isShown && 'invisible group-hover/faces:visible', // keyboard: the People button shows them
      )}
      style={{ left: percent(face.box.x), top: percent(face.box.y), width: percent(face.box.width), height: percent(face.box.height) }}
    >
      <span className="absolute top-full left-1/2 mt-1 -translate-x-1/2 rounded bg-black/75 px-2 py-0.5 text-xs whitespace-nowrap text-white">
        {face.personId === null ? (
          label
        ) : (
          <Link to={personHref(face.personId)} className="underline-offset-2 hover:underline">
            {label}
          </Link>
        )}
      </span>
    </div>
  );
}

/** Where the pointer is, as fractions of the picture. */
function pointAt(element: HTMLElement, event: PointerEvent) {
  const rect = element.getBoundingClientRect();
  return { x: clamp((event.clientX - rect.left) / rect.width), y: clamp((event.clientY - rect.top) / rect.height) };
}

function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): FaceBox {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** Press, drag, let go: the box drawn. Touches here draw rather than scroll or turn the page. */
function DrawBox({ onDrawn }: { onDrawn: (box: FaceBox) => void }) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const [box, setBox] = useState<FaceBox | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.stopPropagation();
    event.preventDefault();
    if ('setPointerCapture' in event.currentTarget) event.currentTarget.setPointerCapture(event.pointerId);
    start.current = pointAt(event.currentTarget, event);
    setBox(null);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current) setBox(boxBetween(start.current, pointAt(event.currentTarget, event)));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    event.stopPropagation();
    const from = start.current;
    start.current = null;
    setBox(null);
    if (!from) return;
    const drawn = boxBetween(from, pointAt(event.currentTarget, event));
    if (drawn.width >= MIN_SIDE && drawn.height >= MIN_SIDE) onDrawn(drawn);
  };

  return (
    <div
      data-testid="draw-face"
      className="absolute inset-0 cursor-crosshair touch-none bg-black/10"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        start.current = null;
        setBox(null);
      }}
    >
      {box && (
        <div
          className="absolute border-2 border-dashed border-white"
          style={{ left: percent(box.x), top: percent(box.y), width: percent(box.width), height: percent(box.height) }}
        />
      )}
    </div>
  );
}
