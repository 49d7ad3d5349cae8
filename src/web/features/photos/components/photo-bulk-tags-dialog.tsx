import { useId, useState, type FormEvent } from 'react';
import { photoBulkSchema } from '@shared/schemas/photos';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { splitTags } from './photo-edit-form';
import { photoCount } from './photo-bulk-words';

type Props = {
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  onSubmit: (tags: string[]) => void;
};

/** "Add tags" for the selected photos: comma-separated words, added to each photo's own tags. */
export function PhotoBulkTagsDialog({ count, open, onOpenChange, isPending, onSubmit }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = photoBulkSchema.shape.action.safeParse({ type: 'addTags', tags: splitTags(text) });
    if (!parsed.success || parsed.data.type !== 'addTags') {
      setError(parsed.error?.issues[0]?.message ?? 'Add at least one tag');
      return;
    }
    setError(undefined);
    onSubmit(parsed.data.tags);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add tags</DialogTitle>
            <DialogDescription>
              Adds these tags to {photoCount(count)}. Tags a photo already has are not repeated, and no tag is removed.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>New tags</Label>
            <Input
              id={inputId}
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            />
            <p id={hintId} className="text-xs text-muted-foreground">
              Separate tags with commas
            </p>
            {error && (
              <p id={errorId} className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              Save tags
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
