import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@web/components/ui/toast';
import { useToast } from '@web/components/ui/use-toast';

/** Mounted once in app.tsx. */
export function Toaster() {
  const { toasts } = useToast();

  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
