import { BookHeart, Plus, X } from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { Memory, MemoryGroup } from '@shared/schemas/memories';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useLoadErrorToast } from '@web/hooks/use-load-error-toast';
import { useOpenedId } from '@web/hooks/use-opened-id';
import { useIntl } from '@web/lib/i18n/use-intl';
import { pagedItems } from '@web/lib/paged-cache';
import { useMemoryPages } from '../api';
import { MemoryForm } from './memory-form';
import { MemoryInsights } from './memory-insights';
import { MemoryList } from './memory-list';
import { OpenedMemory } from './opened-memory';

type FormState = { mode: 'closed' } | { mode: 'create'; key: number } | { mode: 'edit'; memory: Memory };

type MemoriesScreenProps = {
  /** Memories to mark "Shared" (in a collection with a live link). */
  sharedIds?: ReadonlySet<number>;
  /** More buttons on each memory card (e.g. Add to collection). */
  cardActions?: (memory: Memory) => ReactNode;
};

/** spec §2 My Memories: the Add Memory / Cancel toggle, the inline form, and the user's memories. */
export function MemoriesScreen({ sharedIds, cardActions }: MemoriesScreenProps = {}) {
  const intl = useIntl();
  const [formState, setFormState] = useState<FormState>({ mode: 'closed' });
  const [group, setGroup] = useState<MemoryGroup | null>(null);
  const pages = useMemoryPages(group);
  const memories = pagedItems(pages.data);
  const opened = useOpenedId('memory');
  const formRef = useRef<HTMLDivElement>(null);
  const isOpen = formState.mode !== 'closed';

  const fetchFailed = intl.formatMessage({ id: 'memories.screen.fetchFailed', defaultMessage: 'Failed to fetch memories' });
  const loadingLabel = intl.formatMessage({ id: 'memories.screen.loading', defaultMessage: 'Loading memories' });
  useLoadErrorToast(pages, fetchFailed);

  const { hasNextPage, isFetchingNextPage, isError: isPageError, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isPageError, fetchNextPage]);

  const onDeleted = (id: number) => {
    if (formState.mode === 'edit' && formState.memory.id === id) close();
    if (opened.id === id) opened.close();
  };

  function openCreate() {
    setFormState({ mode: 'create', key: Date.now() }); // spec §4: Add Memory resets the form to its defaults
  }

  function openEdit(memory: Memory) {
    setFormState({ mode: 'edit', memory });
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  const close = () => setFormState({ mode: 'closed' });

  return (
    <div className="grid gap-6">
      <div>
        <Button onClick={isOpen ? close : openCreate} variant={isOpen ? 'outline' : 'default'}>
          {isOpen ? <X aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {isOpen
            ? intl.formatMessage({ id: 'memories.screen.cancel', defaultMessage: 'Cancel' })
            : intl.formatMessage({ id: 'memories.screen.add', defaultMessage: 'Add Memory' })}
        </Button>
      </div>

      {isOpen && (
        <div ref={formRef} className="scroll-mt-20">
          <MemoryForm
            key={formState.mode === 'edit' ? `edit-${formState.memory.id}` : `create-${formState.key}`}
            memory={formState.mode === 'edit' ? formState.memory : undefined}
            onDone={close}
            onSavedWithFailedUpload={(memory) => setFormState({ mode: 'edit', memory })}
          />
        </div>
      )}

      {pages.isPending && !group ? (
        <div aria-label={loadingLabel} className="grid gap-4">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : pages.isError && memories.length === 0 ? (
        <p role="alert" className="text-destructive">
          {fetchFailed}
        </p>
      ) : !group && memories.length === 0 ? (
        !isOpen && (
          <Card className="text-center">
            <CardHeader className="items-center">
              <BookHeart aria-hidden="true" className="mx-auto size-10 text-primary" />
              <CardTitle>{intl.formatMessage({ id: 'memories.screen.firstTitle', defaultMessage: 'Create Your First Memory' })}</CardTitle>
              <CardDescription>
                {intl.formatMessage({
                  id: 'memories.screen.firstText',
                  defaultMessage: 'Write down a moment you never want to forget, and add photos or voice recordings to it.',
                })}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button onClick={openCreate}>{intl.formatMessage({ id: 'memories.screen.create', defaultMessage: 'Create Memory' })}</Button>
            </CardContent>
          </Card>
        )
      ) : (
        <>
          <MemoryInsights memories={memories} activeGroup={group} onGroupChange={setGroup} onReview={openEdit} />
          {opened.id !== null && (
            <OpenedMemory
              id={opened.id}
              onClose={opened.close}
              isShared={sharedIds?.has(opened.id)}
              actions={cardActions}
              onEdit={openEdit}
              onDeleted={onDeleted}
            />
          )}
          <section aria-label={intl.formatMessage({ id: 'memories.screen.yours', defaultMessage: 'Your memories' })} className="grid gap-4">
            {group && (
              <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                {intl.formatMessage(
                  { id: 'memories.screen.showingGroup', defaultMessage: 'Showing {label} ({count})' },
                  { label: group.label, count: String(group.memoryIds.length) },
                )}
                <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setGroup(null)}>
                  {intl.formatMessage({ id: 'memories.screen.showAll', defaultMessage: 'Show all memories' })}
                </Button>
              </p>
            )}
            {pages.isPending ? (
              <Skeleton aria-label={loadingLabel} className="h-40" />
            ) : (
              <MemoryList
                memories={memories}
                sharedIds={sharedIds}
                cardActions={cardActions}
                onEdit={openEdit}
                onDeleted={onDeleted}
                onNearEnd={loadMore}
              />
            )}
            {isFetchingNextPage && (
              <p role="status" className="text-center text-sm text-muted-foreground">
                {intl.formatMessage({ id: 'memories.screen.loadingMore', defaultMessage: 'Loading more memories...' })}
              </p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
