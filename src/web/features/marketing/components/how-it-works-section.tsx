import { Camera, FolderHeart, Send } from 'lucide-react';
import { SectionHeading } from './section-heading';

// spec §1: exactly these three steps, in this order.
const STEPS = [
  {
    icon: Camera,
    title: 'Start & Capture',
    text: 'Upload photos and videos, record a voice message, or simply write. Capture a memory the moment it comes back to you, on desktop or on your phone.',
  },
  {
    icon: FolderHeart,
    title: 'Curate & Preserve',
    text: 'Gentle AI help tags and sorts what you add, and voice-to-text turns spoken stories into words. Arrange it all into a timeline of your life.',
  },
  {
    icon: Send,
    title: 'Share & Continue',
    text: 'Share with family and friends now, or leave time-delayed messages and key codes for the generations who come after you.',
  },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="Three simple steps to a lasting legacy"
          intro="No manuals and no learning curve. If you can send a photo to a friend, you can build your life story."
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <Icon aria-hidden="true" className="size-6 text-secondary-foreground" />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
