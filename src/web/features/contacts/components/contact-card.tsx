import { Cake, Link2, Mail, MapPin, Pencil, Phone, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Contact } from '@shared/schemas/contacts';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatLongDate } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';

type ContactCardProps = {
  contact: Contact;
  onEdit: () => void;
  onDelete: () => void;
  /** Links the page adds to the card (the Family page's "Show in the tree"). */
  links?: ReactNode;
};

/** spec §2: full name, family relation (family only), then the details that are present. */
export function ContactCard({ contact, onEdit, onDelete, links }: ContactCardProps) {
  const intl = useIntl();
  const fullName = `${contact.firstName} ${contact.lastName}`.trim();
  const hasDetails = Boolean(contact.email || contact.phoneNumber || contact.address || contact.birthday || contact.notes);
  return (
    <Card aria-label={fullName} role="article">
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
        <div className="min-w-0">
          <CardTitle as="h3" className="truncate text-lg">
            {fullName}
          </CardTitle>
          {contact.relationship === 'family' && contact.familyRelation && (
            <p className="text-sm text-muted-foreground">{contact.familyRelation}</p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {contact.linkedUserId !== null && (
            <Button
              variant="secondary"
              size="sm"
              disabled
              title={intl.formatMessage({
                id: 'contacts.card.linkedTitle',
                defaultMessage: 'This person has a heirloom account and has you as a contact too',
              })}
            >
              <Link2 aria-hidden="true" />
              {intl.formatMessage({ id: 'contacts.card.linked', defaultMessage: 'Linked' })}
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            aria-label={intl.formatMessage({ id: 'contacts.card.edit', defaultMessage: 'Edit contact' })}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={intl.formatMessage({ id: 'contacts.card.delete', defaultMessage: 'Delete contact' })}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </CardHeader>
      {hasDetails && (
        <CardContent className="grid gap-2 text-sm">
          {contact.email && (
            <p className="flex items-center gap-2 break-all">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <a href={`mailto:${contact.email}`} className="hover:underline">
                {contact.email}
              </a>
            </p>
          )}
          {contact.phoneNumber && (
            <p className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              {contact.phoneNumber}
            </p>
          )}
          {contact.address && (
            <p className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              {contact.address}
            </p>
          )}
          {contact.birthday && (
            <p className="flex items-center gap-2">
              <Cake aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              {formatLongDate(contact.birthday)}
            </p>
          )}
          {contact.notes && <p className="mt-1 whitespace-pre-line text-muted-foreground">{contact.notes}</p>}
        </CardContent>
      )}
      {links && <CardContent className="flex flex-wrap gap-2 text-sm">{links}</CardContent>}
    </Card>
  );
}
