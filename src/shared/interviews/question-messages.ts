// The built-in questions' words (area `questions` of the catalogues, decision 082), English as written here and
// the other languages in src/shared/i18n/messages/<language>/questions.json. The key is the question's library id,
// stable once shipped; the message id names its theme and number. Never change a question's meaning: retire it
// and add a new one at the end of its theme.

type Message = { id: string; defaultMessage: string };

/** Named so the extractor (npm run i18n:extract) finds these messages, as it does the web app's and the server's. */
function defineMessages<K extends string>(messages: Record<K, Message>): Record<K, Message> {
  return messages;
}

export const themeMessages = defineMessages({
  childhood: { id: 'questions.childhood.title', defaultMessage: 'Childhood' },
  'parents-and-grandparents': { id: 'questions.parents-and-grandparents.title', defaultMessage: 'Parents and grandparents' },
  school: { id: 'questions.school.title', defaultMessage: 'School' },
  work: { id: 'questions.work.title', defaultMessage: 'Work' },
  'love-and-marriage': { id: 'questions.love-and-marriage.title', defaultMessage: 'Love and marriage' },
  children: { id: 'questions.children.title', defaultMessage: 'Children' },
  'hard-times': { id: 'questions.hard-times.title', defaultMessage: 'Hard times' },
  'war-and-migration': { id: 'questions.war-and-migration.title', defaultMessage: 'War and migration' },
  'faith-and-values': { id: 'questions.faith-and-values.title', defaultMessage: 'Faith and values' },
  places: { id: 'questions.places.title', defaultMessage: 'Places' },
  'advice-for-the-grandchildren': { id: 'questions.advice-for-the-grandchildren.title', defaultMessage: 'Advice for the grandchildren' },
});

