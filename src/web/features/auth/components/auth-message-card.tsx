import { CheckCircle2, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

type AuthMessageCardProps = { title: string; message: string; tone: 'success' | 'error'; children?: ReactNode };

/** The outcome of an account link or request, in place of its form: what happened and where to go next. */
export function AuthMessageCard({ title, message, tone, children }: AuthMessageCardProps) {
  const Icon = tone === 'success' ? CheckCircle2 : CircleAlert;
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="flex items-center gap-2 text-2xl">
          <Icon aria-hidden="true" className={tone === 'success' ? 'size-6 text-green-700' : 'size-6 text-destructive'} />
          {title}
        </CardTitle>
        <CardDescription role={tone === 'success' ? 'status' : 'alert'} className="text-base">
          {message}
        </CardDescription>
      </CardHeader>
      {children && <CardContent className="flex flex-col gap-3 sm:flex-row">{children}</CardContent>}
    </Card>
  );
}
