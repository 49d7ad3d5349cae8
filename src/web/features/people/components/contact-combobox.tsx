import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FocusEvent } from 'react';
import type { Contact } from '@shared/schemas/contacts';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { useIntl } from '@web/lib/i18n/use-intl';
import { queryKeys } from '@web/lib/query-keys';
import { useDebounced } from '@web/lib/use-debounced';
import { useListboxKeys } from '@web/lib/use-listbox-keys';
import { CONTACTS_TO_PICK, useContactsToPick, useLinkedContact } from '../api';

const DEBOUNCE_MS = 250;
const NONE = 'none';

export const contactName = (contact: Contact) => [contact.firstName, contact.lastName].filter(Boolean).join(' ');

/**
 * The contact a person is, chosen by typing: the server is asked for the contacts whose name holds the text, and at
 * most one page of them is shown (a contact book of thousands never fills the page). The same ARIA combobox as the
 * person combobox: the input keeps focus, arrow keys move, Enter picks, Escape closes the list.
 */
export function ContactCombobox({
  contactId,
  disabled,
  onPick,
}: {
  contactId: number | null;
  disabled?: boolean;
  /** The contact picked, or null for "Not one of my contacts". */
  onPick: (contactId: number | null) => void;
}) {
  const intl = useIntl();
  const notAContact = intl.formatMessage({ id: 'people.contact.none', defaultMessage: 'Not one of my contacts' });
  const linked = useLinkedContact(contactId);
  const linkedName = contactId !== null && linked.data ? contactName(linked.data) : '';
  /** What the owner typed; null while they are not typing (the box shows the linked contact). */
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const inputId = useId();
  const typed = useDebounced((text ?? '').trim(), DEBOUNCE_MS);
  const found = useContactsToPick(typed, open);
  const contacts = found.data?.items ?? [];

  const options: { key: string; value: number | null }[] = [
    { key: NONE, value: null },
    ...contacts.map((contact) => ({ key: `c${contact.id}`, value: contact.id })),
  ];

  const close = () => {
    setOpen(false);
    setText(null);
  };
  const queryClient = useQueryClient();
  const { activeKey, setActiveKey, inputProps, listboxProps, optionProps } = useListboxKeys({
    options,
    chosenKey: contactId === null ? NONE : `c${contactId}`,
    open,
    onOpen: () => setOpen(true),
    onPick: (id) => {
      close();
      // the box shows the picked contact's name at once, without asking for it again
      const picked = contacts.find((contact) => contact.id === id);
      if (picked) queryClient.setQueryData(queryKeys.contacts.detail(picked.id), picked);
      if (id !== contactId) onPick(id);
    },
    onClose: close,
  });
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    close();
    setActiveKey(undefined);
  };

  const option = (key: string, id: number | null, name: string) => (
    <div
      key={key}
      {...optionProps(key, id)}
      className={cn('cursor-pointer truncate rounded-md px-2 py-1.5 text-sm', key === activeKey && 'bg-accent ring-2 ring-ring')}
    >
      {name}
    </div>
  );
  const group = (label: string, relationship: Contact['relationship']) => {
    const members = contacts.filter((contact) => contact.relationship === relationship);
    return (
      members.length > 0 && (
        <div role="group" aria-label={label} className="grid gap-1">
          <span aria-hidden="true" className="px-2 text-xs font-semibold text-muted-foreground">
            {label}
          </span>
          {members.map((contact) => option(`c${contact.id}`, contact.id, contactName(contact)))}
        </div>
      )
    );
  };

  const searching = (text ?? '').trim() !== typed || found.isFetching;
  return (
    <div className="grid min-w-0 gap-2" onBlur={onBlur}>
      <Label htmlFor={inputId}>{intl.formatMessage({ id: 'people.contact.label', defaultMessage: 'Contact' })}</Label>
      <Input
        {...inputProps}
        id={inputId}
        disabled={disabled}
        placeholder={notAContact}
        value={text ?? linkedName}
        onChange={(event) => {
          setText(event.target.value);
          setActiveKey(undefined);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
      />
      <div hidden={!open} className="max-h-80 overflow-y-auto rounded-md border bg-card p-2">
        <div
          {...listboxProps}
          aria-label={intl.formatMessage({ id: 'people.contact.list', defaultMessage: 'Contacts to choose from' })}
          className="grid gap-2"
        >
          {option(NONE, null, notAContact)}
          {group(intl.formatMessage({ id: 'people.contact.family', defaultMessage: 'Family' }), 'family')}
          {group(intl.formatMessage({ id: 'people.contact.friends', defaultMessage: 'Friends' }), 'friend')}
        </div>
        <p role="status" className="mt-2 px-2 text-sm text-muted-foreground">
          {found.isError
            ? intl.formatMessage({ id: 'people.contact.failed', defaultMessage: 'Could not load your contacts. Please try again.' })
            : searching || found.isPending
              ? intl.formatMessage({ id: 'people.contact.looking', defaultMessage: 'Looking…' })
              : typed && contacts.length === 0
                ? intl.formatMessage(
                    { id: 'people.contact.noMatch', defaultMessage: 'No contact is named like “{text}”.' },
                    { text: typed },
                  )
                : found.data?.nextCursor
                  ? intl.formatMessage(
                      {
                        id: 'people.contact.firstShown',
                        defaultMessage: 'The first {count} are shown: type more of a name to find the others.',
                      },
                      { count: String(CONTACTS_TO_PICK) },
                    )
                  : ''}
        </p>
      </div>
    </div>
  );
}
