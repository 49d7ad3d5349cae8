import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import type { Heir, Letter, Release, ReleaseInput } from '@shared/schemas/legacy';
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
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import type { LibraryKind } from '@web/lib/own-items';
import { OwnItemPicker } from '@web/components/own-item-picker';
import { localDayFromToday } from '@web/lib/local-day';
import { useAddRelease, useOwnCollections } from '../api';
import { birthdayAt, formatDay, localMidnightIso, TARGET_KIND_NAMES } from '../wording';

type Kind = Release['target']['kind'];
type Condition = 'after-death' | 'on-date' | 'at-age' | 'never';
const KINDS: Kind[] = ['collection', 'photo', 'memory', 'document', 'letter'];
const TARGET_FIELD = {
  collection: 'collectionId',
  photo: 'photoId',
  memory: 'memoryId',
  document: 'documentId',
  letter: 'letterId',
} as const satisfies Record<Kind, keyof ReleaseInput>;

const isPickerKind = (kind: Kind): kind is LibraryKind => kind === 'photo' || kind === 'memory' || kind === 'document';
const PICKER_LABELS: Record<LibraryKind, { label: string; empty: string }> = {
  photo: { label: 'Gallery photos', empty: 'No photos in your gallery yet.' },
  memory: { label: 'Your memories', empty: 'No memories yet.' },
  document: { label: 'Vault documents', empty: 'No documents in your vault yet.' },
};

/** Collections and letters are few: a select. Photos, memories and documents are picked with search and paging. */
function useSelectChoices(kind: Kind, open: boolean, letters: Letter[]) {
  const collections = useOwnCollections(open && kind === 'collection');
  if (kind === 'collection') return { query: collections, items: collections.data?.map((c) => ({ id: c.id, title: c.title })) };
  return { query: { isPending: false, isError: false }, items: letters.map((l) => ({ id: l.id, title: l.title })) };
}

/** The heir's age today, from a calendar date of birth (null without one). */
export function ageToday(dateOfBirth: string | null, today = new Date()): number | null {
  if (!dateOfBirth) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const hadBirthday = today.getMonth() + 1 > m || (today.getMonth() + 1 === m && today.getDate() >= d);
  return today.getFullYear() - y - (hadBirthday ? 0 : 1);
}

/** 18, or for an heir already 18 or older the next birthday: never an age already passed. */
export const defaultAge = (dateOfBirth: string | null) => String(Math.max(18, (ageToday(dateOfBirth) ?? 0) + 1));

