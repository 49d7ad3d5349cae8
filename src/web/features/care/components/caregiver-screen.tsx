import { HeartHandshake } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { CareView } from '@shared/schemas/care';
import type { SharedCollection } from '@shared/schemas/sharing';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { formatBytes, formatLongDate } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { tooManyTries } from '@web/lib/too-many-tries';
import { useAskCare, useCareCollection, useCareView } from '../api';

/** How a chosen collection is drawn: the route passes the shared view's own component in. */
export type RenderCareCollection = (collection: SharedCollection) => ReactNode;

const isLinkToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

function Message({ title, children, tone = 'ask' }: { title: string; children: ReactNode; tone?: 'ask' | 'error' }) {
  return (
    <Card className="w-full max-w-xl">
      <CardHeader>
        <CardTitle as="h1" className="flex items-start gap-2 text-2xl">
          <HeartHandshake aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
          {title}
        </CardTitle>
        <CardDescription role={tone === 'error' ? 'alert' : undefined} className="grid gap-2 text-base">
          {children}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

function AskForm({ token, view }: { token: string; view: CareView }) {
  const intl = useIntl();
  const ask = useAskCare(token);
  const [message, setMessage] = useState('');
  const messageId = useId();
  const owner = { name: view.ownerName };
  return (
    <Card className="w-full max-w-xl">
      <CardHeader>
        <CardTitle as="h1" className="flex items-start gap-2 text-2xl">
          <HeartHandshake aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
          {intl.formatMessage({ id: 'care.caregiver.namedYou', defaultMessage: '{name} named you a caregiver' }, owner)}
        </CardTitle>
        <CardDescription className="grid gap-2 text-base">
          <span>
            {intl.formatMessage(
              {
                id: 'care.caregiver.explanation',
                defaultMessage:
                  'If {name} cannot look after things for a while — an illness, a hospital stay — you can ask to see what they chose to show you, read-only. Nothing meant for after their death is shown.',
              },
              owner,
            )}
          </span>
          <span>
            {view.waitingDays === 0
              ? intl.formatMessage(
                  {
                    id: 'care.caregiver.waitNone',
                    defaultMessage: '{name} is e-mailed at once and can refuse. If they do not, you can see it at once.',
                  },
                  owner,
                )
              : intl.formatMessage(
                  {
                    id: 'care.caregiver.waitDays',
                    defaultMessage:
                      '{name} is e-mailed at once and can refuse. If they do not, you can see it after {days, plural, one {# day} other {# days}}.',
                  },
                  { ...owner, days: view.waitingDays },
                )}
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            ask.mutate(message.trim());
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={messageId}>
              {intl.formatMessage({ id: 'care.caregiver.message', defaultMessage: 'A message for {name} (optional)' }, owner)}
            </Label>
            <Textarea id={messageId} value={message} maxLength={1000} onChange={(e) => setMessage(e.target.value)} />
          </div>
          {ask.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {tooManyTries(ask.error) ??
                errorMessage(
                  ask.error,
                  intl.formatMessage({ id: 'care.caregiver.askFailed', defaultMessage: 'That did not work. Please try again.' }),
                )}
            </p>
          )}
          <Button type="submit" size="lg" disabled={ask.isPending}>
            {ask.isPending && <Spinner />}
            {intl.formatMessage({ id: 'care.caregiver.ask', defaultMessage: 'Ask for access' })}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function CareCollection({ url, title, render }: { url: string; title: string; render: RenderCareCollection }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const collection = useCareCollection(url, open);
  return (
    <details className="rounded-xl border bg-card p-4" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-medium">{title}</summary>
      <div className="mt-4">
        {!open ? null : collection.isPending ? (
          <Skeleton className="h-24" />
        ) : collection.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {intl.formatMessage({ id: 'care.caregiver.collectionFailed', defaultMessage: 'This collection could not be loaded.' })}
          </p>
        ) : (
          render(collection.data)
        )}
      </div>
    </details>
  );
}

function OpenView({ view, renderCollection }: { view: CareView; renderCollection: RenderCareCollection }) {
  const intl = useIntl();
  return (
    <div className="grid w-full max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold">
          {intl.formatMessage(
            { id: 'care.caregiver.openTitle', defaultMessage: 'What {name} chose to show you' },
            { name: view.ownerName },
          )}
        </h1>
        <p className="text-sm text-muted-foreground">
          {intl.formatMessage(
            { id: 'care.caregiver.openSince', defaultMessage: 'Care access is open since {date}, read-only, until {name} ends it.' },
            { name: view.ownerName, date: formatLongDate(view.openedAt) },
          )}
        </p>
      </div>
      {view.documents.length > 0 && (
        <section className="grid gap-2" aria-labelledby="care-documents">
          <h2 id="care-documents" className="text-xl font-semibold">
            {intl.formatMessage({ id: 'care.caregiver.documents', defaultMessage: 'Documents' })}
          </h2>
          <ul className="grid gap-1">
            {view.documents.map((d) => (
              <li key={d.id} className="text-sm">
                <a className="underline" href={d.url} download={d.name}>
                  {d.name}
                </a>
                <span className="text-muted-foreground">{` · ${formatBytes(d.fileSize)}`}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {view.collections.length > 0 && (
        <section className="grid gap-2" aria-labelledby="care-collections">
          <h2 id="care-collections" className="text-xl font-semibold">
            {intl.formatMessage({ id: 'care.caregiver.collections', defaultMessage: 'Collections' })}
          </h2>
          {view.collections.map((c) => (
            <CareCollection key={c.grantId} url={c.url} title={c.title} render={renderCollection} />
          ))}
        </section>
      )}
      {view.contacts.length > 0 && (
        <section className="grid gap-2" aria-labelledby="care-contacts">
          <h2 id="care-contacts" className="text-xl font-semibold">
            {intl.formatMessage({ id: 'care.caregiver.contacts', defaultMessage: 'Contacts' })}
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {view.contacts.map((c, i) => (
              <li key={i} className="grid rounded-lg border bg-card p-3 text-sm">
                <span className="font-medium">{c.name}</span>
                {c.familyRelation && <span className="text-muted-foreground">{c.familyRelation}</span>}
                {c.email && <a href={`mailto:${c.email}`}>{c.email}</a>}
                {c.phoneNumber && <a href={`tel:${c.phoneNumber}`}>{c.phoneNumber}</a>}
                {c.address && <span className="whitespace-pre-line">{c.address}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {view.documents.length + view.collections.length + view.contacts.length === 0 && (
        <p className="text-sm text-muted-foreground">
          {intl.formatMessage(
            { id: 'care.caregiver.nothing', defaultMessage: '{name} has not chosen anything to show yet.' },
            { name: view.ownerName },
          )}
        </p>
      )}
    </div>
  );
}

/** /care/<token>: a caregiver's page, to ask for care access and, once it is open, to see what the owner chose. */
export function CaregiverScreen({ token, renderCollection }: { token: string; renderCollection: RenderCareCollection }) {
  const intl = useIntl();
  const isToken = isLinkToken(token);
  const view = useCareView(token, isToken);
  const dead = (
    <Message
      title={intl.formatMessage({ id: 'care.caregiver.deadTitle', defaultMessage: 'This link does not work any more.' })}
      tone="error"
    >
      <span>
        {intl.formatMessage({
          id: 'care.caregiver.deadText',
          defaultMessage: 'It may have been turned off, or only part of it was copied.',
        })}
      </span>
    </Message>
  );
  if (!isToken) return dead;
  if (view.isPending) return <FullPageSpinner />;
  if (view.isError) {
    if (view.error instanceof ApiError && [400, 404].includes(view.error.status)) return dead;
    return (
      <Message
        title={intl.formatMessage({ id: 'care.caregiver.loadFailed', defaultMessage: 'This page could not be loaded.' })}
        tone="error"
      >
        <span>
          {tooManyTries(view.error) ??
            intl.formatMessage({ id: 'care.caregiver.loadFailedText', defaultMessage: 'Please check your connection and try again.' })}
        </span>
      </Message>
    );
  }
  const v = view.data;
  if (v.ended)
    return (
      <Message title={intl.formatMessage({ id: 'care.caregiver.endedTitle', defaultMessage: 'Care access has ended' })}>
        <span>
          {intl.formatMessage(
            { id: 'care.caregiver.endedText', defaultMessage: "{name}'s Legacy Plan has been released, so care access is over." },
            { name: v.ownerName },
          )}
        </span>
      </Message>
    );
  if (v.state === 'open') return <OpenView view={v} renderCollection={renderCollection} />;
  if (v.state === 'asked')
    return (
      <Message title={intl.formatMessage({ id: 'care.caregiver.askedTitle', defaultMessage: 'You have asked for access' })}>
        <span>
          {intl.formatMessage(
            { id: 'care.caregiver.askedText', defaultMessage: '{name} has been e-mailed and can refuse until {date}.' },
            { name: v.ownerName, date: formatLongDate(v.opensAt) },
          )}
        </span>
        <span>
          {intl.formatMessage({
            id: 'care.caregiver.askedThen',
            defaultMessage: 'If they do not, you will be e-mailed when you can see what they chose.',
          })}
        </span>
      </Message>
    );
  return <AskForm token={token} view={v} />;
}
