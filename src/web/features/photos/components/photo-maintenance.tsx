import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useIsMobile } from '@web/hooks/use-is-mobile';
import { ApiError } from '@web/lib/api-client';
import { formatBytes } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { usePhotoCount, usePhotoStorage, useRecentPhotos } from '../api';
import { MaintenanceTools } from './maintenance-tools';
import { PhotoImage } from './photo-image';

/** spec §2 Settings → Photo Management: statistics and the maintenance tools. */
export function PhotoMaintenance() {
  const intl = useIntl();
  return (
    <Tabs defaultValue="dashboard">
      <TabsList aria-label={intl.formatMessage({ id: 'photos.management.label', defaultMessage: 'Photo management' })}>
        <TabsTrigger value="dashboard">
          {intl.formatMessage({ id: 'photos.management.dashboard', defaultMessage: 'Dashboard' })}
        </TabsTrigger>
        <TabsTrigger value="tools">
          {intl.formatMessage({ id: 'photos.management.tools', defaultMessage: 'Maintenance Tools' })}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="dashboard">
        <PhotoLibraryStats />
      </TabsContent>
      <TabsContent value="tools">
        <MaintenanceTools />
      </TabsContent>
    </Tabs>
  );
}

function PhotoLibraryStats() {
  const intl = useIntl();
  // counts and one short page: the statistics never load the whole library
  const count = usePhotoCount();
  const storage = usePhotoStorage();
  const photos = useRecentPhotos();
  const isMobile = useIsMobile();
  const [timestamp] = useState(() => Date.now());

  let body;
  const failure = [count, storage, photos].find((query) => query.isError)?.error;
  if (failure) {
    const status = failure instanceof ApiError ? failure.status : 0;
    body = (
      <p role="alert" className="text-destructive">
        {intl.formatMessage({ id: 'photos.stats.failed', defaultMessage: 'Failed to fetch photos: {status}' }, { status: String(status) })}
      </p>
    );
  } else if (count.isPending || storage.isPending || photos.isPending) {
    body = (
      <p className="text-muted-foreground">{intl.formatMessage({ id: 'photos.stats.loading', defaultMessage: 'Loading photos...' })}</p>
    );
  } else {
    const stats = [
      { label: intl.formatMessage({ id: 'photos.stats.total', defaultMessage: 'Total Photos' }), value: String(count.data ?? 0) },
      { label: intl.formatMessage({ id: 'photos.stats.storage', defaultMessage: 'Storage Used' }), value: formatBytes(storage.data ?? 0) },
      {
        label: intl.formatMessage({ id: 'photos.stats.device', defaultMessage: 'Device' }),
        value: isMobile
          ? intl.formatMessage({ id: 'photos.stats.mobile', defaultMessage: 'Mobile' })
          : intl.formatMessage({ id: 'photos.stats.desktop', defaultMessage: 'Desktop' }),
      },
    ];
    body = (
      <div className="grid gap-6">
        <dl className="grid gap-4 sm:grid-cols-3">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-lg border bg-muted/40 p-4">
              <dt className="text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="mt-1 text-2xl font-semibold">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="maintenance-recent-photos">
          <h3 id="maintenance-recent-photos" className="font-semibold">
            {intl.formatMessage({ id: 'photos.stats.recent', defaultMessage: 'Recent Photos' })}
          </h3>
          {(photos.data ?? []).length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">
              {intl.formatMessage({ id: 'photos.stats.empty', defaultMessage: 'No photos yet.' })}
            </p>
          ) : (
            <ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-8">
              {(photos.data ?? []).map((photo) => (
                <li key={photo.id} className="aspect-square overflow-hidden rounded-md border bg-muted">
                  <PhotoImage photo={photo} size="thumb" timestamp={timestamp} isMobile={isMobile} className="size-full object-cover" />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{intl.formatMessage({ id: 'photos.stats.title', defaultMessage: 'Photo Library Statistics' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'photos.stats.description',
            defaultMessage: 'How much of your story is in photos, and where they are kept.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
