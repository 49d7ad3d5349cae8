import { defineMessages } from '@web/lib/i18n/define-messages';

type Descriptor = { id: string; defaultMessage: string };
export type FaqItem = { id: string; question: Descriptor; answer: Descriptor };

const m = defineMessages({
  whatIsHeirloomQuestion: { id: 'marketing.faq.whatIsHeirloom.question', defaultMessage: 'What is heirloom?' },
  whatIsHeirloomAnswer: {
    id: 'marketing.faq.whatIsHeirloom.answer',
    defaultMessage:
      'heirloom is a digital legacy vault: a private home for your photos, videos, voice messages, documents and written memories. It helps you shape them into a life story and pass that story on to family, friends and future generations.',
  },
  howDoesItWorkQuestion: { id: 'marketing.faq.howDoesItWork.question', defaultMessage: 'How does heirloom work?' },
  howDoesItWorkAnswer: {
    id: 'marketing.faq.howDoesItWork.answer',
    defaultMessage:
      'Three steps. Start & Capture: add photos, recordings and stories as they come to you. Curate & Preserve: AI helps tag and sort what you add, and everything falls into a timeline of your life. Share & Continue: share with the people you choose now, or leave time-delayed messages and key codes for later.',
  },
  isItSecureQuestion: { id: 'marketing.faq.isItSecure.question', defaultMessage: 'Is my information safe and private?' },
  isItSecureAnswer: {
    id: 'marketing.faq.isItSecure.answer',
    defaultMessage:
      'Privacy is the foundation of heirloom. Everything is private by default and stays on a server you or your family control; nothing is sent anywhere else unless whoever runs the server connects an AI service for writing suggestions or speech-to-text (then only what you ask it to help with). You decide exactly who sees what, and when: a collection shared with the people you choose, a public link you can protect with a password, limit in time and revoke, or your Legacy Plan for later. Sealed letters are end-to-end encrypted: they are locked in your browser and open only with the heir’s key code.',
  },
  contentTypesQuestion: { id: 'marketing.faq.contentTypes.question', defaultMessage: 'What kinds of content can I store?' },
  contentTypesAnswer: {
    id: 'marketing.faq.contentTypes.answer',
    defaultMessage:
      'Photos, videos, voice messages, written memories and important documents. You can attach photos and audio to a memory, keep documents in your secure vault, and see everything together on your timeline.',
  },
  updateOverTimeQuestion: { id: 'marketing.faq.updateOverTime.question', defaultMessage: 'Can I add to and update my story over time?' },
  updateOverTimeAnswer: {
    id: 'marketing.faq.updateOverTime.answer',
    defaultMessage:
      'Yes. Your story is never finished. Add new memories whenever they come back to you, edit or re-date older ones, and reorganise your timeline as your life, and your perspective, changes.',
  },
  sharingQuestion: { id: 'marketing.faq.sharing.question', defaultMessage: 'How do I share my memories with others?' },
  sharingAnswer: {
    id: 'marketing.faq.sharing.answer',
    defaultMessage:
      'You choose. Keep memories in a private family archive, publish a public collection, schedule time-delayed messages for a future date, or create unique key codes that give future generations access when they are ready.',
  },
  whatMakesItDifferentQuestion: {
    id: 'marketing.faq.whatMakesItDifferent.question',
    defaultMessage: 'How is heirloom different from a photo app or cloud storage?',
  },
  whatMakesItDifferentAnswer: {
    id: 'marketing.faq.whatMakesItDifferent.answer',
    defaultMessage:
      'Cloud storage keeps files; heirloom keeps the stories behind them. It is built around people and moments rather than folders, with a life timeline, contact books for family and friends, AI-assisted organising, and ways to hand your legacy on, not just back it up.',
  },
  techSkillsQuestion: { id: 'marketing.faq.techSkills.question', defaultMessage: 'Do I need to be good with technology?' },
  techSkillsAnswer: {
    id: 'marketing.faq.techSkills.answer',
    defaultMessage:
      'Not at all. If you can send a photo or an email, you can use heirloom. Clear buttons, gentle prompts and a Record button for voice messages make it easy for every generation, including the ones who have the best stories to tell. Voice-to-text is there when the administrator of your heirloom server has configured a speech-to-text model (AI_TRANSCRIBE_MODEL): a recording can then be transcribed into text that you edit before saving. Without one, your recordings are kept as sound, just as they were spoken.',
  },
  mobileQuestion: { id: 'marketing.faq.mobile.question', defaultMessage: 'Is there a mobile version?' },
  mobileAnswer: {
    id: 'marketing.faq.mobile.answer',
    defaultMessage:
      'Yes. heirloom works in the browser on desktop, tablet and phone, with a layout designed for small screens, so you can capture a memory the moment it happens.',
  },
  getStartedQuestion: { id: 'marketing.faq.getStarted.question', defaultMessage: 'How do I get started?' },
  getStartedAnswer: {
    id: 'marketing.faq.getStarted.answer',
    defaultMessage:
      'Join the waitlist with your email address. We will send you one message when early access opens, with everything you need to create your account and add your first memory.',
  },
});

// spec §2: the 10 FAQ questions, in this order.
export const faqItems: FaqItem[] = [
  { id: 'what-is-heirloom', question: m.whatIsHeirloomQuestion, answer: m.whatIsHeirloomAnswer },
  { id: 'how-does-it-work', question: m.howDoesItWorkQuestion, answer: m.howDoesItWorkAnswer },
  { id: 'is-it-secure', question: m.isItSecureQuestion, answer: m.isItSecureAnswer },
  { id: 'content-types', question: m.contentTypesQuestion, answer: m.contentTypesAnswer },
  { id: 'update-over-time', question: m.updateOverTimeQuestion, answer: m.updateOverTimeAnswer },
  { id: 'sharing', question: m.sharingQuestion, answer: m.sharingAnswer },
  { id: 'what-makes-it-different', question: m.whatMakesItDifferentQuestion, answer: m.whatMakesItDifferentAnswer },
  { id: 'tech-skills', question: m.techSkillsQuestion, answer: m.techSkillsAnswer },
  { id: 'mobile', question: m.mobileQuestion, answer: m.mobileAnswer },
  { id: 'get-started', question: m.getStartedQuestion, answer: m.getStartedAnswer },
];