export const questionMessages = defineMessages({
  'childhood-01': {
    id: 'questions.childhood.01',
    defaultMessage: 'What is the first house you remember living in? Walk me through its rooms.',
  },
  'childhood-02': {
    id: 'questions.childhood.02',
    defaultMessage: 'What is your very earliest memory? How old were you, and who was there?',
  },
  'childhood-03': { id: 'questions.childhood.03', defaultMessage: 'What games did you play with the other children on your street?' },
  'childhood-04': {
    id: 'questions.childhood.04',
    defaultMessage: 'What did a Sunday look like when you were a child, from morning to bedtime?',
  },
  'childhood-05': { id: 'questions.childhood.05', defaultMessage: 'What was your favourite toy, and who gave it to you?' },
  'childhood-06': { id: 'questions.childhood.06', defaultMessage: 'What did you get into trouble for as a child? Tell me about one time.' },
  'childhood-07': { id: 'questions.childhood.07', defaultMessage: 'What did your family eat for dinner on an ordinary weekday?' },
  'childhood-08': {
    id: 'questions.childhood.08',
    defaultMessage: 'Who was your best friend when you were small, and what did you do together?',
  },
  'childhood-09': { id: 'questions.childhood.09', defaultMessage: 'What did you want to be when you grew up, and why?' },
  'childhood-10': { id: 'questions.childhood.10', defaultMessage: 'What chores did you have at home, and which one did you dislike most?' },
  'childhood-11': { id: 'questions.childhood.11', defaultMessage: 'What was a birthday like in your family when you were young?' },
  'childhood-12': {
    id: 'questions.childhood.12',
    defaultMessage: 'Was there a pet in your childhood? Tell me its name and one story about it.',
  },
  'childhood-13': { id: 'questions.childhood.13', defaultMessage: 'What were you afraid of as a child?' },
  'childhood-14': { id: 'questions.childhood.14', defaultMessage: 'What did you do in the long summer holidays?' },
  'childhood-15': { id: 'questions.childhood.15', defaultMessage: 'What smell or sound takes you straight back to being a child?' },
  'parents-01': {
    id: 'questions.parents-and-grandparents.01',
    defaultMessage: 'What was your mother like? Describe her on an ordinary day.',
  },
  'parents-02': {
    id: 'questions.parents-and-grandparents.02',
    defaultMessage: 'What was your father like? What did he do when he came home in the evening?',
  },
  'parents-03': {
    id: 'questions.parents-and-grandparents.03',
    defaultMessage: 'How did your parents meet? What did they tell you about it?',
  },
  'parents-04': { id: 'questions.parents-and-grandparents.04', defaultMessage: 'What did your parents do for a living?' },
  'parents-05': {
    id: 'questions.parents-and-grandparents.05',
    defaultMessage: 'What is something your mother used to say that you still remember?',
  },
  'parents-06': {
    id: 'questions.parents-and-grandparents.06',
    defaultMessage: 'What is something your father used to say that you still remember?',
  },
  'parents-07': {
    id: 'questions.parents-and-grandparents.07',
    defaultMessage: 'What do you know about your grandparents? Where did they live and what were they like?',
  },
  'parents-08': { id: 'questions.parents-and-grandparents.08', defaultMessage: 'Which of your grandparents were you closest to, and why?' },
  'parents-09': {
    id: 'questions.parents-and-grandparents.09',
    defaultMessage: 'What dish did your mother or grandmother cook that you still miss?',
  },
  'parents-10': {
    id: 'questions.parents-and-grandparents.10',
    defaultMessage: 'What did your parents argue about, and how did they make up?',
  },
  'parents-11': { id: 'questions.parents-and-grandparents.11', defaultMessage: 'What is the best thing your parents ever did for you?' },
  'parents-12': {
    id: 'questions.parents-and-grandparents.12',
    defaultMessage: 'Which of your parents are you most like, and in what way?',
  },
  'parents-13': {
    id: 'questions.parents-and-grandparents.13',
    defaultMessage: 'What family stories about your ancestors were told at the table?',
  },
  'parents-14': {
    id: 'questions.parents-and-grandparents.14',
    defaultMessage: 'Tell me about your brothers and sisters, or growing up without them.',
  },
  'parents-15': {
    id: 'questions.parents-and-grandparents.15',
    defaultMessage: 'Was there an aunt, uncle or family friend who mattered a lot to you? Tell me about them.',
  },
  'school-01': { id: 'questions.school.01', defaultMessage: 'What do you remember about your first day of school?' },
  'school-02': { id: 'questions.school.02', defaultMessage: 'How did you get to school each morning, and how long did it take?' },
  'school-03': { id: 'questions.school.03', defaultMessage: 'Which teacher do you remember best, and why?' },
  'school-04': { id: 'questions.school.04', defaultMessage: 'What was your favourite subject, and what was your worst?' },
  'school-05': { id: 'questions.school.05', defaultMessage: 'What did you eat at lunchtime at school?' },
  'school-06': { id: 'questions.school.06', defaultMessage: 'Who were your friends at school, and what did you do at break time?' },
  'school-07': { id: 'questions.school.07', defaultMessage: 'Did you ever get into trouble at school? What happened?' },
  'school-08': { id: 'questions.school.08', defaultMessage: 'What did your classroom look like? Describe where you sat.' },
  'school-09': { id: 'questions.school.09', defaultMessage: 'What was the hardest thing you had to learn at school?' },
  'school-10': { id: 'questions.school.10', defaultMessage: 'What did you do after school and at weekends as a teenager?' },
  'school-11': { id: 'questions.school.11', defaultMessage: 'How old were you when you left school, and what came next?' },
  'school-12': { id: 'questions.school.12', defaultMessage: 'Did you go on to study or train after school? What was it like?' },
  'school-13': { id: 'questions.school.13', defaultMessage: 'What was a school prize, exam or performance you remember?' },
  'school-14': { id: 'questions.school.14', defaultMessage: 'What music, films or fashions were popular when you were a teenager?' },
  'school-15': { id: 'questions.school.15', defaultMessage: 'What do you wish you had learned at school that nobody taught you?' },
  'work-01': { id: 'questions.work.01', defaultMessage: 'What was your very first job, and how much were you paid?' },
  'work-02': { id: 'questions.work.02', defaultMessage: 'How did you choose the work you did for most of your life?' },
  'work-03': { id: 'questions.work.03', defaultMessage: 'Describe an ordinary working day in the job you held the longest.' },
  'work-04': { id: 'questions.work.04', defaultMessage: 'Who was the best boss or colleague you ever had, and why?' },
  'work-05': { id: 'questions.work.05', defaultMessage: 'What was the hardest job you ever did?' },
  'work-06': { id: 'questions.work.06', defaultMessage: 'What are you proudest of from your working life?' },
  'work-07': { id: 'questions.work.07', defaultMessage: 'Was there a mistake at work you learned a lot from? What happened?' },
  'work-08': {
    id: 'questions.work.08',
    defaultMessage: 'Did you ever change careers or start something of your own? Tell me how it went.',
  },
  'work-09': { id: 'questions.work.09', defaultMessage: 'What did you spend your first wages on?' },
  'work-10': {
    id: 'questions.work.10',
    defaultMessage: 'What tools, machines or skills did your work need that young people may not know today?',
  },
  'work-11': { id: 'questions.work.11', defaultMessage: 'Was there a job you wanted and never got? What happened?' },
  'work-12': { id: 'questions.work.12', defaultMessage: 'How did your work change over the years you did it?' },
  'work-13': { id: 'questions.work.13', defaultMessage: 'What was your last day at work like, before you retired or changed?' },
  'work-14': { id: 'questions.work.14', defaultMessage: 'What did you do with your free time when you were working full time?' },
  'work-15': { id: 'questions.work.15', defaultMessage: 'What advice would you give someone starting out in your line of work?' },
  'love-01': { id: 'questions.love-and-marriage.01', defaultMessage: 'Who was your first crush, and did they ever know?' },
  'love-02': { id: 'questions.love-and-marriage.02', defaultMessage: 'What was your first date like? Where did you go?' },
  'love-03': {
    id: 'questions.love-and-marriage.03',
    defaultMessage: 'How did you meet your husband, wife or partner? Tell me about the first time you saw them.',
  },
  'love-04': { id: 'questions.love-and-marriage.04', defaultMessage: 'When did you know you were in love?' },
  'love-05': { id: 'questions.love-and-marriage.05', defaultMessage: 'How did the proposal happen, or how did you decide to be together?' },
  'love-06': {
    id: 'questions.love-and-marriage.06',
    defaultMessage: 'Tell me about your wedding day, from the morning to the last dance.',
  },
  'love-07': {
    id: 'questions.love-and-marriage.07',
    defaultMessage: 'Where did you live when you first set up home together? What was in it?',
  },
  'love-08': { id: 'questions.love-and-marriage.08', defaultMessage: "What is a habit of your partner's that made you smile?" },
  'love-09': {
    id: 'questions.love-and-marriage.09',
    defaultMessage: 'What was the hardest time in your marriage or relationship, and how did you get through it?',
  },
  'love-10': { id: 'questions.love-and-marriage.10', defaultMessage: 'What did the two of you like to do together on a free evening?' },
  'love-11': { id: 'questions.love-and-marriage.11', defaultMessage: 'What is the best trip you ever took together?' },
  'love-12': { id: 'questions.love-and-marriage.12', defaultMessage: 'What do you think makes a relationship last?' },
  'love-13': {
    id: 'questions.love-and-marriage.13',
    defaultMessage: 'Was there someone you loved before, or after? Tell me about them if you would like to.',
  },
  'love-14': { id: 'questions.love-and-marriage.14', defaultMessage: 'What song or place always reminds you of your partner?' },
  'love-15': { id: 'questions.love-and-marriage.15', defaultMessage: 'What would you like your grandchildren to know about love?' },
  'children-01': { id: 'questions.children.01', defaultMessage: 'How did you feel when you found out you were going to be a parent?' },
  'children-02': { id: 'questions.children.02', defaultMessage: 'Tell me about the day your first child was born.' },
  'children-03': { id: 'questions.children.03', defaultMessage: "How did you choose your children's names?" },
  'children-04': { id: 'questions.children.04', defaultMessage: 'What were your children like as babies? Who slept, and who did not?' },
  'children-05': { id: 'questions.children.05', defaultMessage: 'What was a typical evening like when your children were small?' },
  'children-06': {
    id: 'questions.children.06',
    defaultMessage: 'What is a funny thing one of your children said or did that you still remember?',
  },
  'children-07': { id: 'questions.children.07', defaultMessage: 'What was the hardest part of being a parent?' },
  'children-08': { id: 'questions.children.08', defaultMessage: 'What did you do differently from your own parents, and why?' },
  'children-09': { id: 'questions.children.09', defaultMessage: 'What family holiday with your children do you remember best?' },
  'children-10': {
    id: 'questions.children.10',
    defaultMessage: 'What traditions did you keep with your children at birthdays or holidays?',
  },
  'children-11': { id: 'questions.children.11', defaultMessage: 'How did you feel when your children left home?' },
  'children-12': { id: 'questions.children.12', defaultMessage: 'What are you proudest of about your children?' },
  'children-13': { id: 'questions.children.13', defaultMessage: 'What do you wish you had known before you became a parent?' },
  'children-14': {
    id: 'questions.children.14',
    defaultMessage: 'What was it like to become a grandparent? Tell me about the first time you held a grandchild.',
  },
  'children-15': { id: 'questions.children.15', defaultMessage: 'What do you love doing with your grandchildren?' },
  'hard-times-01': {
    id: 'questions.hard-times.01',
    defaultMessage: 'What was the hardest year of your life, and how did you get through it?',
  },
  'hard-times-02': {
    id: 'questions.hard-times.02',
    defaultMessage: 'Was there a time when money was very short? How did your family manage?',
  },
  'hard-times-03': {
    id: 'questions.hard-times.03',
    defaultMessage: 'Tell me about a time you were very ill or badly hurt. Who looked after you?',
  },
  'hard-times-04': {
    id: 'questions.hard-times.04',
    defaultMessage: 'Who have you lost that you still think about often? Tell me about them.',
  },
  'hard-times-05': {
    id: 'questions.hard-times.05',
    defaultMessage: 'What is a decision you struggled with for a long time? What did you decide?',
  },
  'hard-times-06': { id: 'questions.hard-times.06', defaultMessage: 'Was there a time you had to start over? What happened?' },
  'hard-times-07': { id: 'questions.hard-times.07', defaultMessage: 'Who helped you most when things were difficult?' },
  'hard-times-08': { id: 'questions.hard-times.08', defaultMessage: 'What did you do to keep going on the worst days?' },
  'hard-times-09': { id: 'questions.hard-times.09', defaultMessage: 'Was there a time you were very afraid? What happened?' },
  'hard-times-10': { id: 'questions.hard-times.10', defaultMessage: 'Is there something you regret? What would you do differently now?' },
  'hard-times-11': { id: 'questions.hard-times.11', defaultMessage: 'Tell me about a time you stood up for yourself or for someone else.' },
  'hard-times-12': { id: 'questions.hard-times.12', defaultMessage: 'What disaster, storm or accident do you remember living through?' },
  'hard-times-13': {
    id: 'questions.hard-times.13',
    defaultMessage: 'Was there a falling-out in the family that healed, or one that never did?',
  },
  'hard-times-14': { id: 'questions.hard-times.14', defaultMessage: 'What did the hard times teach you that good times could not?' },
  'hard-times-15': { id: 'questions.hard-times.15', defaultMessage: 'What are you grateful for now that you could not see at the time?' },
  'migration-01': {
    id: 'questions.war-and-migration.01',
    defaultMessage: 'What historical event do you remember most clearly as it happened? Where were you?',
  },
  'migration-02': {
    id: 'questions.war-and-migration.02',
    defaultMessage: "Did war touch your life or your family's? What do you remember of it?",
  },
  'migration-03': {
    id: 'questions.war-and-migration.03',
    defaultMessage: 'Did anyone in your family serve in the forces? What did they tell you about it?',
  },
  'migration-04': {
    id: 'questions.war-and-migration.04',
    defaultMessage: 'What did people at home go without during a war or a crisis you lived through?',
  },
  'migration-05': {
    id: 'questions.war-and-migration.05',
    defaultMessage: 'Did you ever have to leave your home in a hurry? What did you take with you?',
  },
  'migration-06': {
    id: 'questions.war-and-migration.06',
    defaultMessage: 'Did your family move to a new country? Tell me about the journey.',
  },
  'migration-07': {
    id: 'questions.war-and-migration.07',
    defaultMessage: 'What was the first thing that surprised you in a new country or city?',
  },
  'migration-08': {
    id: 'questions.war-and-migration.08',
    defaultMessage: 'What language did you speak at home as a child, and what other languages did you learn?',
  },
  'migration-09': { id: 'questions.war-and-migration.09', defaultMessage: 'What did you miss most about the place you left?' },
  'migration-10': {
    id: 'questions.war-and-migration.10',
    defaultMessage: 'How were you welcomed, or not welcomed, when you arrived somewhere new?',
  },
  'migration-11': {
    id: 'questions.war-and-migration.11',
    defaultMessage: 'What papers, passports or borders do you remember from your travels?',
  },
  'migration-12': { id: 'questions.war-and-migration.12', defaultMessage: 'What customs from the old country did your family keep?' },
  'migration-13': {
    id: 'questions.war-and-migration.13',
    defaultMessage: 'Did you ever go back to where you or your family came from? What was it like?',
  },
  'migration-14': {
    id: 'questions.war-and-migration.14',
    defaultMessage: 'Who stayed behind when your family moved, and did you keep in touch?',
  },
  'migration-15': {
    id: 'questions.war-and-migration.15',
    defaultMessage: 'What did the news sound like on the radio or television during a big moment in history?',
  },
  'values-01': {
    id: 'questions.faith-and-values.01',
    defaultMessage: 'What role did faith or religion play in your home when you were growing up?',
  },
  'values-02': { id: 'questions.faith-and-values.02', defaultMessage: 'Have your beliefs changed over your life? How?' },
  'values-03': { id: 'questions.faith-and-values.03', defaultMessage: 'What is a rule you have always lived by?' },
  'values-04': { id: 'questions.faith-and-values.04', defaultMessage: 'Who taught you the difference between right and wrong, and how?' },
  'values-05': {
    id: 'questions.faith-and-values.05',
    defaultMessage: 'What holiday or festival mattered most to your family, and how did you celebrate it?',
  },
  'values-06': { id: 'questions.faith-and-values.06', defaultMessage: 'What are you most grateful for in your life?' },
  'values-07': { id: 'questions.faith-and-values.07', defaultMessage: 'What does a good life mean to you?' },
  'values-08': { id: 'questions.faith-and-values.08', defaultMessage: 'Tell me about a time someone was unexpectedly kind to you.' },
  'values-09': { id: 'questions.faith-and-values.09', defaultMessage: 'What causes or people have you stood up for?' },
  'values-10': {
    id: 'questions.faith-and-values.10',
    defaultMessage: 'How do you think about death, and has that changed as you have grown older?',
  },
  'values-11': { id: 'questions.faith-and-values.11', defaultMessage: 'What prayer, poem or saying has stayed with you?' },
  'values-12': { id: 'questions.faith-and-values.12', defaultMessage: 'When do you feel most at peace?' },
  'values-13': { id: 'questions.faith-and-values.13', defaultMessage: 'What have you changed your mind about as you got older?' },
  'values-14': {
    id: 'questions.faith-and-values.14',
    defaultMessage: 'What do you think people today have forgotten that your generation knew?',
  },
  'values-15': { id: 'questions.faith-and-values.15', defaultMessage: 'How would you like to be remembered?' },
  'places-01': { id: 'questions.places.01', defaultMessage: 'What town or city do you think of as home, and why?' },
  'places-02': { id: 'questions.places.02', defaultMessage: 'Describe the street you grew up on. Who lived next door?' },
  'places-03': { id: 'questions.places.03', defaultMessage: 'What shops were near your childhood home, and what did you buy there?' },
  'places-04': { id: 'questions.places.04', defaultMessage: 'What is the most beautiful place you have ever been?' },
  'places-05': { id: 'questions.places.05', defaultMessage: 'Where did your family go on holiday when you were young?' },
  'places-06': { id: 'questions.places.06', defaultMessage: 'What was the first trip you took on your own?' },
  'places-07': { id: 'questions.places.07', defaultMessage: 'Tell me about every home you have lived in, in order, in one sentence each.' },
  'places-08': { id: 'questions.places.08', defaultMessage: 'Which house or flat was your favourite, and why?' },
  'places-09': { id: 'questions.places.09', defaultMessage: 'Is there a place you always wanted to visit but never did?' },
  'places-10': { id: 'questions.places.10', defaultMessage: 'What place did you go to be alone or to think?' },
  'places-11': { id: 'questions.places.11', defaultMessage: 'How has your home town changed since you were young?' },
  'places-12': {
    id: 'questions.places.12',
    defaultMessage: 'What was the local meeting place — a church, a square, a pub, a market? Who did you meet there?',
  },
  'places-13': { id: 'questions.places.13', defaultMessage: 'Tell me about a journey by train, boat or plane that you remember well.' },
  'places-14': { id: 'questions.places.14', defaultMessage: 'Where would you live if you could live anywhere for a year?' },
  'places-15': { id: 'questions.places.15', defaultMessage: 'What garden, field or park do you remember from your life? What grew there?' },
  'advice-01': { id: 'questions.advice-for-the-grandchildren.01', defaultMessage: 'What is the best advice anyone ever gave you?' },
  'advice-02': {
    id: 'questions.advice-for-the-grandchildren.02',
    defaultMessage: 'What do you know now that you wish you had known at twenty?',
  },
  'advice-03': { id: 'questions.advice-for-the-grandchildren.03', defaultMessage: 'What should your grandchildren never be afraid to do?' },
  'advice-04': { id: 'questions.advice-for-the-grandchildren.04', defaultMessage: 'How should someone choose the work they do?' },
  'advice-05': { id: 'questions.advice-for-the-grandchildren.05', defaultMessage: 'What is your advice about money?' },
  'advice-06': { id: 'questions.advice-for-the-grandchildren.06', defaultMessage: 'What is your advice about friendship?' },
  'advice-07': { id: 'questions.advice-for-the-grandchildren.07', defaultMessage: 'What is your advice for a happy home?' },
  'advice-08': {
    id: 'questions.advice-for-the-grandchildren.08',
    defaultMessage: 'What recipe should be passed down, and how do you make it?',
  },
  'advice-09': {
    id: 'questions.advice-for-the-grandchildren.09',
    defaultMessage: 'What skill would you like to teach your grandchildren?',
  },
  'advice-10': {
    id: 'questions.advice-for-the-grandchildren.10',
    defaultMessage: 'What mistakes should the next generation try not to repeat?',
  },
  'advice-11': { id: 'questions.advice-for-the-grandchildren.11', defaultMessage: 'What makes you laugh, and why does laughing matter?' },
  'advice-12': {
    id: 'questions.advice-for-the-grandchildren.12',
    defaultMessage: "What do you hope your grandchildren's lives will be like?",
  },
  'advice-13': {
    id: 'questions.advice-for-the-grandchildren.13',
    defaultMessage: 'What would you like to say to a grandchild who is going through a hard time?',
  },
  'advice-14': { id: 'questions.advice-for-the-grandchildren.14', defaultMessage: 'What family story should never be forgotten?' },
  'advice-15': {
    id: 'questions.advice-for-the-grandchildren.15',
    defaultMessage: 'If you could write one sentence for your great-grandchildren to read, what would it say?',
  },
});
