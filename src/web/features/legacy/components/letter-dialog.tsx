import { PenLine } from 'lucide-react';
import { useId, useState } from 'react';
import {
  LEGACY_MESSAGES,
  LETTER_ATTACHMENTS_MAX_BYTES,
  LETTER_ATTACHMENTS_TOO_LARGE,
  LETTER_AUDIO_ONLY,
  LETTER_PHOTOS_MAX,
  SEALED_LETTER_MAX_BYTES,
  type Heir,
} from '@shared/schemas/legacy';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { sealLetter, type LetterContent } from '@shared/sealed-letter';
import { OwnItemPicker } from '@web/components/own-item-picker';
import { useWriteLetter } from '../api';
import { isAudioFile, LetterFiles, toLetterFiles } from './letter-files';

export const SEAL_EXPLANATION =
  'Sealed letters are encrypted in this browser before they are sent. heirloom stores only the locked letter; it opens only in a browser that has this heir’s key code. Not even the people who run this heirloom server can read it. If the key code is lost, the letter cannot be opened.';

/** "Write a letter": plain, or sealed in this browser for the heir's key code (decision 027). */
export function LetterDialog({ heir }: { heir: Heir }) {
  const canSeal = heir.hasKeyCode && heir.publicKey !== null;
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [sealed, setSealed] = useState(canSeal);
  const [files, setFiles] = useState<File[]>([]);
  const [recordings, setRecordings] = useState<File[]>([]);
  const [photoIds, setPhotoIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isSealing, setIsSealing] = useState(false);
  const writeLetter = useWriteLetter();
  const titleId = useId();
  const bodyId = useId();
  const sealId = useId();
  // A sealed letter carries every picked file; a plain one its sound only (decision 039). Recordings go with both.
  const attached = [...files, ...recordings];
  const total = attached.reduce((sum, file) => sum + file.size, 0);

  function onOpenChange(next: boolean) {
    setOpen(next);
    setTitle('');
    setBody('');
    setSealed(canSeal);
    setFiles([]);
    setRecordings([]);
    setPhotoIds([]);
    setError(null);
  }

  async function send() {
    if (!title.trim()) return setError('Title is required');
    if (!body.trim()) return setError('Write the letter');
    if (total > LETTER_ATTACHMENTS_MAX_BYTES) return setError(LETTER_ATTACHMENTS_TOO_LARGE);
    if (!sealed && !files.every(isAudioFile)) return setError(LETTER_AUDIO_ONLY);
    setError(null);
    const done = {
      onSuccess: () => {
        onOpenChange(false);
        toast({
          title: sealed ? 'Letter sealed and saved' : 'Letter saved',
          description: `${heir.name} receives it after your death; change when under “What ${heir.name} receives”.`,
        });
      },
      onError: (err: unknown) =>
        toast({ variant: 'destructive', title: 'Failed to save the letter', description: errorMessage(err, 'An error occurred') }),
    };
    setIsSealing(true);
    try {
      const attachments = await toLetterFiles(attached);
      if (!sealed) {
        const plain = { heirId: heir.id, title: title.trim(), body: body.trim(), photoIds };
        writeLetter.mutate(attachments.length > 0 ? { ...plain, attachments } : plain, done);
        return;
      }
      const content: LetterContent = { body, attachments };
      const sealedLetter = await sealLetter(content, heir.publicKey!);
      if (sealedLetter.ciphertext.length > Math.ceil((SEALED_LETTER_MAX_BYTES * 4) / 3)) {
        setError(`${LETTER_ATTACHMENTS_TOO_LARGE} The letter with its files must fit in 12 MB once sealed.`);
        return;
      }
      writeLetter.mutate({ heirId: heir.id, title: title.trim(), sealed: sealedLetter }, done);
    } catch {
      setError(sealed ? 'The letter could not be sealed in this browser.' : 'The attached files could not be read in this browser.');
    } finally {
      setIsSealing(false);
    }
  }

  const busy = isSealing || writeLetter.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Write a letter to ${heir.name}`}>
          <PenLine aria-hidden="true" />
          Write a letter
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{`A letter to ${heir.name}`}</DialogTitle>
          <DialogDescription>{heir.name} receives it when you release it to them.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={titleId}>Title</Label>
            <Input id={titleId} value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={bodyId}>Letter</Label>
            <Textarea id={bodyId} rows={8} value={body} onChange={(e) => setBody(e.target.value)} />
          </div>
          <div className="grid gap-2 rounded-md border p-3">
            <label htmlFor={sealId} className="flex items-center gap-2 text-sm font-medium">
              <input id={sealId} type="checkbox" checked={sealed} disabled={!canSeal} onChange={(e) => setSealed(e.target.checked)} />
              Seal this letter
            </label>
            <p className="text-xs text-muted-foreground">{canSeal ? SEAL_EXPLANATION : LEGACY_MESSAGES.noKeyCode}</p>
          </div>
          <LetterFiles
            sealed={sealed}
            picked={files}
            onPickedChange={setFiles}
            recordings={recordings}
            onRecordingsChange={setRecordings}
            disabled={busy}
          />
          {!sealed && (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Photos from your gallery (optional)</legend>
              <OwnItemPicker
                kind="photo"
                enabled={open && !sealed}
                mode="many"
                selected={new Set(photoIds)}
                onToggle={(id) => setPhotoIds((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]))}
                label="Gallery photos"
                empty="No photos in your gallery yet."
                max={LETTER_PHOTOS_MAX}
              />
            </fieldset>
          )}
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void send()} disabled={busy}>
            {busy ? 'Saving...' : sealed ? 'Seal and save' : 'Save letter'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
