import { Lock, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIntl } from '@web/lib/i18n/use-intl';

/** spec §1: the hero, with the first of the three waitlist forms. */
export function HeroSection({ form }: { form: ReactNode }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,_#f6e7d8_0%,_transparent_60%),radial-gradient(ellipse_at_bottom_right,_#e9efe6_0%,_transparent_55%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border bg-card/80 px-3 py-1 text-sm font-medium text-accent-foreground">
            <Sparkles aria-hidden="true" className="size-4" />
            {intl.formatMessage({ id: 'marketing.hero.badge', defaultMessage: 'Early access is opening soon' })}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl leading-tight font-semibold text-balance sm:text-5xl lg:text-6xl">
            {intl.formatMessage({ id: 'marketing.hero.title', defaultMessage: 'Your life story, kept safe for the people you love.' })}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">
            {intl.formatMessage({
              id: 'marketing.hero.intro',
              defaultMessage:
                'heirloom is a legacy vault for your memories. Gather photos, voice notes, videos and written stories in one private place, shape them into a story that reads like you, and pass it on when the time is right.',
            })}
          </p>
          <div className="mt-8">{form}</div>
          <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
            <Lock aria-hidden="true" className="size-4" />
            {intl.formatMessage({ id: 'marketing.hero.noSpam', defaultMessage: 'One email when we launch. No spam, ever.' })}
          </p>
          <a href="#how-it-works" className="mt-6 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
            {intl.formatMessage({ id: 'marketing.hero.seeHow', defaultMessage: 'See how it works' })}
          </a>
        </div>
        <MemoryCollage />
      </div>
    </section>
  );
}

/** A light, image-free illustration: a stack of memory cards drawn with CSS. */
function MemoryCollage() {
  const intl = useIntl();
  return (
    <div aria-hidden="true" className="relative mx-auto hidden h-96 w-full max-w-md sm:block">
      <div className="absolute top-4 start-0 w-60 -rotate-6 rounded-xl border bg-card p-4 shadow-lg">
        <div className="h-28 rounded-lg bg-gradient-to-br from-amber-200 via-orange-200 to-rose-200" />
        <p className="mt-3 font-serif text-base">
          {intl.formatMessage({ id: 'marketing.hero.card1.title', defaultMessage: "Grandma's kitchen, 1974" })}
        </p>
        <p className="text-xs text-muted-foreground">
          {intl.formatMessage({ id: 'marketing.hero.card1.meta', defaultMessage: 'Photo · Family archive' })}
        </p>
      </div>
      <div className="absolute top-16 end-0 w-56 rotate-3 rounded-xl border bg-card p-4 shadow-lg">
        <div className="h-24 rounded-lg bg-gradient-to-br from-emerald-100 via-teal-100 to-sky-200" />
        <p className="mt-3 font-serif text-base">
          {intl.formatMessage({ id: 'marketing.hero.card2.title', defaultMessage: 'The summer we sailed' })}
        </p>
        <p className="text-xs text-muted-foreground">
          {intl.formatMessage({ id: 'marketing.hero.card2.meta', defaultMessage: 'Memory · 3 attachments' })}
        </p>
      </div>
      <div className="absolute bottom-2 start-10 w-64 -rotate-1 rounded-xl border bg-card p-4 shadow-xl">
        <p className="font-serif text-base">
          {intl.formatMessage({ id: 'marketing.hero.card3.title', defaultMessage: '“For Maya, to open on her 18th birthday.”' })}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          {intl.formatMessage({ id: 'marketing.hero.card3.meta', defaultMessage: 'Time-delayed message · sealed' })}
        </p>
      </div>
    </div>
  );
}
