import { test as base } from './fixtures';

/**
 * The project's test with Chromium's fake microphone (a beep) and no permission prompt: the flags join the
 * project's launch options, and the page may use the microphone.
 */
export const testWithMicrophone = base.extend<object, object>({
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
      }),
    { scope: 'worker' },
  ],
});
testWithMicrophone.use({ permissions: ['microphone'] });
