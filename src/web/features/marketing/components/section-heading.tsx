import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

type SectionHeadingProps = {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  tone?: 'light' | 'dark';
  className?: string;
};

/** The shared h2 block of every landing section; `id` is what the section's aria-labelledby points at. */
export function SectionHeading({ id, eyebrow, title, intro, tone = 'light', className }: SectionHeadingProps) {
  const isDark = tone === 'dark';
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      {eyebrow && (
        <p className={cn('text-sm font-semibold tracking-widest uppercase', isDark ? 'text-amber-200' : 'text-primary')}>{eyebrow}</p>
      )}
      <h2 id={id} className="mt-2 text-3xl font-semibold text-balance sm:text-4xl">
        {title}
      </h2>
      {intro && <p className={cn('mt-4 text-lg leading-relaxed', isDark ? 'text-stone-200' : 'text-muted-foreground')}>{intro}</p>}
    </div>
  );
}
