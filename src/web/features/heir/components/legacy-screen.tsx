import { useState } from 'react';
import { readKeyCode } from '@shared/key-code';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { useCloseLegacy, useReceived } from '../api';
import { OpenForm } from './open-form';
import { ReceivedView } from './received-view';
import type { RenderCollection } from './release-timeline';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * /legacy: the key-code form, then what was released. The heir cookie keeps the page open across a reload;
 * the key code itself lives only in this component's state, so a reload asks for it again for sealed letters.
 */
export function LegacyScreen({ initialCode, renderCollection }: { initialCode: string; renderCollection: RenderCollection }) {
  const intl = useIntl();
  const received = useReceived();
  const close = useCloseLegacy();
  const [keyCode, setKeyCode] = useState<string | null>(() => readKeyCode(initialCode));
  const [prefill, setPrefill] = useState(initialCode);

  const onClose = () => {
    setKeyCode(null);
    setPrefill('');
    close.mutate();
  };

  let body;
  if (received.isPending) body = <FullPageSpinner />;
  else if (received.isError) {
    const isClosed = received.error instanceof ApiError && [401, 403, 404].includes(received.error.status);
    body = isClosed ? (
      <div className="flex justify-center">
        <OpenForm initialCode={prefill} onOpened={setKeyCode} />
      </div>
    ) : (
      <div role="alert" className="grid max-w-md justify-items-center gap-4 justify-self-center text-center">
        <h1 className="text-2xl font-semibold">
          {intl.formatMessage({ id: 'heir.legacy.loadFailed', defaultMessage: 'This page could not be loaded.' })}
        </h1>
        <p className="text-muted-foreground">
          {intl.formatMessage({ id: 'heir.legacy.loadFailedText', defaultMessage: 'Please check your connection and try again.' })}
        </p>
        <Button onClick={() => void received.refetch()}>
          {intl.formatMessage({ id: 'heir.legacy.tryAgain', defaultMessage: 'Try again' })}
        </Button>
      </div>
    );
  } else {
    body = (
      <ReceivedView
        received={received.data}
        keyCode={keyCode}
        onKeyCode={setKeyCode}
        onClose={onClose}
        isClosing={close.isPending}
        renderCollection={renderCollection}
      />
    );
  }

  return <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 sm:py-12">{body}</div>;
}
