import { useId, useState, type FocusEvent, type ReactNode } from 'react';
import type { Person } from '@shared/schemas/people';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useDebounced } from '@web/lib/use-debounced';
import { useListboxKeys } from '@web/lib/use-listbox-keys';
import { usePeopleToPick } from '@web/lib/people-pages';
import { FaceCrop } from './face-crop';
import { ListFooter } from './person-combobox-parts';

const DEBOUNCE_MS = 250;

/** What the owner picked: one of their people (named or not), or a typed name (a new person, or theirs of that name). */
export type PersonChoice = { person: Person } | { name: string };

const messages = defineMessages({
  photos: { id: 'common.personCombobox.photos', defaultMessage: '{count, plural, one {# photo} other {# photos}}' },
  unnamed: {
    id: 'common.personCombobox.unnamed',
    defaultMessage: 'Someone not yet named, in {count, plural, one {# photo} other {# photos}}',
  },
});
const photos = (count: number) => activeIntl().formatMessage(messages.photos, { count });
export const describePerson = (person: Person) => person.name ?? activeIntl().formatMessage(messages.unnamed, { count: person.faceCount });

/**
 * A combobox of every one of the owner's people, at any library size: typing asks the server for the named people
 * whose name holds the text; below them the people not yet named, shown by their face. The input keeps focus,
 * arrow keys move through the options, Enter picks one, Escape closes the list (the ARIA combobox pattern, as
 * the search dialog does it). The list opens in the page's flow, so it fits a phone's width.
 */
