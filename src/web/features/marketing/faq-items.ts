// spec §2: the 10 FAQ questions, in this order.
export type FaqItem = { id: string; question: string; answer: string };

export const faqItems: FaqItem[] = [
  {
    id: 'what-is-heirloom',
    question: 'What is heirloom?',
    answer:
      'heirloom is a digital legacy vault: a private home for your photos, videos, voice messages, documents and written memories. It helps you shape them into a life story and pass that story on to family, friends and future generations.',
  },
  {
    id: 'how-does-it-work',
    question: 'How does heirloom work?',
    answer:
      'Three steps. Start & Capture: add photos, recordings and stories as they come to you. Curate & Preserve: AI helps tag and sort what you add, and everything falls into a timeline of your life. Share & Continue: share with the people you choose now, or leave time-delayed messages and key codes for later.',
  },
  {
    id: 'is-it-secure',
    question: 'Is my information safe and private?',
    answer:
      'Privacy is the foundation of heirloom. Everything is private by default and stays on a server you or your family control; nothing is sent anywhere else unless whoever runs the server connects an AI service for writing suggestions or speech-to-text (then only what you ask it to help with). You decide exactly who sees what, and when: a collection shared with the people you choose, a public link you can protect with a password, limit in time and revoke, or your Legacy Plan for later. Sealed letters are end-to-end encrypted: they are locked in your browser and open only with the heir’s key code.',
  },
  {
    id: 'content-types',
    question: 'What kinds of content can I store?',
    answer:
      'Photos, videos, voice messages, written memories and important documents. You can attach photos and audio to a memory, keep documents in your secure vault, and see everything together on your timeline.',
  },
  {
    id: 'update-over-time',
    question: 'Can I add to and update my story over time?',
    answer:
      'Yes. Your story is never finished. Add new memories whenever they come back to you, edit or re-date older ones, and reorganise your timeline as your life, and your perspective, changes.',
  },
  {
    id: 'sharing',
    question: 'How do I share my memories with others?',
    answer:
      'You choose. Keep memories in a private family archive, publish a public collection, schedule time-delayed messages for a future date, or create unique key codes that give future generations access when they are ready.',
  },
  {
    id: 'what-makes-it-different',
    question: 'How is heirloom different from a photo app or cloud storage?',
    answer:
      'Cloud storage keeps files; heirloom keeps the stories behind them. It is built around people and moments rather than folders, with a life timeline, contact books for family and friends, AI-assisted organising, and ways to hand your legacy on, not just back it up.',
  },
  {
    id: 'tech-skills',
    question: 'Do I need to be good with technology?',
    answer:
      'Not at all. If you can send a photo or an email, you can use heirloom. Clear buttons, gentle prompts and a Record button for voice messages make it easy for every generation, including the ones who have the best stories to tell. Voice-to-text is there when the administrator of your heirloom server has configured a speech-to-text model (AI_TRANSCRIBE_MODEL): a recording can then be transcribed into text that you edit before saving. Without one, your recordings are kept as sound, just as they were spoken.',
  },
  {
    id: 'mobile',
    question: 'Is there a mobile version?',
    answer:
      'Yes. heirloom works in the browser on desktop, tablet and phone, with a layout designed for small screens, so you can capture a memory the moment it happens.',
  },
  {
    id: 'get-started',
    question: 'How do I get started?',
    answer:
      'Join the waitlist with your email address. We will send you one message when early access opens, with everything you need to create your account and add your first memory.',
  },
];