/** "Add": one collection or item for this heir, and when it is released. */
export function AddReleaseDialog({ heir, letters }: { heir: Heir; letters: Letter[] }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<Kind>('collection');
  const [targetId, setTargetId] = useState('');
  const [condition, setCondition] = useState<Condition>('after-death');
  const [day, setDay] = useState('');
  const [age, setAge] = useState(() => defaultAge(heir.dateOfBirth));
  const [error, setError] = useState<string | null>(null);
  const addRelease = useAddRelease();
  const choices = useSelectChoices(kind, open, letters);
  const kindId = useId();
  const itemId = useId();
  const dayId = useId();
  const ageId = useId();
  const minDay = localDayFromToday(1);

  function onOpenChange(next: boolean) {
    setOpen(next);
    setKind('collection');
    setTargetId('');
    setCondition('after-death');
    setDay('');
    setAge(defaultAge(heir.dateOfBirth));
    setError(null);
  }

  const current = ageToday(heir.dateOfBirth);
  const reachedNow = current !== null && Number(age) >= 1 && Number(age) <= current;

  function add() {
    if (!targetId) return setError(`Choose the ${TARGET_KIND_NAMES[kind].toLowerCase()} to release.`);
    if (condition === 'on-date' && (!day || day < minDay)) return setError('Choose a day in the future.');
    const ageNumber = Number(age);
    if (condition === 'at-age' && !(Number.isInteger(ageNumber) && ageNumber >= 1 && ageNumber <= 120))
      return setError('Choose an age between 1 and 120.');
    if (condition === 'at-age' && reachedNow && !heir.hasKeyCode)
      return setError(`Make ${heir.name}’s key code first: without it, ${heir.name} cannot open what is released now.`);
    setError(null);
    const input: ReleaseInput = {
      heirId: heir.id,
      [TARGET_FIELD[kind]]: Number(targetId),
      condition,
      releaseAt: condition === 'on-date' ? localMidnightIso(day) : null,
      age: condition === 'at-age' ? ageNumber : null,
      ...(condition === 'at-age' && reachedNow ? { releaseNow: true } : {}),
    };
    addRelease.mutate(input, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: 'Added', description: `${heir.name} will receive it.` });
      },
      onError: (err) => toast({ variant: 'destructive', title: 'Failed to add', description: errorMessage(err, 'An error occurred') }),
    });
  }

  const conditions: { value: Condition; label: string; disabledReason?: string }[] = [
    { value: 'after-death', label: 'After my death' },
    { value: 'on-date', label: 'On a date' },
    { value: 'at-age', label: 'At an age', disabledReason: heir.dateOfBirth ? undefined : 'Needs the heir’s date of birth' },
    { value: 'never', label: 'Never' },
  ];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Add something for ${heir.name}`}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{`Add something for ${heir.name}`}</DialogTitle>
          <DialogDescription>Choose what {heir.name} receives, and when.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={kindId}>What</Label>
            <select
              id={kindId}
              className="h-10 rounded-md border border-input bg-card px-3 text-sm"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as Kind);
                setTargetId('');
              }}
            >
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {TARGET_KIND_NAMES[k]}
                </option>
              ))}
            </select>
          </div>
          {isPickerKind(kind) ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{TARGET_KIND_NAMES[kind]}</legend>
              <OwnItemPicker
                kind={kind}
                enabled={open}
                mode="one"
                selected={new Set(targetId ? [Number(targetId)] : [])}
                onToggle={(id) => setTargetId(String(id))}
                {...PICKER_LABELS[kind]}
              />
            </fieldset>
          ) : (
            <div className="grid gap-2">
              <Label htmlFor={itemId}>{TARGET_KIND_NAMES[kind]}</Label>
              <select
                id={itemId}
                className="h-10 rounded-md border border-input bg-card px-3 text-sm"
                value={targetId}
                onChange={(e) => setTargetId(e.target.value)}
                disabled={choices.query.isPending || choices.query.isError || !choices.items?.length}
              >
                <option value="">
                  {choices.query.isPending
                    ? 'Loading...'
                    : choices.query.isError
                      ? 'Failed to load your items'
                      : choices.items?.length
                        ? 'Choose one'
                        : 'Nothing here yet'}
                </option>
                {choices.items?.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.title}
                  </option>
                ))}
              </select>
            </div>
          )}
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">When</legend>
            {conditions.map((c) => (
              <label key={c.value} className="flex items-center gap-2 text-sm has-disabled:opacity-70">
                <input
                  type="radio"
                  name="release-condition"
                  checked={condition === c.value}
                  disabled={c.disabledReason !== undefined}
                  onChange={() => setCondition(c.value)}
                />
                {c.label}
                {c.disabledReason && <span className="text-xs text-muted-foreground">({c.disabledReason})</span>}
              </label>
            ))}
          </fieldset>
          {condition === 'on-date' && (
            <div className="grid gap-2">
              <Label htmlFor={dayId}>Release on</Label>
              <Input id={dayId} type="date" min={minDay} value={day} onChange={(e) => setDay(e.target.value)} />
            </div>
          )}
          {condition === 'at-age' && heir.dateOfBirth && (
            <div className="grid gap-2">
              <Label htmlFor={ageId}>Age</Label>
              <Input id={ageId} type="number" inputMode="numeric" min={1} max={120} value={age} onChange={(e) => setAge(e.target.value)} />
              {reachedNow ? (
                <p role="status" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm font-medium">
                  {`${heir.name} is ${current}: ${heir.name} receives this now, not on a later birthday.`}
                </p>
              ) : (
                Number(age) >= 1 && (
                  <p className="text-xs text-muted-foreground">On {formatDay(birthdayAt(heir.dateOfBirth, Number(age)))}</p>
                )
              )}
            </div>
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
          <Button onClick={add} disabled={addRelease.isPending}>
            {addRelease.isPending ? 'Adding...' : 'Add'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