export function PersonCombobox({
  label,
  choice,
  onChoiceChange,
  allowNew = false,
  excludeId,
  autoFocus,
  actions,
}: {
  label: string;
  choice: PersonChoice | null;
  onChoiceChange: (choice: PersonChoice | null) => void;
  /** Offer the typed text as a new person's name. */
  allowNew?: boolean;
  /** Left out of the list: the person being merged. */
  excludeId?: number;
  autoFocus?: boolean;
  /** The form's buttons, beside the box and above the list, so opening or closing the list never moves them. */
  actions?: ReactNode;
}) {
  const [text, setText] = useState(choice && 'name' in choice ? choice.name : (choice?.person.name ?? ''));
  const [open, setOpen] = useState(false);
  const intl = useIntl();
  const [asked, setAsked] = useState(false);
  const inputId = useId();
  const typed = useDebounced(text.trim(), DEBOUNCE_MS);
  const named = usePeopleToPick(typed ? { q: typed } : { named: true }, asked);
  const unnamed = usePeopleToPick({ named: false }, asked);

  const shown = (pages: typeof named) =>
    (pages.data?.pages ?? []).flatMap((page) => page.items).filter((p) => !p.hidden && p.id !== excludeId);
  const namedPeople = shown(named);
  const unnamedPeople = shown(unnamed);
  const newName = text.trim();
  const offerNew = allowNew && newName !== '' && !namedPeople.some((p) => p.name?.toLowerCase() === newName.toLowerCase());

  const options: { key: string; value: PersonChoice }[] = [
    ...namedPeople.map((person) => ({ key: `p${person.id}`, value: { person } })),
    ...(offerNew ? [{ key: 'new', value: { name: newName } }] : []),
    ...unnamedPeople.map((person) => ({ key: `p${person.id}`, value: { person } })),
  ];

  const show = () => {
    setOpen(true);
    setAsked(true);
  };
  const { activeKey, setActiveKey, inputProps, listboxProps, optionProps } = useListboxKeys({
    options,
    chosenKey: choice && 'person' in choice ? `p${choice.person.id}` : undefined,
    open,
    onOpen: show,
    onPick: (next) => {
      onChoiceChange(next);
      setText('name' in next ? next.name : (next.person.name ?? ''));
      setOpen(false);
    },
    onClose: () => setOpen(false),
  });
  // the list closes when focus leaves the box (its own "Show more" buttons keep it open)
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  const option = (key: string, next: PersonChoice, accessibleName: string, children: ReactNode, className: string) => (
    <div
      key={key}
      {...optionProps(key, next)}
      aria-label={accessibleName}
      className={cn('cursor-pointer rounded-md', key === activeKey && 'bg-accent ring-2 ring-ring', className)}
    >
      {children}
    </div>
  );

  const searching = text.trim() !== typed || named.isFetching;
  return (
    <div className="grid min-w-0 gap-2" onBlur={onBlur}>
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          {...inputProps}
          id={inputId}
          autoFocus={autoFocus}
          placeholder={intl.formatMessage({ id: 'common.personCombobox.placeholder', defaultMessage: 'Type a name, or choose a face' })}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActiveKey(undefined);
            onChoiceChange(event.target.value.trim() ? { name: event.target.value } : null);
            show();
          }}
          onFocus={show}
          onClick={show}
          className="min-w-40 flex-1"
        />
        {actions}
      </div>
      {choice && 'person' in choice && !open && (
        <div className="flex items-center gap-2 text-sm" aria-live="polite">
          <FaceCrop src={choice.person.coverUrl} box={choice.person.coverBox} className="size-8" />
          {intl.formatMessage(
            { id: 'common.personCombobox.chosen', defaultMessage: 'Chosen: {person}' },
            { person: describePerson(choice.person) },
          )}
        </div>
      )}
      <div hidden={!open} className="max-h-80 overflow-y-auto rounded-md border bg-card p-2">
        <div
          {...listboxProps}
          aria-label={intl.formatMessage({ id: 'common.personCombobox.listLabel', defaultMessage: 'People to choose from' })}
          className="grid gap-3"
        >
          {(namedPeople.length > 0 || offerNew) && (
            <div
              role="group"
              aria-label={
                typed
                  ? intl.formatMessage({ id: 'common.personCombobox.namesWith', defaultMessage: 'Names with “{typed}”' }, { typed })
                  : intl.formatMessage({ id: 'common.personCombobox.named', defaultMessage: 'Named people' })
              }
              className="grid gap-1"
            >
              {namedPeople.map((person) =>
                option(
                  `p${person.id}`,
                  { person },
                  describePerson(person),
                  <>
                    <FaceCrop src={person.coverUrl} box={person.coverBox} className="size-8" />
                    <span className="truncate">{person.name}</span>
                  </>,
                  'flex items-center gap-2 px-2 py-1.5 text-sm',
                ),
              )}
              {offerNew &&
                option(
                  'new',
                  { name: newName },
                  intl.formatMessage({ id: 'common.personCombobox.newPerson', defaultMessage: 'New person: {name}' }, { name: newName }),
                  intl.formatMessage(
                    { id: 'common.personCombobox.newPersonQuoted', defaultMessage: 'New person: “{name}”' },
                    { name: newName },
                  ),
                  'px-2 py-2 text-sm font-medium',
                )}
            </div>
          )}
          {unnamedPeople.length > 0 && (
            <div
              role="group"
              aria-label={intl.formatMessage({ id: 'common.personCombobox.unnamedGroup', defaultMessage: 'Not yet named' })}
              className="grid gap-1"
            >
              <span aria-hidden="true" className="px-2 text-xs font-semibold text-muted-foreground">
                {intl.formatMessage({ id: 'common.personCombobox.unnamedGroup', defaultMessage: 'Not yet named' })}
              </span>
              <div className="flex flex-wrap gap-1">
                {unnamedPeople.map((person) =>
                  option(
                    `p${person.id}`,
                    { person },
                    describePerson(person),
                    <>
                      <FaceCrop src={person.coverUrl} box={person.coverBox} className="size-14" />
                      <span aria-hidden="true" className="text-xs text-muted-foreground">
                        {photos(person.faceCount)}
                      </span>
                    </>,
                    'grid w-20 justify-items-center gap-1 p-1',
                  ),
                )}
              </div>
            </div>
          )}
        </div>
        <ListFooter
          named={named}
          unnamed={unnamed}
          message={
            named.isError || unnamed.isError
              ? intl.formatMessage({ id: 'common.personCombobox.failed', defaultMessage: 'Could not load your people. Please try again.' })
              : searching || named.isPending || unnamed.isPending
                ? intl.formatMessage({ id: 'common.personCombobox.looking', defaultMessage: 'Looking…' })
                : typed && namedPeople.length === 0
                  ? intl.formatMessage(
                      { id: 'common.personCombobox.noneNamed', defaultMessage: 'No one is named like “{typed}” yet.' },
                      { typed },
                    )
                  : options.length === 0
                    ? intl.formatMessage({ id: 'common.personCombobox.empty', defaultMessage: 'No people yet.' })
                    : ''
          }
        />
      </div>
    </div>
  );
}
